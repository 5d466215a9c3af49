import TaskWardenSupport

/// A long-lived loop with an explicit lifecycle, in two shapes:
///
/// - **Owned by the service** (apps): `start(owner:…)` runs the loop in a named task of its own; `start` is
///   idempotent, `stop()` from outside returns only after the loop has exited (from inside, it returns at
///   once), and the loop holds its owner only for the duration of one iteration — so it can never keep its owner
///   alive, and nobody has to remember `[weak self]`.
/// - **Run by the caller** (servers): a service created with its loop runs it in the calling task with
///   ``run()``, the shape of swift-service-lifecycle's `Service.run()`, and stops gracefully on
///   ``triggerGracefulShutdown()``.
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
/// `every:` is a fixed rate: iterations are due at the start and then every `interval` after it (a 10 s
/// iteration every 60 s starts at 0, 60, 120 s). An iteration that overruns its period is followed at once by the
/// next; ticks missed entirely are dropped, never made up in a burst.
///
/// The loop ends when `stop()` or ``triggerGracefulShutdown()`` is called, when the service is released, when
/// the owner is deallocated (it is held weakly between iterations), or when an iteration returns
/// ``TaskService/Next/stop``. Cancellation reaches the iteration that is running and the wait between
/// iterations.
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

    /// Which loop the current task belongs to: set for the loop's task (or the task in ``run()``) and inherited
    /// by every task it starts, so `stop()` knows when waiting for the loop would mean waiting for itself.
    struct LoopMarker: Sendable, Equatable {
        var service: ObjectIdentifier
        var generation: UInt64
    }

    @TaskLocal static var currentLoop: LoopMarker?

    private let name: String
    private let priority: TaskPriority?
    private let census: TaskCensus
    private let state = Locked(ServiceState())
    /// The loop given to an initializer, for ``run()``.
    private let configuredLoop: ServiceLoop.Body?

    /// Creates a service whose loop is given later, to `start(owner:…)`.
    ///
    /// ```swift
    /// let priceWatch = TaskService(name: "wantlist-price-watch")
    /// ```
    public init(name: String, priority: TaskPriority? = nil, census: TaskCensus = .shared) {
        self.name = name
        self.priority = priority
        self.census = census
        self.configuredLoop = nil
    }

    /// Creates a service that runs `iteration` every `interval` on `clock` (a fixed rate), for ``run()``.
    ///
    /// ```swift
    /// let priceWatch = TaskService(name: "price-watch", every: .seconds(60), clock: ContinuousClock()) {
    ///     await prices.refreshAll()
    /// }
    /// try await priceWatch.run()   // or hand it to a ServiceGroup (Guides/ChoosingAnOwner.md)
    /// ```
    public init<C: Clock>(
        name: String, priority: TaskPriority? = nil, census: TaskCensus = .shared,
        every interval: Duration, clock: C, iteration: @escaping @Sendable () async -> Void
    ) where C.Duration == Duration {
        self.name = name
        self.priority = priority
        self.census = census
        self.configuredLoop = ServiceLoop.fixedRate(every: interval, clock: clock) {
            await iteration()
            return true
        }
    }

    /// Creates a service that repeats `iteration` with no pause until it returns ``Next/stop``, for ``run()``.
    ///
    /// ```swift
    /// let uploader = TaskService(name: "change-uploader") {
    ///     guard let change = await changes.next() else { return .stop }
    ///     await upload(change)
    ///     return .continue
    /// }
    /// ```
    public init(
        name: String, priority: TaskPriority? = nil, census: TaskCensus = .shared,
        iteration: @escaping @Sendable () async -> Next
    ) {
        self.name = name
        self.priority = priority
        self.census = census
        self.configuredLoop = ServiceLoop.repeating { await iteration() == .continue }
    }

    deinit {
        state.withLock { $0.loop }?.cancel()
    }

    /// Whether the loop is running (started or in ``run()``, and not yet exited).
    public var isRunning: Bool {
        state.withLock { $0.isRunning }
    }

    /// Starts the loop unless it is already running; repeats `iteration` with the owner, with no pause (the
    /// iteration itself waits, e.g. for the next element of a stream). The loop yields between iterations, so an
    /// iteration that never suspends does not keep a thread of the cooperative pool to itself.
    ///
    /// - Returns: `true` if this call started the loop, `false` if it was already running.
    @discardableResult
    public func start<Owner: AnyObject & Sendable>(
        owner: Owner,
        fileID: String = #fileID,
        line: Int = #line,
        iteration: @escaping @Sendable (Owner) async -> Next
    ) -> Bool {
        launch(fileID: fileID, line: line, body: ServiceLoop.repeating { [weak owner] in
            // The only strong reference to the owner lives for one iteration.
            guard let owner else { return false }
            return await iteration(owner) == .continue
        })
    }

    /// Starts the loop unless it is already running; runs `iteration` every `interval` on `clock`, at a fixed
    /// rate (see the type's documentation).
    ///
    /// To end the loop from inside, an iteration calls ``stop()``: it returns at once, the iteration finishes,
    /// and the loop ends without waiting out another interval.
    ///
    /// ```swift
    /// priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
    ///     await model.refreshPrices()
    ///     if await model.wantlist.isEmpty { await model.priceWatch.stop() }   // nothing left to watch
    /// }
    /// ```
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
        launch(fileID: fileID, line: line, body: ServiceLoop.fixedRate(every: interval, clock: clock) { [weak owner] in
            // Scoped to the iteration: the owner is not held through the wait that follows.
            guard let owner else { return false }
            await iteration(owner)
            return true
        })
    }

    /// Runs the loop the service was created with in the calling task, until it is stopped — the shape of
    /// swift-service-lifecycle's `Service.run()`.
    ///
    /// It returns normally after ``triggerGracefulShutdown()`` (the running iteration finishes, the wait
    /// between iterations ends at once, no further iteration starts), after ``stop()``, and when an iteration
    /// returns ``Next/stop``. Cancelling the calling task cancels the running iteration and the wait, and `run()`
    /// then throws `CancellationError`. While it runs, the calling task is in the census under the service's
    /// name. Iterations run in the calling task, nonisolated.
    ///
    /// ```swift
    /// struct PriceWatchService: Service {      // swift-service-lifecycle, in your server
    ///     let loop: TaskService
    ///     func run() async throws {
    ///         try await withGracefulShutdownHandler { try await loop.run() }
    ///             onGracefulShutdown: { loop.triggerGracefulShutdown() }
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: `CancellationError` when the caller was cancelled; ``TaskServiceError/alreadyRunning(service:)``
    ///   when the loop is already running (started or run); ``TaskServiceError/noLoop(service:)`` when the
    ///   service was created without a loop (`init(name:priority:census:)`; use `start(owner:…)` then).
    public func run() async throws {
        guard let body = configuredLoop else { throw TaskServiceError.noLoop(service: name) }
        let generation = try state.withLock { state throws(TaskServiceError) in
            guard !state.isRunning else { throw TaskServiceError.alreadyRunning(service: name) }
            return state.begin(inCaller: true)
        }
        let marker = LoopMarker(service: ObjectIdentifier(self), generation: generation)
        let loop = ServiceLoop(state: state, generation: generation)
        await Warden.withCensusEntry(name: name, census: census) {
            await Self.$currentLoop.withValue(marker) { await body(loop) }
        }
        let (endWaiters, stoppedOnRequest) = state.withLock { $0.end(generation) }
        for waiter in endWaiters { waiter.resume() }
        if !stoppedOnRequest, Task.isCancelled { throw CancellationError() }
    }

    /// Asks the loop to stop gracefully and returns at once: the running iteration is not cancelled and finishes,
    /// the wait between iterations ends now, and no further iteration starts. Then ``run()`` returns (or, for a
    /// started loop, its task ends). Calling it when the loop is not running does nothing.
    ///
    /// It mirrors swift-service-lifecycle's graceful shutdown: call it from `withGracefulShutdownHandler`'s
    /// `onGracefulShutdown`.
    ///
    /// ```swift
    /// priceWatch.triggerGracefulShutdown()   // finish the refresh in progress, then stop
    /// ```
    public func triggerGracefulShutdown() {
        let sleepers = state.withLock { $0.requestStop() }
        for sleeper in sleepers { sleeper.resume() }
    }

    /// Stops the loop. Calling it when stopped does nothing.
    ///
    /// From outside the loop, it stops the loop and returns once the loop has exited: after `stop()` returns, no
    /// iteration is running and none will start. A started loop is cancelled (its running iteration sees the
    /// cancellation); a loop in ``run()`` is stopped gracefully (the caller of `run()` alone can cancel its own
    /// task). Cancelling the caller of `stop()` does not make it return early.
    ///
    /// From inside the loop — in an iteration, or in a task the iteration started that inherits its task-locals
    /// (`Task {}`, a group's child task) — waiting for the loop to exit would wait for itself, so `stop()` marks
    /// the loop stopped and returns at once: no further iteration starts, the current iteration is not cancelled
    /// and runs to its end, and when it returns the service is stopped (``isRunning`` becomes `false`, and it can
    /// be started again). A `Task.detached` is outside the loop (it inherits no task-locals): its `stop()` waits
    /// for the iteration, so an iteration must not await a detached task that stops the service.
    ///
    /// ```swift
    /// priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
    ///     if await model.signedOut { await model.priceWatch.stop() }   // this iteration finishes; no other starts
    ///     else { await model.refreshPrices() }
    /// }
    /// ```
    public func stop() async {
        let marker = Self.currentLoop
        let service = ObjectIdentifier(self)
        struct Running {
            var loop: Task<Void, Never>?
            var isInside: Bool
            var sleepers: [CheckedContinuation<Void, Never>]
        }
        let running = state.withLock { state -> Running? in
            guard state.isRunning else { return nil }
            let isInside = marker == LoopMarker(service: service, generation: state.generation)
            return Running(loop: state.loop, isInside: isInside, sleepers: state.requestStop())
        }
        guard let running else { return }
        for sleeper in running.sleepers { sleeper.resume() }
        guard !running.isInside else { return }
        if let loop = running.loop {
            loop.cancel()
            await loop.value
        } else {
            await waitForRunToEnd()
        }
    }

    /// Waits (uncancellably, like `await loop.value`) until the loop in ``run()`` has returned.
    private func waitForRunToEnd() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                guard state.runsInCaller else { return true }
                state.endWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// Starts `body` as the loop's task.
    private func launch(fileID: String, line: Int, body: @escaping ServiceLoop.Body) -> Bool {
        let state = self.state
        let service = ObjectIdentifier(self)
        // The task is created inside the critical section, so "running" and "has a loop task" are one fact:
        // a concurrent `start` sees it and returns `false`, a concurrent `stop` finds the task to await.
        // (Creating a task never runs its body synchronously, and the census takes its own, separate lock.)
        return state.withLock { current in
            guard !current.isRunning else { return false }
            let generation = current.begin(inCaller: false)
            let loop = ServiceLoop(state: state, generation: generation)
            current.loop = Warden.task(
                name: name, priority: priority, census: census, fileID: fileID, line: line, isolation: nil
            ) {
                await Self.$currentLoop.withValue(LoopMarker(service: service, generation: generation)) {
                    await body(loop)
                }
                // The loop has exited: mark the service stopped (unless a newer start already replaced us).
                _ = state.withLock { $0.end(generation) }
            }
            return true
        }
    }
}

/// Why ``TaskService/run()`` did not run.
public enum TaskServiceError: Error, Equatable, CustomStringConvertible {
    /// The loop is already running: started, or in another `run()`.
    case alreadyRunning(service: String)
    /// The service was created without a loop (`TaskService(name:)`); create it with
    /// `TaskService(name:every:clock:iteration:)` or `TaskService(name:iteration:)` to `run()` it.
    case noLoop(service: String)

    public var description: String {
        switch self {
        case .alreadyRunning(let service):
            return "TaskService '\(service)' is already running"
        case .noLoop(let service):
            return "TaskService '\(service)' was created without a loop; create it with init(name:every:clock:iteration:) or init(name:iteration:) to run() it"
        }
    }
}
