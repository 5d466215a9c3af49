import TaskWarden

/// A one-shot latch for ordering test steps without sleeping: `wait()` suspends until `open()`.
/// Waiting is deliberately not cancellable, so a test controls exactly when work proceeds.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Locked(State())

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let proceed = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
    }
}

/// A counter tests share with the tasks they start.
final class Counter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Waits (by yielding, never by sleeping) until `condition` holds. Gives up after `attempts` yields so a
/// broken behaviour fails the test instead of hanging it.
@discardableResult
func eventually(attempts: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<attempts {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
