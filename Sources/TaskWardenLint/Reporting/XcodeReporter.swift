/// `file:line:col: warning: message [rule-id]`, one line per finding: what Xcode and most editors parse.
/// Info findings print as `note:`. Control characters (a task name spanning lines) are escaped: one finding,
/// one line.
public struct XcodeReporter: FindingReporter {
    public static let formatName = "xcode"

    public init() {}

    public func report(_ result: LintResult) -> String {
        result.findings.map { finding in
            let level = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
            return OutputLine.escaped("\(finding.position): \(level): \(finding.message) [\(finding.ruleID)]") + "\n"
        }.joined()
    }
}
