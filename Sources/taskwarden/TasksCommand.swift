import TaskWardenInspect

/// `taskwarden tasks --pid N`: every live task of a running Swift process, read from outside it.
enum TasksCommand: Subcommand {
    static let name = "tasks"
    static let summary = "Show every live task of a running Swift process (Linux), read from outside it."
    static let usage = """
        usage: taskwarden tasks --pid N [--format text|json] [--name GLOB] [--suspended] [--depth N]
                                [--no-frames] [--consistent]

        Reads the tasks of a running Swift process from its memory, without changing its code and without
        stopping it: each task's id, name, kind, parent and children, state, what a suspended task awaits
        (another task, a continuation, its group, a busy actor), priority, cancellation, and the async frames
        it will resume through (function names from its symbol tables, file:line where it has debug info).
        Drawn as a tree like LLDB's `language swift task tree`, indented at most 16 levels: a deeper task is
        drawn in the last column with its depth in front ([depth 17]), so a long chain of tasks prints one
        short line per task. Linux only; the process must run as your user (or you as root), on a Swift
        runtime taskwarden knows (it refuses any other, naming what it found).

        options:
          --pid N          the process to read
          --format FORMAT  text (default) or json
          --name GLOB      only tasks whose name matches GLOB (`price:*`); unnamed tasks never match
          --suspended      only suspended tasks
          --depth N        only tasks at most N levels deep (1: tasks without a live parent)
          --no-frames      leave out the async backtraces (faster)
          --consistent     stop the process for the read (PTRACE_SEIZE + INTERRUPT; it runs on by itself even
                           if taskwarden is killed) and say how long it was stopped
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        let parsed: ParsedArguments
        let format: String
        let pid: Int32
        var selection = TaskSelection()
        do throws(ParsedArguments.UsageError) {
            parsed = try ParsedArguments(arguments, options: ["--pid", "--format", "--name", "--depth"],
                                         flags: ["--suspended", "--consistent", "--no-frames"])
            format = try parsed.choice("--format", from: ["text", "json"], default: "text")
            guard parsed.positionals.isEmpty else {
                throw ParsedArguments.UsageError(description: "unexpected argument '\(parsed.positionals[0])'")
            }
            guard let text = parsed.value("--pid") else {
                throw ParsedArguments.UsageError(description: "give the process with --pid N")
            }
            guard let value = Int32(text), value > 0 else {
                throw ParsedArguments.UsageError(description: "--pid needs a process id, not '\(text)'")
            }
            pid = value
            selection.nameGlob = parsed.value("--name")
            selection.onlySuspended = parsed.has("--suspended")
            if let text = parsed.value("--depth") {
                guard let depth = Int(text), depth >= 1 else {
                    throw ParsedArguments.UsageError(description: "--depth needs a whole number of at least 1, not '\(text)'")
                }
                selection.maximumDepth = depth
            }
        } catch {
            return usageError(error, context: context)
        }

        let snapshot: TaskSnapshot
        do {
            let inspector = try ProcessInspector(pid: pid)
            snapshot = try inspector.snapshot(consistent: parsed.has("--consistent"), backtraces: !parsed.has("--no-frames"))
        } catch {
            context.printError("taskwarden tasks: \(TerminalText.escaped(error.message))")
            return .usageOrInputError
        }
        switch format {
        case "json": context.print(TasksJSON.render(snapshot, selection: selection))
        default: context.print(TasksTreeText.render(snapshot, selection: selection, frames: !parsed.has("--no-frames")))
        }
        return .success
    }
}
