// A process with a known set of live tasks, for `taskwarden tasks --pid` to read from outside. It prints its
// own view of every task it starts — `TASK <id> <parent id or -> <name or -> <what it does>` from inside the
// task (Task.name and the runtime's own id) — then `READY`, and keeps running until its standard input
// closes. Modes: `tree`, `many N`, `churn LOGFILE`, `work N` (the benchmark's target).
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first ?? "tree"

// Everything is started from a detached task: top-level code is on the main actor, whose thread blocks
// below, and tasks inheriting it would never run.
Task.detached(name: "fixture-setup") {
    switch mode {
    case "many": await ManyTasks.start(count: Int(arguments.dropFirst().first ?? "") ?? 10_000)
    case "churn": await Churn.run(log: arguments.dropFirst().first ?? "/dev/null")
    case "work": await Work.run(parked: Int(arguments.dropFirst().first ?? "") ?? 10_000)
    default: await KnownTree.start()
    }
}

// The main thread waits for standard input to close; then churn mode writes its log and the process exits.
var byte: UInt8 = 0
while read(0, &byte, 1) > 0 {}
Churn.stop()
exit(0)
