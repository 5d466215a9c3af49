import Synchronization
import TaskWarden
import TaskWardenSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The lock every runtime type uses, under contention: 4 tasks × 50 000 increments on a 2-core machine (the
// shape of the upstream report of `Synchronization.Mutex` collapsing on Linux). Baselines are the two
// pthread flavours a hand-written lock would use.

private let contendingTasks = 4
private let incrementsPerTask = 50_000

/// A counter behind a heap-allocated `pthread_mutex_t`, default or adaptive (spin briefly, then sleep).
private final class PthreadCounter: @unchecked Sendable {
    // Safe: `count` is only read or written between pthread_mutex_lock and pthread_mutex_unlock.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var count = 0

    init(adaptive: Bool) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        if adaptive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP)) }
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func increment() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_mutex_unlock(mutex)
    }
}

private func contend(_ increment: @escaping @Sendable () -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<contendingTasks {
            group.addTask {
                for _ in 0..<incrementsPerTask { increment() }
            }
        }
    }
}

private let operations = contendingTasks * incrementsPerTask

/// `Mutex` used directly.
private final class MutexCounter: Sendable {
    let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
}

let lockSuite = BenchmarkSuite(name: "lock", comparisons: [
    Comparison("Locked vs Mutex, 4×50k contended", operations: operations,
        baseline: { let counter = MutexCounter(); await contend { counter.increment() } },
        candidate: { let counter = Locked(0); await contend { counter.withLock { $0 += 1 } } }),
    Comparison("Locked vs default pthread, 4×50k contended", operations: operations,
        baseline: { let counter = PthreadCounter(adaptive: false); await contend { counter.increment() } },
        candidate: { let counter = Locked(0); await contend { counter.withLock { $0 += 1 } } }),
    Comparison("Mutex vs default pthread, 4×50k contended", operations: operations,
        baseline: { let counter = PthreadCounter(adaptive: false); await contend { counter.increment() } },
        candidate: { let counter = MutexCounter(); await contend { counter.increment() } }),
    Comparison("Locked vs Mutex, uncontended", operations: operations,
        baseline: { let counter = MutexCounter(); for _ in 0..<operations { counter.increment() } },
        candidate: { let counter = Locked(0); for _ in 0..<operations { counter.withLock { $0 += 1 } } }),
])
