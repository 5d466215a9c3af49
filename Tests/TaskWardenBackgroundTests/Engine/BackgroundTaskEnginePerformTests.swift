import Testing
import TaskWarden
import TaskWardenBackground
import TaskWardenTesting

private let refresh = "com.recordshelf.price-check"

/// `BackgroundTaskEngine.perform`, the entry point for SwiftUI's `.backgroundTask(.appRefresh(…))`: the caller
/// stands in for SwiftUI's closure task — a task on the simulator's executor, which SwiftUI would cancel on
/// expiry — and the launch goes through the engine's `launch`, the path the simulator's own launches take.
@Suite struct BackgroundTaskEnginePerformTests {
    private func makeSimulator(engineGrace: Duration = .seconds(10)) -> BackgroundSimulator {
        var configuration = SimulatorConfiguration()
        configuration.discretionaryDelay = .zero ... .zero
        configuration.engineExpirationGrace = engineGrace
        return BackgroundSimulator(seed: 1, permittedIdentifiers: [refresh], configuration: configuration)
    }

    /// Starts `perform` the way SwiftUI would: in a task of its own (here on the simulator's executor).
    private func performAsSwiftUIWould(
        _ engine: BackgroundTaskEngine<SimulatedClock>, on simulator: BackgroundSimulator,
        into outcome: TestBox<BackgroundRunOutcome?>
    ) -> Task<Void, Never> {
        Task(name: "swiftui-background-task", executorPreference: simulator.executor) {
            let result = try? await engine.perform(refresh)
            outcome.mutate { $0 = result }
        }
    }

    @Test func schedulesTheNextRequestFirstAndReturnsWhenTheHandlerSucceeds() throws {
        let simulator = makeSimulator()
        defer { simulator.shutDown() }
        let clock = simulator.clock
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(1))) { _ in
            try await clock.sleep(for: .seconds(10))
        }
        let outcome = TestBox<BackgroundRunOutcome?>(nil)
        _ = performAsSwiftUIWould(simulator.engine, on: simulator, into: outcome)
        simulator.run(for: .seconds(5))
        // Chain first: the next request is in before the handler has done anything.
        #expect(simulator.engine.pendingRequests.map(\.request.identifier) == [refresh])
        #expect(outcome.value == nil)
        simulator.run(for: .seconds(5))
        #expect(outcome.value == .succeeded)
        #expect(simulator.engine.runningIdentifiers.isEmpty)
    }

    /// SwiftUI cancels the closure's task on expiry and takes the closure's return as "task complete", so
    /// `perform` must not return while the handler is still applying, in its cancellation shield, what it fetched:
    /// the app could be suspended half-way through.
    @Test func aCancelledCallerGetsItsAnswerOnlyOnceTheShieldedStepHasFinished() throws {
        let simulator = makeSimulator(engineGrace: .seconds(10))
        defer { simulator.shutDown() }
        let clock = simulator.clock
        let applied = TestBox(0)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(1))) { run in
            try? await clock.sleep(for: .seconds(600))          // the fetch; cut short by the expiry
            await withCancellationShield {
                try? await clock.sleep(for: .seconds(5))        // applying what was fetched takes a while
                applied.mutate { $0 += 1 }
                run.recordApplied()
            }
        }
        let outcome = TestBox<BackgroundRunOutcome?>(nil)
        let caller = performAsSwiftUIWould(simulator.engine, on: simulator, into: outcome)
        simulator.run(for: .seconds(10))
        #expect(outcome.value == nil)
        caller.cancel()                                          // SwiftUI: the system expired the task
        simulator.run(for: .seconds(4))
        #expect(outcome.value == nil)                            // still applying: the closure has not returned
        #expect(applied.value == 0)
        #expect(simulator.engine.runningIdentifiers == [refresh])
        #expect(throws: BackgroundTaskError.alreadyRunning(identifier: refresh)) {
            try simulator.engine.launch(refresh)                 // no second handler while the first is shielded
        }
        simulator.run(for: .seconds(1))
        #expect(applied.value == 1)                              // the apply finished…
        #expect(outcome.value == .expired)                       // …and only then did perform return
        #expect(simulator.engine.runningIdentifiers.isEmpty)
        #expect(simulator.engine.pendingRequests.count == 1)     // the chain was kept
    }

    /// The grace bound: a shielded step that outlasts it gets an answer when it ends, saying so.
    @Test func aCancelledCallerWhoseHandlerOutlastsTheGracePeriodIsToldSo() throws {
        let simulator = makeSimulator(engineGrace: .seconds(2))
        defer { simulator.shutDown() }
        let clock = simulator.clock
        let applied = TestBox(0)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(1))) { _ in
            try? await clock.sleep(for: .seconds(600))
            await withCancellationShield {
                try? await clock.sleep(for: .seconds(5))
                applied.mutate { $0 += 1 }
            }
        }
        let outcome = TestBox<BackgroundRunOutcome?>(nil)
        let caller = performAsSwiftUIWould(simulator.engine, on: simulator, into: outcome)
        simulator.run(for: .seconds(10))
        caller.cancel()
        simulator.run(for: .seconds(1))
        #expect(outcome.value == nil)
        simulator.run(for: .seconds(1))
        #expect(outcome.value == .expiredBeforeHandlerReturned)  // 2 s after the expiry, reported as such
        #expect(applied.value == 0)
        // The handler is still running: the identifier is not free until it returns.
        #expect(simulator.engine.runningIdentifiers == [refresh])
        simulator.run(for: .seconds(3))
        #expect(applied.value == 1)
        #expect(simulator.engine.runningIdentifiers.isEmpty)
    }

    @Test func aCallerCancelledBeforeItStartsStillKeepsTheChain() throws {
        let simulator = makeSimulator()
        defer { simulator.shutDown() }
        let handlerRan = TestBox(false)
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .resubmit(after: .hours(1))) { _ in
            handlerRan.mutate { $0 = true }
            try Task.checkCancellation()
        }
        let outcome = TestBox<BackgroundRunOutcome?>(nil)
        performAsSwiftUIWould(simulator.engine, on: simulator, into: outcome).cancel()
        simulator.run(for: .seconds(1))
        #expect(outcome.value == .expired)
        #expect(handlerRan.value)
        #expect(simulator.engine.pendingRequests.map(\.request.identifier) == [refresh])
    }

    @Test func aThrowingHandlerIsReportedAsFailed() throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        let simulator = makeSimulator()
        defer { simulator.shutDown() }
        try simulator.engine.register(refresh, kind: .appRefresh, scheduleNext: .endsChain) { _ in throw Offline() }
        let outcome = TestBox<BackgroundRunOutcome?>(nil)
        _ = performAsSwiftUIWould(simulator.engine, on: simulator, into: outcome)
        simulator.run(for: .seconds(1))
        #expect(outcome.value == .failed("offline"))
    }

    @Test func performThrowsWhenTheLaunchIsRefused() async {
        let engine = makeSimulator().engine
        await #expect(throws: BackgroundTaskError.noHandlerRegistered(identifier: refresh)) {
            try await engine.perform(refresh)
        }
    }
}
