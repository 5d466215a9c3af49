import Foundation
import TaskWardenLint

/// A `taskwarden` subcommand: one file each, listed in ``SubcommandRegistry``.
///
/// ```swift
/// enum HelloCommand: Subcommand {
///     static let name = "hello"
///     static let summary = "Say hello."
///     static let usage = "usage: taskwarden hello"
///     static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
///         context.print("hello")
///         return .success
///     }
/// }
/// ```
protocol Subcommand: SendableMetatype {
    /// The word after `taskwarden`.
    static var name: String { get }
    /// One line for `taskwarden --help`.
    static var summary: String { get }
    /// The full `taskwarden NAME --help` text.
    static var usage: String { get }
    /// Runs with the arguments after the subcommand's name. `--help` is handled before this is called.
    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus
}

extension Subcommand {
    /// Reports wrong usage: `taskwarden NAME: problem`, a blank line and the usage text on standard error.
    /// Returns the exit status for it, so a command can `return usageError(…)`. The problem usually echoes an
    /// argument (an unknown option, a bad value); it is escaped as paths are, so an argument holding ESC or a
    /// newline cannot clear the terminal or fake a line of output.
    static func usageError(_ problem: some CustomStringConvertible, context: CommandContext) -> ExitStatus {
        context.printError("taskwarden \(name): \(OutputLine.escaped(problem.description))\n\n\(usage)")
        return .usageOrInputError
    }

    /// Parses what `lint`, `fix`, `list` and `where` take alike: `--format` (one of `formats`, else
    /// `defaultFormat`), `--config FILE`, the command's own `options` and `flags`, and paths. On wrong usage it reports it
    /// (``usageError(_:context:)``) and returns nil.
    ///
    /// ```swift
    /// guard let options = parseReportOptions(arguments, formats: ["text", "json"], defaultFormat: "text",
    ///                                        context: context) else { return .usageOrInputError }
    /// ```
    static func parseReportOptions(
        _ arguments: [String], formats: [String], defaultFormat: String, options: Set<String> = [], flags: Set<String> = [],
        context: CommandContext
    ) -> (arguments: ParsedArguments, format: String)? {
        do {
            // Every command that runs the engine takes --whole-file, --verbose and --follow-symlinks (LintInvocation reads them).
            let parsed = try ParsedArguments(arguments, options: options.union(["--format", "--config"]),
                                             flags: flags.union(LintInvocation.engineFlags))
            return (parsed, try parsed.choice("--format", from: formats, default: defaultFormat))
        } catch {
            _ = usageError(error, context: context)
            return nil
        }
    }
}

/// The process's exit status.
enum ExitStatus: Int32, Sendable {
    /// Nothing failed the run.
    case success = 0
    /// Findings failed the run (an error-severity finding, or any finding with `--strict`).
    case findings = 1
    /// Wrong usage or bad input (missing paths, unreadable files, malformed configuration).
    case usageOrInputError = 2
}

/// Where a command writes, and the directory relative paths mean. Injected so tests run commands
/// in-process and read their output.
struct CommandContext: Sendable {
    var workingDirectory: String
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void

    /// Standard output and error of the process, in the current directory.
    static var standard: CommandContext {
        CommandContext(
            workingDirectory: FileManager.default.currentDirectoryPath,
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) }
        )
    }

    /// Writes a line to standard output.
    func print(_ line: String) { writeOutput(line + "\n") }
    /// Writes a line to standard error.
    func printError(_ line: String) { writeError(line + "\n") }
}
