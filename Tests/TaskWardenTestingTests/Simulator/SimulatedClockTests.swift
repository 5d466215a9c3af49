import Testing
import TaskWardenBackground
@testable import TaskWardenTesting

private let identifier = "com.recordshelf.price-check"

/// Runs `body` as a simulated handler launched at once, then advances the simulation by `duration`.
private func simulate(
    for duration: Duration, seed: UInt64 = 1,
    _ body: @escaping @Sendable (SimulatedClock) async throws -> Void
) throws -> BackgroundSimulator {
    let simulator = BackgroundSimulator(seed: seed, permittedIdentifiers: [identifier])
    let clock = simulator.clock
    try simulator.engine.register(identifier, kind: .processing, scheduleNext: .endsChain) { _ in try await body(clock) }
    try simulator.engine.launch(identifier)
    simulator.run(for: duration)
    return simulator
}

@Suite struct SimulatedClockTests {
    @Test func sleepingAdvancesVirtualTimeExactlyAndInstantly() throws {
        let wakes = TestBox<[SimulatedInstant]>([])
        _ = try simulate(for: .days(2)) { clock in
            try await clock.sleep(for: .seconds(90))
            wakes.mutate { $0.append(clock.now) }
            try await clock.sleep(until: SimulatedInstant(offset: .hours(30)), tolerance: nil)
            wakes.mutate { $0.append(clock.now) }
        }
        #expect(wakes.value == [SimulatedInstant(offset: .seconds(90)), SimulatedInstant(offset: .hours(30))])
    }

    @Test func sleepersWithTheSameDeadlineWakeInTheOrderTheyWentToSleep() throws {
        let order = TestBox<[Int]>([])
        _ = try simulate(for: .seconds(10)) { clock in
            await withTaskGroup(of: Void.self) { group in
                for child in 0..<5 {
                    group.addTask(name: "price:\(child)") {
                        // Children go to sleep in creation order; they all wake at t = 5 s.
                        try? await clock.sleep(until: SimulatedInstant(offset: .seconds(5)), tolerance: nil)
                        order.mutate { $0.append(child) }
                    }
                }
            }
        }
        #expect(order.value == [0, 1, 2, 3, 4])
    }

    @Test func aCancelledSleeperWakesAtOnceWithCancellationError() throws {
        let result = TestBox<String>("")
        _ = try simulate(for: .seconds(100)) { clock in
            await withTaskGroup(of: Void.self) { group in
                group.addTask(name: "long-sleep") {
                    do {
                        try await clock.sleep(for: .seconds(60))
                        result.mutate { $0 = "woke normally" }
                    } catch is CancellationError {
                        result.mutate { $0 = "cancelled at \(clock.now)" }
                    } catch {}
                }
                try? await clock.sleep(for: .seconds(3))
                group.cancelAll()
            }
        }
        #expect(result.value == "cancelled at d0 00:00:03")
    }

    @Test func instantsPrintAsDayAndTimeOfDay() {
        #expect(SimulatedInstant(offset: .days(3) + .hours(4) + .seconds(12 * 60 + 5) + .milliseconds(250)).description == "d3 04:12:05.250")
        #expect(SimulatedInstant.start.description == "d0 00:00:00")
    }

    @Test func theSeededGeneratorReplaysAndStaysInRange() {
        var first = SeededRandomNumberGenerator(seed: 99)
        var second = SeededRandomNumberGenerator(seed: 99)
        let range: ClosedRange<Duration> = .seconds(20) ... .seconds(30)
        let a = (0..<100).map { _ in first.duration(in: range) }
        let b = (0..<100).map { _ in second.duration(in: range) }
        #expect(a == b)
        #expect(a.allSatisfy { range.contains($0) })
        #expect(Set(a).count > 50)
    }
}
