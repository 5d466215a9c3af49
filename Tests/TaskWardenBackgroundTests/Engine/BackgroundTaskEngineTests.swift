import Testing
import TaskWardenBackground
import TaskWardenTesting
import TaskWarden

private let refresh = "com.recordshelf.price-check"
private let sync = "com.recordshelf.cloud-sync"

private func makeSimulator(_ identifiers: Set<String> = [refresh, sync]) -> BackgroundSimulator {
    var configuration = SimulatorConfiguration()
    configuration.discretionaryDelay = .zero ... .zero
    return BackgroundSimulator(seed: 1, permittedIdentifiers: identifiers, configuration: configuration)
}

@Suite struct RegistrationTests {
    @Test func registeringAfterLaunchIsAnErrorNamingTheIdentifier() throws {
        let engine = makeSimulator().engine
        engine.finishLaunching()
        #expect(throws: BackgroundTaskError.registeredAfterLaunch(identifier: refresh)) {
            try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        }
    }

    @Test func registeringTwiceIsAnError() throws {
        let engine = makeSimulator().engine
        try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        #expect(throws: BackgroundTaskError.alreadyRegistered(identifier: refresh)) {
            try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        }
    }

    @Test func unknownAndMalformedIdentifiersAreRefused() throws {
        let engine = makeSimulator().engine
        #expect(throws: BackgroundTaskError.notPermitted(identifier: "com.recordshelf.unknown")) {
            try engine.register("com.recordshelf.unknown", kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        }
        #expect(throws: BackgroundTaskError.invalidIdentifier("")) {
            try engine.submit(.appRefresh(""))
        }
        #expect(throws: BackgroundTaskError.notPermitted(identifier: "com.recordshelf.unknown")) {
            try engine.submit(.appRefresh("com.recordshelf.unknown"))
        }
    }

    @Test func submittingWithoutAHandlerOrWithTheWrongKindIsRefused() throws {
        let engine = makeSimulator().engine
        #expect(throws: BackgroundTaskError.noHandlerRegistered(identifier: refresh)) {
            try engine.submit(.appRefresh(refresh))
        }
        try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        #expect(throws: BackgroundTaskError.kindMismatch(identifier: refresh, registered: .appRefresh, requested: .processing)) {
            try engine.submit(.processing(refresh))
        }
    }
}

@Suite struct PendingLimitTests {
    @Test func oneAppRefreshMayBePendingAndResubmittingReplacesIt() throws {
        let engine = makeSimulator().engine
        try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        try engine.register(sync, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        try engine.submit(.appRefresh(refresh, earliestBegin: SimulatedInstant(offset: .seconds(10))))
        try engine.submit(.appRefresh(refresh, earliestBegin: SimulatedInstant(offset: .seconds(20))))
        #expect(engine.pendingRequests.count == 1)
        #expect(engine.pendingRequests.first?.request.earliestBeginDate == SimulatedInstant(offset: .seconds(20)))
        #expect(throws: BackgroundTaskError.tooManyPendingTaskRequests(identifier: sync, kind: .appRefresh)) {
            try engine.submit(.appRefresh(sync))
        }
        engine.cancelRequest(identifier: refresh)
        try engine.submit(.appRefresh(sync))
        #expect(engine.pendingRequests.map(\.request.identifier) == [sync])
    }

    @Test func tenProcessingRequestsMayBePendingButNotEleven() throws {
        let identifiers = (0..<11).map { "com.recordshelf.maintenance-\($0)" }
        let engine = makeSimulator(Set(identifiers)).engine
        for identifier in identifiers {
            try engine.register(identifier, kind: .processing, scheduleNext: .endsChain) { _ in }
        }
        for identifier in identifiers.prefix(10) { try engine.submit(.processing(identifier)) }
        #expect(throws: BackgroundTaskError.tooManyPendingTaskRequests(identifier: identifiers[10], kind: .processing)) {
            try engine.submit(.processing(identifiers[10]))
        }
        try engine.submit(.processing(identifiers[0], requiresExternalPower: true))
        #expect(engine.pendingRequests.count == 10)
    }

    @Test func aBackendThatRefusesLeavesNothingPending() throws {
        struct Unavailable: BackgroundTaskBackend {
            func submit(_ request: BackgroundTaskRequest<ContinuousClock.Instant>) throws { throw BackgroundTaskError.unavailable }
            func cancel(identifier: String) {}
        }
        let engine = BackgroundTaskEngine(clock: ContinuousClock(), permittedIdentifiers: [refresh], backend: Unavailable())
        try engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        #expect(throws: BackgroundTaskError.unavailable) { try engine.submit(.appRefresh(refresh)) }
        #expect(engine.pendingRequests.isEmpty)
    }
}

@Suite struct LaunchTests {
    @Test func scheduleNextRunsFirstThingInLaunchBeforeTheHandlersTaskRuns() throws {
        let simulator = makeSimulator()
        let seen = TestBox<[String]>([])
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(4))) { [engine = simulator.engine] _ in
            let pending = engine.pendingRequests.map { "\($0.request.identifier)@\($0.request.earliestBeginDate!)" }
            seen.mutate { $0 = pending + [Task.name ?? "unnamed"] }
        }
        simulator.engine.finishLaunching()
        let run = try simulator.engine.launch(refresh)
        // No job has run yet, and the next request is already in.
        #expect(simulator.engine.pendingRequests.map { "\($0.request.identifier)@\($0.request.earliestBeginDate!)" }
            == ["\(refresh)@d0 04:00:00"])
        #expect(seen.value.isEmpty)
        simulator.run(for: .seconds(1))
        #expect(seen.value == ["\(refresh)@d0 04:00:00", "background-task:\(refresh)"])
        #expect(run.outcome == .succeeded)
    }

    /// Expiration does not free the identifier while the handler still runs (here in its cancellation shield):
    /// the system launching it again then is refused, and never two handlers run at once.
    @Test func aConcurrentSecondLaunchDuringTheShieldedStepIsRefused() throws {
        let simulator = makeSimulator()
        let clock = simulator.clock
        let inside = TestBox(0)
        let most = TestBox(0)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            inside.mutate { $0 += 1 }
            most.mutate { $0 = max($0, inside.value) }
            try? await clock.sleep(for: .seconds(600))
            await withCancellationShield { try? await clock.sleep(for: .seconds(1)) }
            inside.mutate { $0 -= 1 }
        }
        let first = try simulator.engine.launch(refresh)
        simulator.run(for: .seconds(5))
        first.expire()
        simulator.run(for: .zero)
        #expect(first.outcome == nil)                            // not reported while the shield runs
        #expect(throws: BackgroundTaskError.alreadyRunning(identifier: refresh)) { try simulator.engine.launch(refresh) }
        simulator.run(for: .seconds(1))
        #expect(first.outcome == .expired)
        let second = try simulator.engine.launch(refresh)       // free again once the handler has returned
        simulator.run(for: .seconds(1))
        second.expire()
        simulator.run(for: .seconds(2))
        #expect(most.value == 1)
        #expect(second.outcome == .expired)
    }

    @Test func completionIsReportedExactlyOnceForEachEnding() throws {
        let simulator = makeSimulator([refresh, sync])
        let clock = simulator.clock
        let reports = TestBox<[String]>([])
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            // Ignores cancellation on purpose and returns normally after expiring.
            try? await clock.sleep(for: .seconds(60))
        }
        struct PriceSourceDown: Error {}
        try simulator.engine.register(sync, kind: .processing, scheduleNext: .endsChain) { _ in throw PriceSourceDown() }
        simulator.engine.finishLaunching()

        let expiring = try simulator.engine.launch(refresh) { outcome in reports.mutate { $0.append("refresh \(outcome)") } }
        let failing = try simulator.engine.launch(sync) { outcome in reports.mutate { $0.append("sync \(outcome)") } }
        simulator.run(for: .seconds(1))
        expiring.expire()
        expiring.expire()
        simulator.run(for: .seconds(120))
        #expect(reports.value == ["sync failed: PriceSourceDown()", "refresh expired"])
        #expect(expiring.isHandlerFinished)
        #expect(failing.outcome == .failed("PriceSourceDown()"))
    }

    @Test func expirationCancelsTheHandlersTask() throws {
        let simulator = makeSimulator()
        let clock = simulator.clock
        let observed = TestBox<SimulatedInstant?>(nil)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            do { try await clock.sleep(for: .seconds(600)) } catch {
                let cancelled = Task.isCancelled
                observed.mutate { $0 = cancelled ? clock.now : nil }
                throw error
            }
        }
        let run = try simulator.engine.launch(refresh)
        simulator.run(for: .seconds(5))
        run.expire()
        simulator.run(for: .seconds(1))
        #expect(observed.value == SimulatedInstant(offset: .seconds(5)))
        #expect(run.outcome == .expired)
    }

    @Test func aFailingScheduleNextIsRecordedAndTheHandlerStillRuns() throws {
        let simulator = makeSimulator()
        let ran = TestBox(false)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .custom { engine, _ in
            try engine.submit(.processing(refresh))
        }) { _ in ran.mutate { $0 = true } }
        let run = try simulator.engine.launch(refresh)
        simulator.run(for: .seconds(1))
        #expect(ran.value)
        #expect(run.chainError?.contains("registered as app-refresh but was submitted as processing") == true)
    }

    @Test func aSecondLaunchWhileRunningIsRefused() throws {
        let simulator = makeSimulator()
        let clock = simulator.clock
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            try await clock.sleep(for: .seconds(10))
        }
        try simulator.engine.launch(refresh)
        #expect(throws: BackgroundTaskError.alreadyRunning(identifier: refresh)) { try simulator.engine.launch(refresh) }
        simulator.run(for: .seconds(10))
        #expect(simulator.engine.runningIdentifiers.isEmpty)
        #expect(throws: BackgroundTaskError.noHandlerRegistered(identifier: sync)) { try simulator.engine.launch(sync) }
    }
}

@Suite struct CensusTests {
    @Test func theHandlersTaskIsInTheCensusWhileItRuns() throws {
        let census = TaskCensus(isEnabled: true)
        var configuration = SimulatorConfiguration()
        configuration.discretionaryDelay = .zero ... .zero
        let simulator = BackgroundSimulator(seed: 1, permittedIdentifiers: [refresh], configuration: configuration, census: census)
        let clock = simulator.clock
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            try await clock.sleep(for: .seconds(10))
        }
        try simulator.engine.launch(refresh)
        simulator.run(for: .seconds(5))
        #expect(census.snapshot().countsByName == ["background-task:\(refresh)": 1])
        simulator.run(for: .seconds(5))
        #expect(census.liveCount == 0)
    }
}
