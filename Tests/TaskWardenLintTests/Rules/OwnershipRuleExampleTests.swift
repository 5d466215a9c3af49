import Testing
@testable import TaskWardenLint

/// The ownership and background-task rules (issue 4), each checked against its own examples: a triggering
/// example must report exactly at its `↓` markers (in the example file), a non-triggering one nothing.
@Suite struct OwnershipRuleExampleTests {
    static let rules: [any Rule] = [
        UnhandledThrowingTaskRule(), TaskSelfCycleRule(), WeakSelfUnwrappedOnceRule(), UnownedTaskLoopRule(),
        TaskInOnAppearRule(), BackgroundRefreshNotRescheduledRule(), BackgroundTaskManualCompletionRule(),
        BackgroundTaskNoExpirationRule(), BackgroundTaskIdentifierRule(), TaskIsolationByCaptureRule(),
        CancellationDiscardsResultsRule(),
    ]

    static func lint(_ example: RuleExample, with rule: any Rule) -> [Finding] {
        let (code, _) = example.markedOffsets
        var sources: [(path: String, text: String)] = [(example.fileName, code)]
        for (path, text) in example.supportingFiles.sorted(by: { $0.key < $1.key }) { sources.append((path, text)) }
        return LintEngine(rules: [rule], parallel: false).run(sources: sources, configuration: example.configuration).findings
    }

    @Test(arguments: rules.map(\.description.id))
    func triggeringExamplesReportAtTheirMarkers(_ id: String) {
        let rule = Self.rules.first { $0.description.id == id }!
        #expect(!rule.description.triggeringExamples.isEmpty)
        for example in rule.description.triggeringExamples {
            let findings = Self.lint(example, with: rule).filter { $0.position.file == example.fileName }
            let expected = example.markedOffsets.offsets
            #expect(!expected.isEmpty, "a triggering example must mark where it triggers")
            #expect(findings.map(\.position.utf8Offset).sorted() == expected.sorted(), "\(id): \(findings.map(\.message))\n\(example.code)")
            #expect(findings.allSatisfy { $0.ruleID == id && !$0.message.isEmpty })
        }
    }

    @Test(arguments: rules.map(\.description.id))
    func nonTriggeringExamplesReportNothing(_ id: String) {
        let rule = Self.rules.first { $0.description.id == id }!
        #expect(!rule.description.nonTriggeringExamples.isEmpty)
        for example in rule.description.nonTriggeringExamples {
            let findings = Self.lint(example, with: rule)
            #expect(findings.isEmpty, "\(id): \(findings.map { "\($0.position): \($0.message)" })\n\(example.code)")
        }
    }

    @Test func everyRationaleSaysWhatItCannotSee() {
        for rule in Self.rules {
            #expect(rule.description.rationale.contains("Cannot see"), "\(rule.description.id)")
        }
    }

    @Test func everyRuleIsRegisteredWithItsDefaults() {
        for rule in Self.rules {
            #expect(RuleRegistry.rule(id: rule.description.id) != nil, "\(rule.description.id) is not in RuleRegistry.all")
        }
        let defaults = Dictionary(uniqueKeysWithValues: Self.rules.map { ($0.description.id, $0.description) })
        #expect(defaults["background-task-manual-completion"]?.defaultSeverity == .error)
        #expect(defaults["task-isolation-by-capture"]?.defaultSeverity == .info)
        #expect(defaults["task-isolation-by-capture"]?.isEnabledByDefault == false)
        #expect(defaults["cancellation-discards-results"]?.isEnabledByDefault == false)
        #expect(defaults.values.filter(\.isEnabledByDefault).count == 9)
    }
}
