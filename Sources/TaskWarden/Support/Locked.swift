import Synchronization

/// A reference-type lock around some state, shared by every TaskWarden runtime type.
///
/// TaskWarden's owners are lock-protected final classes rather than actors: an actor has its own executor,
/// so work hopping onto it would escape a caller's task executor (the background simulator in
/// `TaskWardenTesting` runs everything on one deterministic executor). Critical sections are short and
/// synchronous; continuations are resumed and tasks cancelled *after* the lock is released.
///
/// The lock is `Synchronization.Mutex`. It was chosen by measurement on this project's Linux machine (2 cores,
/// Swift 6.3.1), 4 tasks × 50 000 increments each — see `Benchmarks/RuntimeBenchmarks/LockBenchmarks.swift`
/// and `Guides/Census.md` for the figures. `Mutex` did not collapse under contention in this toolchain, and
/// beat both a default and an adaptive `pthread_mutex_t`; wrapping it here keeps the choice in one place.
///
/// ```swift
/// let wantlist = Locked<Set<Int>>([])
/// wantlist.withLock { $0.insert(42) }
/// ```
///
/// It is `public` (not `package`) because SwiftPM does not inline `@inlinable package` members across
/// modules in this toolchain: the wrapper cost 26 ns per uncontended lock as `package` and 9 ns — the same
/// as `Mutex` itself — as `public`. Users may adopt it for their own small shared state.
///
/// The lock is not re-entrant: never call back into the same `Locked` from inside `withLock`.
public final class Locked<State: ~Copyable>: Sendable {
    @usableFromInline let mutex: Mutex<State>

    @inlinable
    public init(_ initialState: consuming sending State) {
        mutex = Mutex(initialState)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
