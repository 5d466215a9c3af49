import TaskNaming
import TaskWardenLint

/// `taskwarden where LABEL [PATH…]`: from a trace row label back to its creation site(s).
enum WhereCommand: Subcommand {
    static let name = "where"
    static let summary = "Find the creation site(s) behind a trace label."
    static let usage = """
        usage: taskwarden where [--format text|json] [--config FILE] [--cache-path DIR | --no-cache]
                                [--follow-symlinks] LABEL [PATH…]

        Finds the creation sites a trace row labelled LABEL can come from:
          - a named task: sites whose name is LABEL, or whose interpolated name matches it
            (price:84213 matches name: "price:\\(probe.releaseID)");
          - an unnamed task: sites a profiler would label LABEL (e.g. "CloudSyncMonitor.reconcileIfReady()"
            or "closure #1 in AlbumLoader.load(id:)"), including tasks in closures that function calls.
        Exit status 1 when nothing matches.

        \(LintInvocation.cacheUsage)
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let options = parseReportOptions(arguments, formats: ["text", "json"], defaultFormat: "text",
                                               options: LintInvocation.cacheOptions, flags: LintInvocation.cacheFlags, context: context)
        else { return .usageOrInputError }
        let (parsed, format) = options
        guard let label = parsed.positionals.first else { return usageError("missing LABEL", context: context) }
        let invocation = LintInvocation(parsed, paths: Array(parsed.positionals.dropFirst()), context: context)
        let (result, hadInputErrors) = invocation.run(context: context, engine: LintEngine(rules: []))
        let matches = LabelLookup.matches(for: label, in: result.tree)
        if format == "json" {
            context.writeOutput(LabelLookup.json(label: label, matches: matches))
        } else if matches.isEmpty {
            context.printError(OutputLine.escaped("no creation site matches '\(label)'"))
        } else {
            for match in matches {
                let site = match.site
                context.print(OutputLine.escaped("\(site.position): \(site.kind.rawValue) \(match.reason) in \(site.enclosingDeclaration)"))
            }
        }
        if hadInputErrors { return .usageOrInputError }
        return matches.isEmpty ? .findings : .success
    }
}
