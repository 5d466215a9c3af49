import TaskWarden
import TaskWardenSupport

/// A one-shot latch for ordering test steps without sleeping: ``wait()`` suspends until ``open()``, and once
/// open it stays open, so a waiter that arrives late passes straight through.
///
/// Tests use it to hold work at a known point — a render that must not finish before the test has cancelled
/// its caller, a child that must still be running when the census is taken — and benchmarks use it to keep
/// tasks in flight while they measure.
///
/// ```swift
/// let release = Gate()
/// let render = Warden.task(name: "thumbnail:7", census: census) { await release.wait() }
/// #expect(census.snapshot().countsByName == ["thumbnail:7": 1])   // still running: held at the gate
/// release.open()
/// await render.value
/// ```
///
/// Cancellation: waiting is deliberately *not* cancellable — a cancelled waiter keeps waiting until the gate
/// opens — so the test alone decides when the work proceeds.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// Opens the gate: every waiter resumes, and later calls to ``wait()`` return at once. Opening twice is
    /// harmless.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Whether ``open()`` has been called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Suspends until the gate is open; returns at once if it already is.
    public func wait() async {
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
