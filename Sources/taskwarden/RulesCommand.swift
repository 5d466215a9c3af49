import Foundation
import TaskWardenLint

/// `taskwarden rules`: every rule with its default severity and summary.
enum RulesCommand: Subcommand {
    static let name = "rules"
    static let summary = "List the rules, their default severities and summaries."
    static let usage = """
        usage: taskwarden rules

        Lists every rule: id, default severity ("off" for opt-in rules) and a one-line summary.
        See taskwarden explain RULE-ID for the rationale and examples.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard arguments.isEmpty else { return usageError("unexpected argument '\(arguments[0])'", context: context) }
        let width = RuleRegistry.all.map(\.description.id.count).max() ?? 0
        for rule in RuleRegistry.all {
            let description = rule.description
            let severity = description.isEnabledByDefault ? description.defaultSeverity.rawValue : "off"
            context.print(description.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                          + severity.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + description.summary)
        }
        return .success
    }
}

