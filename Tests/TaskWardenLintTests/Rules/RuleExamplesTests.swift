import Testing
@testable import TaskWardenLint

/// Every registered rule's own examples are its tests: a triggering example must report exactly at its
/// `↓` marks, a non-triggering example must report nothing.
@Suite struct RuleExamplesTests {
    static let rules = RuleRegistry.all.map { RuleID(id: $0.description.id) }

    struct RuleID: CustomTestStringConvertible, Sendable {
        var id: String
        var testDescription: String { id }
        var rule: any Rule { RuleRegistry.rule(id: id)! }
    }

    /// The offsets where `rule` reports in `example` (run through the engine, so severity settings and
    /// suppression apply as they do for users).
    static func reportedOffsets(_ rule: any Rule, _ example: RuleExample, code: String) -> [Int] {
        reported(rule, example, code: code).map(\.position.utf8Offset).sorted()
    }

    /// The findings `rule` reports in `example`'s own file.
    static func reported(_ rule: any Rule, _ example: RuleExample, code: String) -> [Finding] {
        var sources: [(path: String, text: String)] = [(example.fileName, code)]
        sources += example.supportingFiles.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // Opt-in rules' examples carry a configuration that enables them; the default one shows them off.
        let result = LintEngine(rules: [rule], parallel: false).run(sources: sources, configuration: example.configuration)
        return result.findings.filter { $0.ruleID == rule.description.id && $0.position.file == example.fileName }
    }

    @Test(arguments: rules)
    func triggeringExamplesGiveTheirAdvice(_ id: RuleID) {
        for example in id.rule.description.triggeringExamples {
            guard let message = example.message else { continue }
            let findings = Self.reported(id.rule, example, code: example.markedOffsets.code)
            #expect(!findings.isEmpty)
            for finding in findings {
                #expect(finding.message.contains(message), "\(id.id) said '\(finding.message)', expected it to hold '\(message)' in:\n\(example.code)")
            }
        }
    }

    @Test(arguments: rules)
    func triggeringExamplesReportAtTheirMarks(_ id: RuleID) {
        let description = id.rule.description
        #expect(!description.triggeringExamples.isEmpty, "\(description.id) has no triggering example")
        for example in description.triggeringExamples {
            let (code, expected) = example.markedOffsets
            #expect(!expected.isEmpty, "triggering example of \(description.id) has no ↓ mark:\n\(example.code)")
            let reported = Self.reportedOffsets(id.rule, example, code: code)
            #expect(reported == expected.sorted(), "\(description.id) reported at \(reported), expected \(expected) in:\n\(example.code)")
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesReportNothing(_ id: RuleID) {
        let description = id.rule.description
        #expect(!description.nonTriggeringExamples.isEmpty, "\(description.id) has no non-triggering example")
        for example in description.nonTriggeringExamples {
            let (code, marks) = example.markedOffsets
            #expect(marks.isEmpty)
            let reported = Self.reportedOffsets(id.rule, example, code: code)
            #expect(reported.isEmpty, "\(description.id) reported at \(reported) in:\n\(example.code)")
        }
    }

    @Test(arguments: rules)
    func descriptionsAreComplete(_ id: RuleID) {
        let description = id.rule.description
        #expect(TaskNamingKebab.isKebab(description.id))
        #expect(!description.summary.isEmpty && !description.summary.contains("\n"))
        #expect(description.rationale.contains("Cannot see"), "\(description.id)'s rationale must say what it cannot see")
    }

    @Test func ruleIDsAreUnique() {
        let ids = RuleRegistry.ids
        #expect(Set(ids).count == ids.count)
    }
}

import TaskNaming

enum TaskNamingKebab {
    static func isKebab(_ text: String) -> Bool { TaskNameConvention.isKebabCase(text) }
}
