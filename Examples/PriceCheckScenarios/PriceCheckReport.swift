import TaskWardenTesting

/// What a simulated price check did: per-run coverage, lookups completed and applied, and the chain's health.
public struct PriceCheckReport: Sendable {
    /// One run of the timeline with the wantlist coverage after it applied its results.
    public struct RunCoverage: Sendable, CustomStringConvertible {
        public var record: SimulatedRunRecord
        /// Distinct items checked at least once, after this run.
        public var coverage: Int

        public var description: String {
            let outcome = record.outcome.map { "\($0)" } ?? "running"
            return "run \(record.index + 1) at \(record.startedAt): \(outcome), applied \(record.itemsApplied), coverage \(coverage)"
                + (record.nextRequestPending == false ? ", CHAIN BROKEN" : "")
                + (record.killed ? ", KILLED" : "")
        }
    }

    public var variant: PriceCheckScenario.Variant
    /// Items on the wantlist.
    public var items: Int
    public var runs: [RunCoverage]
    /// Lookups the price source answered.
    public var completedLookups: Int
    /// Answers the handler applied (and saved to the ledger).
    public var appliedResults: Int

    /// Answers paid for (a request against the rate limit, a response received) but never applied.
    public var lostResults: Int { completedLookups - appliedResults }
    /// Distinct items checked at least once.
    public var checkedItems: Int { runs.last?.coverage ?? 0 }
    /// The number of runs it took until every item was checked once, or `nil` if that never happened.
    public var runsToFullCoverage: Int? { runs.firstIndex { $0.coverage == items }.map { $0 + 1 } }
    /// The fewest results a run applied, among the runs up to full coverage (what a run reliably gets through).
    public var fewestAppliedPerRun: Int? {
        runs.prefix(runsToFullCoverage ?? runs.count).map(\.record.itemsApplied).min()
    }
    /// Whether some run ended with nothing scheduled after it.
    public var chainBroken: Bool { runs.contains { $0.record.nextRequestPending == false } }
    /// Runs still waiting on the clock after their grace period (handlers that ignored expiration).
    public var killedRuns: Int { runs.filter(\.record.killed).count }

    /// `checked N/N items in K runs; lost L completed results`.
    public var summary: String {
        "checked \(checkedItems)/\(items) items in \(runsToFullCoverage ?? runs.count) runs; lost \(lostResults) completed results"
    }
}
