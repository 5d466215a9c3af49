import TaskWardenLint

/// What `lint`, `list`, `where` (and `fix`) share: the paths, `--config`, running the engine, and printing
/// input problems to standard error.
struct LintInvocation {
    var paths: [String]
    var configurationFile: String?
    /// The results cache's folder, or nil for none (`fix` always parses).
    var cacheDirectory: String?

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
                                  cacheDirectory: cacheDirectory)
        let result = engine.run(request)
        for problem in result.problems {
            context.printError(problem.description)
        }
        return (result, result.problems.contains(where: \.isError))
    }
}
