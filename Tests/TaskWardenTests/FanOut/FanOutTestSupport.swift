import Synchronization
import TaskWarden
import TaskWardenSupport

/// Holds fan-out children at the door until the test lets them through, and tells the test — by notification,
/// not polling — when a given number are waiting.
final class FanOutGate: Sendable {
    private struct State {
        var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var cancelledEarly: Set<Int> = []
        var inside = 0
        var maxInside = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func satisfied() -> [CheckedContinuation<Void, Never>] {
            var ready: [CheckedContinuation<Void, Never>] = []
            watchers.removeAll { watcher in
                guard waiting.count == watcher.count else { return false }
                ready.append(watcher.continuation)
                return true
            }
            return ready
        }
    }

    // `Locked`, not `Mutex`: ThreadSanitizer cannot see how Linux's `Mutex` hands contended ownership over,
    // and reports every contended critical section as a race (see `Locked`).
    private let state = Locked(State())

    /// The most children that were ever inside `enter` at once.
    var maxConcurrent: Int { state.withLock { $0.maxInside } }
    var waitingIDs: [Int] { state.withLock { $0.waiting.map(\.id) } }

    /// Waits to be let through; `false` when the child's task was cancelled instead.
    func enter(_ id: Int) async -> Bool {
        state.withLock { state in
            state.inside += 1
            state.maxInside = max(state.maxInside, state.inside)
        }
        defer { state.withLock { $0.inside -= 1 } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (cancelled, ready): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return (true, []) }
                    state.waiting.append((id, continuation))
                    return (false, state.satisfied())
                }
                if cancelled { continuation.resume(returning: false) }
                for watcher in ready { watcher.resume() }
            }
        } onCancel: {
            let (continuation, ready) = state.withLock { state -> (CheckedContinuation<Bool, Never>?, [CheckedContinuation<Void, Never>]) in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return (nil, [])
                }
                let continuation = state.waiting.remove(at: index).continuation
                return (continuation, state.satisfied())
            }
            continuation?.resume(returning: false)
            for watcher in ready { watcher.resume() }
        }
    }

    /// Suspends until exactly `count` children are waiting at the door.
    func waitForWaiting(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withLock { state in
                if state.waiting.count == count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Lets the child waiting with `id` through.
    func release(_ id: Int) {
        let (continuation, ready) = state.withLock { state -> (CheckedContinuation<Bool, Never>?, [CheckedContinuation<Void, Never>]) in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return (nil, []) }
            let continuation = state.waiting.remove(at: index).continuation
            return (continuation, state.satisfied())
        }
        precondition(continuation != nil, "no child \(id) is waiting")
        continuation?.resume(returning: true)
        for watcher in ready { watcher.resume() }
    }
}

/// A sequence that counts how many items have been pulled from it, to show the fan-out pulls lazily.
struct CountingSequence: Sequence, Sendable {
    let count: Int
    final class Counter: Sendable {
        let pulled = Atomic<Int>(0)
    }
    let counter = Counter()

    var pulledCount: Int { counter.pulled.load(ordering: .relaxed) }

    struct Iterator: IteratorProtocol {
        var position = 0
        let count: Int
        let counter: Counter
        mutating func next() -> Int? {
            guard position < count else { return nil }
            defer { position += 1 }
            counter.pulled.add(1, ordering: .relaxed)
            return position
        }
    }

    func makeIterator() -> Iterator { Iterator(count: count, counter: counter) }
}

struct Boom: Error, Equatable {}
