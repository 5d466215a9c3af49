import Foundation
/// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,endColumn=…,title=…::message`, so
/// findings show as annotations on the pull request. Info findings are `::notice`.
public struct GitHubActionsReporter: FindingReporter {
    public static let formatName = "github"

    public init() {}

    public func report(_ result: LintResult) -> String {
        result.findings.map { finding in
            let command = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
            let properties = [
                "file=" + Self.escapeProperty(finding.position.file),
                "line=\(finding.position.line)",
                "col=\(finding.position.column)",
                "endColumn=\(finding.position.column + finding.length)",
                "title=" + Self.escapeProperty("taskwarden " + finding.ruleID),
            ].joined(separator: ",")
            return "::\(command) \(properties)::\(Self.escapeData(finding.message))\n"
        }.joined()
    }

    /// The escaping GitHub's runner expects in a command's message (a line break becomes `%0A` and shows as
    /// one in the annotation); every other control character is escaped as in every line-oriented format
    /// (``OutputLine``), so no text can end the command early or reach the log raw.
    static func escapeData(_ text: String) -> String {
        OutputLine.escaped(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// The escaping GitHub's runner expects in a command's properties.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

