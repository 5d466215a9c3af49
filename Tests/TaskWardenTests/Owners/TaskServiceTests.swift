import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

@Suite struct TaskServiceTests {
    final class Wantlist: Sendable {
        let refreshes = Counter()
        let freed: Counter
        init(freed: Counter) { self.freed = freed }
        deinit { freed.increment() }
    }

    @Test func startIsIdempotentWhileRunning() async {
        let census = TaskCensus()
        let service = TaskService(name: "wantlist-price-watch", census: census)
        let wantlist = Wantlist(freed: Counter())
        #expect(service.start(owner: wantlist) { owner in owner.refreshes.increment(); await waitUntilCancelled(); return .continue })
        #expect(!service.start(owner: wantlist) { _ in .continue })
        #expect(service.isRunning)
        #expect(census.snapshot().countsByName == ["wantlist-price-watch": 1])
        await service.stop()
        #expect(!service.isRunning)
        #expect(census.liveCount == 0)
        // Stopped services start again.
        #expect(service.start(owner: wantlist) { _ in .stop })
        await service.stop()
    }

    @Test func noWorkHappensAfterStopReturns() async {
        let service = TaskService(name: "cloud-sync", census: TaskCensus())
        let wantlist = Wantlist(freed: Counter())
        let stopped = Locked(false)
        let iterationsAfterStop = Counter()
        let inIteration = Gate()
        service.start(owner: wantlist) { owner in
            if stopped.withLock({ $0 }) { iterationsAfterStop.increment() }
            owner.refreshes.increment()
            inIteration.open()
            await Task.yield()
            if stopped.withLock({ $0 }) { iterationsAfterStop.increment() }
            return .continue
        }
        await inIteration.wait()
        await service.stop()
        stopped.withLock { $0 = true }
        let refreshesAtStop = wantlist.refreshes.count
        for _ in 0..<1_000 { await Task.yield() }
        #expect(wantlist.refreshes.count == refreshesAtStop)
        #expect(iterationsAfterStop.count == 0)
    }

    @Test func stopWaitsForTheRunningIteration() async {
        let service = TaskService(name: "ledger-flush", census: TaskCensus())
        let wantlist = Wantlist(freed: Counter())
        let entered = Gate()
        let release = Gate()
        let finished = Locked(false)
        service.start(owner: wantlist) { _ in
            entered.open()
            await release.wait()            // not cancellable: the iteration finishes its write
            finished.withLock { $0 = true }
            return .continue
        }
        await entered.wait()
        let stopReturned = Locked(false)
        let stopping = Task {
            await service.stop()
            stopReturned.withLock { $0 = true }
        }
        for _ in 0..<1_000 { await Task.yield() }
        #expect(!stopReturned.withLock { $0 })
        release.open()
        await stopping.value
        #expect(finished.withLock { $0 })
    }

    @Test func theLoopDoesNotKeepItsOwnerAlive() async {
        let census = TaskCensus()
        // A back-to-back loop yields after each iteration, to the back of the pool's queue: at a high priority it
        // is not starved when parallel suites keep that queue full (two cores, the thread sanitizer).
        let service = TaskService(name: "wantlist-price-watch", priority: .high, census: census)
        let freed = Counter()
        do {
            let wantlist = Wantlist(freed: freed)
            service.start(owner: wantlist, every: .zero, clock: ContinuousClock()) { owner in
                owner.refreshes.increment()
            }
            // The loop ran with its owner alive; that it holds no reference between iterations is what follows.
            #expect(await eventually { wantlist.refreshes.count >= 1 })
        }
        // The owner is gone; the loop notices at its next iteration and exits on its own.
        #expect(await eventually { !service.isRunning })
        #expect(freed.count == 1)
        // The loop's census entry goes when its task returns, just after the service stops reporting it running.
        #expect(await eventually { census.liveCount == 0 })
    }

    @Test func theOwnerIsNotHeldWhileTheLoopSleepsBetweenIterations() async {
        let clock = ManualClock()
        let service = TaskService(name: "wantlist-price-watch", census: TaskCensus())
        let freed = Counter()
        do {
            let wantlist = Wantlist(freed: freed)
            service.start(owner: wantlist, every: .seconds(60), clock: clock) { owner in
                owner.refreshes.increment()
            }
            await clock.waitForSleepers(count: 1)   // one iteration done, now sleeping out the interval
        }
        // Between iterations the owner is held weakly: it goes now, not a minute later when the loop wakes.
        #expect(freed.count == 1)
        clock.advance(by: .seconds(60))
        #expect(await eventually { !service.isRunning })
        #expect(freed.count == 1)
    }

    @Test func releasingTheServiceCancelsTheLoop() async {
        let census = TaskCensus()
        var service: TaskService? = TaskService(name: "thumbnail-prefetch", census: census)
        let wantlist = Wantlist(freed: Counter())
        service!.start(owner: wantlist) { _ in await waitUntilCancelled(); return .continue }
        #expect(census.liveCount == 1)
        service = nil
        #expect(await eventually { census.liveCount == 0 })
    }

    // MARK: Stopping from inside the loop

    /// A loop that decides to shut itself down calls `stop()` from its own iteration. Waiting for the loop to
    /// exit there would wait for itself, so it returns once the loop is marked stopped. (The time limit only
    /// turns the old deadlock into a failure instead of a hang.)
    @Test(.timeLimit(.minutes(10))) func stopFromInsideAnIterationReturnsAndTheLoopEndsAfterIt() async {
        let service = TaskService(name: "ledger-flush", census: TaskCensus())
        let wantlist = Wantlist(freed: Counter())
        let stopReturned = Gate()
        let finishIteration = Gate()
        let cancelledAfterStop = Locked<Bool?>(nil)
        service.start(owner: wantlist) { owner in
            owner.refreshes.increment()
            await service.stop()
            // The rest of this iteration runs uncancelled: it asked for the stop, nobody cancelled it.
            cancelledAfterStop.withLock { $0 = Task.isCancelled }
            stopReturned.open()
            await finishIteration.wait()
            return .continue
        }
        await stopReturned.wait()
        #expect(cancelledAfterStop.withLock { $0 } == false)
        #expect(service.isRunning)   // the iteration that called stop() is still running
        finishIteration.open()
        await service.stop()         // from outside: waits for the loop to exit, then returns
        #expect(!service.isRunning)
        #expect(wantlist.refreshes.count == 1)   // no iteration started after the stop
    }

    @Test(.timeLimit(.minutes(10))) func stopFromATaskTheIterationAwaitsReturns() async {
        let service = TaskService(name: "ledger-flush", census: TaskCensus())
        let wantlist = Wantlist(freed: Counter())
        let stopReturned = Gate()
        service.start(owner: wantlist) { owner in
            owner.refreshes.increment()
            async let stopping: Void = service.stop()   // a child of the iteration: the iteration waits for it
            await stopping
            stopReturned.open()
            return .continue
        }
        await stopReturned.wait()
        await service.stop()
        await service.stop()   // stopped already: returns at once
        #expect(!service.isRunning)
        #expect(wantlist.refreshes.count == 1)
    }

    @Test(.timeLimit(.minutes(10))) func theIntervalLoopCanStopItselfFromInside() async {
        let clock = ManualClock()
        let service = TaskService(name: "wantlist-price-watch", census: TaskCensus())
        let wantlist = Wantlist(freed: Counter())
        let stopReturned = Gate()
        service.start(owner: wantlist, every: .seconds(60), clock: clock) { owner in
            owner.refreshes.increment()
            await service.stop()
            stopReturned.open()
        }
        await stopReturned.wait()
        // It ends without sleeping out another interval: the clock never moves, yet the service stops.
        #expect(await eventually { !service.isRunning })
        #expect(clock.sleeperCount == 0)
        await service.stop()
        #expect(wantlist.refreshes.count == 1)
    }
}
