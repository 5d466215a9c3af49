import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct BaselineTests {
    static let original = """
        func launch() {
            Task { await sync() }
            Task { await sync() }
        }
        """

    static func lint(_ source: String, path: String = "App/Launch.swift") -> LintResult {
        LintEngine(parallel: false).run(sources: [(path, source)])
    }

    @Test func aBaselineOfTheFindingsAcceptsThemAll() {
        let result = Self.lint(Self.original)
        #expect(!result.findings.isEmpty)
        #expect(Baseline(accepting: result).newFindings(in: result).isEmpty)
    }

    @Test func findingsStillMatchAfterLinesAboveThemMove() {
        let baseline = Baseline(accepting: Self.lint(Self.original))
        // Lines added above move every finding (and the positions quoted in task-label-collision's messages).
        let moved = Self.lint("// a comment\n\n\n" + Self.original)
        #expect(moved.findings.map(\.position.line) != Self.lint(Self.original).findings.map(\.position.line))
        #expect(baseline.newFindings(in: moved).isEmpty)
    }

    @Test func identicalFindingsAreCountedNotMerged() {
        let baseline = Baseline(accepting: Self.lint(Self.original))
        let third = Self.lint(Self.original.replacingOccurrences(of: "}\n}", with: "}\n    Task { await sync() }\n}"))
        let new = baseline.newFindings(in: third)
        // Two entries absorb two of the three identical unnamed-task findings; the new site also collides.
        #expect(new.filter { $0.ruleID == "unnamed-task" }.count == 1)
        #expect(Baseline(accepting: third).entries.filter { $0.rule == "unnamed-task" }.count == 3)
    }

    @Test func aChangedLineOrAnotherFileIsNew() {
        let baseline = Baseline(accepting: Self.lint(Self.original))
        let edited = Self.lint(Self.original.replacingOccurrences(of: "Task { await sync() }\n}", with: "Task { await upload() }\n}"))
        #expect(baseline.newFindings(in: edited).contains { $0.ruleID == "unnamed-task" && $0.position.line == 3 })
        #expect(baseline.newFindings(in: Self.lint(Self.original, path: "App/Other.swift")).count == Self.lint(Self.original).findings.count)
    }

    @Test func theFileIsSortedVersionedAndStable() throws {
        let result = Self.lint(Self.original)
        let text = Baseline(accepting: result).fileContents
        #expect(text == Baseline(accepting: Self.lint(Self.original)).fileContents)
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == Baseline.version)
        let entries = try #require(object["findings"] as? [[String: String]])
        #expect(entries.count == result.findings.count)
        #expect(entries.first?["line"] == "Task { await sync() }")
        // Positions quoted in messages are kept without line and column.
        #expect(entries.filter { $0["rule"] == "task-label-collision" }.allSatisfy { $0["message"]!.contains("the same as App/Launch.swift;") })
        let keys = entries.map { [$0["file"]!, $0["rule"]!, $0["line"]!, $0["message"]!] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func badFilesAreRefusedWithTheirName() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/baseline.json"
        func reason() -> String? {
            do { _ = try Baseline.load(path); return nil } catch { return error.description }
        }
        #expect(reason()?.hasPrefix("baseline '\(path)': no such file") == true)
        try "{\"findings\": [".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(reason()?.contains("is not valid JSON: the file ends inside findings[0] at byte 15 (line 1)") == true)
        try "[1, 2]".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(reason()?.contains("is not a JSON object (it starts with '[' at byte 1 (line 1))") == true)
        try "{\"version\": 7, \"findings\": []}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(reason()?.contains("has version 7") == true)
        try "{\"version\": 1, \"findings\": [{\"file\": \"a.swift\"}]}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(reason()?.contains("findings[0].rule: missing") == true)
        try Baseline(accepting: Self.lint(Self.original)).write(to: path)
        #expect(reason() == nil)
    }
}
