import Testing
@testable import TaskWardenLint

@Suite struct SuppressionDirectivesTests {
    @Test func suppressesTheNextThisAndPreviousLine() {
        let source = """
            // taskwarden:disable:next unnamed-task
            Task { }
            Task { } // taskwarden:disable:this unnamed-task task-label-collision
            Task { }
            // taskwarden:disable:previous all
            Task { }
            """
        let directives = SuppressionDirectives(source: source)
        #expect(directives.suppresses(rule: "unnamed-task", line: 2))
        #expect(!directives.suppresses(rule: "task-name-format", line: 2))
        #expect(directives.suppresses(rule: "task-label-collision", line: 3))
        #expect(directives.suppresses(rule: "task-name-format", line: 4))
        #expect(!directives.suppresses(rule: "unnamed-task", line: 6))
    }

    @Test func suppressesRegionsUntilEnabledOrTheEndOfTheFile() {
        let source = """
            Task { }
            // taskwarden:disable unnamed-task, task-name-format
            Task { }
            // taskwarden:enable unnamed-task
            Task { }
            /* taskwarden:disable all */
            Task { }
            """
        let directives = SuppressionDirectives(source: source)
        #expect(!directives.suppresses(rule: "unnamed-task", line: 1))
        #expect(directives.suppresses(rule: "unnamed-task", line: 3))
        #expect(!directives.suppresses(rule: "unnamed-task", line: 5))
        #expect(directives.suppresses(rule: "task-name-format", line: 5))
        #expect(directives.suppresses(rule: "anything", line: 7))
    }

    /// Lines end as the compiler (and ``SourceLineTable``) ends them: "\r\n" and a lone "\r" too.
    @Test(arguments: ["\r\n", "\r"])
    func directivesCountLinesWhateverTheLineEndings(_ newline: String) {
        let source = ["func f() {", "    // taskwarden:disable:next unnamed-task", "    Task { }",
                      "    Task { } // taskwarden:disable:this task-name-format", "}"].joined(separator: newline)
        let directives = SuppressionDirectives(source: source)
        #expect(!directives.suppresses(rule: "unnamed-task", line: 2))
        #expect(directives.suppresses(rule: "unnamed-task", line: 3))
        #expect(directives.suppresses(rule: "task-name-format", line: 4))
        #expect(!directives.suppresses(rule: "unnamed-task", line: 4))
        let result = LintEngine(rules: [UnnamedTaskRule()]).run(sources: [("a.swift", source)])
        #expect(result.findings.map(\.position.line) == [4])
    }

    @Test func theEngineDropsSuppressedFindings() {
        let source = """
            func f() {
                // taskwarden:disable:next unnamed-task
                Task { }
                Task { }
            }
            """
        let result = LintEngine(rules: [UnnamedTaskRule()]).run(sources: [("a.swift", source)])
        #expect(result.findings.map(\.position.line) == [4])
    }
}
