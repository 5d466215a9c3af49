import TaskWardenLint

/// `taskwarden lint [PATH…]`: the findings.
enum LintCommand: Subcommand {
    static let name = "lint"
    static let summary = "Report findings of the enabled rules."
    static let usage = """
        usage: taskwarden lint [--format xcode|json|sarif|github] [--strict] [--config FILE] [--quiet]
                               [--baseline FILE] [--write-baseline FILE] [--cache-path DIR | --no-cache]
                               [--whole-file] [--verbose] [--follow-symlinks] [PATH…]

        Lints the .swift files under each PATH (default: the current directory). Each path uses the nearest
        .taskwarden.json above it unless --config names one.

          --format FORMAT  xcode (default): file:line:col: warning: message [rule-id]
                           json: {"findings": [{file, line, column, rule, severity, message, …}], "summary": …}
                           sarif: SARIF 2.1.0 for GitHub code scanning
                           github: GitHub Actions annotations (::warning file=…::message)
          --strict         every finding fails the run, not only error-severity ones
          --config FILE    use this configuration file for every path
          --quiet          no summary line on standard error
          --baseline FILE  report only findings not recorded in FILE (matched by file, rule, message and the
                           text of the line, so moved lines still match); recorded findings never fail the run
          --write-baseline FILE
                           record every current finding in FILE (sorted JSON, for review in a diff)
        \(LintInvocation.cacheUsage)
          --whole-file     parse every file whole, not only the declarations that can hold a site
                           (same output; for comparison)
          --verbose        timing and what was parsed how, on standard error
          --follow-symlinks
                           walk into directories reached through symbolic links inside the tree (not followed
                           by default; a path named on the command line is always followed)

        exit status: 0 no failing finding, 1 failing findings, 2 usage or input error
        (missing, empty or unreadable paths, a named file that is not .swift, binary or non-UTF-8 files,
        symlink loops, malformed configuration, a missing, malformed or other-version baseline).
        A file with syntax errors is analysed as far as the parser recovers and noted on standard error.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let options = parseReportOptions(arguments, formats: FindingReporters.formatNames, defaultFormat: "xcode",
                                               options: LintInvocation.cacheOptions.union(["--baseline", "--write-baseline"]),
                                               flags: LintInvocation.cacheFlags.union(["--strict", "--quiet"]), context: context)
        else { return .usageOrInputError }
        let (parsed, format) = options
        // A bad baseline is reported before any work, and the run stops: its findings would all look new.
        // It is checked to its last byte now and matched after the run, read again: memory holds what can match
        // the run's findings, never the whole file.
        var baseline: Baseline.CheckedFile?
        if let path = parsed.value("--baseline") {
            do { baseline = try Baseline.check(absolute(path, in: context)) } catch {
                context.printError("taskwarden lint: " + OutputLine.escaped("\(Baseline.FileError(path: path, reason: error.reason))"))
                return .usageOrInputError
            }
        }
        let invocation = LintInvocation(parsed, paths: parsed.positionals, context: context)
        let (linted, hadInputErrors) = invocation.run(context: context)
        var result = linted
        if let path = parsed.value("--write-baseline") {
            do { try Baseline(accepting: result).write(to: absolute(path, in: context)) } catch {
                context.printError("taskwarden lint: " + OutputLine.escaped("\(Baseline.FileError(path: path, reason: error.reason))"))
                return .usageOrInputError
            }
        }
        var baselined = 0
        if let baseline, let path = parsed.value("--baseline") {
            do {
                let new = try Baseline.newFindings(in: result, from: baseline)
                baselined = result.findings.count - new.count
                result.findings = new
            } catch {
                context.printError("taskwarden lint: " + OutputLine.escaped("\(Baseline.FileError(path: path, reason: error.reason))"))
                return .usageOrInputError
            }
        }
        guard let reporter = FindingReporters.reporter(named: format) else { return .usageOrInputError }
        context.writeOutput(reporter.report(result))
        if !parsed.has("--quiet") {
            context.printError(result.summaryLine + (baseline == nil ? "" : "; \(baselined) more in the baseline, not shown"))
        }
        if hadInputErrors { return .usageOrInputError }
        let failing = parsed.has("--strict") ? !result.findings.isEmpty : result.findings.contains { $0.severity == .error }
        return failing ? .findings : .success
    }
}

/// A path given on the command line, relative to the command's working directory.
func absolute(_ path: String, in context: CommandContext) -> String {
    path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
}
