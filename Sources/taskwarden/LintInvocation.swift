import TaskWardenLint

/// What `lint`, `list`, `where` (and `fix`) share: the paths, `--config`, running the engine, and printing
/// input problems to standard error.
struct LintInvocation {
    var paths: [String]
    var configurationFile: String?
    /// `--whole-file`: parse every file whole (for comparison; the output is the same).
    var wholeFile = false
    /// `--verbose`: print timing and what was parsed how to standard error.
    var verbose = false

    /// The flags every engine-running command accepts.
    static let engineFlags: Set<String> = ["--whole-file", "--verbose"]

    init(paths: [String], configurationFile: String?) {
        self.paths = paths
        self.configurationFile = configurationFile
    }

    /// Paths, `--config`, `--whole-file` and `--verbose` from parsed arguments.
    init(_ parsed: ParsedArguments, paths: [String]) {
        self.init(paths: paths, configurationFile: parsed.value("--config"))
        wholeFile = parsed.has("--whole-file")
        verbose = parsed.has("--verbose")
    }

    /// Runs the engine and prints every input problem (`path: error: …`) to standard error.
    /// `hadInputErrors` is true when a problem should make the command exit with status 2.
    func run(context: CommandContext, engine: LintEngine = LintEngine()) -> (result: LintResult, hadInputErrors: Bool) {
        let request = LintRequest(paths: paths, configurationFile: configurationFile, workingDirectory: context.workingDirectory)
        var engine = engine
        if wholeFile { engine.wholeFile = true }
        let clock = ContinuousClock()
        let start = clock.now
        let result = engine.run(request)
        if verbose {
            for line in result.statistics.verboseLines(elapsed: clock.now - start) { context.printError(line) }
        }
        for problem in result.problems {
            context.printError(problem.description)
        }
        return (result, result.problems.contains(where: \.isError))
    }
}
