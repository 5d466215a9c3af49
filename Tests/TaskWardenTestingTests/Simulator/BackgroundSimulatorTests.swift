import Testing
import TaskWardenBackground
import TaskWardenTesting

private let identifier = "com.recordshelf.price-check"

private func configuration(delay: ClosedRange<Duration> = .zero ... .zero) -> SimulatorConfiguration {
    var configuration = SimulatorConfiguration()
    configuration.discretionaryDelay = delay
    return configuration
}

@Suite struct BackgroundSimulatorTests {
    @Test func runsStartAtTheEarliestBeginDatePlusTheDelayAndChainEveryFourHours() throws {
        let simulator = BackgroundSimulator(
            seed: 3, permittedIdentifiers: [identifier], configuration: configuration(delay: .minutes(10) ... .minutes(10)))
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(4))) { _ in }
        simulator.engine.finishLaunching()
        try simulator.engine.submit(.appRefresh(identifier, earliestBegin: SimulatedInstant(offset: .hours(1))))
        simulator.run(for: .days(1))
        let starts = simulator.timeline.map(\.startedAt.description)
        // 01:10, then each run resubmits for start + 4 h, launched 10 min after that.
        #expect(starts == ["d0 01:10:00", "d0 05:20:00", "d0 09:30:00", "d0 13:40:00", "d0 17:50:00", "d0 22:00:00"])
        #expect(simulator.timeline.allSatisfy { $0.outcome == .succeeded && $0.nextRequestPending == true })
    }

    @Test func theBudgetRunsOutAndExpirationFiresAtIt() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        let clock = simulator.clock
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .endsChain) { run in
            for _ in 0..<10 {
                try await clock.sleep(for: .seconds(4))
                run.recordApplied()
            }
        }
        try simulator.engine.submit(.appRefresh(identifier))
        simulator.run(for: .minutes(5))
        let record = try #require(simulator.timeline.first)
        #expect(record.startedAt == .start)
        #expect(record.expiredAt == SimulatedInstant(offset: .seconds(30)))
        #expect(record.completedAt == record.expiredAt)
        #expect(record.outcome == .expired)
        #expect(record.itemsApplied == 7)
        #expect(record.handlerFinishedAt == record.expiredAt)
        #expect(!record.killed)
    }

    @Test func aBrokenChainShowsUpAsSilence() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        // The classic mistake: schedule the next refresh at the end of the work, which an expiry never reaches.
        let clock = simulator.clock
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .endsChain) { [engine = simulator.engine] _ in
            try await clock.sleep(for: .seconds(45))
            try engine.submit(.appRefresh(identifier, earliestBegin: clock.now.advanced(by: .hours(4))))
        }
        try simulator.engine.submit(.appRefresh(identifier))
        simulator.run(for: .days(7))
        #expect(simulator.timeline.count == 1)
        #expect(simulator.timeline.first?.nextRequestPending == false)
        #expect(simulator.timeline.first?.description.contains("CHAIN BROKEN") == true)
    }

    @Test func aHandlerThatIgnoresExpirationIsMarkedKilled() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        let clock = simulator.clock
        let executor = simulator.executor
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(1))) { _ in
            // An unstructured task is not cancelled with the handler: this wait outlives the expiration.
            for _ in 0..<20 {
                await Task(name: "slow-lookup", executorPreference: executor) { try? await clock.sleep(for: .seconds(5)) }.value
            }
        }
        try simulator.engine.submit(.appRefresh(identifier))
        simulator.run(for: .minutes(30))
        let record = try #require(simulator.timeline.first)
        #expect(record.killed)
        // The engine stopped waiting for the handler when its grace period ended, and said so.
        #expect(record.outcome == .expiredBeforeHandlerReturned)
        #expect(record.completedAt == record.expiredAt.map { $0.advanced(by: simulator.engine.expirationGrace) })
        #expect(record.description.contains("KILLED"))
        #expect(record.handlerFinishedAt == SimulatedInstant(offset: .seconds(100)))
        #expect(record.nextRequestPending == true)
    }

    @Test func theSameSeedReplaysTheSameTimelineAndAnotherSeedDoesNot() throws {
        func timeline(seed: UInt64) throws -> [SimulatedRunRecord] {
            var configuration = SimulatorConfiguration()
            configuration.discretionaryDelay = .zero ... .hours(3)
            configuration.appRefreshBudget = .seconds(5) ... .seconds(30)
            let simulator = BackgroundSimulator(seed: seed, permittedIdentifiers: [identifier], configuration: configuration)
            let clock = simulator.clock
            try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(2))) { run in
                await withTaskGroup(of: Void.self) { group in
                    for item in 0..<8 {
                        group.addTask(name: "price:\(item)") {
                            guard (try? await clock.sleep(for: .seconds(3 * item + 1))) != nil else { return }
                            run.recordApplied()
                        }
                    }
                }
            }
            try simulator.engine.submit(.appRefresh(identifier))
            simulator.run(for: .days(5))
            return simulator.timeline
        }
        let first = try timeline(seed: 11)
        #expect(try timeline(seed: 11) == first)
        #expect(try timeline(seed: 12) != first)
        #expect(first.count > 20)
    }

    @Test func makeDueLaunchesAPendingRequestNow() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        try simulator.engine.submit(.appRefresh(identifier, earliestBegin: SimulatedInstant(offset: .days(3))))
        simulator.run(for: .hours(1))
        #expect(simulator.timeline.isEmpty)
        try simulator.makeDue(identifier)
        simulator.run(for: .seconds(1))
        #expect(simulator.timeline.map(\.startedAt) == [SimulatedInstant(offset: .hours(1))])
        #expect(throws: SimulatorError.nothingPending(identifier: identifier)) { try simulator.makeDue(identifier) }
    }

    @Test func processingRunsGetTheLongerBudget() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        let clock = simulator.clock
        try simulator.engine.register(identifier, kind: .processing, scheduleNext: .endsChain) { _ in
            try await clock.sleep(for: .minutes(4))
        }
        try simulator.engine.submit(.processing(identifier))
        simulator.run(for: .hours(1))
        #expect(simulator.timeline.first?.outcome == .succeeded)
        #expect(simulator.timeline.first?.budget == .seconds(300))
    }
}

@Suite struct SimulatorLifecycleTests {
    @Test func plannedLaunchesShowWhatTheSystemWillRun() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration(delay: .minutes(5) ... .minutes(5)))
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .endsChain) { _ in }
        try simulator.engine.submit(.appRefresh(identifier, earliestBegin: SimulatedInstant(offset: .hours(2))))
        #expect(simulator.plannedLaunches.map(\.at) == [SimulatedInstant(offset: .hours(2) + .minutes(5))])
        simulator.run(for: .hours(3))
        #expect(simulator.plannedLaunches.isEmpty)
    }

    @Test func shutDownWakesEverySleeperAndLeavesNothingScheduled() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        let clock = simulator.clock
        let executor = simulator.executor
        let ended = TestBox(0)
        try simulator.engine.register(identifier, kind: .processing, scheduleNext: .resubmit(after: .hours(1))) { _ in
            // One sleeper the run's cancellation reaches, and one in an unstructured task it does not.
            async let cancellable: Void? = try? clock.sleep(for: .hours(5))
            await Task(name: "detached-wait", executorPreference: executor) { try? await clock.sleep(for: .hours(9)) }.value
            _ = await cancellable
            ended.mutate { $0 += 1 }
        }
        try simulator.engine.submit(.processing(identifier))
        simulator.run(for: .minutes(1))
        simulator.shutDown()
        #expect(ended.value == 1)
        #expect(simulator.engine.pendingRequests.isEmpty)
        #expect(simulator.timeline.first?.outcome == .expired)
        #expect(simulator.now == SimulatedInstant(offset: .minutes(1)))
    }
}

@Suite struct RunUntilIdleTests {
    @Test func aOneShotTaskGoesIdleAtItsLastEvent() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        let clock = simulator.clock
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .endsChain) { _ in
            try await clock.sleep(for: .seconds(12))
        }
        try simulator.engine.submit(.appRefresh(identifier, earliestBegin: SimulatedInstant(offset: .hours(2))))
        #expect(simulator.runUntilIdle())
        #expect(simulator.now == SimulatedInstant(offset: .hours(2) + .seconds(12)))
        #expect(simulator.timeline.count == 1)
    }

    @Test func anEndlessChainHitsTheLimit() throws {
        let simulator = BackgroundSimulator(seed: 3, permittedIdentifiers: [identifier], configuration: configuration())
        try simulator.engine.register(identifier, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(6))) { _ in }
        try simulator.engine.submit(.appRefresh(identifier))
        #expect(!simulator.runUntilIdle(limit: .days(2)))
        #expect(simulator.timeline.count == 9)
    }
}
