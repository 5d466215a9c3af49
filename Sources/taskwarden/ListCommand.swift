import TaskWardenLint

/// `taskwarden list [PATH…]`: the inventory of creation sites.
enum ListCommand: Subcommand {
    static let name = "list"
    static let summary = "List every task creation site (the inventory)."
    static let usage = """
        usage: taskwarden list [--format text|json] [--config FILE] [--cache-path DIR | --no-cache]
                               [--follow-symlinks] [PATH…]

        Lists every task creation site under each PATH: Task.init, Task.detached, Task.immediate,
        Task.immediateDetached, addTask, addTaskUnlessCancelled, addImmediateTask,
        addImmediateTaskUnlessCancelled, async let, .task, .backgroundTask, BGTaskScheduler.register.

          --format text  (default) one line per site: location, kind, name or the label a profiler would
                         guess, enclosing declaration
          --format json  {"sites": [{file, line, column, kind, name, enclosing, guessedLabel, …}], "summary": …}
          --config FILE  use this configuration file (include/exclude, deployment targets)
        \(LintInvocation.cacheUsage)
          --follow-symlinks
                           walk into directories reached through symbolic links inside the tree
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let options = parseReportOptions(arguments, formats: ["text", "json"], defaultFormat: "text",
                                               options: LintInvocation.cacheOptions, flags: LintInvocation.cacheFlags, context: context)
        else { return .usageOrInputError }
        let (parsed, format) = options
        let invocation = LintInvocation(parsed, paths: parsed.positionals, context: context)
        let (result, hadInputErrors) = invocation.run(context: context, engine: LintEngine(rules: []))
        context.writeOutput(format == "json" ? SiteListing.json(result) : SiteListing.text(result))
        return hadInputErrors ? .usageOrInputError : .success
    }
}
