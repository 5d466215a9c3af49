import Foundation
import TaskWarden
import TaskWardenLint

/// `taskwarden top`: a live view of the named tasks a running process serves on its census socket.
enum TopCommand: Subcommand {
    static let name = "top"
    static let summary = "Watch a running process's named tasks live (its census, served on a socket)."
    static let usage = """
        usage: taskwarden top [--pid N | --socket PATH] [--once] [--format text|json] [--interval-ms MS]

        Shows the named tasks of a process that serves its census (`try TaskCensus.shared.serve()`; e.g.
        `swift run price-check --serve-census`): tasks grouped by family with their count and oldest age,
        expandable to a task tree, and a "growing" marker on families whose count rises while none of their
        tasks ends (the census leak check). Without --pid or --socket it picks the only process serving a
        census in \(CensusSocketFolder.path), or lists them.

        keys: c/a/n sort by count/age/name · ↑↓ (j/k) select · ⏎ expand · e expand all · t whole tree ·
              /text ⏎ filter (esc clears) · q quit

        options:
          --pid N           the process with id N (its socket in the folder above)
          --socket PATH     the census socket at PATH
          --once            print one snapshot and exit (also when standard output is not a terminal)
          --format FORMAT   text (default) or json, for --once
          --interval-ms MS  how often the view refreshes (default 1000, at least 10)
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        let parsed: ParsedArguments
        let format: String
        let interval: Int
        do throws(ParsedArguments.UsageError) {
            parsed = try ParsedArguments(arguments, options: ["--pid", "--socket", "--format", "--interval-ms"], flags: ["--once"])
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

        let path: String
        if let socket = parsed.value("--socket") {
            path = socket.hasPrefix("/") ? socket : context.workingDirectory + "/" + socket
        } else if let pidText = parsed.value("--pid") {
            guard let pid = Int32(pidText), pid > 0 else {
                return usageError("--pid needs a process id, not '\(pidText)'", context: context)
            }
            path = CensusSocketFolder.socketPath(forProcess: pid)
            guard FileManager.default.fileExists(atPath: path) else {
                context.printError("taskwarden top: process \(pid) serves no census (no \(path)); it must call TaskCensus.shared.serve()")
                return .usageOrInputError
            }
        } else {
            guard let found = discover(context: context) else { return .usageOrInputError }
            path = found
        }

        if let problem = TopSocketPath.problem(at: path) {
            context.printError("taskwarden top: \(path): \(problem)")
            return .usageOrInputError
        }
        let client: CensusClient
        do {
            client = try CensusClient(path: path)
        } catch {
            context.printError("taskwarden top: \(TerminalText.escaped("\(error)"))")
            return .usageOrInputError
        }
        let interactive = !parsed.has("--once") && format == "text" && isatty(0) == 1 && isatty(1) == 1
        if interactive { return TopSession(client: client, interval: interval).run(context: context) }
        return printOnce(client, format: format, context: context)
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

    private static func printOnce(_ client: CensusClient, format: String, context: CommandContext) -> ExitStatus {
        client.send(.snapshot)
        let snapshot: CensusSnapshot
        do {
            switch try client.next() {
            case .snapshot(let received)?: snapshot = received
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
        var model = TopModel(process: client.hello.process, pid: client.hello.pid)
        model.ingest(snapshot)
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
            let count = String(row.count), age = TopScreen.age(row.oldestAge)
            lines.append(family.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: max(8 - count.count, 0)) + count
                + String(repeating: " ", count: max(10 - age.count, 0)) + age)
        }
        return (lines + ["", TerminalText.escaped(snapshot).treeDescription()]).joined(separator: "\n")
    }

    /// `{"process", "pid", "count", "families": [{"family", "count", "oldestAgeMs"}], "tasks": [{"name",
    /// "family", "id", "parent", "file", "line", "ageMs"}]}`, ending in a newline; `{}` before any snapshot.
    static func json(_ model: TopModel) -> String {
        guard let snapshot = model.latest else { return "{}\n" }
        let milliseconds = { (duration: Duration) in Int(TopArithmetic.milliseconds(duration)) }
        return JSONWriter.document(Document(
            process: model.process, pid: model.pid, count: snapshot.count,
            families: model.rows.map { Family(family: $0.family, count: $0.count, oldestAgeMs: milliseconds($0.oldestAge)) },
            tasks: snapshot.records.map { record in
                TaskRow(name: record.name, family: String(record.family), id: record.id.rawValue,
                     parent: record.parentID?.rawValue, file: record.fileID, line: record.line,
                     ageMs: milliseconds(snapshot.age(of: record)))
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

    private struct TaskRow: Encodable {
        var name: String
        var family: String
        var id: UInt64
        var parent: UInt64?
        var file: String
        var line: Int
        var ageMs: Int

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
        }

        enum CodingKeys: String, CodingKey { case name, family, id, parent, file, line, ageMs }
    }
}
