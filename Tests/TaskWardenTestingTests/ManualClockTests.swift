import Synchronization
import Testing
import TaskWardenTesting

@Suite("Manual clock")
struct ManualClockTests {
    typealias Instant = ManualClock.Instant

    @Test func sleepersWakeInDeadlineOrderWithNowAtTheirDeadline() async throws {
        let clock = ManualClock()
        let log = WakeLog()
        // Registered out of deadline order; each wakes the next advance step only after logging.
        let late = Task { try await clock.sleep(until: Instant(offset: .seconds(30))); log.append("30") }
        await clock.waitForSleepers(count: 1)
        let early = Task { try await clock.sleep(until: Instant(offset: .seconds(10))); log.append("10") }
        await clock.waitForSleepers(count: 2)
        #expect(clock.pendingDeadlines == [Instant(offset: .seconds(10)), Instant(offset: .seconds(30))])
        clock.advance(by: .seconds(10))
        try await early.value
        #expect(log.entries == ["10"])
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(20))
        try await late.value
        #expect(log.entries == ["10", "30"])
        #expect(clock.now == Instant(offset: .seconds(30)))
    }

    @Test func aDeadlineEqualToTheTargetIsResumed() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: Instant(offset: .seconds(5))) }
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .milliseconds(4_999))
        #expect(clock.sleeperCount == 1)
        clock.advance(to: .seconds(5))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepingUntilThePastReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: Instant(offset: .seconds(2)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperRemovesItAndThrows() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == Instant(offset: .zero))
    }

    @Test func waitForSleepersIsWokenByTheRegistrationThatReachesTheCount() async throws {
        let clock = ManualClock()
        let sleepers = (1...3).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
        await clock.waitForSleepers(count: 3)
        #expect(clock.sleeperCount == 3)
        clock.advance(by: .seconds(3))
        for sleeper in sleepers { try await sleeper.value }
    }
}

final class WakeLog: Sendable {
    private let state = Mutex<[String]>([])
    func append(_ entry: String) { state.withLock { $0.append(entry) } }
    var entries: [String] { state.withLock { $0 } }
}
