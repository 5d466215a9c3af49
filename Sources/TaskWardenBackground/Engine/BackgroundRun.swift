import TaskWarden
import TaskWardenSupport

/// How a background run ended, as reported to the system (exactly once per run).
public enum BackgroundRunOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The handler returned before the budget ran out: `setTaskCompleted(success: true)`.
    case succeeded
    /// The handler threw (the error's description): `setTaskCompleted(success: false)`.
    case failed(String)
    /// The system's expiration fired first: the handler's task was cancelled, and failure was reported once the
    /// handler had returned (finishing whatever it shielded from cancellation), within the engine's grace period.
    case expired
    /// The system's expiration fired and the handler had still not returned when the engine's grace period
    /// after expiration ended: failure was reported then, without waiting longer. The handler's task goes on,
    /// cancelled, and the identifier counts as running until it returns.
    case expiredBeforeHandlerReturned

    /// What `setTaskCompleted(success:)` receives.
    public var isSuccess: Bool { self == .succeeded }

    public var description: String {
        switch self {
        case .succeeded: return "succeeded"
        case .failed(let reason): return "failed: \(reason)"
        case .expired: return "expired"
        case .expiredBeforeHandlerReturned: return "expired (the handler had not returned by the end of the grace period)"
        }
    }
}

/// One launch of a registered background task: what the handler receives, and what the system (or the
/// simulator) uses to expire it.
///
/// The handler runs in its own named task (`background-task:<identifier>`). ``expire()`` cancels that task; the
/// outcome, ``BackgroundRunOutcome/expired``, is reported when the handler returns — after whatever it does
/// inside a cancellation shield, such as applying results it already fetched — or, if it has not returned when
/// the engine's grace period after expiration ends, ``BackgroundRunOutcome/expiredBeforeHandlerReturned`` is
/// reported then.
///
/// ```swift
/// try engine.register("com.recordshelf.price-check", kind: .appRefresh, scheduleNext: .resubmit(after: .seconds(3600))) { run in
///     for release in ledger.nextBatch(limit: 40) {
///         try await check(release)
///         run.recordApplied()
///     }
/// }
/// ```
public final class BackgroundRun<C: Clock>: Sendable where C.Duration == Duration, C.Instant: Sendable {
    /// The identifier the handler was registered under.
    public let identifier: String
    /// App refresh or processing.
    public let kind: BackgroundTaskKind
    /// When the system launched this run, on the engine's clock.
    public let startedAt: C.Instant
    /// The name of the task the handler runs in.
    public var taskName: String { "background-task:\(identifier)" }

    private struct State {
        var task: Task<Void, Never>?
        var expired = false
        var outcome: BackgroundRunOutcome?
        var handlerFinished = false
        /// Started by `expire()`; reports ``BackgroundRunOutcome/expiredBeforeHandlerReturned`` if it runs out.
        var graceTimer: Task<Void, Never>?
        var applied = 0
        var chainError: String?
        /// Set once `reportCompletion` has returned; ``waitForOutcome()`` returns only after that.
        var reported = false
        var outcomeWaiters: [CheckedContinuation<BackgroundRunOutcome, Never>] = []
    }

    private let state = Locked(State())
    private let reportCompletion: @Sendable (BackgroundRunOutcome) -> Void
    /// Starts the timer that ends the grace period after expiration (on the engine's clock and executor).
    private let startGraceTimer: @Sendable (BackgroundRun<C>) -> Task<Void, Never>

    init(
        identifier: String, kind: BackgroundTaskKind, startedAt: C.Instant,
        reportCompletion: @escaping @Sendable (BackgroundRunOutcome) -> Void,
        startGraceTimer: @escaping @Sendable (BackgroundRun<C>) -> Task<Void, Never>
    ) {
        self.identifier = identifier
        self.kind = kind
        self.startedAt = startedAt
        self.reportCompletion = reportCompletion
        self.startGraceTimer = startGraceTimer
    }

    /// Whether the system's expiration has fired for this run.
    public var isExpired: Bool { state.withLock { $0.expired } }
    /// The outcome reported to the system, once there is one.
    public var outcome: BackgroundRunOutcome? { state.withLock { $0.outcome } }
    /// Whether the handler closure has returned or thrown (it may do so after expiration).
    public var isHandlerFinished: Bool { state.withLock { $0.handlerFinished } }
    /// How many results the handler said it applied (``recordApplied(_:)``); the simulator's timeline shows it.
    public var appliedCount: Int { state.withLock { $0.applied } }
    /// Why the `scheduleNext` step failed in this run, if it did (the handler still ran).
    public var chainError: String? { state.withLock { $0.chainError } }

    /// Records that the handler applied `count` results (saved them, showed them). Call it after each apply so a
    /// timeline shows how much an expired run kept.
    public func recordApplied(_ count: Int = 1) {
        state.withLock { $0.applied += count }
    }

    /// The system's expiration handler: cancels the handler's task and starts the grace period. Returns at once;
    /// the outcome is reported when the handler returns (``BackgroundRunOutcome/expired``) or when the grace
    /// period ends first (``BackgroundRunOutcome/expiredBeforeHandlerReturned``). Calling it again, or after the
    /// outcome was reported, does nothing.
    ///
    /// ```swift
    /// task.expirationHandler = { run.expire() }   // what the Apple adapter does
    /// ```
    public func expire() {
        let (isFirst, task) = state.withLock { state -> (Bool, Task<Void, Never>?) in
            guard state.outcome == nil, !state.expired else { return (false, nil) }
            state.expired = true
            return (true, state.task)
        }
        guard isFirst else { return }
        task?.cancel()
        let timer = startGraceTimer(self)
        let handlerAlreadyFinished = state.withLock { state -> Bool in
            guard state.outcome == nil else { return true }
            state.graceTimer = timer
            return false
        }
        if handlerAlreadyFinished { timer.cancel() }
    }

    /// Waits for the handler closure to finish (return or throw, before or after expiration). Waiting cancels
    /// nothing: cancelling the waiter leaves the run alone.
    public func waitForHandler() async {
        await state.withLock { $0.task }?.value
    }

    /// Waits until the run's outcome has been reported to the system — when the handler returns or throws, or
    /// for an expired run when its handler has returned or the grace period has ended — and returns it. Waiting cancels nothing: cancelling the waiter leaves the
    /// run alone (``BackgroundTaskEngine/perform(_:)`` is what turns a cancellation into ``expire()``).
    ///
    /// ```swift
    /// let run = try engine.launch("com.recordshelf.price-check")
    /// let outcome = await run.waitForOutcome()   // .succeeded, .failed(…) or .expired
    /// ```
    public func waitForOutcome() async -> BackgroundRunOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<BackgroundRunOutcome, Never>) in
            let reported = state.withLock { state -> BackgroundRunOutcome? in
                if state.reported, let outcome = state.outcome { return outcome }
                state.outcomeWaiters.append(continuation)
                return nil
            }
            if let reported { continuation.resume(returning: reported) }
        }
    }

    // MARK: Engine side

    func attach(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.expired
        }
        if cancelNow { task.cancel() }
    }

    func noteChainError(_ error: any Error) {
        state.withLock { $0.chainError = String(describing: error) }
    }

    /// The handler returned or threw: after an expiration that is reported as ``BackgroundRunOutcome/expired``.
    func handlerFinished(_ outcome: BackgroundRunOutcome) {
        let (expired, timer) = state.withLock { state in
            state.handlerFinished = true
            defer { state.graceTimer = nil }
            return (state.expired, state.graceTimer)
        }
        timer?.cancel()
        settle(expired ? .expired : outcome)
    }

    /// The grace period after expiration ended.
    func gracePeriodEnded() {
        settle(.expiredBeforeHandlerReturned)
    }

    /// Reports `outcome` if nothing was reported yet: the lock decides which of the handler's end and the grace
    /// timer gets here first, and the report itself is made after the lock is released, exactly once. Waiters
    /// resume after the report, so whoever waits for the outcome (SwiftUI's closure, through `perform`) returns
    /// only once the system has been told.
    private func settle(_ outcome: BackgroundRunOutcome) {
        let first = state.withLock { state -> Bool in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
        guard first else { return }
        reportCompletion(outcome)
        let waiters = state.withLock { state -> [CheckedContinuation<BackgroundRunOutcome, Never>] in
            state.reported = true
            defer { state.outcomeWaiters = [] }
            return state.outcomeWaiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
