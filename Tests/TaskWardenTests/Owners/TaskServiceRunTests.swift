import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

/// `TaskService.run()`: the loop in the calling task, in the shape swift-service-lifecycle's `ServiceGroup` runs
/// (`Service.run() async throws`), with its graceful shutdown (`triggerGracefulShutdown()`).
@Suite struct TaskServiceRunTests {
    /// Stands in for a `ServiceGroup`: runs the service in a child task and, on shutdown, calls the graceful
    /// shutdown handler the way `withGracefulShutdownHandler`'s `onGracefulShutdown` would.
    private struct MiniServiceGroup {
        let service: TaskService

        func run(shutDownWhen shutdown: Gate) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                group.addTask {
                    await shutdown.wait()
                    service.triggerGracefulShutdown()
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func gracefulShutdownLetsTheRunningIterationFinishAndEndsTheWait() async throws {
        let clock = ManualClock()
        let census = TaskCensus()
        let inIteration = Gate()
        let finishIteration = Gate()
        let iterations = Locked<[(start: Duration, cancelled: Bool)]>([])
        let service = TaskService(name: "price-watch", census: census, every: .seconds(60), clock: clock) {
            inIteration.open()
            await finishIteration.wait()
            iterations.withLock { $0.append((clock.now.offset, Task.isCancelled)) }
        }
        let shutdown = Gate()
        let group = Task { try await MiniServiceGroup(service: service).run(shutDownWhen: shutdown) }
        await inIteration.wait()
        #expect(service.isRunning)
        #expect(census.snapshot().countsByName == ["price-watch": 1])   // the caller's task, under the name
        shutdown.open()
        finishIteration.open()
        try await group.value   // returns although the clock never reaches the next tick
        #expect(iterations.withLock { $0.count } == 1)
        #expect(iterations.withLock { $0[0].cancelled } == false)
        #expect(!service.isRunning)
        #expect(clock.sleeperCount == 0)
        #expect(census.liveCount == 0)
    }

    @Test func aShutdownDuringTheWaitReturnsAtOnce() async throws {
        let clock = ManualClock()
        let runs = Counter()
        let service = TaskService(name: "price-watch", census: TaskCensus(), every: .seconds(60), clock: clock) {
            runs.increment()
        }
        let running = Task { try await service.run() }
        await clock.waitForSleepers(count: 1)          // one iteration done, waiting for the next tick
        service.triggerGracefulShutdown()
        try await running.value
        #expect(runs.count == 1)
        #expect(clock.now == ManualClock.Instant(offset: .zero))
    }

    @Test func cancellingTheCallerEndsTheLoopWithCancellationError() async {
        let clock = ManualClock()
        let service = TaskService(name: "price-watch", census: TaskCensus(), every: .seconds(60), clock: clock) {}
        let running = Task { try await service.run() }
        await clock.waitForSleepers(count: 1)
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        #expect(!service.isRunning)
    }

    @Test(.timeLimit(.minutes(10)))
    func stopFromOutsideReturnsOnceRunHasReturned() async throws {
        let iterations = Counter()
        let secondIteration = Gate()
        let service = TaskService(name: "change-uploader", census: TaskCensus()) {
            iterations.increment()
            if iterations.count >= 2 { secondIteration.open() }
            await Task.yield()
            return .continue
        }
        let running = Task { try await service.run() }
        await secondIteration.wait()
        await service.stop()
        #expect(!service.isRunning)
        let iterationsAtStop = iterations.count
        try await running.value
        #expect(iterations.count == iterationsAtStop)
    }

    @Test func anIterationReturningStopEndsRun() async throws {
        let runs = Counter()
        let service = TaskService(name: "change-uploader", census: TaskCensus()) {
            runs.increment()
            return runs.count < 3 ? .continue : .stop
        }
        try await service.run()
        #expect(runs.count == 3)
    }

    @Test func runRefusesASecondRunAndAServiceWithoutALoop() async throws {
        let clock = ManualClock()
        let service = TaskService(name: "price-watch", census: TaskCensus(), every: .seconds(60), clock: clock) {}
        let running = Task { try await service.run() }
        await clock.waitForSleepers(count: 1)
        await #expect(throws: TaskServiceError.alreadyRunning(service: "price-watch")) { try await service.run() }
        service.triggerGracefulShutdown()
        try await running.value

        let bare = TaskService(name: "wantlist-price-watch", census: TaskCensus())
        await #expect(throws: TaskServiceError.noLoop(service: "wantlist-price-watch")) { try await bare.run() }
    }

    @Test func gracefulShutdownAlsoStopsAStartedLoopWithoutCancellingIt() async {
        let clock = ManualClock()
        let service = TaskService(name: "wantlist-price-watch", census: TaskCensus())
        final class Owner: Sendable {}
        let owner = Owner()
        let inIteration = Gate()
        let finish = Gate()
        let cancelled = Locked<Bool?>(nil)
        service.start(owner: owner, every: .seconds(60), clock: clock) { _ in
            inIteration.open()
            await finish.wait()
            cancelled.withLock { $0 = Task.isCancelled }
        }
        await inIteration.wait()
        service.triggerGracefulShutdown()
        finish.open()
        #expect(await eventually { !service.isRunning })
        #expect(cancelled.withLock { $0 } == false)
        #expect(clock.sleeperCount == 0)
    }

    /// A loop whose iteration never suspends still gives its thread up between iterations: on a serial executor
    /// shared with another task, that task runs (and shuts the service down) long before the loop would have
    /// ended by itself.
    @Test(arguments: [false, true])
    func aLoopWhoseIterationNeverSuspendsLetsOtherWorkOnItsThreadRun(fixedRate: Bool) async throws {
        let executor = QueueExecutor()
        let iterations = Counter()
        let limit = 1_000_000
        let service = fixedRate
            ? TaskService(name: "spin", census: TaskCensus(), every: .zero, clock: ContinuousClock()) {
                iterations.increment()
                if iterations.count >= limit { await Task.yield() }   // lets the old loop end eventually too
            }
            : TaskService(name: "spin", census: TaskCensus()) {
                iterations.increment()
                return iterations.count < limit ? .continue : .stop
            }
        let running = Task(executorPreference: executor) { try await service.run() }
        let other = Task(executorPreference: executor) { () -> Bool in
            defer { service.triggerGracefulShutdown() }
            return service.isRunning
        }
        #expect(await other.value)        // it ran while the loop was still running…
        try await running.value
        #expect(iterations.count < limit)  // …and ended it early
    }
}
