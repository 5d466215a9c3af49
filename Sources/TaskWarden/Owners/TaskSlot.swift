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
    /// The operation inherits the caller's actor isolation, like `Task {}`, and an operation isolated to an
    /// actor (`{ @MainActor generation in … }`) is enqueued directly on that actor, census on or off. It
    /// receives its ``SlotGeneration``; only a call to ``SlotGeneration/commit(_:)`` on a generation that is
    /// still current publishes anything.
    ///
    /// When `replace` returns, no older generation's commit body can start any more, and a body that was
    /// already running on another thread has finished (a body running on this thread — `replace` called from
    /// inside a commit, say from a `didSet` — is the caller's own and goes on after `replace` returns).
    @discardableResult
    public func replace(
        name: String,
        priority: TaskPriority? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext operation: sending @escaping @isolated(any) (SlotGeneration) async -> Void
    ) -> Task<Void, Never> {
        let (generation, replaced, commitsRunning) = state.withLock { state in
            state.generation &+= 1
            defer { state.current = nil }
            return (state.generation, state.current, !state.commits.isEmpty)
        }
        replaced?.cancel()
        if commitsRunning { SlotState.waitForCommits(in: state, olderThan: generation) }
        let token = SlotGeneration(state: state, value: generation)
        let entry = census.isEnabled
            ? census.makeEntry(name: name, parentID: TaskID.current, fileID: fileID, line: line) : nil
        let task = SlotWork(operation, generation: token, census: census, entry: entry)
            .makeTask(TaskCreation(name: name, priority: priority, executorPreference: nil))
        if let entry { census.register(entry, id: task.taskID) }
        // Another `replace` may have run between the two critical sections; then this task is already stale.
        // The task may also have ended already, and then it is not the slot's current work.
        let isStale = state.withLock { state in
            guard state.generation == generation else { return true }
            if state.endedGeneration != generation { state.current = task }
            return false
        }
        if isStale { task.cancel() }
        return task
    }

    /// Cancels the current work; its generation can no longer commit. A commit body of it already running on
    /// another thread has finished when this returns.
    public func cancel() {
        let (generation, running, commitsRunning) = state.withLock { state -> (UInt64, Task<Void, Never>?, Bool) in
            state.generation &+= 1
            defer { state.current = nil }
            return (state.generation, state.current, !state.commits.isEmpty)
        }
        running?.cancel()
        if commitsRunning { SlotState.waitForCommits(in: state, olderThan: generation) }
    }

    /// The task doing the current work, or `nil` when idle: before the first `replace`, after `cancel()`, and
    /// once the current work has returned.
    public var current: Task<Void, Never>? {
        state.withLock { $0.current }
    }

    /// Waits until the slot is settled: the current work has finished and nothing replaced it meanwhile.
    ///
    /// Tests use it to wait for "whatever the slot ends up doing"; callers use it to await the latest request.
    /// Cancelling the waiter stops the waiting, not the work.
    ///
    /// ```swift
    /// model.queryChanged("blue train")
    /// await model.search.settled()      // the latest query has committed (or was cancelled)
    /// ```
    public func settled() async {
        while let work = current {
            guard await Self.waitForEnd(of: work, census: census) else { return }   // cancelled: stop waiting
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
        Warden.task(name: "slot-settled-watcher", census: census, isolation: nil) {
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

    fileprivate init(state: Locked<SlotState>, value: UInt64) {
        self.state = state
        self.value = value
    }

    /// Whether this work is still the slot's latest. It can become `false` at any moment; use ``commit(_:)``
    /// to act on it atomically.
    public var isCurrent: Bool {
        state.withLock { $0.generation == value }
    }

    /// Runs `apply` if and only if this generation is still current, atomically with respect to `replace`
    /// and `cancel`: once a newer `replace` has returned, no older `commit` body can start, and a body that
    /// started on another thread finishes before that `replace` returns.
    ///
    /// `apply` runs synchronously, on the caller (so on the caller's actor), and *not* under the slot's lock:
    /// it may call back into the slot — a `didSet` that calls `replace` or `cancel` works, and that `replace`
    /// does not wait for the body it was called from. Keep it short and never block in it on another thread:
    /// a `replace` on another thread waits for it.
    ///
    /// ```swift
    /// generation.commit { self.albums = found }   // skipped (returns nil) if a newer query replaced us
    /// ```
    ///
    /// - Returns: `apply`'s result, or `nil` when this generation was replaced.
    @discardableResult
    public func commit<Result, Failure: Error>(_ apply: () throws(Failure) -> Result) throws(Failure) -> Result? {
        let thread = SlotState.currentThread()
        let admitted = state.withLock { state in
            guard state.generation == value else { return false }
            state.commits.append(SlotState.Commit(generation: value, thread: thread))
            return true
        }
        guard admitted else { return nil }
        defer {
            state.withLock { state in
                if let index = state.commits.lastIndex(where: { $0.generation == value && $0.thread == thread }) {
                    state.commits.remove(at: index)
                }
            }
        }
        return try apply()
    }

    /// Called by the work's task as it ends: the slot is idle unless newer work replaced it.
    fileprivate func workEnded() {
        state.withLock { state in
            guard state.generation == value else { return }
            if state.current == nil { state.endedGeneration = value } else { state.current = nil }
        }
    }
}

/// One `replace`'s operation: it runs in a task isolated like the operation itself (see
/// IsolatedTaskCreation.swift), registered in the census when that is on, and marks the slot idle when it
/// returns.
///
/// `@unchecked Sendable` is sound: the operation was passed as `sending`, is read here for its isolation and
/// called exactly once, by the one task created for it; everything else is immutable and `Sendable`.
private final class SlotWork: @unchecked Sendable {
    private let operation: @isolated(any) (SlotGeneration) async -> Void
    private let generation: SlotGeneration
    private let census: TaskCensus
    private let entry: CensusEntry?

    init(
        _ operation: sending @escaping @isolated(any) (SlotGeneration) async -> Void, generation: SlotGeneration,
        census: TaskCensus, entry: CensusEntry?
    ) {
        self.operation = operation
        self.generation = generation
        self.census = census
        self.entry = entry
    }

    func makeTask(_ creation: TaskCreation) -> Task<Void, Never> {
        guard let actor = operation.isolation else {
            return Task(name: creation.name, priority: creation.priority) { await self.run() }
        }
        return actor.withUncheckedIsolation { actor in self.makeTask(creation, on: actor) }
    }

    private func makeTask(_ creation: TaskCreation, on actor: isolated any Actor) -> Task<Void, Never> {
        Task(name: creation.name, priority: creation.priority) {
            _ = actor
            defer { self.ended() }
            await self.operation(self.generation)
        }
    }

    private func run() async {
        defer { ended() }
        await operation(generation)
    }

    private func ended() {
        if let entry { census.deregister(entry) }
        generation.workEnded()
    }
}
