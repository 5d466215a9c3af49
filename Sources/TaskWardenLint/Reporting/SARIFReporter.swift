import Foundation

/// SARIF 2.1.0 as GitHub code scanning reads it: `tool.driver.rules` with descriptions and help, results with
/// relative URIs, start and end line and column, and `partialFingerprints` (so re-uploads do not duplicate
/// alerts). The fingerprint hashes the rule, the file, the trimmed text of the line and the message, so it
/// survives lines moving up or down.
public struct SARIFReporter: FindingReporter {
    public static let formatName = "sarif"
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    public var rules: [any Rule]

    public init(rules: [any Rule] = RuleRegistry.all) {
        self.rules = rules
    }

    struct Log: Encodable {
        var schema = SARIFReporter.schema
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "utf16CodeUnits"
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "TaskWarden"
        var informationUri = "https://github.com/taskwarden/taskwarden"
        var version: String
        var rules: [RuleEntry]
    }

    struct Text: Encodable { var text: String }

    struct RuleEntry: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
        var enabled: Bool
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Text?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "%SRCROOT%"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    public func report(_ result: LintResult) -> String {
        var lines = LineTextIndex(result)
        return report(result, lines: &lines)
    }

    /// The report, reading line texts through `lines` (each file split once; tests count the work).
    func report(_ result: LintResult, lines: inout LineTextIndex) -> String {
        let indexByID = Dictionary(rules.enumerated().map { ($1.description.id, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = rules.map { rule in
            let description = rule.description
            return RuleEntry(
                id: description.id,
                name: description.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                shortDescription: Text(text: description.summary),
                fullDescription: Text(text: String(description.rationale.prefix(1000))),
                help: Text(text: description.rationale + "\n\nRun `taskwarden explain \(description.id)` for examples."),
                defaultConfiguration: Configuration(level: Self.level(description.defaultSeverity), enabled: description.isEnabledByDefault)
            )
        }
        var occurrences: [String: Int] = [:]
        var results: [Result] = []
        results.reserveCapacity(result.findings.count)
        for finding in result.findings {
            let lineText = lines.text(file: finding.position.file, line: finding.position.line)
            let line = lineText?.trimmingCharacters(in: .whitespaces) ?? ""
            let key = [finding.ruleID, finding.position.file, line, finding.message].joined(separator: "\u{1F}")
            let occurrence = occurrences[key, default: 0] + 1
            occurrences[key] = occurrence
            let related = finding.related.enumerated().map { index, related in
                let text = lines.text(file: related.position.file, line: related.position.line)
                return Location(id: index + 1, physicalLocation: Self.physical(related.position, length: 1, lineText: text), message: Text(text: related.message))
            }
            results.append(Result(
                ruleId: finding.ruleID,
                ruleIndex: indexByID[finding.ruleID] ?? 0,
                level: Self.level(finding.severity),
                message: Text(text: finding.message),
                locations: [Location(id: nil, physicalLocation: Self.physical(finding.position, length: finding.length, lineText: lineText), message: nil)],
                relatedLocations: related.isEmpty ? nil : related,
                partialFingerprints: ["primaryLocationLineHash": Self.fingerprint(key) + ":\(occurrence)"]
            ))
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(version: "0.1.0", rules: entries)), results: results)])
        return JSONWriter.document(log)
    }

    /// Positions count UTF-8 bytes; the run declares `columnKind: utf16CodeUnits`, so columns are converted
    /// with the line's text (kept as bytes when the text is unknown).
    static func physical(_ position: SourcePosition, length: Int, lineText: String? = nil) -> PhysicalLocation {
        let uri = position.file.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }.joined(separator: "/")
        let start = utf16Column(ofUTF8Column: position.column, in: lineText)
        let end = max(start + 1, utf16Column(ofUTF8Column: position.column + length, in: lineText))
        return PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: uri),
            region: Region(startLine: position.line, startColumn: start, endLine: position.line, endColumn: end)
        )
    }

    /// The 1-based UTF-16 column of a 1-based UTF-8 column of `line` (bytes past the line's end count one each).
    static func utf16Column(ofUTF8Column column: Int, in line: String?) -> Int {
        guard let line else { return column }
        let bytes = Array(line.utf8)
        let prefixLength = min(max(0, column - 1), bytes.count)
        let prefix = String(decoding: bytes[..<prefixLength], as: UTF8.self)
        return prefix.utf16.count + (column - 1 - prefixLength) + 1
    }

    /// FNV-1a 64-bit, hex: stable across runs and platforms (Swift's `Hasher` is seeded per process).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
