import TaskWardenLint
import TaskWardenTimeline

/// `taskwarden trace render TRACE.json -o timeline.html`; the logic is `TraceRenderCommand` in
/// TaskWardenTimeline.
enum TraceCommand: Subcommand {
    static let name = "trace"
    static let summary = TraceRenderCommand.summary
    static let usage = TraceRenderCommand.usage

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        do {
            let options = try TraceRenderCommand.parse(arguments)
            let summary = try TraceRenderCommand.run(options, workingDirectory: context.workingDirectory) { warning in
                context.printError("taskwarden trace: " + OutputLine.escaped(warning))
            }
            context.print(summary)
            return .success
        } catch let error as TraceRenderCommand.UsageError {
            return usageError(error, context: context)
        } catch {
            context.printError("taskwarden trace: " + OutputLine.escaped("\(error)"))
            return .usageOrInputError
        }
    }
}
