import Glibc

@_silgen_name("swift_task_getJobTaskId")
private func runtimeTaskID(_ task: UnsafeRawPointer) -> UInt64

/// The running task's own id, as the runtime numbers it (what `taskwarden tasks` shows).
func currentTaskID() -> UInt64 {
    withUnsafeCurrentTask { task in
        guard let task else { return 0 }
        return runtimeTaskID(unsafeBitCast(task, to: UnsafeRawPointer.self))
    }
}

/// Writes one line to standard output at once (tasks report from many threads).
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// `TASK <id> <parent> <name> <role>`, from inside the task.
func report(parent: UInt64?, role: String) {
    say("TASK \(currentTaskID()) \(parent.map { String($0) } ?? "-") \(Task.name ?? "-") \(role)")
}
