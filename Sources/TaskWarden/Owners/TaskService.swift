/// A long-lived loop with an explicit lifecycle: `start` is idempotent, `stop()` returns only after the loop
/// has exited, and the loop holds its owner only for the duration of one iteration — so it can never keep
/// its owner alive, and nobody has to remember `[weak self]`.
///
/// ```swift
/// @MainActor final class WantlistModel {
///     private let priceWatch = TaskService(name: "wantlist-price-watch")
///
///     func appeared() {
///         priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
///             await model.refreshPrices()
///         }
///     }
///     func disappeared() async { await priceWatch.stop() }   // no refresh runs after this returns
/// }
/// ```
///
/// The loop ends when `stop()` is called, when the service is released, when the owner is deallocated (it is
/// held weakly between iterations), or when an iteration returns ``TaskService/Next/stop``. Cancellation
/// reaches the iteration that is running and the sleep between iterations.
public final class TaskService: Sendable {
    /// What the loop does after an iteration of ``start(owner:fileID:line:iteration:)``.
    ///
    /// ```swift
    /// syncEngine.start(owner: self) { model in
    ///     guard let change = await model.changes.next() else { return .stop }   // stream finished
    ///     await model.upload(change)
    ///     return .continue
    /// }
    /// ```
    public enum Next: Sendable {
        /// Run another iteration (unless stopped, released, or the owner is gone).
        case `continue`
        /// End the loop; the service becomes stopped and can be started again.
        case stop
    }

    private struct State: Sendable {
        var loop: Task<Void, Never>?
        var generation: UInt64 = 0
    }

    private let name: String
    private let priority: TaskPriority?
    private let census: TaskCensus
    private let state = Locked(State())

    public init(name: String, priority: TaskPriority? = nil, census: TaskCensus = .shared) {
        self.name = name
        self.priority = priority
        self.census = census
    }

    deinit {
        state.withLock { $0.loop }?.cancel()
    }

    /// Whether the loop is running (started and not yet exited).
    public var isRunning: Bool {
        state.withLock { $0.loop != nil }
    }

    /// Starts the loop unless it is already running; repeats `iteration` with the owner, with no pause (the
    /// iteration itself waits, e.g. for the next element of a stream).
    ///
    /// - Returns: `true` if this call started the loop, `false` if it was already running.
    @discardableResult
    public func start<Owner: AnyObject & Sendable>(
        owner: Owner,
        fileID: String = #fileID,
        line: Int = #line,
        iteration: @escaping @Sendable (Owner) async -> Next
    ) -> Bool {
        launch(fileID: fileID, line: line) { [weak owner] in
            while !Task.isCancelled {
                // The only strong reference to the owner lives for one iteration.
                guard let owner else { return }
                if await iteration(owner) == .stop { return }
            }
        }
    }

    /// Starts the loop unless it is already running; runs `iteration` every `interval` on `clock`.
    ///
    /// - Returns: `true` if this call started the loop, `false` if it was already running.
    @discardableResult
    public func start<Owner: AnyObject & Sendable, C: Clock>(
        owner: Owner,
        every interval: Duration,
        clock: C,
        fileID: String = #fileID,
        line: Int = #line,
        iteration: @escaping @Sendable (Owner) async -> Void
    ) -> Bool where C.Duration == Duration {
        launch(fileID: fileID, line: line) { [weak owner] in
            while !Task.isCancelled {
                // Scoped to the iteration: a binding at loop level would hold the owner through the sleep below
                // too, so an owner released meanwhile would live on until the loop woke up.
                do {
                    guard let owner else { return }
                    await iteration(owner)
                }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        }
    }

    /// Cancels the loop and returns once it has exited: after `stop()` returns, no iteration is running and
    /// none will start. Calling it when stopped does nothing. Cancelling the caller of `stop()` does not make
    /// it return early.
    public func stop() async {
        let loop = state.withLock { $0.loop }
        guard let loop else { return }
        loop.cancel()
        await loop.value
    }

    private func launch(fileID: String, line: Int, loop body: @escaping @Sendable () async -> Void) -> Bool {
        let state = self.state
        // The task is created inside the critical section, so "running" and "has a loop task" are one fact:
        // a concurrent `start` sees it and returns `false`, a concurrent `stop` finds the task to await.
        // (Creating a task never runs its body synchronously, and the census takes its own, separate lock.)
        return state.withLock { current in
            guard current.loop == nil else { return false }
            current.generation &+= 1
            let generation = current.generation
            current.loop = TaskWarden.task(
                name: name, priority: priority, census: census, fileID: fileID, line: line, isolation: nil
            ) {
                await body()
                // The loop has exited: mark the service stopped (unless a newer start already replaced us).
                state.withLock { state in if state.generation == generation { state.loop = nil } }
            }
            return true
        }
    }
}
