import TaskWardenLint

/// `taskwarden explain RULE-ID`: one rule's rationale and examples.
enum ExplainCommand: Subcommand {
    static let name = "explain"
    static let summary = "Print one rule's rationale and examples."
    static let usage = """
        usage: taskwarden explain RULE-ID

        Prints the rule's summary, default severity, rationale (including what it cannot see), and its
        examples: code that triggers it (↓ marks where) and code that does not.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard arguments.count == 1, let id = arguments.first else {
            return usageError("expected exactly one RULE-ID", context: context)
        }
        guard let rule = RuleRegistry.rule(id: id) else {
            context.printError("taskwarden explain: unknown rule '\(OutputLine.escaped(id))' (known: \(RuleRegistry.ids.joined(separator: ", ")))")
            return .usageOrInputError
        }
        context.writeOutput(RuleDocumentation.text(rule.description))
        return .success
    }
}
