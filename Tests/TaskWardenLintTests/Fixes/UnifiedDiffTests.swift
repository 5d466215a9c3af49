import Foundation
import Testing
import TaskWardenLint

@Suite struct UnifiedDiffTests {
    @Test func showsChangedLinesWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = UnifiedDiff.render(old: old, new: new, path: "Sources/Library.swift")
        #expect(diff == """
            --- a/Sources/Library.swift
            +++ b/Sources/Library.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test func aPathWithControlCharactersIsQuotedAsGitQuotesIt() {
        let diff = UnifiedDiff.render(old: "a\n", new: "b\n", path: "tab\tnew\nline \"q\" \\ é.swift")
        #expect(diff.hasPrefix(#"""
            --- "a/tab\tnew\nline \"q\" \\ é.swift"
            +++ "b/tab\tnew\nline \"q\" \\ é.swift"

            """#))
        #expect(UnifiedDiff.render(old: "a\n", new: "b\n", path: "bell\u{07}\u{01}.swift").hasPrefix(#"--- "a/bell\a\001.swift""#))
        #expect(UnifiedDiff.render(old: "a\n", new: "b\n", path: "plain é.swift").hasPrefix("--- a/plain é.swift\n"))
    }

    @Test func farApartChangesGetTheirOwnHunks() {
        let old = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 28\n", with: "line twenty-eight\n")
        let diff = UnifiedDiff.render(old: old, new: new, path: "a.swift")
        #expect(diff.components(separatedBy: "\n@@").count == 3)
        #expect(diff.contains("@@ -1,5 +1,5 @@"))
        #expect(diff.contains("@@ -25,6 +25,6 @@"))
    }

    @Test func equalTextsHaveNoDiffAndCRLFLinesKeepTheirCarriageReturn() {
        #expect(UnifiedDiff.render(old: "a\n", new: "a\n", path: "x") == "")
        let diff = UnifiedDiff.render(old: "a\r\nb\r\n", new: "a\r\nc\r\n", path: "x")
        #expect(diff.hasSuffix(" a\r\n-b\r\n+c\r\n"))
    }

    @Test func diffAppliesWithPatch() throws {
        let old = "import Foundation\n\nfunc f() {\n    Task { }\n}\n"
        let new = "import Foundation\n\nfunc f() {\n    Task(name: \"f\") { }\n}\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: directory.appendingPathComponent("f.swift"))
        try Data(UnifiedDiff.render(old: old, new: new, path: "f.swift").utf8).write(to: directory.appendingPathComponent("f.patch"))
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        patch.arguments = ["patch", "-s", "-p1", "-i", "f.patch"]
        patch.currentDirectoryURL = directory
        guard (try? patch.run()) != nil else { return }  // no patch(1) here: nothing to compare with
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        #expect(String(decoding: try Data(contentsOf: directory.appendingPathComponent("f.swift")), as: UTF8.self) == new)
    }
}
