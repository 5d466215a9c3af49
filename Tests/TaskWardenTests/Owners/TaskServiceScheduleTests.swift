import Testing
@testable import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

/// `every:` is a fixed rate, checked on a manual clock: iterations are due at the start and every interval after
/// it; an overrun is followed at once by the next iteration, and missed ticks are dropped.
@Suite struct TaskServiceScheduleTests {
    final class Owner: Sendable {
        let starts = Locked<[Duration]>([])
    }

    /// Starts a service whose iterations take `durations[n]` on the clock, drives the clock from event to event
    /// until `count` iterations have started, and returns their start times.
    private func startTimes(every interval: Duration, iterationsTaking durations: [Duration], count: Int) async -> [Duration] {
        let clock = ManualClock()
        let service = TaskService(name: "wantlist-price-watch", census: TaskCensus())
        let owner = Owner()
        service.start(owner: owner, every: interval, clock: clock) { owner in
            let index = owner.starts.withLock { starts in
                starts.append(clock.now.offset)
                return starts.count - 1
            }
            try? await clock.sleep(for: durations[min(index, durations.count - 1)])
        }
        while owner.starts.withLock({ $0.count }) < count {
            await clock.waitForSleepers(count: 1)   // an iteration at work, or the loop waiting for the next tick
            clock.advance(to: clock.pendingDeadlines[0])
        }
        await service.stop()
        return owner.starts.withLock { $0 }
    }

    @Test func aShortIterationRunsEveryInterval() async {
        let starts = await startTimes(every: .seconds(60), iterationsTaking: [.seconds(10)], count: 4)
        #expect(starts == [.zero, .seconds(60), .seconds(120), .seconds(180)])
    }

    @Test func anIterationLongerThanTheIntervalIsFollowedAtOnce() async {
        let starts = await startTimes(every: .seconds(60), iterationsTaking: [.seconds(70)], count: 4)
        #expect(starts == [.zero, .seconds(70), .seconds(140), .seconds(210)])
    }

    @Test func missedTicksAreDroppedNotMadeUpInABurst() async {
        // The first iteration takes 130 s: the ticks at 60 and 120 s passed meanwhile. One iteration follows at
        // once (for the 120 s tick), and the schedule goes on at 180 s.
        let starts = await startTimes(
            every: .seconds(60), iterationsTaking: [.seconds(130), .seconds(10)], count: 4)
        #expect(starts == [.zero, .seconds(130), .seconds(180), .seconds(240)])
    }

    @Test func latestTickArithmetic() {
        typealias Instant = ManualClock.Instant
        let start = Instant(offset: .seconds(5))
        func tick(_ now: Duration) -> Duration {
            FixedRateSchedule.latestTick(from: start, every: .seconds(60), notAfter: Instant(offset: now)).offset
        }
        #expect(tick(.seconds(5)) == .seconds(5))
        #expect(tick(.seconds(64)) == .seconds(5))
        #expect(tick(.seconds(65)) == .seconds(65))
        #expect(tick(.seconds(184)) == .seconds(125))
        #expect(tick(.seconds(185)) == .seconds(185))
    }
}
