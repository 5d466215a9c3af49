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

    /// A usage error echoes the argument it could not use, escaped as a path is: ESC and newline become
    /// visible text, so the argument can neither drive the terminal nor add a line.
    @Test(arguments: [
        (["explain", "\u{1B}[31mRED\nsecond line"], "unknown rule '\\u{1B}[31mRED\\nsecond line'"),
        (["lint", "--\u{1B}[2J"], "unknown option '--\\u{1B}[2J'"),
        (["lint", "--format", "\u{1B}[2J"], "not '\\u{1B}[2J'"),
        (["\u{1B}[2J"], "unknown subcommand '\\u{1B}[2J'"),
        (["tasks", "--pid", "1\n2"], "not '1\\n2'"),
        (["trace", "render", "t\u{1B}.json", "--\u{1B}"], "unknown option '--\\u{1B}'"),
    ])
    func usageErrorsEscapeTheArgumentTheyEcho(_ arguments: [String], _ echoed: String) throws {
        let workspace = try Workspace([:])
        let run = CommandRun(arguments, in: workspace.path)
        #expect(run.status == .usageOrInputError)
        #expect(!run.errors.contains("\u{1B}"), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").first?.contains(echoed) == true, "\(run.errors)")
        #expect(!run.errors.contains("\nsecond line"), "\(run.errors)")
    }

    @Test func aTraceThatCannotBeReadIsNamedEscaped() throws {
        let workspace = try Workspace([:])
        let run = workspace.run("trace", "render", "a\u{1B}[31m\n.json")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("a\\u{1B}[31m\\n.json"), "\(run.errors)")
        #expect(!run.errors.contains("\u{1B}"), "\(run.errors)")
    }
}
