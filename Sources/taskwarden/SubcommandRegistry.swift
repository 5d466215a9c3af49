/// Every subcommand, in the order `taskwarden --help` lists them. To add one: write `YourCommand.swift`
/// conforming to ``Subcommand`` and append one line here.
enum SubcommandRegistry {
    static let all: [any Subcommand.Type] = [
        LintCommand.self,
        ListCommand.self,
        WhereCommand.self,
        RulesCommand.self,
        ExplainCommand.self,
        FixCommand.self,
        TraceCommand.self,
        TopCommand.self,
        TasksCommand.self,
    ]

    static func command(named name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }
}
