import Foundation
import Testing
@testable import TaskWardenLint

/// A file nested too deeply for the parser (it crashed SwiftParser's lookahead, or took exponential time) is
/// reported and skipped; the rest of a real-size run is untouched.
@Suite struct DeepNestingTests {
    static let hostileFiles: [String: String] = [
        "Hostile/DeepTypes.swift": "func f() { Task { let x: " + String(repeating: "Array<", count: 500) + "Int"
            + String(repeating: ">", count: 500) + " = []; print(x) } }\n",
        "Hostile/DeepLiteral.swift": "func g() { Task { let y = " + String(repeating: "[", count: 1_500) + "1"
            + String(repeating: "]", count: 1_500) + "; print(y) } }\n",
        // 24 deep took more than 120 s to parse.
        "Hostile/SlowLiteral.swift": "func h() { Task { let z = " + String(repeating: "[", count: 24) + "1"
            + String(repeating: "]", count: 24) + "; print(z) } }\n",
    ]

    /// Every file of the example app and every rule example, as files of one tree (one folder per example).
    static func realSizeTree() throws -> TemporaryDirectory {
        let root = try TemporaryDirectory()
        for (path, text) in try SubFileEquivalenceTests.exampleAppSources() { try root.write("App/" + path, text) }
        for (index, example) in SubFileEquivalenceTests.ruleExamples().enumerated() {
            for (path, text) in example.sources where path.hasSuffix(".swift") { try root.write("Examples/\(index)/\(path)", text) }
        }
        return root
    }

    @Test(arguments: [false, true]) func reportsAndSkipsTheHostileFileAndKeepsEveryOtherResult(wholeFile: Bool) throws {
        let root = try Self.realSizeTree()
        let engine = LintEngine(wholeFile: wholeFile)
        let clean = engine.run(LintRequest(paths: ["."], workingDirectory: root.path))
        #expect(clean.statistics.filesParsed > 100)
        for (path, text) in Self.hostileFiles { try root.write(path, text) }
        let attacked = engine.run(LintRequest(paths: ["."], workingDirectory: root.path))

        let reported = attacked.problems.filter { $0.kind == .tooDeeplyNested }
        #expect(Set(reported.map(\.path)) == Set(Self.hostileFiles.keys))
        #expect(reported.allSatisfy { $0.description.contains("too deeply nested to analyse") && $0.isError })
        #expect(JSONReporter().report(attacked).contains("\"findings\""))
        #expect(attacked.findings == clean.findings)
        #expect(attacked.tree.sites.map(\.position) == clean.tree.sites.map(\.position))
    }

    @Test func realCodeNestingStaysWithinTheBudget() {
        // A SwiftUI-like body: brackets inside closures inside calls, about as deep as real code goes.
        let source = """
            struct V { var body: some View { VStack(alignment: .leading) { ForEach(items.filter { [$0.a, [$0.b]].count > f(g(h(1))) }) { item in
                Text(verbatim: "\\(item[keyPath: \\.name])").task { await load([[item.id]]) } } } } }
            """
        let plan = ParsePlan.make(for: Array(source.utf8), options: ParsePlan.Options())
        if case .tooDeeplyNested = plan { Issue.record("real code was rejected: \(plan)") }
    }
}
