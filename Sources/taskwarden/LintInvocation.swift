import TaskWardenLint

/// What `lint`, `list`, `where` (and `fix`) share: the paths, `--config`, running the engine, and printing
/// input problems to standard error.
struct LintInvocation {
    var paths: [String]
    var configurationFile: String?
    /// `--follow-symlinks`: walk into directories reached through symbolic links inside the tree.
    var followSymbolicLinks = false

    /// Runs the engine and prints every input problem (`path: error: …`) to standard error.
    /// `hadInputErrors` is true when a problem should make the command exit with status 2.
    func run(context: CommandContext, engine: LintEngine = LintEngine()) -> (result: LintResult, hadInputErrors: Bool) {
        let request = LintRequest(paths: paths, configurationFile: configurationFile, workingDirectory: context.workingDirectory,
                                  followSymbolicLinks: followSymbolicLinks)
        let result = engine.run(request)
        for problem in result.problems {
            context.printError(OutputLine.escaped(problem.description))
        }
        return (result, result.problems.contains(where: \.isError))
    }
}
