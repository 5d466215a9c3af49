/// Every rule TaskWarden knows, in the order `taskwarden rules` prints them.
///
/// To add a rule: write `Rules/YourRule.swift` and append one line to ``all``.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        // Naming.
        UnnamedTaskRule(),
        TaskNameFormatRule(),
        TaskNameDuplicateRule(),
        TaskNameSensitiveRule(),
        TaskLabelCollisionRule(),
        AsyncLetUnnamedRule(),
        // Ownership and background tasks: append below.
        UnhandledThrowingTaskRule(),
        TaskSelfCycleRule(),
        WeakSelfUnwrappedOnceRule(),
        UnownedTaskLoopRule(),
        TaskInOnAppearRule(),
        BackgroundRefreshNotRescheduledRule(),
        BackgroundTaskManualCompletionRule(),
        BackgroundTaskNoExpirationRule(),
        BackgroundTaskIdentifierRule(),
        TaskIsolationByCaptureRule(),
        CancellationDiscardsResultsRule(),
    ]

    /// The rule with this id.
    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.description.id == id }
    }

    /// Every rule id.
    public static var ids: [String] { all.map(\.description.id) }
}
