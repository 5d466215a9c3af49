import TaskWardenSupport
/// An owner for "latest request wins" work: starting new work cancels the previous task, and a generation
/// check guarantees that replaced work can never commit its result — even if it already passed its last
/// cancellation check when the replacement arrived.
///
/// ```swift
/// @MainActor final class SearchModel {
///     private let search = TaskSlot()
///     var albums: [Album] = []
///
///     func queryChanged(_ query: String) {
///         search.replace(name: "album-search") { generation in
///             guard let found = try? await catalog.albums(matching: query) else { return }
///             generation.commit { self.albums = found }   // skipped if a newer query replaced us
///         }
///     }
/// }
/// ```
///
/// Cancellation: `replace` cancels the previous task (it sees `Task.isCancelled`), `cancel()` cancels the
/// current one, and releasing the slot cancels whatever is running. Cancelling the code that *called*
/// `replace` does not cancel the work: the slot owns it.
public final class TaskSlot: Sendable {
    private let census: TaskCensus
    private let state: Locked<SlotState>

    public init(census: TaskCensus = .shared) {
        self.census = census
        state = Locked(SlotState())
    }

    deinit {
        let running = state.withLock { state -> Task<Void, Never>? in
            state.generation &+= 1
            defer { state.current = nil }
            return state.current
        }
        running?.cancel()
    }

    /// Cancels the current work (if any) and starts `operation` as the slot's new current work.
    ///
    /// The operation inherits the caller's actor isolation, like `Task {}`. It receives its
    /// ``SlotGeneration``; only a call to ``SlotGeneration/commit(_:)`` on a generation that is still current
    /// publishes anything.
    @discardableResult
    public func replace(
        name: String,
        priority: TaskPriority? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext operation: sending @escaping @isolated(any) (SlotGeneration) async -> Void
    ) -> Task<Void, Never> {
        let (generation, replaced) = state.withLock { state in
            state.generation &+= 1
            defer { state.current = nil }
            return (state.generation, state.current)
        }
        replaced?.cancel()
        let token = SlotGeneration(state: state, value: generation)
        let task = TaskWarden.task(
            name: name, priority: priority, census: census, fileID: fileID, line: line, isolation: isolation
        ) {
            _ = isolation
            await operation(token)
        }
        // Another `replace` may have run between the two critical sections; then this task is already stale.
        let isStale = state.withLock { state in
            guard state.generation == generation else { return true }
            state.current = task
            return false
        }
        if isStale { task.cancel() }
        return task
    }

    /// Cancels the current work; its generation can no longer commit.
    public func cancel() {
        let running = state.withLock { state -> Task<Void, Never>? in
            state.generation &+= 1
            defer { state.current = nil }
            return state.current
        }
        running?.cancel()
    }

    /// The task doing the current work, or `nil` when idle.
    public var current: Task<Void, Never>? {
        state.withLock { $0.current }
    }

    /// Waits until the slot is settled: the current work has finished and nothing replaced it meanwhile.
    ///
    /// Tests use it to wait for "whatever the slot ends up doing"; callers use it to await the latest request.
    /// Cancelling the waiter stops the waiting, not the work.
    public func settled() async {
        while let work = current {
            guard await Self.waitForEnd(of: work, census: census) else { return }   // cancelled: stop waiting
            let unchanged = state.withLock { state in
                state.current == nil || state.current == work
            }
            if unchanged {
                state.withLock { state in if state.current == work { state.current = nil } }
                return
            }
            if Task.isCancelled { return }
        }
    }
}

extension TaskSlot {
    /// Waits until `work` ends or the waiting task is cancelled, whichever comes first; `true` if `work` ended.
    ///
    /// `await work.value` alone cannot be interrupted by the waiter's cancellation, so a helper task awaits it
    /// and the first of its end and the cancellation resumes the waiter (decided once, under a lock). The
    /// helper ends when the work does.
    fileprivate static func waitForEnd(of work: Task<Void, Never>, census: TaskCensus) async -> Bool {
        if Task.isCancelled { return false }
        let wait = Locked<(continuation: CheckedContinuation<Bool, Never>?, ended: Bool?)>((nil, nil))
        @Sendable func decide(_ ended: Bool) {
            let continuation = wait.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard state.ended == nil else { return nil }
                state.ended = ended
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: ended)
        }
        TaskWarden.task(name: "slot-settled-watcher", census: census, isolation: nil) {
            await work.value
            decide(true)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Decided before the continuation was stored (the work ended, or the waiter was cancelled).
                let decided = wait.withLock { state -> Bool? in
                    if let ended = state.ended { return ended }
                    state.continuation = continuation
                    return nil
                }
                if let decided { continuation.resume(returning: decided) }
            }
        } onCancel: {
            decide(false)
        }
    }
}

struct SlotState: Sendable {
    var generation: UInt64 = 0
    var current: Task<Void, Never>?
}

/// The generation a ``TaskSlot`` gave one piece of work: the right to publish its result while it is still
/// the slot's latest.
///
/// ```swift
/// generation.commit { self.albums = found }
/// ```
public struct SlotGeneration: Sendable {
    fileprivate let state: Locked<SlotState>
    /// The generation number, increasing with every `replace` or `cancel`.
    public let value: UInt64

    /// Whether this work is still the slot's latest. It can become `false` at any moment; use ``commit(_:)``
    /// to act on it atomically.
    public var isCurrent: Bool {
        state.withLock { $0.generation == value }
    }

    /// Runs `apply` if and only if this generation is still current, atomically with respect to `replace`
    /// and `cancel`: once a newer `replace` has returned, no older `commit` body can start, and a body that
    /// started finishes before that `replace` returns.
    ///
    /// `apply` runs synchronously on the caller, under the slot's lock: keep it to assignments, and never call
    /// back into the same slot from inside it.
    /// - Returns: `apply`'s result, or `nil` when this generation was replaced.
    @discardableResult
    public func commit<Result, Failure: Error>(_ apply: () throws(Failure) -> Result) throws(Failure) -> Result? {
        try state.withLock { (state: inout SlotState) throws(Failure) -> Result? in
            guard state.generation == value else { return nil }
            return try apply()
        }
    }
}
