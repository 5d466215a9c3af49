import TaskWarden
import TaskWardenBackground
import TaskWardenSupport
import TaskWardenTesting

/// RecordShelf's background price check over a wantlist, simulated end to end — in its correct form and in the
/// three broken forms seen in real apps. The example, the benchmarks and the tests run it (a target of the
/// example, not part of `TaskWardenTesting`); read it as a model for writing (and testing) your own handler.
///
/// The correct handler:
/// 1. schedules the next refresh first (the engine's `scheduleNext` step: `.resubmit(after:)`);
/// 2. takes its work list from the `RefreshLedger` — never-checked first, then stalest first;
/// 3. runs the bounded named fan-out (`price:<releaseID>`, 6 in flight) through the shared rate limiter;
/// 4. applies whatever came back inside `withCancellationShield`, marking each item checked (saved at once).
///
/// ```swift
/// let report = try PriceCheckScenario(configuration: .init(items: 300)).run(for: .days(3))
/// print(report.summary)   // checked 300/300 items in 8 runs; lost 0 completed results
/// ```
public struct PriceCheckScenario: Sendable {
    /// Which handler to run.
    public enum Variant: String, Sendable, CaseIterable {
        /// Chain first, stalest first, apply inside a cancellation shield.
        case correct
        /// Applies with `if Task.isCancelled { break }` outside a shield: an expired run throws away every
        /// result it already paid for.
        case discardsResultsOnExpiration = "discards-results"
        /// Walks the wantlist in the same order every run: items past the first few dozen are never checked.
        case sameItemsEveryRun = "same-items"
        /// Submits the next request at the end of the work, which an expired run never reaches.
        case schedulesNextLast = "schedules-next-last"
    }

    /// The knobs; every random choice comes from `seed`.
    public struct Configuration: Sendable {
        public var items = 300
        public var requestsPerMinute = 40
        public var maxInFlight = 6
        public var latency: ClosedRange<Duration> = .milliseconds(300) ... .milliseconds(1500)
        public var failureRate = 0.0
        public var refreshInterval: Duration = .hours(4)
        public var seed: UInt64 = 1
        /// Delays, budgets and grace period of the simulated system (default: up to 1 h delay, 30 s budgets).
        public var system = SimulatorConfiguration()

        public init(items: Int = 300) { self.items = items }
    }

    public static let identifier = "com.recordshelf.price-check"

    public var variant: Variant
    public var configuration: Configuration

    public init(_ variant: Variant = .correct, configuration: Configuration = .init()) {
        self.variant = variant
        self.configuration = configuration
    }

    /// Builds the simulated app, submits the first request and simulates `duration`.
    /// - Throws: a configuration the engine or the limiter refuses (e.g. a rate below 1 a minute).
    public func run(for duration: Duration) throws -> PriceCheckReport {
        let simulator = BackgroundSimulator(
            seed: configuration.seed, permittedIdentifiers: [Self.identifier], configuration: configuration.system)
        let app = try PriceCheckApp(variant: variant, configuration: configuration, simulator: simulator)
        try app.launch()
        simulator.run(for: duration)
        // A run still going at the end is expired like any other, so its results are applied and counted.
        simulator.shutDown()
        return app.report()
    }
}

/// The simulated app: its wantlist, ledger, price source and registered handler.
final class PriceCheckApp: Sendable {
    let variant: PriceCheckScenario.Variant
    let configuration: PriceCheckScenario.Configuration
    let simulator: BackgroundSimulator
    let ledger: RefreshLedger<Int, SimulatedClock>
    let source: SimulatedPriceSource
    /// Per run (by start instant): results applied, coverage after applying.
    private let applied = Locked<(total: Int, coverageByRun: [SimulatedInstant: Int])>((0, [:]))

    init(variant: PriceCheckScenario.Variant, configuration: PriceCheckScenario.Configuration, simulator: BackgroundSimulator) throws {
        self.variant = variant
        self.configuration = configuration
        self.simulator = simulator
        ledger = try RefreshLedger(items: Array(1...max(1, configuration.items)), clock: simulator.clock, store: InMemoryLedgerStore())
        source = try SimulatedPriceSource(
            clock: simulator.clock, requestsPerMinute: configuration.requestsPerMinute, latency: configuration.latency,
            failureRate: configuration.failureRate, seed: configuration.seed &+ 0x5EED)
    }

    func launch() throws {
        let engine = simulator.engine
        let interval = configuration.refreshInterval
        let chain: BackgroundTaskEngine<SimulatedClock>.ChainStep =
            variant == .schedulesNextLast ? .endsChain : .resubmit(after: interval)
        try engine.register(PriceCheckScenario.identifier, kind: .appRefresh, scheduleNext: chain) { [weak self] run in
            // Weak: the engine (inside the simulator this app holds) keeps the handler.
            try await self?.handle(run)
        }
        engine.finishLaunching()
        try engine.submit(.appRefresh(PriceCheckScenario.identifier))
    }

    private func handle(_ run: BackgroundRun<SimulatedClock>) async throws {
        let work = variant == .sameItemsEveryRun ? ledger.items : ledger.workList()
        let results = await fanOut(over: work, maxInFlight: configuration.maxInFlight, name: { "price:\($0)" }) {
            [source] releaseID in await source.lowestPrice(for: releaseID)
        }
        if variant == .discardsResultsOnExpiration {
            apply(results, in: run)
        } else {
            await withCancellationShield { apply(results, in: run) }
        }
        if variant == .schedulesNextLast {
            // Typically a throwing call after the fan-out; an expired run never gets past it.
            try Task.checkCancellation()
            try simulator.engine.submit(.appRefresh(
                PriceCheckScenario.identifier, earliestBegin: simulator.clock.now.advanced(by: configuration.refreshInterval)))
        }
    }

    /// The apply loop every variant shares. Its defensive `Task.isCancelled` check is harmless inside a shield
    /// and throws results away outside one.
    private func apply(_ results: [FanOutResult<Int, SimulatedPriceSource.Price?>], in run: BackgroundRun<SimulatedClock>) {
        for result in results {
            if Task.isCancelled { break }
            guard result.output != nil else { continue }   // failed or cancelled lookup: stays stale, retried first
            _ = try? ledger.markChecked(result.item)
            run.recordApplied()
            applied.withLock { $0.total += 1 }
        }
        let coverage = ledger.checkedCount
        applied.withLock { $0.coverageByRun[run.startedAt] = coverage }
    }

    func report() -> PriceCheckReport {
        let (total, coverageByRun) = applied.withLock { ($0.total, $0.coverageByRun) }
        var lastCoverage = 0
        let runs = simulator.timeline.map { record -> PriceCheckReport.RunCoverage in
            lastCoverage = coverageByRun[record.startedAt] ?? lastCoverage
            return PriceCheckReport.RunCoverage(record: record, coverage: lastCoverage)
        }
        return PriceCheckReport(
            variant: variant, items: ledger.items.count, runs: runs,
            completedLookups: source.completedLookups, appliedResults: total)
    }
}
