import Testing
@testable import TaskWardenLint

@Suite struct NeededRulesTests {
    @Test func aRunThatOnlyNeedsErrorsKeepsTheNamedRulesAndTheOnesAConfigurationMakesErrors() {
        var engine = LintEngine()
        engine.rulesKeptBesidesErrors = ["unnamed-task"]
        var configuration = LintConfiguration()
        let kept = { (configurations: [LintConfiguration]) in
            Set(engine.keepingNeededRules(for: configurations).rules.map(\.description.id))
        }
        #expect(kept([configuration]) == ["unnamed-task", "background-task-manual-completion"])
        var strict = configuration
        strict.rules["task-self-cycle"] = .on(.error)
        strict.rules["background-task-manual-completion"] = .off
        #expect(kept([strict]) == ["unnamed-task", "task-self-cycle"])
        #expect(kept([configuration, strict]) == ["unnamed-task", "task-self-cycle", "background-task-manual-completion"])
        // Every rule, unless asked otherwise.
        configuration.rules["unnamed-task"] = .off
        #expect(LintEngine().keepingNeededRules(for: [configuration]).rules.count == RuleRegistry.all.count)
    }
}
