// Linked with -static-stdlib: the concurrency runtime and its symbols are inside this executable, not in
// libswift_Concurrency.so. Two named tasks, one awaiting the other; `TASK` lines and `READY` as InspectTarget.
import Glibc

@_silgen_name("swift_task_getJobTaskId")
private func runtimeTaskID(_ task: UnsafeRawPointer) -> UInt64

func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

func report(_ role: String) {
    let id = withUnsafeCurrentTask { task in task.map { runtimeTaskID(unsafeBitCast($0, to: UnsafeRawPointer.self)) } ?? 0 }
    say("TASK \(id) - \(Task.name ?? "-") \(role)")
}

final class Holder: @unchecked Sendable {
    // @unchecked: written once, inside the task, before anything reads it; nothing reads it in this program.
    var continuation: CheckedContinuation<Void, Never>?
}
let holder = Holder()

Task.detached {
    let parked = Task(name: "static-parked") {
        report("awaits-continuation")
        await withCheckedContinuation { holder.continuation = $0 }
    }
    Task(name: "static-waiter") {
        report("awaits-static-parked")
        await parked.value
    }
    try? await Task.sleep(for: .milliseconds(300))
    say("READY")
}
var byte: UInt8 = 0
while read(0, &byte, 1) > 0 {}
exit(0)
