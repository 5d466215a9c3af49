import Foundation

/// `{"findings": [{"file", "line", "column", "endColumn", "rule", "severity", "message", "related"}], "summary": {…}}`.
public struct JSONReporter: FindingReporter {
    public static let formatName = "json"

    public init() {}

    struct Document: Encodable {
        var findings: [Item]
        var summary: Summary
    }

    struct Item: Encodable {
        var file: String
        var line: Int
        var column: Int
        var endColumn: Int
        var rule: String
        var severity: String
        var message: String
        var related: [Related]
    }

    struct Related: Encodable {
        var file: String
        var line: Int
        var column: Int
        var message: String
    }

    struct Summary: Encodable {
        var files: Int
        var parsedFiles: Int
        var sites: Int
        var errors: Int
        var warnings: Int
        var info: Int
    }

    public func report(_ result: LintResult) -> String {
        let counts = result.severityCounts
        let document = Document(
            findings: result.findings.map { finding in
                Item(file: finding.position.file, line: finding.position.line, column: finding.position.column,
                     endColumn: finding.position.column + finding.length, rule: finding.ruleID,
                     severity: finding.severity.rawValue, message: finding.message,
                     related: finding.related.map { Related(file: $0.position.file, line: $0.position.line, column: $0.position.column, message: $0.message) })
            },
            summary: Summary(files: result.statistics.filesFound, parsedFiles: result.statistics.filesParsed,
                             sites: result.statistics.sites, errors: counts[.error] ?? 0,
                             warnings: counts[.warning] ?? 0, info: counts[.info] ?? 0)
        )
        return JSONWriter.document(document)
    }
}
