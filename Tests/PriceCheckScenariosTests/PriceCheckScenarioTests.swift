import Testing
import TaskWardenBackground
import PriceCheckScenarios
import TaskWardenTesting

/// 300 items, 30 s budgets, 40 requests a minute, 6 in flight (the scenario's defaults).
private func priceCheck(_ variant: PriceCheckScenario.Variant, days: Int = 3) throws -> PriceCheckReport {
    try PriceCheckScenario(variant).run(for: .days(days))
}

@Suite struct PriceCheckScenarioTests {
    @Test func theCorrectHandlerChecksEveryItemWithinTheBoundAndLosesNothing() throws {
        let report = try priceCheck(.correct)
        let perRun = try #require(report.fewestAppliedPerRun)
        let runs = try #require(report.runsToFullCoverage)
        // Every run expires (the 41st request waits for the next minute), yet each applies what it fetched.
        #expect(report.runs.allSatisfy { $0.record.outcome == .expired })
        #expect(perRun == 40)
        #expect(runs <= (300 + perRun - 1) / perRun)
        #expect(report.lostResults == 0)
        #expect(report.completedLookups > 300)
        #expect(!report.chainBroken)
        #expect(report.killedRuns == 0)
        #expect(report.summary == "checked 300/300 items in \(runs) runs; lost 0 completed results")
    }

    @Test func bugOneResultsThrownAwayOnExpirationAndTheShieldFixesIt() throws {
        let broken = try priceCheck(.discardsResultsOnExpiration)
        // Expiration leaves Task.isCancelled true, so the apply loop's first check ends it: every lookup the
        // run paid for is lost, and nothing is ever checked.
        #expect(broken.appliedResults == 0)
        #expect(broken.lostResults == broken.completedLookups)
        #expect(broken.lostResults > 0)
        #expect(broken.checkedItems == 0)

        let fixed = try priceCheck(.correct)
        #expect(fixed.lostResults == 0)
        #expect(fixed.appliedResults == fixed.completedLookups)
    }

    @Test func bugTwoSameItemsEveryRunAndTheLedgerFixesIt() throws {
        let broken = try priceCheck(.sameItemsEveryRun)
        // Each run gets through about 40 items, always the same first 40 of the wantlist.
        #expect(broken.runs.count >= 12)
        #expect(broken.checkedItems == 40)
        #expect(broken.runsToFullCoverage == nil)
        #expect(broken.summary.hasPrefix("checked 40/300 items in \(broken.runs.count) runs"))

        let fixed = try priceCheck(.correct)
        #expect(fixed.checkedItems == 300)
        #expect(fixed.runsToFullCoverage == 8)
    }

    @Test func schedulingTheNextRequestLastBreaksTheChainAtTheFirstExpiry() throws {
        let broken = try priceCheck(.schedulesNextLast)
        #expect(broken.runs.count == 1)
        #expect(broken.chainBroken)
        // The apply step was shielded, so this variant loses nothing; it just goes silent.
        #expect(broken.lostResults == 0)
    }

    @Test func theSameSeedReplaysTheSameRun() throws {
        let first = try priceCheck(.correct, days: 1)
        let second = try priceCheck(.correct, days: 1)
        #expect(first.runs.map(\.record) == second.runs.map(\.record))
        #expect(first.completedLookups == second.completedLookups)
    }
}
