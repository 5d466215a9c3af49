import TaskWardenLint

/// `taskwarden lint [PATH…]`: the findings.
enum LintCommand: Subcommand {
    static let name = "lint"
    static let summary = "Report findings of the enabled rules."
    static let usage = """
        usage: taskwarden lint [--format xcode|json|sarif|github] [--strict] [--config FILE] [--quiet]
                               [--follow-symlinks] [PATH…]

        Lints the .swift files under each PATH (default: the current directory). Each path uses the nearest
        .taskwarden.json above it unless --config names one.

          --format FORMAT  xcode (default): file:line:col: warning: message [rule-id]
                           json: {"findings": [{file, line, column, rule, severity, message, …}], "summary": …}
                           sarif: SARIF 2.1.0 for GitHub code scanning
                           github: GitHub Actions annotations (::warning file=…::message)
          --strict         every finding fails the run, not only error-severity ones
          --config FILE    use this configuration file for every path
          --quiet          no summary line on standard error
          --follow-symlinks
                           walk into directories reached through symbolic links inside the tree (not followed
                           by default; a path named on the command line is always followed)

        exit status: 0 no failing finding, 1 failing findings, 2 usage or input error
        (missing, empty or unreadable paths, a named file that is not .swift, binary or non-UTF-8 files,
        symlink loops, malformed configuration).
        A file with syntax errors is analysed as far as the parser recovers and noted on standard error.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let options = parseReportOptions(arguments, formats: FindingReporters.formatNames, defaultFormat: "xcode",
                                               flags: ["--strict", "--quiet"], context: context)
        else { return .usageOrInputError }
        let (parsed, format) = options
        let invocation = LintInvocation(paths: parsed.positionals, configurationFile: parsed.value("--config"),
                                        followSymbolicLinks: parsed.has("--follow-symlinks"))
        let (result, hadInputErrors) = invocation.run(context: context)
        guard let reporter = FindingReporters.reporter(named: format) else { return .usageOrInputError }
        context.writeOutput(reporter.report(result))
        if !parsed.has("--quiet") { context.printError(result.summaryLine) }
        if hadInputErrors { return .usageOrInputError }
        let failing = parsed.has("--strict") ? !result.findings.isEmpty : result.findings.contains { $0.severity == .error }
        return failing ? .findings : .success
    }
}
