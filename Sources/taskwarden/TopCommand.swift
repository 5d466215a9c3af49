import Foundation
import TaskWarden
import TaskWardenInspect
import TaskWardenLint

/// `taskwarden top`: a live view of the named tasks a running process serves on its census socket.
enum TopCommand: Subcommand {
    static let name = "top"
    static let summary = "Watch a running process's tasks live: its census, or every task read from its memory."
    static let usage = """
        usage: taskwarden top [--pid N | --socket PATH] [--all-tasks] [--once] [--format text|json] [--interval-ms MS]

        Shows the tasks of a running process, grouped by family (the name's prefix before ":") with their count
        and oldest age, expandable to a task tree, with a "growing" marker on families whose count rises while
        none of their tasks ends (the census leak check). The tree is indented at most 16 levels: a deeper task
        is drawn in the last column with its depth in front ([depth 17]).

        Where the tasks come from: a process that serves its census (`try TaskCensus.shared.serve()`; e.g.
        `swift run price-check --serve-census`) tells top about the tasks TaskWarden started, with their ages and
        creation sites. Any other Swift process, given with --pid, is read from outside (Linux; see `taskwarden
        tasks`): every task, named or not, with its state and what it waits on; ages are then the time since top
        first saw a task (shown as ≥). --all-tasks reads the memory beside the census. Without --pid or --socket
        it picks the only process serving a census in \(CensusSocketFolder.path), or lists them.

        keys: c/a/n sort by count/age/name · ↑↓ (j/k) select a family or a task · ⏎ expand · e expand all ·
              t whole tree · w what the selected task waits on, to the end of the chain (tasks read from memory) ·
              /text ⏎ filter (esc clears) · q quit

        options:
          --pid N           the process with id N (its census socket in the folder above, else its memory)
          --socket PATH     the census socket at PATH
          --all-tasks       also read every task from the process's memory, beside its census
          --once            print one snapshot and exit (also when standard output is not a terminal)
          --format FORMAT   text (default) or json, for --once
          --interval-ms MS  how often the view refreshes (default 1000, at least 10)
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        let parsed: ParsedArguments
        let format: String
        let interval: Int
        do throws(ParsedArguments.UsageError) {
            parsed = try ParsedArguments(arguments, options: ["--pid", "--socket", "--format", "--interval-ms"], flags: ["--once", "--all-tasks"])
            format = try parsed.choice("--format", from: ["text", "json"], default: "text")
            guard parsed.positionals.isEmpty else {
                throw ParsedArguments.UsageError(description: "unexpected argument '\(parsed.positionals[0])'")
            }
            guard parsed.value("--pid") == nil || parsed.value("--socket") == nil else {
                throw ParsedArguments.UsageError(description: "give --pid or --socket, not both")
            }
            if let text = parsed.value("--interval-ms") {
                guard let value = Int(text), value >= 10 else {
                    throw ParsedArguments.UsageError(description: "--interval-ms needs a whole number of at least 10, not '\(text)'")
                }
                interval = value
            } else {
                interval = 1_000
            }
        } catch {
            return usageError(error, context: context)
        }

        var path: String?
        var pid: Int32?
        if let socket = parsed.value("--socket") {
            path = socket.hasPrefix("/") ? socket : context.workingDirectory + "/" + socket
        } else if let pidText = parsed.value("--pid") {
            guard let value = Int32(pidText), value > 0 else {
                return usageError("--pid needs a process id, not '\(pidText)'", context: context)
            }
            pid = value
            let socket = CensusSocketFolder.socketPath(forProcess: value)
            if TopSocketPath.problem(at: socket) == nil { path = socket }
        } else {
            guard let found = discover(context: context) else { return .usageOrInputError }
            path = found
        }

        var client: CensusClient?
        if let path {
            if let problem = TopSocketPath.problem(at: path) {
                context.printError("taskwarden top: " + TerminalText.escaped("\(path): \(problem)"))
                return .usageOrInputError
            }
            do {
                client = try CensusClient(path: path)
            } catch {
                context.printError("taskwarden top: \(TerminalText.escaped("\(error)"))")
                return .usageOrInputError
            }
        }
        var inspector: ProcessInspector?
        if client == nil || parsed.has("--all-tasks") {
            let target = pid ?? client.map { Int32(clamping: $0.hello.pid) } ?? 0
            do {
                inspector = try ProcessInspector(pid: target)
            } catch {
                let census = client == nil
                    ? "process \(target) serves no census (no \(CensusSocketFolder.socketPath(forProcess: target))), and its tasks cannot be read from outside: "
                    : "cannot read the tasks of process \(target) from outside: "
                context.printError("taskwarden top: " + census + TerminalText.escaped(error.message))
                return .usageOrInputError
            }
        }
        let process = client?.hello.process ?? inspector?.processName ?? "?"
        let processID = client?.hello.pid ?? Int(pid ?? 0)
        let interactive = !parsed.has("--once") && format == "text" && isatty(0) == 1 && isatty(1) == 1
        if interactive {
            return TopSession(client: client, inspector: inspector, process: process, pid: processID, interval: interval).run(context: context)
        }
        return printOnce(client, inspector, process: process, pid: processID, format: format, context: context)
    }

    /// The only served process's socket; otherwise nil, with the list (or the absence) explained.
    private static func discover(context: CommandContext) -> String? {
        let folder = CensusSocketFolder.path
        let served = CensusSocketFolder.servedProcesses(in: folder)
        if served.count == 1 { return served[0].path }
        if served.isEmpty {
            context.printError("taskwarden top: no process serves a census in \(folder) (call TaskCensus.shared.serve() in it, e.g. swift run price-check --serve-census)")
            return nil
        }
        var lines = ["taskwarden top: \(served.count) processes serve a census; pick one with --pid:", "  PID      PROCESS"]
        for process in served {
            let name = TerminalText.escaped((try? CensusClient(path: process.path, timeoutSeconds: 2))?.hello.process ?? "?")
            lines.append("  " + String(process.pid).padding(toLength: 8, withPad: " ", startingAt: 0) + " " + name)
        }
        context.printError(lines.joined(separator: "\n"))
        return nil
    }

    private static func printOnce(_ client: CensusClient?, _ inspector: ProcessInspector?, process: String, pid: Int,
                                  format: String, context: CommandContext) -> ExitStatus {
        var model = TopModel(process: process, pid: pid)
        if let client {
            client.send(.snapshot)
            do {
                switch try client.next() {
                case .snapshot(let received)?: model.ingest(received)
                case .error(let message)?:
                    context.printError("taskwarden top: \(client.path): \(TerminalText.escaped(message))")
                    return .usageOrInputError
                case nil:
                    context.printError("taskwarden top: \(client.path): the process closed the connection")
                    return .usageOrInputError
                }
            } catch {
                context.printError("taskwarden top: \(TerminalText.escaped("\(error)"))")
                return .usageOrInputError
            }
        }
        if let inspector {
            do {
                model.ingest(try inspector.snapshot(backtraces: false), at: .zero)
            } catch {
                context.printError("taskwarden top: \(TerminalText.escaped(error.message))")
                return .usageOrInputError
            }
        }
        if format == "json" { context.writeOutput(TopReport.json(model)) } else { context.print(TopReport.text(model)) }
        return .success
    }
}

/// One snapshot as text or JSON, for `top --once` and scripts.
enum TopReport {
    static func text(_ model: TopModel) -> String {
        guard let snapshot = model.latest else { return "" }
        let rows = model.rows
        let families = rows.map { TerminalText.escaped($0.family) }
        let width = max(families.map(\.count).max() ?? 0, 6)
        var lines = ["\(TerminalText.escaped(model.process)) (pid \(model.pid)) · \(snapshot.count) live task\(snapshot.count == 1 ? "" : "s") in \(rows.count) famil\(rows.count == 1 ? "y" : "ies")", ""]
        lines.append("FAMILY".padding(toLength: width, withPad: " ", startingAt: 0) + "   TASKS    OLDEST")
        for (row, family) in zip(rows, families) {
            let count = String(row.count)
            let age = !row.oldestIsLowerBound ? TopScreen.age(row.oldestAge) : row.oldestAge > .zero ? "≥" + TopScreen.age(row.oldestAge) : "?"
            lines.append(family.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: max(8 - count.count, 0)) + count
                + String(repeating: " ", count: max(10 - age.count, 0)) + age)
        }
        guard model.inspected != nil else {
            return (lines + ["", TerminalText.escaped(snapshot).treeDescription()]).joined(separator: "\n")
        }
        // Tasks read from memory: the tree with each task's state and what it awaits.
        let tree = TopTree.order(snapshot.records).map { $0.prefix + TopScreen.describe($0.record, model) }
        return (lines + ["", "\(snapshot.count) live task\(snapshot.count == 1 ? "" : "s")"] + tree).joined(separator: "\n")
    }

    /// `{"process", "pid", "count", "families": [{"family", "count", "oldestAgeMs"}], "tasks": [{"name",
    /// "family", "id", "parent", "file", "line", "ageMs"}]}`, ending in a newline; `{}` before any snapshot. A task
    /// read from the process's memory also has "ageIsLowerBound", "state" and "waitingOn", and its "name" may be null.
    static func json(_ model: TopModel) -> String {
        guard let snapshot = model.latest else { return "{}\n" }
        let milliseconds = { (duration: Duration) in Int(TopArithmetic.milliseconds(duration)) }
        return JSONWriter.document(Document(
            process: model.process, pid: model.pid, count: snapshot.count,
            families: model.rows.map { Family(family: $0.family, count: $0.count, oldestAgeMs: milliseconds($0.oldestAge)) },
            tasks: snapshot.records.map { record in
                var row = TaskRow(name: record.name, family: String(record.family), id: record.id.rawValue,
                                  parent: record.parentID?.rawValue, file: record.fileID, line: record.line,
                                  ageMs: milliseconds(snapshot.age(of: record)))
                if let inspected = model.inspected?.task(id: record.id.rawValue) {
                    row.name = inspected.name
                    row.read = ReadFields(ageIsLowerBound: model.lowerBoundAges.contains(record.id.rawValue),
                                          state: inspected.state.rawValue,
                                          waitingOn: inspected.waitingOn?.description)
                }
                return row
            }))
    }

    private struct Document: Encodable {
        var process: String
        var pid: Int
        var count: Int
        var families: [Family]
        var tasks: [TaskRow]
    }

    private struct Family: Encodable {
        var family: String
        var count: Int
        var oldestAgeMs: Int
    }

    /// What only a task read from the process's memory has.
    private struct ReadFields {
        var ageIsLowerBound: Bool
        var state: String
        var waitingOn: String?
    }

    private struct TaskRow: Encodable {
        var name: String?
        var family: String
        var id: UInt64
        var parent: UInt64?
        var file: String
        var line: Int
        var ageMs: Int
        var read: ReadFields? = nil

        /// Every key, `"parent": null` included (the synthesized encoding leaves a nil out).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(family, forKey: .family)
            try container.encode(id, forKey: .id)
            try container.encode(parent, forKey: .parent)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(ageMs, forKey: .ageMs)
            if let read {
                try container.encode(read.ageIsLowerBound, forKey: .ageIsLowerBound)
                try container.encode(read.state, forKey: .state)
                try container.encode(read.waitingOn, forKey: .waitingOn)
            }
        }

        enum CodingKeys: String, CodingKey {
            case name, family, id, parent, file, line, ageMs, ageIsLowerBound, state, waitingOn
        }
    }
}
