import Foundation
import Testing
import TaskNaming
@testable import TaskWardenLint

/// When a file changes under a running `fix` (another `fix`, an editor), the summary must give the same
/// reason as the file's error line.
@Suite struct FixMessageAgreementTests {
    static let source = "final class Shelf {\n    func load() {\n        Task { await sync() }\n    }\n}\n"

    @Test func aFileChangedBeforeItIsReadAgainSaysSoInTheSummary() {
        let file = FileAnalysis(path: "Shelf.swift", source: Self.source)
        let tree = TreeAnalysis(files: [file])
        let findings = UnnamedTaskRule().findings(in: file, tree: tree)
        let changed = Array((Self.source + "// edited\n").utf8)
        let plan = TaskNameFixer(readBytes: { _ in changed }).plan(tree, unnamedTaskFindings: findings)
        #expect(plan.problems.map(\.message) == ["file changed while taskwarden was running; not changed (run fix again)"])
        #expect(plan.summary.contains("changed while taskwarden was running"), "\(plan.summary)")
        #expect(!plan.summary.contains("could not be read"))
    }

    struct ChangedWriter: SourceWriting {
        func replace(_ path: String, expecting old: [UInt8], with new: [UInt8]) throws(SourceWriteError) {
            throw .changedDuringRun(path: path)
        }
    }

    @Test func aFileChangedBeforeItIsWrittenSaysSoInTheSummary() {
        var plan = planFix([("Shelf.swift", Self.source)])
        FixWriter(writer: ChangedWriter()).write(&plan)
        #expect(plan.problems.map(\.message) == ["file changed while taskwarden was running; not changed (run fix again)"])
        #expect(plan.summary.contains("changed while taskwarden was running"), "\(plan.summary)")
        #expect(!plan.summary.contains("could not be written"))
    }
}
