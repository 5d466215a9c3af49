#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Synchronization
#endif

/// A reference-type lock around some state: the one lock type of TaskWarden, used by the runtime's owners and
/// by the lint engine's shared run state alike.
///
/// TaskWarden's owners are lock-protected final classes rather than actors: an actor has its own executor,
/// so work hopping onto it would escape a caller's task executor (the background simulator in
/// `TaskWardenTesting` runs everything on one deterministic executor). Critical sections are short and
/// synchronous; continuations are resumed and tasks cancelled *after* the lock is released.
///
/// On Linux the lock is an adaptive `pthread_mutex_t` (spins briefly, then sleeps); elsewhere it is
/// `Synchronization.Mutex` (`os_unfair_lock` on Apple platforms). `Mutex` does not collapse under contention in
/// this toolchain (`swift run -c release RuntimeBenchmarks lock`, `Guides/Census.md`), so speed did not decide.
/// ThreadSanitizer did: Linux `Mutex` hands contended ownership over in the kernel (priority-inheritance
/// futexes), which TSan cannot see, so every contended critical section was reported as a data race. TSan
/// intercepts `pthread_mutex_lock`, and the CI run under `--sanitize=thread` must be clean.
///
/// Its members are `package` and its target is no product, so only TaskWarden's own modules use it. The class
/// itself is spelled `public`: the toolchain does not inline members of a `package` class across modules (the
/// call to `withLock` stays an unspecialized generic call, several times the cost of the lock), while the
/// `package` members of a `public` class are inlined like any `@inlinable` code.
///
/// ```swift
/// let wantlist = Locked<Set<Int>>([])
/// wantlist.withLock { _ = $0.insert(42) }
/// ```
///
/// The lock is not re-entrant: never call back into the same `Locked` from inside `withLock`.
#if canImport(Glibc) || canImport(Musl)
public final class Locked<State: ~Copyable>: @unchecked Sendable {
    // Why `@unchecked` is sound: `state` is only ever accessed inside `withLock`, between
    // `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`, which is allocated once, never moved
    // (pthread mutexes must not be), and destroyed only in `deinit`, when no other reference exists. The
    // `sending` annotations on `init` and `withLock` are `Mutex`'s, so non-`Sendable` state cannot escape.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    @inlinable
    package init(_ initialState: consuming sending State) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))   // a glibc extension
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        state = initialState
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
#else
public final class Locked<State: ~Copyable>: Sendable {
    @usableFromInline let mutex: Mutex<State>

    @inlinable
    package init(_ initialState: consuming sending State) {
        mutex = Mutex(initialState)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
#endif

/// Reflection must not walk into the lock: `Mirror` copies stored fields, and a non-copyable state (or the
/// lock itself) crashes it — which is what Swift Testing does to print the operands of a failed `#expect`.
extension Locked: CustomReflectable where State: ~Copyable {
    public var customMirror: Mirror {
        Mirror(self, children: [:], displayStyle: .class)
    }
}
