import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct ReporterTests {
    static let source = """
        func launch() {
            Task { await sync() }
            Task(name: "Cloud Sync") { await sync() }
            Task(name: "price:\\(user.email)") { }
        }
        """

    static func result() -> LintResult {
        var configuration = LintConfiguration()
        configuration.rules["task-name-format"] = .on(.error)
        return LintEngine().run(sources: [("Sources/App/Launch.swift", source)], configuration: configuration)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func xcodeFormatIsFileLineColumnSeverityMessageRule() {
        let lines = XcodeReporter().report(Self.result()).split(separator: "\n")
        #expect(lines.contains("Sources/App/Launch.swift:2:5: warning: Task.init has no name; a profiler would label it 'launch()'. Pass name: (taskwarden fix can insert one) [unnamed-task]"))
        #expect(lines.contains { $0.hasPrefix("Sources/App/Launch.swift:3:16: error: task name 'Cloud Sync'") && $0.hasSuffix("[task-name-format]") })
        #expect(lines.contains { $0.contains(": note: ") && $0.hasSuffix("[task-label-collision]") } == false)
    }

    @Test func jsonHasAFindingsArrayWithTheDocumentedFields() throws {
        let object = try Self.json(JSONReporter().report(Self.result()))
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        for finding in findings {
            for key in ["file", "line", "column", "rule", "severity", "message"] {
                #expect(finding[key] != nil, "missing \(key)")
            }
            #expect(finding["file"] as? String == "Sources/App/Launch.swift")
            #expect(["info", "warning", "error"].contains(finding["severity"] as? String ?? ""))
        }
        #expect(findings.map { $0["rule"] as? String } == ["unnamed-task", "task-name-format", "task-name-sensitive"])
        #expect(findings.map { $0["line"] as? Int } == [2, 3, 4])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["sites"] as? Int == 3)
        #expect(summary["errors"] as? Int == 1)
    }

    /// The JSON report is laid out by hand for speed; the encoder's document is its definition, so every
    /// byte must agree: escaping of quotes, backslashes, slashes, control characters and non-ASCII text, empty
    /// and non-empty `related` lists, and an empty findings list.
    @Test func jsonReportIsByteForByteTheEncodersDocument() {
        let awkward = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined() + " é 名前 \u{2028}\u{2029} 👩‍💻 \u{FEFF}"
        let related = RelatedLocation(position: SourcePosition(file: "Sources/a \"b\"/c\\d.swift", line: 3, column: 9, utf8Offset: 40),
                                      message: awkward)
        let findings = [
            Finding(ruleID: "unnamed-task", severity: .warning, message: awkward,
                    position: SourcePosition(file: "Sources/App/Launch.swift", line: 2, column: 5, utf8Offset: 14), length: 4),
            Finding(ruleID: "task-label-collision", severity: .info, message: "also labelled 'f()'",
                    position: SourcePosition(file: awkward, line: 7, column: 1, utf8Offset: 0), related: [related, related]),
            Finding(ruleID: "task-name-format", severity: .error, message: "",
                    position: SourcePosition(file: "", line: 1, column: 1, utf8Offset: 0)),
        ]
        var statistics = LintStatistics()
        statistics.filesFound = 12
        statistics.filesParsed = 3
        statistics.sites = 4
        for findings in [findings, []] {
            let result = LintResult(tree: TreeAnalysis(files: []), findings: findings, problems: [], statistics: statistics)
            #expect(JSONReporter().report(result) == JSONReporter().encodedReport(result))
        }
        #expect(JSONReporter().report(Self.result()) == JSONReporter().encodedReport(Self.result()))
    }

    @Test func sarifCarriesWhatGitHubCodeScanningRequires() throws {
        let log = try Self.json(SARIFReporter().report(Self.result()))
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIFReporter.schema)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "TaskWarden")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleRegistry.ids)
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let full = try #require((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            #expect(!full.isEmpty && full.count <= 1000)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(RuleRegistry.ids.contains(ruleID))
            #expect(rules[try #require(result["ruleIndex"] as? Int)]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == "Sources/App/Launch.swift")
            let region = try #require(location["region"] as? [String: Any])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                #expect((region[key] as? Int ?? 0) >= 1, "missing \(key)")
            }
            #expect((region["endColumn"] as? Int ?? 0) > (region["startColumn"] as? Int ?? 0))
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            #expect(fingerprints["primaryLocationLineHash"]?.isEmpty == false)
        }
    }

    @Test func sarifFingerprintsSurviveLinesMoving() throws {
        func fingerprints(_ prefix: String) throws -> [String] {
            let result = LintEngine().run(sources: [("A.swift", prefix + Self.source)])
            let log = try Self.json(SARIFReporter().report(result))
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            return (run["results"] as? [[String: Any]] ?? []).compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        }
        let before = try fingerprints("")
        #expect(before.count == 3)
        #expect(try fingerprints("\n\n// moved down\n") == before)
        #expect(Set(before).count == before.count)
    }

    @Test func sarifFingerprintsDoNotDependOnLineEndings() throws {
        func fingerprints(_ source: String) throws -> [String] {
            let log = try Self.json(SARIFReporter().report(LintEngine().run(sources: [("A.swift", source)])))
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            return (run["results"] as? [[String: Any]] ?? []).compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        }
        let lf = try fingerprints(Self.source)
        #expect(lf.count == 3)
        #expect(try fingerprints(Self.source.replacingOccurrences(of: "\n", with: "\r\n")) == lf)
    }

    /// SARIF declares `columnKind: utf16CodeUnits`, so a line with non-ASCII text before the site must be
    /// counted in UTF-16 code units, not in UTF-8 bytes.
    @Test func sarifColumnsAreUTF16CodeUnits() throws {
        let source = "func f() {\n    let 名前 = Task { await sync() }\n}\n"
        let log = try Self.json(SARIFReporter().report(LintEngine().run(sources: [("A.swift", source)])))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require((run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "unnamed-task" })
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try #require(location["region"] as? [String: Any])
        // "    let 名前 = " is 13 UTF-16 code units (17 UTF-8 bytes), so `Task` spans columns 14..<18.
        #expect(region["startColumn"] as? Int == 14)
        #expect(region["endColumn"] as? Int == 18)
    }

    @Test func githubAnnotationsEscapeTheirProperties() {
        let finding = Finding(ruleID: "unnamed-task", severity: .info, message: "100% unnamed\nsecond line",
                              position: SourcePosition(file: "A,b:c.swift", line: 3, column: 7, utf8Offset: 0), length: 4)
        let result = LintResult(tree: TreeAnalysis(files: []), findings: [finding], problems: [], statistics: LintStatistics())
        #expect(GitHubActionsReporter().report(result)
                == "::notice file=A%2Cb%3Ac.swift,line=3,col=7,endColumn=11,title=taskwarden unnamed-task::100%25 unnamed%0Asecond line\n")
    }

    @Test func listJSONHasASitesArrayWithTheDocumentedFields() throws {
        let object = try Self.json(SiteListing.json(Self.result()))
        let sites = try #require(object["sites"] as? [[String: Any]])
        #expect(sites.count == 3)
        for site in sites {
            for key in ["file", "line", "column", "kind", "enclosing", "guessedLabel"] {
                #expect(site[key] != nil, "missing \(key)")
            }
            #expect(site.keys.contains("name"))
            #expect(CreationSiteKind(rawValue: site["kind"] as? String ?? "") != nil)
        }
        #expect(sites[0]["name"] is NSNull)
        #expect(sites[1]["name"] as? String == "\"Cloud Sync\"")
        #expect(sites[0]["guessedLabel"] as? String == "launch()")
        #expect(sites[0]["enclosing"] as? String == "launch()")
    }
}
