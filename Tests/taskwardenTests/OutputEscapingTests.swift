import Foundation
import Testing
@testable import taskwarden

/// A multi-line string-literal name must not put raw line breaks into line-oriented output.
@Suite struct OutputEscapingTests {
    static let source = "func load() {\n    Task(name: \"\"\"\n        x\n        ::error file=x::injected\n        \"\"\") { }\n    Task { }\n}\n"

    /// Every output line must be one of ours: none may start with the injected text.
    func expectNoInjectedLine(_ text: String, _ format: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("::error file=x"), "\(format): \(line)")
        }
    }

    @Test(arguments: ["xcode", "github"])
    func lintFormats(_ format: String) throws {
        let workspace = try Workspace(["App.swift": Self.source, ".taskwarden.json": #"{"rules": {"task-name-format": "error"}}"#])
        let run = workspace.run("lint", "--format", format, ".")
        #expect(run.output.contains("injected"), "the finding names the task")
        expectNoInjectedLine(run.output, format)
        #expect(run.output.contains(format == "github" ? "%0A" : "\\n"))
    }

    @Test func listAndWhere() throws {
        let workspace = try Workspace(["App.swift": Self.source])
        let list = workspace.run("list", ".")
        #expect(list.output.contains("injected"))
        expectNoInjectedLine(list.output, "list")
        let whereRun = workspace.run("where", "load()", ".")
        expectNoInjectedLine(whereRun.output, "where")
    }

    @Test func fixLinesAndAFileNameWithANewline() throws {
        let workspace = try Workspace(["Sources/a\n::error file=x::evil.swift": "func f() {\n    Task { }\n}\n"])
        let lint = workspace.run("lint", ".")
        let fix = workspace.run("fix", ".")
        for (name, text) in [("fix", fix.output + fix.errors), ("lint", lint.output + lint.errors)] {
            #expect(text.contains("evil.swift"), "\(name) names the file")
            expectNoInjectedLine(text, name)
        }
    }
}
