#if os(Linux)
import CTaskWardenInspect
import Glibc
import TaskWardenSupport

/// Stops every thread of a process for as short a time as a read takes, so the read sees one instant.
///
/// Each thread is attached with `PTRACE_SEIZE` and stopped with `PTRACE_INTERRUPT` — a ptrace stop, not a
/// SIGSTOP — so if `taskwarden` dies while the process is frozen, the kernel detaches it and every thread
/// runs on by itself. Threads started while freezing are caught by listing the threads again until the list
/// stops changing.
///
/// ```swift
/// let frozen = try ProcessFreezer.freeze(pid: 4242)
/// defer { frozen.thaw() }
/// ```
final class ProcessFreezer {
    private let pid: Int32
    private var stopped: [Int32] = []
    private let start: timespec
    private(set) var frozenFor: Duration?

    private init(pid: Int32) {
        self.pid = pid
        start = ProcessFreezer.now()
    }

    static func freeze(pid: Int32) throws(InspectionError) -> ProcessFreezer {
        let freezer = ProcessFreezer(pid: pid)
        var attempts = 0
        while attempts < 16 {
            attempts += 1
            let threads = listThreads(pid)
            let new = threads.filter { !freezer.stopped.contains($0) }
            if new.isEmpty { return freezer }
            for thread in new {
                guard tw_ptrace_seize(thread) == 0 else {
                    let code = errno
                    if code == ESRCH { continue }   // the thread ended meanwhile
                    freezer.thaw()
                    let tracer = ProcessAccess.facts(pid: pid, readError: code).tracerPID
                    if let tracer {
                        throw InspectionError(.otherUser, "process \(pid) is already traced by process \(tracer) (a debugger?): --consistent cannot stop it; detach the debugger, or read without --consistent")
                    }
                    throw AccessDiagnosis.refusal(ProcessAccess.facts(pid: pid, readError: code), userName: ProcFiles.userName)
                }
                guard tw_ptrace_interrupt(thread) == 0 else {
                    _ = tw_ptrace_detach(thread)
                    continue
                }
                var status: Int32 = 0
                while waitpid(thread, &status, Int32(bitPattern: 0x4000_0000)) < 0 && errno == EINTR {}   // __WALL
                freezer.stopped.append(thread)
            }
        }
        return freezer
    }

    /// Lets every stopped thread run again; records how long the process was frozen.
    func thaw() {
        for thread in stopped { _ = tw_ptrace_detach(thread) }
        stopped.removeAll()
        if frozenFor == nil { frozenFor = ProcessFreezer.elapsed(since: start) }
    }

    deinit { thaw() }

    private static func listThreads(_ pid: Int32) -> [Int32] {
        var threads: [Int32] = []
        FolderReading.forEachEntry(of: "/proc/\(pid)/task") { name, _ in
            if let thread = Int32(String(decoding: name, as: UTF8.self)) { threads.append(thread) }
        }
        return threads.sorted()
    }

    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    static func elapsed(since start: timespec) -> Duration {
        let end = now()
        return .seconds(end.tv_sec - start.tv_sec) + .nanoseconds(end.tv_nsec - start.tv_nsec)
    }
}
#endif
