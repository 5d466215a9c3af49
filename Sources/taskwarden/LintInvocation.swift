import TaskWardenLint

/// What `lint`, `list`, `where` (and `fix`) share: the paths, `--config`, running the engine, and printing
/// input problems to standard error.
struct LintInvocation {
    var paths: [String]
    var configurationFile: String?
    /// `--whole-file`: parse every file whole (for comparison: the same findings and names; it also sees syntax
    /// errors in bodies sub-file parsing blanks).
    var wholeFile = false
    /// `--verbose`: print timing and what was parsed how to standard error.
    var verbose = false

    /// The flags every engine-running command accepts.
    static let engineFlags: Set<String> = ["--whole-file", "--verbose", "--follow-symlinks"]

    /// `--follow-symlinks`: walk into directories reached through symbolic links inside the tree.
    var followSymbolicLinks = false
    /// The results cache's folder, or nil for none (`fix` always parses).
    var cacheDirectory: String?

    init(paths: [String], configurationFile: String?) {
        self.paths = paths
        self.configurationFile = configurationFile
    }

    /// Paths, `--config`, `--whole-file`, `--verbose`, `--follow-symlinks` and the cache options from parsed arguments.
    init(_ parsed: ParsedArguments, paths: [String], context: CommandContext) {
        self.init(paths: paths, configurationFile: parsed.value("--config"))
        wholeFile = parsed.has("--whole-file")
        verbose = parsed.has("--verbose")
        followSymbolicLinks = parsed.has("--follow-symlinks")
        cacheDirectory = Self.cacheDirectory(parsed, context: context)
    }

    /// The options `lint`, `list` and `where` take for the results cache.
    static let cacheOptions: Set<String> = ["--cache-path"]
    static let cacheFlags: Set<String> = ["--no-cache"]
    static let cacheUsage = """
          --cache-path DIR results cache folder (default: $XDG_CACHE_HOME/taskwarden, ~/.cache/taskwarden on
                           Linux, ~/Library/Caches/taskwarden on macOS); output is the same with or without it
          --no-cache       parse every file; read and write no cache
        """

    /// The cache folder `--cache-path`/`--no-cache` ask for (the user cache folder by default; none when the
    /// home folder is unknown).
    static func cacheDirectory(_ parsed: ParsedArguments, context: CommandContext) -> String? {
        if parsed.has("--no-cache") { return nil }
        if let path = parsed.value("--cache-path") { return absolute(path, in: context) }
        return ResultsCache.defaultRoot()
    }

    /// Runs the engine and prints every input problem (`path: error: …`) to standard error.
    /// `hadInputErrors` is true when a problem should make the command exit with status 2.
    func run(context: CommandContext, engine: LintEngine = LintEngine()) -> (result: LintResult, hadInputErrors: Bool) {
        let request = LintRequest(paths: paths, configurationFile: configurationFile, workingDirectory: context.workingDirectory,
                                  cacheDirectory: cacheDirectory, followSymbolicLinks: followSymbolicLinks)
        var engine = engine
        if wholeFile { engine.wholeFile = true }
        let clock = ContinuousClock()
        let start = clock.now
        let result = engine.run(request)
        if verbose {
            for line in result.statistics.verboseLines(elapsed: clock.now - start) { context.printError(line) }
        }
        for problem in result.problems {
            context.printError(OutputLine.escaped(problem.description))
        }
        return (result, result.problems.contains(where: \.isError))
    }
}
