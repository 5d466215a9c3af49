import Testing
import TaskWardenBackground
import PriceCheckScenarios
import TaskWardenTesting

/// A configuration drawn from `seed`: system delays and budgets, latencies, failures, rate limit and wantlist
/// size all vary. Wantlists are large enough (≥ 200) that no run can finish its list within the budget, so every
/// run expires with work still in flight — the situation the bugs live in.
private func randomConfiguration(seed: UInt64) -> PriceCheckScenario.Configuration {
    var random = SeededRandomNumberGenerator(seed: seed)
    var configuration = PriceCheckScenario.Configuration(items: Int.random(in: 200...400, using: &random))
    configuration.seed = seed
    configuration.requestsPerMinute = Int.random(in: 25...60, using: &random)
    configuration.maxInFlight = Int.random(in: 2...8, using: &random)
    let fastest = Duration.milliseconds(Int.random(in: 50...500, using: &random))
    configuration.latency = fastest ... fastest + .milliseconds(Int.random(in: 0...4000, using: &random))
    configuration.failureRate = Double.random(in: 0...0.3, using: &random)
    configuration.refreshInterval = .minutes(Int.random(in: 60...360, using: &random))
    let shortest = Duration.seconds(Int.random(in: 5...30, using: &random))
    configuration.system.appRefreshBudget = shortest ... .seconds(30)
    configuration.system.discretionaryDelay = .zero ... .minutes(Int.random(in: 0...180, using: &random))
    return configuration
}

private let seeds: [UInt64] = Array(1...24)
private let simulatedDays = 10

@Suite struct PriceCheckRandomizedTests {
    @Test(arguments: seeds)
    func theCorrectHandlerLosesNothingAndNeverBreaksTheChain(seed: UInt64) throws {
        let configuration = randomConfiguration(seed: seed)
        let report = try PriceCheckScenario(.correct, configuration: configuration).run(for: .days(simulatedDays))
        #expect(report.lostResults == 0, "seed \(seed): \(report.summary)")
        #expect(!report.chainBroken, "seed \(seed)")
        #expect(report.killedRuns == 0, "seed \(seed)")
        #expect(report.checkedItems == configuration.items, "seed \(seed): \(report.summary)")
        #expect(report.runs.count >= simulatedDays * 24 * 60 / 540, "seed \(seed): the chain kept running")
    }

    @Test(arguments: seeds)
    func everyBrokenHandlerIsCaught(seed: UInt64) throws {
        let configuration = randomConfiguration(seed: seed)
        let discards = try PriceCheckScenario(.discardsResultsOnExpiration, configuration: configuration).run(for: .days(simulatedDays))
        #expect(discards.lostResults > 0, "seed \(seed): results thrown away on expiration went unnoticed")

        let sameItems = try PriceCheckScenario(.sameItemsEveryRun, configuration: configuration).run(for: .days(simulatedDays))
        #expect(sameItems.checkedItems < configuration.items, "seed \(seed): same items every run went unnoticed")

        let lastStep = try PriceCheckScenario(.schedulesNextLast, configuration: configuration).run(for: .days(simulatedDays))
        #expect(lastStep.chainBroken, "seed \(seed): the broken chain went unnoticed")
    }
}
