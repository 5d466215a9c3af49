/// A long-lived loop with an explicit lifecycle: `start` is idempotent, `stop()` from outside returns only after
/// the loop has exited (from inside, it returns at once), and the loop holds its owner only for the duration of
/// one iteration — so it can never keep its owner alive, and nobody has to remember `[weak self]`.
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
///
/// A loop may stop itself: an iteration (or a task it started) can call ``stop()``, which then returns at once
/// (see ``stop()``), and an iteration of ``start(owner:fileID:line:iteration:)`` can return ``Next/stop``.
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
        /// Set by `stop()`: the loop starts no further iteration.
        var stopRequested = false
    }

    /// Which loop the current task belongs to: set for the loop's task and inherited by every task it starts,
    /// so `stop()` knows when waiting for the loop would mean waiting for itself.
    private struct LoopMarker: Sendable, Equatable {
        var service: ObjectIdentifier
        var generation: UInt64
    }

    @TaskLocal private static var currentLoop: LoopMarker?

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
        launch(fileID: fileID, line: line) { [weak owner] shouldGoOn in
            while shouldGoOn() {
                // The only strong reference to the owner lives for one iteration.
                guard let owner else { return }
                if await iteration(owner) == .stop { return }
            }
        }
    }

    /// Starts the loop unless it is already running; runs `iteration` every `interval` on `clock`.
    ///
    /// To end the loop from inside, an iteration calls ``stop()``: it returns at once, the iteration finishes,
    /// and the loop ends without sleeping out another interval.
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
        launch(fileID: fileID, line: line) { [weak owner] shouldGoOn in
            while shouldGoOn() {
                // Scoped to the iteration: a binding at loop level would hold the owner through the sleep below
                // too, so an owner released meanwhile would live on until the loop woke up.
                do {
                    guard let owner else { return }
                    await iteration(owner)
                }
                // Checked again before sleeping: an iteration that called `stop()` ends the loop now.
                guard shouldGoOn() else { return }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        }
    }

    /// Stops the loop. Calling it when stopped does nothing.
    ///
    /// From outside the loop, it cancels the loop and returns once the loop has exited: after `stop()` returns,
    /// no iteration is running and none will start. Cancelling the caller of `stop()` does not make it return
    /// early.
    ///
    /// From inside the loop — in an iteration, or in a task the iteration started — waiting for the loop to exit
    /// would wait for itself, so `stop()` marks the loop stopped and returns at once: no further iteration
    /// starts, the current iteration is not cancelled and runs to its end, and when it returns the service is
    /// stopped (``isRunning`` becomes `false`, and it can be started again).
    ///
    /// ```swift
    /// priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
    ///     if await model.signedOut { await model.priceWatch.stop() }   // this iteration finishes; no other starts
    ///     else { await model.refreshPrices() }
    /// }
    /// ```
    public func stop() async {
        let marker = Self.currentLoop
        let (loop, isInside) = state.withLock { state -> (Task<Void, Never>?, Bool) in
            guard let loop = state.loop else { return (nil, false) }
            state.stopRequested = true
            let isInside = marker == LoopMarker(service: ObjectIdentifier(self), generation: state.generation)
            return (loop, isInside)
        }
        guard let loop, !isInside else { return }
        loop.cancel()
        await loop.value
    }

    /// Starts `body` as the loop's task. `body` receives a check it calls before every iteration (and before
    /// every sleep): `false` once the task is cancelled or `stop()` was called.
    private func launch(
        fileID: String, line: Int,
        loop body: @escaping @Sendable (_ shouldGoOn: @Sendable () -> Bool) async -> Void
    ) -> Bool {
        let state = self.state
        let service = ObjectIdentifier(self)
        // The task is created inside the critical section, so "running" and "has a loop task" are one fact:
        // a concurrent `start` sees it and returns `false`, a concurrent `stop` finds the task to await.
        // (Creating a task never runs its body synchronously, and the census takes its own, separate lock.)
        return state.withLock { current in
            guard current.loop == nil else { return false }
            current.generation &+= 1
            current.stopRequested = false
            let generation = current.generation
            @Sendable func shouldGoOn() -> Bool {
                !Task.isCancelled && !state.withLock { $0.stopRequested || $0.generation != generation }
            }
            current.loop = Warden.task(
                name: name, priority: priority, census: census, fileID: fileID, line: line, isolation: nil
            ) {
                await Self.$currentLoop.withValue(LoopMarker(service: service, generation: generation)) {
                    await body(shouldGoOn)
                }
                // The loop has exited: mark the service stopped (unless a newer start already replaced us).
                state.withLock { state in if state.generation == generation { state.loop = nil } }
            }
            return true
        }
    }
}
