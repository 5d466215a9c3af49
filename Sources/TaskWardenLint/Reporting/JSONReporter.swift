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
        var text = "{\n  \"findings\" : ["
        text.reserveCapacity(result.findings.count * 400 + 200)
        if result.findings.isEmpty {
            text += "\n\n  ]"
        } else {
            for (index, finding) in result.findings.enumerated() {
                text += index == 0 ? "\n    {\n" : ",\n    {\n"
                text += "      \"column\" : \(finding.position.column),\n"
                text += "      \"endColumn\" : \(finding.position.column + finding.length),\n"
                text += "      \"file\" : "; PrettyJSON.appendString(finding.position.file, to: &text)
                text += ",\n      \"line\" : \(finding.position.line),\n"
                text += "      \"message\" : "; PrettyJSON.appendString(finding.message, to: &text)
                text += ",\n      \"related\" : ["
                if finding.related.isEmpty {
                    text += "\n\n      ]"
                } else {
                    for (index, related) in finding.related.enumerated() {
                        text += index == 0 ? "\n        {\n" : ",\n        {\n"
                        text += "          \"column\" : \(related.position.column),\n"
                        text += "          \"file\" : "; PrettyJSON.appendString(related.position.file, to: &text)
                        text += ",\n          \"line\" : \(related.position.line),\n"
                        text += "          \"message\" : "; PrettyJSON.appendString(related.message, to: &text)
                        text += "\n        }"
                    }
                    text += "\n      ]"
                }
                text += ",\n      \"rule\" : "; PrettyJSON.appendString(finding.ruleID, to: &text)
                text += ",\n      \"severity\" : "; PrettyJSON.appendString(finding.severity.rawValue, to: &text)
                text += "\n    }"
            }
            text += "\n  ]"
        }
        let counts = result.severityCounts
        text += """
            ,
              "summary" : {
                "errors" : \(counts[.error] ?? 0),
                "files" : \(result.statistics.filesFound),
                "info" : \(counts[.info] ?? 0),
                "parsedFiles" : \(result.statistics.filesParsed),
                "sites" : \(result.statistics.sites),
                "warnings" : \(counts[.warning] ?? 0)
              }
            }

            """
        return text
    }

    /// The document as ``JSONWriter/document(_:)`` writes it: the format's definition, which the written
    /// report above must match byte for byte (a run of hundreds of findings spent more time in the generic
    /// encoder than in the rest of a warm run's output).
    func encodedReport(_ result: LintResult) -> String {
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
