import TaskWarden
import TaskWardenBackground
import TaskWardenSupport

/// Plays the operating system for a `BackgroundTaskEngine` in virtual time: launches pending requests after
/// their earliest begin date plus a discretionary delay, gives each run a budget, fires expiration when the
/// budget runs out, launches nothing when nothing is scheduled (a broken chain shows up as silence), and records
/// a ``timeline`` of runs. Deterministic for a given seed: no real sleeping, no threads racing, no yields.
///
/// ```swift
/// let simulator = BackgroundSimulator(seed: 7, permittedIdentifiers: ["com.recordshelf.price-check"])
/// try simulator.engine.register("com.recordshelf.price-check", kind: .appRefresh,
///                               scheduleNext: .resubmit(after: .hours(4))) { [clock = simulator.clock] run in
///     try await priceCheck(run, clock: clock)   // capture the clock, not the simulator (it owns the handler)
/// }
/// simulator.engine.finishLaunching()
/// try simulator.engine.submit(.appRefresh("com.recordshelf.price-check"))
/// simulator.run(for: .days(30))          // milliseconds of real time
/// #expect(simulator.timeline.allSatisfy { $0.nextRequestPending == true })
/// ```
///
/// How it works: handler tasks prefer ``executor``, which only queues jobs. ``run(until:)`` runs every queued
/// job on the calling thread; when none is left it moves the clock to the next event (a sleeper's deadline, a
/// launch, an expiration), fires it, and repeats. Events at the same instant fire in this order: sleepers
/// (earliest registered first), expirations, kill checks, launches. Events due exactly at the end of a
/// `run(until:)` call do fire.
///
/// Everything the handler awaits must stay on ``executor`` and time must come from ``clock``: an actor hop or an
/// unstructured `Task {}` leaves the simulation (see ``SimulatorExecutor``).
public final class BackgroundSimulator: Sendable {
    /// The engine the app under test registers with and submits to.
    public let engine: BackgroundTaskEngine<SimulatedClock>
    /// Virtual time; inject it everywhere the code under test reads time or sleeps.
    public let clock: SimulatedClock
    /// The executor every simulated handler task prefers.
    public let executor: SimulatorExecutor
    public let configuration: SimulatorConfiguration

    private let scheduler: SimulationScheduler

    private struct Planned {
        var sequence: UInt64
        var launchAt: Duration
        var earliestBegin: SimulatedInstant?
        var kind: BackgroundTaskKind
    }

    private struct Active {
        var run: BackgroundRun<SimulatedClock>
        var recordIndex: Int
        var expiresAt: Duration
        var ended = false
    }

    private struct State {
        var random: SeededRandomNumberGenerator
        var plan: [String: Planned] = [:]
        var active: [Active] = []
        var timeline: [SimulatedRunRecord] = []
        var problems: [String] = []
    }

    private let state: Locked<State>

    /// Creates a simulator and its engine.
    /// - Parameters:
    ///   - seed: decides discretionary delays and budgets; the same seed replays the same timeline.
    ///   - permittedIdentifiers: the identifiers the simulated app declares.
    ///   - configuration: delays, budgets and the grace period.
    ///   - census: where the engine registers handler tasks (a test passes an enabled census of its own).
    public init(
        seed: UInt64, permittedIdentifiers: Set<String>, configuration: SimulatorConfiguration = .init(),
        census: TaskCensus = .shared
    ) {
        let scheduler = SimulationScheduler()
        self.scheduler = scheduler
        self.clock = SimulatedClock(scheduler: scheduler)
        self.executor = SimulatorExecutor(scheduler: scheduler)
        self.configuration = configuration
        self.engine = BackgroundTaskEngine(
            clock: clock, permittedIdentifiers: permittedIdentifiers, taskExecutor: executor, census: census,
            expirationGrace: configuration.engineExpirationGrace)
        self.state = Locked(State(random: SeededRandomNumberGenerator(seed: seed)))
    }

    /// The current virtual time.
    public var now: SimulatedInstant { clock.now }

    /// Every run so far, in launch order.
    public var timeline: [SimulatedRunRecord] { state.withLock { $0.timeline } }

    /// Things the simulator could not do (a launch the engine refused), in order.
    public var problems: [String] { state.withLock { $0.problems } }

    /// Jobs run so far on ``executor`` (for benchmarks and sanity checks).
    public var jobsRun: UInt64 { scheduler.state.withLock { $0.jobsRun } }

    /// Runs the simulation for `duration` of virtual time.
    public func run(for duration: Duration) {
        run(until: now.advanced(by: duration))
    }

    /// Runs the simulation until `end` (events due exactly at `end` fire), then leaves the clock at `end`.
    public func run(until end: SimulatedInstant) {
        drive(until: end.offset)
        scheduler.advance(to: end.offset)
        settle()
    }

    /// Runs until nothing is left to happen — no pending request, no sleeper, no live run — or until `limit`
    /// of virtual time has passed, whichever comes first. The clock stays at the last event.
    /// - Returns: `true` if the simulation went idle, `false` if it hit the limit (a chain that never ends).
    @discardableResult
    public func runUntilIdle(limit: Duration = .days(365)) -> Bool {
        let end = scheduler.now + limit
        drive(until: end)
        return nextEventTime() == nil
    }

    private func drive(until end: Duration) {
        settle()
        while let next = nextEventTime(), next <= end {
            scheduler.advance(to: next)
            settle()
            fireExpirations()
            settle()
            fireKillChecks()
            fireLaunches()
            settle()
        }
    }

    /// Launches the pending request for `identifier` now, ignoring its earliest begin date and the delay
    /// (WorkManager's `setInitialDelayMet`). The run itself happens on the next ``run(for:)``.
    /// - Throws: ``SimulatorError/nothingPending(identifier:)`` when nothing is pending for it.
    public func makeDue(_ identifier: String) throws {
        planNewRequests()
        try state.withLock { state in
            guard state.plan[identifier] != nil else { throw SimulatorError.nothingPending(identifier: identifier) }
            state.plan[identifier]?.launchAt = scheduler.now
        }
    }

    /// The launches the simulated system has planned: identifier and instant, earliest first. A run whose
    /// request is still pending but which is already running waits until that run ends.
    public var plannedLaunches: [(identifier: String, at: SimulatedInstant)] {
        planNewRequests()
        return state.withLock { state in
            state.plan.map { (identifier: $0.key, at: SimulatedInstant(offset: $0.value.launchAt)) }
                .sorted { ($0.at, $0.identifier) < ($1.at, $1.identifier) }
        }
    }

    /// Ends the simulation: withdraws every pending request, expires every live run, and wakes every remaining
    /// sleeper with `CancellationError`, running jobs until none is left. Call it at the end of a test so no
    /// simulated task stays suspended forever. Virtual time does not move.
    public func shutDown() {
        engine.cancelAllRequests()
        let instant = now
        let live = state.withLock { state in
            for active in state.active where state.timeline[active.recordIndex].expiredAt == nil && !active.run.isHandlerFinished {
                state.timeline[active.recordIndex].expiredAt = instant
            }
            return state.active.map(\.run)
        }
        for run in live { run.expire() }
        settle()
        while let id = scheduler.state.withLock({ $0.timers.first?.id }) {
            scheduler.cancelTimer(id: id)
            settle()
        }
    }

    // MARK: The loop

    /// Runs every runnable job, then notices new requests and finished handlers; repeats until quiet.
    private func settle() {
        repeat {
            executor.drain()
            planNewRequests()
            closeFinishedRuns()
        } while scheduler.state.withLock({ $0.jobHead < $0.jobs.count })
    }

    private func planNewRequests() {
        let pending = engine.pendingRequests
        let now = scheduler.now
        state.withLock { state in
            var planned: [String: Planned] = [:]
            for request in pending {
                let identifier = request.request.identifier
                if let existing = state.plan[identifier], existing.sequence == request.sequence {
                    planned[identifier] = existing
                    continue
                }
                let submitted = request.submittedAt.offset
                let floor = max(request.request.earliestBeginDate?.offset ?? submitted, submitted)
                let delay = state.random.duration(in: configuration.discretionaryDelay)
                planned[identifier] = Planned(
                    sequence: request.sequence, launchAt: max(floor + delay, now),
                    earliestBegin: request.request.earliestBeginDate, kind: request.request.kind)
            }
            state.plan = planned
        }
    }

    private func closeFinishedRuns() {
        let pendingIdentifiers = Set(engine.pendingRequests.map(\.request.identifier))
        let now = SimulatedInstant(offset: scheduler.now)
        state.withLock { state in
            for index in state.active.indices where !state.active[index].ended {
                let active = state.active[index]
                guard active.run.isHandlerFinished else { continue }
                state.active[index].ended = true
                state.timeline[active.recordIndex].handlerFinishedAt = now
                state.timeline[active.recordIndex].itemsApplied = active.run.appliedCount
                state.timeline[active.recordIndex].chainError = active.run.chainError
                if state.timeline[active.recordIndex].nextRequestPending == nil {
                    state.timeline[active.recordIndex].nextRequestPending = pendingIdentifiers.contains(active.run.identifier)
                }
            }
            state.active.removeAll { $0.ended }
        }
    }

    private func nextEventTime() -> Duration? {
        let running = engine.runningIdentifiers
        let grace = configuration.gracePeriodAfterExpiration
        let now = scheduler.now
        var next = scheduler.nextTimerDeadline
        func consider(_ instant: Duration) { next = min(next ?? instant, instant) }
        state.withLock { state in
            for active in state.active {
                if let expiredAt = state.timeline[active.recordIndex].expiredAt {
                    if !state.timeline[active.recordIndex].killed { consider(expiredAt.offset + grace) }
                } else {
                    consider(active.expiresAt)
                }
            }
            for (identifier, planned) in state.plan where !running.contains(identifier) {
                consider(max(planned.launchAt, now))
            }
        }
        return next
    }

    private func fireExpirations() {
        let now = scheduler.now
        let due: [BackgroundRun<SimulatedClock>] = state.withLock { state in
            var due: [BackgroundRun<SimulatedClock>] = []
            for active in state.active
            where state.timeline[active.recordIndex].expiredAt == nil && active.expiresAt <= now && !active.run.isHandlerFinished {
                state.timeline[active.recordIndex].expiredAt = SimulatedInstant(offset: now)
                due.append(active.run)
            }
            return due
        }
        // Outside the lock: expiring reports completion, which records into the timeline.
        for run in due { run.expire() }
    }

    private func fireKillChecks() {
        let now = scheduler.now
        let pendingIdentifiers = Set(engine.pendingRequests.map(\.request.identifier))
        let killed = state.withLock { state -> [BackgroundRun<SimulatedClock>] in
            var killed: [BackgroundRun<SimulatedClock>] = []
            for active in state.active {
                guard let expiredAt = state.timeline[active.recordIndex].expiredAt,
                      !state.timeline[active.recordIndex].killed,
                      expiredAt.offset + configuration.gracePeriodAfterExpiration <= now,
                      !active.run.isHandlerFinished
                else { continue }
                state.timeline[active.recordIndex].killed = true
                state.timeline[active.recordIndex].itemsApplied = active.run.appliedCount
                state.timeline[active.recordIndex].nextRequestPending = pendingIdentifiers.contains(active.run.identifier)
                killed.append(active.run)
            }
            return killed
        }
        // A killed app keeps nothing running: its identifier may launch again (the handler's task stays
        // suspended until `shutDown()`).
        for run in killed { engine.forgetRun(run) }
    }

    private func fireLaunches() {
        let now = scheduler.now
        let running = engine.runningIdentifiers
        let due: [(String, Planned)] = state.withLock { state in
            state.plan.filter { $0.value.launchAt <= now && !running.contains($0.key) }
                .sorted { ($0.value.launchAt, $0.value.sequence) < ($1.value.launchAt, $1.value.sequence) }
                .map { ($0.key, $0.value) }
        }
        for (identifier, planned) in due {
            launch(identifier, planned: planned, at: now)
        }
    }

    private func launch(_ identifier: String, planned: Planned, at now: Duration) {
        let recordIndex: Int = state.withLock { state in
            state.plan[identifier] = nil
            let budget = state.random.duration(in: configuration.budget(for: planned.kind))
            state.timeline.append(SimulatedRunRecord(
                index: state.timeline.count, identifier: identifier, kind: planned.kind,
                earliestBegin: planned.earliestBegin, startedAt: SimulatedInstant(offset: now), budget: budget,
                expiredAt: nil, completedAt: nil, outcome: nil, handlerFinishedAt: nil, killed: false,
                itemsApplied: 0, chainError: nil, nextRequestPending: nil))
            return state.timeline.count - 1
        }
        do {
            let run = try engine.launch(identifier) { [weak self] outcome in
                guard let self else { return }
                let completedAt = self.clock.now
                self.state.withLock { state in
                    state.timeline[recordIndex].completedAt = completedAt
                    state.timeline[recordIndex].outcome = outcome
                }
            }
            state.withLock { state in
                let budget = state.timeline[recordIndex].budget
                state.active.append(Active(run: run, recordIndex: recordIndex, expiresAt: now + budget))
            }
        } catch {
            state.withLock { state in
                state.problems.append("launch of '\(identifier)' at \(SimulatedInstant(offset: now)) refused: \(error)")
            }
        }
    }
}
