import Foundation

/// State that threads of one run share (the fix writer's temporaries, the interrupt handler's target), behind
/// a lock ThreadSanitizer understands.
///
/// Not `Synchronization.Mutex`: on Linux it hands contended ownership over in the kernel (priority-inheritance
/// futexes), which TSan cannot see, so every contended section is reported as a race and the CI run under
/// `--sanitize=thread` fails (the runtime's `Locked` records the same finding). `NSLock` is a pthread mutex,
/// which TSan intercepts.
///
/// ```swift
/// let paths = SharedState<Set<String>>([])
/// paths.withLock { _ = $0.insert("/tmp/a") }
/// ```
final class SharedState<State: Sendable>: @unchecked Sendable {
    // Why `@unchecked` is sound: `state` is read and written only inside `withLock`, between `lock()` and
    // `unlock()` of the one `NSLock` this instance owns, and it is `Sendable`, so nothing reachable from it can
    // be touched outside the lock by reference.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, under the lock (not re-entrant).
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
