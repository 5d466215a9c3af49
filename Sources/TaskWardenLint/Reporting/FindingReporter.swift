/// Turns a run's findings into one output format. One file per format.
public protocol FindingReporter: Sendable {
    /// The `--format` value.
    static var formatName: String { get }
    /// The whole output for the run.
    func report(_ result: LintResult) -> String
}

/// The formats `taskwarden lint --format` accepts.
public enum FindingReporters {
    public static let all: [any FindingReporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubActionsReporter.self,
    ]

    public static var formatNames: [String] { all.map { $0.formatName } }

    public static func reporter(named name: String, rules: [any Rule] = RuleRegistry.all) -> (any FindingReporter)? {
        switch name {
        case XcodeReporter.formatName: XcodeReporter()
        case JSONReporter.formatName: JSONReporter()
        case SARIFReporter.formatName: SARIFReporter(rules: rules)
        case GitHubActionsReporter.formatName: GitHubActionsReporter()
        default: nil
        }
    }
}

extension LintResult {
    /// The text of a linted file (nil when the file was not analysed).
    public func sourceText(of file: String) -> String? {
        tree.file(file)?.source ?? tree.cachedFile(file)?.source
    }

    /// The text of a line of a linted file, for fingerprints (nil when the file was not parsed). Splits the
    /// file each call: a reporter asking for many lines uses ``LineTextIndex``, which splits each file once.
    public func lineText(file: String, line: Int) -> String? {
        var index = LineTextIndex(self)
        return index.text(file: file, line: line)
    }

    /// Counts of findings per severity.
    public var severityCounts: [Severity: Int] {
        findings.reduce(into: [:]) { $0[$1.severity, default: 0] += 1 }
    }

    /// `3 findings (1 error, 2 warnings, 0 info) in 12 files; 40 creation sites in 9 parsed files`.
    public var summaryLine: String {
        let counts = severityCounts
        return "\(counted(findings.count, "finding")) (\(counted(counts[.error] ?? 0, "error")), "
            + "\(counted(counts[.warning] ?? 0, "warning")), \(counts[.info] ?? 0) info) in \(counted(statistics.filesFound, "file")); "
            + "\(counted(statistics.sites, "creation site")) in \(counted(statistics.filesParsed, "parsed file"))"
    }
}
