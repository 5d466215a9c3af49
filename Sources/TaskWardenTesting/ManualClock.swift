import TaskWarden
import TaskWardenSupport

/// A clock whose time moves only when a test moves it.
///
/// Sleepers registered with ``sleep(until:tolerance:)`` stay suspended until ``advance(by:)`` or
/// ``advance(to:)-(Instant)`` carries `now` past their deadline; they are then resumed one at a time in deadline order
/// (ties in the order they went to sleep), with `now` set to each sleeper's deadline as it is resumed and to the
/// target when the advance finishes.
///
/// A test that starts work in another task waits for that work to go to sleep with
/// ``waitForSleepers(count:)`` — a notification, not a polling loop — and only then advances:
///
/// ```swift
/// let clock = ManualClock()
/// let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
/// for _ in 0..<40 { try await limiter.acquire() }
/// let late = Task { try await limiter.acquire() }
/// await clock.waitForSleepers(count: 1)
/// clock.advance(to: .seconds(60))
/// #expect(try await late.value == ManualClock.Instant(offset: .seconds(60)))
/// ```
///
/// Boundary rule: a sleeper whose deadline equals the target of an advance *is* resumed (unlike
/// kotlinx-coroutines-test's `advanceTimeBy`), and `sleep(until:)` with a deadline at or before `now` returns at
/// once. A resumed task runs concurrently with the rest of the test, so it may observe a `now` later than its own
/// deadline; code that needs exact instants should use the deadline it slept until.
///
/// Cancelling a sleeping task removes it at once and makes its `sleep` throw `CancellationError`.
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: the time elapsed since the clock was created.
    public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
        /// The time since the clock's origin.
        public var offset: Duration

        /// Creates the instant `offset` after the clock's origin.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "t=\(offset)" }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        /// Ids whose cancellation arrived before their continuation was stored.
        var cancelledEarly: Set<UInt64> = []
        var watchers: [Watcher] = []

        /// Removes and returns the watchers now satisfied, so they can be resumed outside the lock.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            var ready: [CheckedContinuation<Void, Never>] = []
            watchers.removeAll { watcher in
                guard sleepers.count >= watcher.count else { return false }
                ready.append(watcher.continuation)
                return true
            }
            return ready
        }
    }

    private let state = Locked(State())

    /// Creates a clock at its origin, `Instant(offset: .zero)`.
    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// The number of tasks currently asleep on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the current sleepers, earliest first.
    public var pendingDeadlines: [Instant] {
        state.withLock { $0.sleepers.map(\.deadline).sorted() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id: UInt64? = state.withLock { state in
            if deadline <= state.now { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: (cancelled: Bool, due: Bool, watchers: [CheckedContinuation<Void, Never>]) =
                    state.withLock { state in
                        if state.cancelledEarly.remove(id) != nil { return (true, false, []) }
                        // Time may have moved past the deadline between the check above and now.
                        if deadline <= state.now { return (false, true, []) }
                        state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        return (false, false, state.satisfiedWatchers())
                    }
                if outcome.cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if outcome.due {
                    continuation.resume()
                }
                for watcher in outcome.watchers { watcher.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index).continuation
                }
                state.cancelledEarly.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, resuming every sleeper whose deadline is reached, in deadline order.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock.advance(by:) needs a non-negative duration, got \(duration)")
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `target` (offset from the origin), resuming due sleepers in deadline order.
    public func advance(to target: Duration) {
        advance(to: Instant(offset: target))
    }

    /// Moves time forward to `target`, resuming every sleeper whose deadline is at or before it, in deadline
    /// order (ties in registration order). Moving backwards is a programming error in the test.
    public func advance(to target: Instant) {
        precondition(target >= now, "ManualClock cannot move backwards: now is \(now), asked for \(target)")
        while true {
            // One sleeper per step, rescanning each time, so sleepers registered by tasks woken earlier in this
            // advance are honoured in order too.
            let next: CheckedContinuation<Void, any Error>? = state.withLock { state in
                var best: Int?
                for index in state.sleepers.indices where state.sleepers[index].deadline <= target {
                    if let current = best, state.sleepers[current].deadline <= state.sleepers[index].deadline {
                        continue
                    }
                    best = index
                }
                guard let best else {
                    state.now = target
                    return nil
                }
                let sleeper = state.sleepers.remove(at: best)
                state.now = max(state.now, sleeper.deadline)
                return sleeper.continuation
            }
            guard let next else { return }
            next.resume()
        }
    }

    /// Suspends until at least `count` tasks are asleep on this clock.
    ///
    /// Resumed by the registration that reaches the count (no polling, no `Task.yield`). Returns at once when
    /// the count is already reached. If the waiting task is cancelled it keeps waiting — tests that might never
    /// reach the count should bound themselves with Swift Testing's time limit.
    public func waitForSleepers(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
