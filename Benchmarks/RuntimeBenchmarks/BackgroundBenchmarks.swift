import TaskWardenBackground
import PriceCheckScenarios
import TaskWardenTesting

/// A year of daily background refreshes over a 1,000-item wantlist, simulated.
///
/// Candidate: the whole price check in the simulator — engine, chain step, ledger work list, bounded named
/// fan-out with the rate limiter (40/min), latencies and expiration on virtual time, shielded apply.
/// Baseline: the same ledger bookkeeping (365 work lists of 40, 14,600 saves) in a plain loop, with no tasks,
/// no executor, no timers. The ratio is what the concurrency and the simulation cost on top of the ledger; the
/// candidate's ns/op is the real time one simulated year takes (target: under a second, release build).
let backgroundSuite = BenchmarkSuite(name: "background", comparisons: [
    Comparison("simulated-year-1000-items", operations: 1, baseline: {
        let simulator = BackgroundSimulator(seed: 1, permittedIdentifiers: [])
        guard let ledger = try? RefreshLedger(
            items: Array(1...1000), clock: simulator.clock, store: InMemoryLedgerStore<Int, SimulatedInstant>())
        else { fatalError("ledger refused a valid wantlist") }
        for _ in 0..<365 {
            for item in ledger.workList(limit: 40) { _ = try? ledger.markChecked(item) }
            simulator.run(for: .days(1))
        }
    }, candidate: {
        var configuration = PriceCheckScenario.Configuration(items: 1000)
        configuration.refreshInterval = .days(1)
        guard let report = try? PriceCheckScenario(.correct, configuration: configuration).run(for: .days(365)),
              report.lostResults == 0, report.runs.count >= 340
        else { fatalError("the simulated year did not run as expected") }
    }),
])
