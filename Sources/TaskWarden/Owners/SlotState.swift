import TaskWardenSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``TaskSlot`` and its generations share, behind the slot's lock.
struct SlotState: Sendable {
    /// A commit body that is running: its generation, and the thread running it (a commit body is synchronous,
    /// so it stays on one thread from start to end).
    struct Commit: Sendable, Equatable {
        var generation: UInt64
        var thread: UInt
    }

    var generation: UInt64 = 0
    var current: Task<Void, Never>?
    /// The generation whose work returned before `replace` had stored its task as current.
    var endedGeneration: UInt64?
    /// Commit bodies running now (almost always none or one).
    var commits: [Commit] = []

    /// An identifier of the calling thread, to tell a re-entrant `replace` (called from inside a commit body)
    /// from one on another thread.
    static func currentThread() -> UInt {
        #if canImport(Glibc)
        pthread_self()   // an integer there
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Returns once no commit body of a generation older than `generation` runs on another thread.
    ///
    /// Commit bodies run outside the lock (they may call back into the slot), so the atomicity `commit`
    /// promises — once a newer `replace` has returned, no older body starts, and none is still running — is
    /// kept by this wait. Bodies on the caller's actor never overlap with the caller, so this returns at once
    /// unless a body runs on another thread at this very moment; bodies are short, so it yields rather than
    /// sleeps first.
    static func waitForCommits(in state: Locked<SlotState>, olderThan generation: UInt64) {
        let thread = currentThread()
        var attempts = 0
        while state.withLock({ $0.commits.contains { $0.generation < generation && $0.thread != thread } }) {
            attempts += 1
            if attempts < 64 {
                sched_yield()
            } else {
                usleep(50)
            }
        }
    }
}
