import Testing
@testable import TaskWardenLint

/// The ownership and background-task rules are registered, with the defaults the Ownership rules guide states.
/// (Their examples run as tests in ``RuleExamplesTests`` with every other registered rule.)
@Suite struct OwnershipRuleRegistrationTests {
    static let rules: [any Rule] = [
        UnhandledThrowingTaskRule(), TaskSelfCycleRule(), WeakSelfUnwrappedOnceRule(), UnownedTaskLoopRule(),
        TaskInOnAppearRule(), BackgroundRefreshNotRescheduledRule(), BackgroundTaskManualCompletionRule(),
        BackgroundTaskNoExpirationRule(), BackgroundTaskIdentifierRule(), TaskIsolationByCaptureRule(),
        CancellationDiscardsResultsRule(),
    ]

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
