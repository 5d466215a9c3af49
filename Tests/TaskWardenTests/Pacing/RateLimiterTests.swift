import Testing
import TaskWarden
import TaskWardenTesting

@Suite("Rate limiter on a manual clock")
struct RateLimiterTests {
    typealias Instant = ManualClock.Instant

    static func at(_ seconds: Int) -> Instant { Instant(offset: .seconds(seconds)) }

    /// Queues a waiter synchronously (the task runs up to its first suspension before this returns), so waiters
    /// are queued in exactly the order they are created.
    static func queue(_ limiter: RateLimiter<ManualClock>) -> Task<Instant, any Error> {
        Task.immediate { try await limiter.acquire() }
    }

    @Test func fortyAMinuteAdmitsTheFortyFirstAtSixtySeconds() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
        for _ in 0..<40 {
            #expect(try await limiter.acquire() == Self.at(0))
        }
        let fortyFirst = Self.queue(limiter)
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [Self.at(60)])
        clock.advance(to: .milliseconds(59_999))
        #expect(limiter.waitingCount == 1)
        clock.advance(to: .seconds(60))
        #expect(try await fortyFirst.value == Self.at(60))
        #expect(limiter.windowEnd == Self.at(120))
        #expect(limiter.remaining == 39)
    }

    @Test func waitersAreAdmittedFirstComeFirstServedWindowByWindow() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 2, per: .seconds(60), clock: clock)
        try await limiter.acquire()
        try await limiter.acquire()
        let waiters = (0..<5).map { _ in Self.queue(limiter) }
        #expect(limiter.waitingCount == 5)
        for window in 1...3 {
            await clock.waitForSleepers(count: 1)
            clock.advance(to: .seconds(60 * window))
        }
        var admitted: [Instant] = []
        for waiter in waiters { admitted.append(try await waiter.value) }
        #expect(admitted == [Self.at(60), Self.at(60), Self.at(120), Self.at(120), Self.at(180)])
    }

    @Test func aNewcomerDoesNotOvertakeQueuedWaiters() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 1, per: .seconds(10), clock: clock)
        try await limiter.acquire()
        let first = Self.queue(limiter)
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(10))
        #expect(try await first.value == Self.at(10))
        // The window that admitted `first` is used up; a newcomer waits for the next one.
        let second = Self.queue(limiter)
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [Self.at(20)])
        clock.advance(to: .seconds(20))
        #expect(try await second.value == Self.at(20))
    }

    @Test func aLowerReportedLimitTakesEffectForQueuedWaiters() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
        for _ in 0..<40 { try await limiter.acquire() }
        let waiters = (0..<30).map { _ in Self.queue(limiter) }
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(10))
        // The server now allows 25 a minute, none left, and its window ends in 20 s.
        try limiter.apply(RateLimitReport(limit: 25, window: .seconds(60), remaining: 0, resetIn: .seconds(20)))
        #expect(limiter.limit == 25)
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [Self.at(30)])
        clock.advance(to: .seconds(30))
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [Self.at(90)])
        clock.advance(to: .seconds(90))
        var admitted: [Instant] = []
        for waiter in waiters { admitted.append(try await waiter.value) }
        #expect(admitted == Array(repeating: Self.at(30), count: 25) + Array(repeating: Self.at(90), count: 5))
    }

    @Test func aRaisedReportedLimitAdmitsQueuedWaitersAtOnce() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
        for _ in 0..<40 { try await limiter.acquire() }
        let waiters = (0..<12).map { _ in Self.queue(limiter) }
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(5))
        try limiter.apply(RateLimitReport(limit: 50, window: .seconds(60), remaining: 10, resetIn: .seconds(55)))
        #expect(limiter.waitingCount == 2)
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(60))
        var admitted: [Instant] = []
        for waiter in waiters { admitted.append(try await waiter.value) }
        #expect(admitted == Array(repeating: Self.at(5), count: 10) + [Self.at(60), Self.at(60)])
    }

    @Test func aReportWithTheSameLimitOnlyLowersRemaining() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
        for _ in 0..<30 { try await limiter.acquire() }
        // A late response from early in the window says 35 remain; we know only 10 do.
        try limiter.apply(RateLimitReport(limit: 40, window: .seconds(60), remaining: 35, resetIn: .seconds(60)))
        #expect(limiter.remaining == 10)
        try limiter.apply(RateLimitReport(limit: 40, window: .seconds(60), remaining: 4, resetIn: .seconds(60)))
        #expect(limiter.remaining == 4)
        // A report about a window that has already ended changes nothing.
        try limiter.apply(RateLimitReport(limit: 40, window: .seconds(60), remaining: 0, resetIn: .zero))
        #expect(limiter.remaining == 4)
    }

    @Test func aReportAfterAnIdleWindowEndedIsNotCappedByThatWindowsCount() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 2, per: .seconds(60), clock: clock)
        try await limiter.acquire()
        try await limiter.acquire()
        // The window ended at 60 s with nobody waiting, so it lapsed; its count of 0 says nothing about the
        // server's new window, which reports 1 left until 120 s.
        clock.advance(to: .seconds(70))
        try limiter.apply(RateLimitReport(limit: 2, window: .seconds(60), remaining: 1, resetIn: .seconds(50)))
        #expect(limiter.remaining == 1)
        #expect(limiter.tryAcquire())
        #expect(!limiter.tryAcquire())
        #expect(limiter.windowEnd == Self.at(120))
    }

    @Test func anIdleWindowThatEndedReportsAFullCountAndNoWindow() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 3, per: .seconds(60), clock: clock)
        for _ in 0..<3 { try await limiter.acquire() }
        #expect(limiter.remaining == 0)
        clock.advance(to: .seconds(100))
        // The window ended at 60 s with nobody waiting: it lapsed, so all 3 turns are free and none has started.
        #expect(limiter.remaining == 3)
        #expect(limiter.windowEnd == nil)
    }

    @Test func aCancelledWaiterLeavesAtOnceAndConsumesNothing() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 1, per: .seconds(60), clock: clock)
        try await limiter.acquire()
        let first = Self.queue(limiter)
        let second = Self.queue(limiter)
        let third = Self.queue(limiter)
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(limiter.waitingCount == 2)
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(60))
        #expect(try await first.value == Self.at(60))
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(120))
        #expect(try await third.value == Self.at(120))
        #expect(limiter.admittedCount == 3)
    }

    @Test func cancellingEveryWaiterStopsTheTimer() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 1, per: .seconds(60), clock: clock)
        try await limiter.acquire()
        let waiters = (0..<3).map { _ in Self.queue(limiter) }
        await clock.waitForSleepers(count: 1)
        for waiter in waiters { waiter.cancel() }
        for waiter in waiters {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(limiter.waitingCount == 0)
        #expect(clock.sleeperCount == 0)
        #expect(limiter.remaining == 0)
    }

    @Test func anAlreadyCancelledTaskIsRefusedWithoutConsuming() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 5, per: .seconds(60), clock: clock)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await limiter.acquire()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(limiter.remaining == 5)
        #expect(limiter.admittedCount == 0)
    }

    @Test func anIdleWindowLapsesAndTheNextAdmissionStartsANewOne() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 3, per: .seconds(60), clock: clock)
        try await limiter.acquire()
        clock.advance(to: .seconds(100))
        #expect(try await limiter.acquire() == Self.at(100))
        #expect(limiter.windowEnd == Self.at(160))
        #expect(limiter.remaining == 2)
    }

    @Test func tryAcquireTakesOnlyAFreeTurnAndNeverQueuesOrOvertakes() async throws {
        let clock = ManualClock()
        let limiter = try RateLimiter(limit: 2, per: .seconds(60), clock: clock)
        #expect(limiter.tryAcquire())
        #expect(limiter.tryAcquire())
        #expect(!limiter.tryAcquire())
        #expect(limiter.waitingCount == 0)
        let queued = Self.queue(limiter)
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(60))
        #expect(try await queued.value == Self.at(60))
        // One turn left in the window that admitted the waiter; tryAcquire takes it, then refuses.
        #expect(limiter.tryAcquire())
        #expect(!limiter.tryAcquire())
        #expect(limiter.admittedCount == 4)
    }

    @Test func badLimitsAreRejectedWithTheValueNamed() throws {
        let clock = ManualClock()
        #expect(throws: RateLimitError.limitBelowOne(0)) { try RateLimiter(limit: 0, per: .seconds(60), clock: clock) }
        #expect(throws: RateLimitError.windowNotPositive(.zero)) {
            try RateLimiter(limit: 5, per: .zero, clock: clock)
        }
        let limiter = try RateLimiter(limit: 5, per: .seconds(60), clock: clock)
        #expect(throws: RateLimitError.remainingOutOfRange(remaining: 9, limit: 5)) {
            try limiter.apply(RateLimitReport(limit: 5, window: .seconds(60), remaining: 9, resetIn: .seconds(1)))
        }
        #expect(RateLimitError.limitBelowOne(-2).description.contains("-2"))
        #expect(limiter.limit == 5)
    }
}
