import TaskWarden
import TaskWardenSupport

/// The platform-neutral background task scheduler: handlers registered once before launch completes, requests
/// with an earliest begin date, handlers run in a named task, expiration cancels that task, completion reported
/// exactly once, and the platform's limits enforced as errors rather than crashes.
///
/// Every registration names its `scheduleNext` step, and the engine runs that step first thing in every launch,
/// synchronously, before the handler's task exists, so the chain of requests survives a handler that throws,
/// expires or is killed.
///
/// ```swift
/// let engine = BackgroundTaskEngine(clock: clock, permittedIdentifiers: ["com.recordshelf.price-check"])
/// try engine.register("com.recordshelf.price-check", kind: .appRefresh, scheduleNext: .resubmit(after: .seconds(4 * 3600))) { run in
///     try await priceCheck.run(run)
/// }
/// engine.finishLaunching()
/// try engine.submit(.appRefresh("com.recordshelf.price-check"))
/// ```
///
/// Cancellation: the handler's task is cancelled only by ``BackgroundRun/expire()``. The engine never cancels
/// anything on its own; a backend (the system or the simulator) decides when a run expires. After expiration the
/// engine reports the outcome when the handler returns, or when `expirationGrace` has passed on its clock,
/// whichever comes first; an identifier whose handler has not returned still counts as running, so a second
/// launch of it is refused rather than running two handlers at once.
public final class BackgroundTaskEngine<C: Clock>: Sendable where C.Duration == Duration, C.Instant: Sendable {
    public typealias Request = BackgroundTaskRequest<C.Instant>
    public typealias Pending = PendingBackgroundTaskRequest<C.Instant>
    public typealias Run = BackgroundRun<C>
    /// A handler: does the work, returns on success, throws on failure. It runs after the `scheduleNext` step.
    public typealias Handler = @Sendable (Run) async throws -> Void

    /// The step that submits the next request, run first in every launch.
    public struct ChainStep: Sendable {
        let perform: @Sendable (BackgroundTaskEngine<C>, Run) throws -> Void

        /// Submits the same identifier and kind again, no earlier than `delay` after the run started.
        public static func resubmit(after delay: Duration) -> ChainStep {
            ChainStep { engine, run in
                try engine.submit(Request(
                    identifier: run.identifier, kind: run.kind, earliestBeginDate: run.startedAt.advanced(by: delay)))
            }
        }

        /// Runs `body`, which submits whatever should come next.
        public static func custom(_ body: @escaping @Sendable (BackgroundTaskEngine<C>, Run) throws -> Void) -> ChainStep {
            ChainStep(perform: body)
        }

        /// A one-shot task: nothing is scheduled after it. Spelled out so that ending a chain is a decision.
        public static var endsChain: ChainStep { ChainStep { _, _ in } }
    }

    private struct Registration {
        var kind: BackgroundTaskKind
        var scheduleNext: ChainStep
        var handler: Handler
    }

    private struct State {
        var launched = false
        var registrations: [String: Registration] = [:]
        var pending: [String: Pending] = [:]
        var running: [String: Run] = [:]
        var nextSequence: UInt64 = 0
    }

    /// The clock request dates and run start times are read from.
    public let clock: C
    private let permitted: Set<String>
    private let executor: (any TaskExecutor)?
    private let backend: (any BackgroundTaskBackend<C.Instant>)?
    private let census: TaskCensus
    /// How long a handler may go on after expiration before the outcome is reported without it.
    public let expirationGrace: Duration
    private let state = Locked(State())

    /// Creates an engine.
    /// - Parameters:
    ///   - clock: where "now" comes from (a wall clock in an app, the simulator's clock in tests).
    ///   - permittedIdentifiers: the identifiers the app declares (Info.plist's `BGTaskSchedulerPermittedIdentifiers`).
    ///   - taskExecutor: the executor handler tasks prefer (the simulator passes its own); `nil` for the default.
    ///   - backend: where accepted requests go; `nil` when something reads ``pendingRequests`` instead.
    ///   - census: where handler tasks are registered while they run (see `TaskCensus`).
    ///   - expirationGrace: after expiration, how long the handler may go on (finishing a shielded step) before
    ///     the outcome is reported without waiting for it; 2 seconds by default. The system's own limit after
    ///     its expiration handler is not documented; keep shielded steps well inside this.
    public init(
        clock: C,
        permittedIdentifiers: Set<String>,
        taskExecutor: (any TaskExecutor)? = nil,
        backend: (any BackgroundTaskBackend<C.Instant>)? = nil,
        census: TaskCensus = .shared,
        expirationGrace: Duration = .seconds(2)
    ) {
        self.census = census
        self.expirationGrace = max(.zero, expirationGrace)
        self.clock = clock
        self.permitted = permittedIdentifiers
        self.executor = taskExecutor
        self.backend = backend
    }

    // MARK: Registration

    /// Registers the handler for `identifier`. Call it for every identifier before ``finishLaunching()``.
    ///
    /// - Throws: ``BackgroundTaskError/invalidIdentifier(_:)``, ``BackgroundTaskError/notPermitted(identifier:)``,
    ///   ``BackgroundTaskError/registeredAfterLaunch(identifier:)`` or ``BackgroundTaskError/alreadyRegistered(identifier:)``.
    public func register(
        _ identifier: String, kind: BackgroundTaskKind, scheduleNext: ChainStep, handler: @escaping Handler
    ) throws {
        try Self.validate(identifier)
        guard permitted.contains(identifier) else { throw BackgroundTaskError.notPermitted(identifier: identifier) }
        try state.withLock { state in
            guard !state.launched else { throw BackgroundTaskError.registeredAfterLaunch(identifier: identifier) }
            guard state.registrations[identifier] == nil else {
                throw BackgroundTaskError.alreadyRegistered(identifier: identifier)
            }
            state.registrations[identifier] = Registration(kind: kind, scheduleNext: scheduleNext, handler: handler)
        }
    }

    /// Marks the end of launch: registering after this throws. Idempotent.
    public func finishLaunching() {
        state.withLock { $0.launched = true }
    }

    /// The identifiers with a registered handler.
    public var registeredIdentifiers: Set<String> { state.withLock { Set($0.registrations.keys) } }

    // MARK: Requests

    /// Submits `request`, replacing an unexecuted request with the same identifier.
    ///
    /// - Throws: ``BackgroundTaskError/notPermitted(identifier:)``, ``BackgroundTaskError/noHandlerRegistered(identifier:)``,
    ///   ``BackgroundTaskError/kindMismatch(identifier:registered:requested:)``,
    ///   ``BackgroundTaskError/tooManyPendingTaskRequests(identifier:kind:)``, or whatever the backend throws.
    public func submit(_ request: Request) throws {
        let identifier = request.identifier
        try Self.validate(identifier)
        guard permitted.contains(identifier) else { throw BackgroundTaskError.notPermitted(identifier: identifier) }
        let now = clock.now
        let replaced: Pending? = try state.withLock { state in
            guard let registration = state.registrations[identifier] else {
                throw BackgroundTaskError.noHandlerRegistered(identifier: identifier)
            }
            guard registration.kind == request.kind else {
                throw BackgroundTaskError.kindMismatch(
                    identifier: identifier, registered: registration.kind, requested: request.kind)
            }
            let others = state.pending.values.filter { $0.request.kind == request.kind && $0.request.identifier != identifier }
            guard others.count < request.kind.pendingRequestLimit else {
                throw BackgroundTaskError.tooManyPendingTaskRequests(identifier: identifier, kind: request.kind)
            }
            state.nextSequence += 1
            let previous = state.pending[identifier]
            state.pending[identifier] = Pending(request: request, submittedAt: now, sequence: state.nextSequence)
            return previous
        }
        guard let backend else { return }
        do {
            try backend.submit(request)
        } catch {
            state.withLock { $0.pending[identifier] = replaced }
            throw error
        }
    }

    /// Withdraws the unexecuted request for `identifier`, if any.
    public func cancelRequest(identifier: String) {
        state.withLock { _ = $0.pending.removeValue(forKey: identifier) }
        backend?.cancel(identifier: identifier)
    }

    /// Withdraws every unexecuted request.
    public func cancelAllRequests() {
        let identifiers = state.withLock { state in
            defer { state.pending.removeAll() }
            return Array(state.pending.keys)
        }
        for identifier in identifiers { backend?.cancel(identifier: identifier) }
    }

    /// Unexecuted requests, in submission order.
    public var pendingRequests: [Pending] {
        state.withLock { $0.pending.values.sorted { $0.sequence < $1.sequence } }
    }

    /// The identifiers whose handler has not returned yet (a launch of one of them is refused).
    public var runningIdentifiers: Set<String> { state.withLock { Set($0.running.keys) } }

    /// Forgets the run of `identifier` as if its process had been killed, so the identifier can launch again;
    /// its handler's task, if still suspended, is left alone. The simulator calls it for a run it kills.
    package func forgetRun(_ run: Run) {
        state.withLock { state in
            if state.running[run.identifier] === run { state.running[run.identifier] = nil }
        }
    }

    // MARK: Launch (called by the system adapter or the simulator)

    /// Launches the handler for `identifier`: removes its pending request, creates the run, runs the
    /// `scheduleNext` step right here (synchronously, on the caller, before anything else), and starts the named
    /// task that runs the handler.
    ///
    /// - Parameters:
    ///   - identifier: the registered task identifier the system launched.
    ///   - reportCompletion: called exactly once with the outcome (`setTaskCompleted(success:)`).
    /// - Throws: ``BackgroundTaskError/noHandlerRegistered(identifier:)`` or ``BackgroundTaskError/alreadyRunning(identifier:)``
    ///   (the previous run's handler has not returned).
    @discardableResult
    public func launch(
        _ identifier: String, reportCompletion: @escaping @Sendable (BackgroundRunOutcome) -> Void = { _ in }
    ) throws -> Run {
        let now = clock.now
        let (clock, executor, census, grace) = (self.clock, self.executor, self.census, expirationGrace)
        let (run, registration): (Run, Registration) = try state.withLock { state in
            guard let registration = state.registrations[identifier] else {
                throw BackgroundTaskError.noHandlerRegistered(identifier: identifier)
            }
            guard state.running[identifier] == nil else { throw BackgroundTaskError.alreadyRunning(identifier: identifier) }
            state.pending[identifier] = nil
            let run = Run(identifier: identifier, kind: registration.kind, startedAt: now, reportCompletion: reportCompletion) {
                expiredRun in
                // The grace period runs on the engine's clock and executor (virtual time in the simulator).
                return Warden.task(
                    name: "background-expiration-grace:\(identifier)", executorPreference: executor, census: census
                ) { [weak expiredRun] in
                    do { try await clock.sleep(until: clock.now.advanced(by: grace), tolerance: nil) } catch { return }
                    expiredRun?.gracePeriodEnded()
                }
            }
            state.running[identifier] = run
            return (run, registration)
        }
        // The chain comes first, before the handler's task exists: whatever the handler does next (throw,
        // expire, get killed), the next request is already with the system.
        do { try registration.scheduleNext.perform(self, run) } catch { run.noteChainError(error) }
        let task = Warden.task(name: run.taskName, executorPreference: executor, census: census) { [self] in
            // Entering the preference through TaskWarden lets a cancellation shield inside the handler start
            // its task on the same executor (the simulator relies on that to stay deterministic).
            if let executor {
                await Warden.withTaskExecutorPreference(executor) { await self.execute(run, registration) }
            } else {
                await execute(run, registration)
            }
        }
        run.attach(task)
        return run
    }

    /// Runs the handler registered for `identifier` on behalf of a caller that the platform started and will
    /// cancel on expiration — the shape of SwiftUI's `.backgroundTask(.appRefresh(…)) { … }`, where SwiftUI
    /// registers the launch handler itself, cancels the closure's task when the time is up, and takes the
    /// closure's return as "task complete".
    ///
    /// ```swift
    /// WindowGroup { ContentView() }
    ///     .backgroundTask(.appRefresh("com.recordshelf.price-check")) {
    ///         do { try await engine.perform("com.recordshelf.price-check") }
    ///         catch { log.error("price check not launched: \(error)") }
    ///     }
    /// ```
    ///
    /// It takes the same path as a launch by `BGTaskScheduler` or the simulator (``launch(_:reportCompletion:)``):
    /// the pending request is removed, the `scheduleNext` step runs at once, then the handler runs in its named
    /// task. Cancelling the calling task is the system's expiration: it calls ``BackgroundRun/expire()``, which
    /// cancels the handler's task.
    ///
    /// Returns when the outcome is reported, never earlier: when the handler returns
    /// (``BackgroundRunOutcome/succeeded``) or throws (``BackgroundRunOutcome/failed(_:)``); after an expiration,
    /// when the handler has returned — its shielded apply step finished — (``BackgroundRunOutcome/expired``), or
    /// when the engine's `expirationGrace` (2 s by default) has passed first
    /// (``BackgroundRunOutcome/expiredBeforeHandlerReturned``). So the closure's return tells SwiftUI "complete"
    /// only once what was paid for is applied, or the grace bound says to stop waiting.
    ///
    /// - Returns: the outcome reported for the run.
    /// - Throws: what ``launch(_:reportCompletion:)`` throws when the engine refuses the launch (no handler
    ///   registered, or the previous run's handler has not returned).
    @discardableResult
    public func perform(_ identifier: String) async throws -> BackgroundRunOutcome {
        let run = try launch(identifier)
        // An already-cancelled caller expires the run at once; the chain step has already run in `launch`.
        return await withTaskCancellationHandler {
            await run.waitForOutcome()
        } onCancel: {
            run.expire()
        }
    }

    private func execute(_ run: Run, _ registration: Registration) async {
        let outcome: BackgroundRunOutcome
        do {
            try await registration.handler(run)
            outcome = .succeeded
        } catch {
            outcome = .failed(String(describing: error))
        }
        // The identifier may launch again from the moment its handler has returned, and not before.
        forgetRun(run)
        run.handlerFinished(outcome)
    }

    private static func validate(_ identifier: String) throws {
        guard !identifier.isEmpty, !identifier.contains(where: \.isWhitespace) else {
            throw BackgroundTaskError.invalidIdentifier(identifier)
        }
    }
}
