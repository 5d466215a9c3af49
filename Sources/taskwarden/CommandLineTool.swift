import TaskWardenLint

/// The dispatcher: `taskwarden [--help | --version | SUBCOMMAND [ARGUMENTS…]]`.
enum CommandLineTool {
    static let version = "0.1.0"

    static var help: String {
        let width = (SubcommandRegistry.all.map { $0.name.count }.max() ?? 0) + 2
        let commands = SubcommandRegistry.all.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
        return """
            taskwarden \(version): every Swift task named, owned and observable.

            usage: taskwarden SUBCOMMAND [OPTIONS] [PATH…]

            subcommands:
            \(commands.joined(separator: "\n"))

            options:
              -h, --help     show help (also: taskwarden SUBCOMMAND --help)
              --version      print the version

            exit status: 0 nothing failed, 1 findings failed the run, 2 usage or input error.
            """
    }

    static func run(arguments: [String], context: CommandContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.printError(help)
            return .usageOrInputError
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1, let command = SubcommandRegistry.command(named: arguments[1]) {
                context.print(command.usage)
            } else {
                context.print(help)
            }
            return .success
        case "--version", "-V":
            context.print("taskwarden \(version)")
            return .success
        default:
            guard let command = SubcommandRegistry.command(named: first) else {
                context.printError("taskwarden: unknown subcommand '\(OutputLine.escaped(first))' (known: \(SubcommandRegistry.all.map { $0.name }.joined(separator: ", "))); see taskwarden --help")
                return .usageOrInputError
            }
            let rest = Array(arguments.dropFirst())
            if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
                context.print(command.usage)
                return .success
            }
            return command.run(rest, context: context)
        }
    }
}
