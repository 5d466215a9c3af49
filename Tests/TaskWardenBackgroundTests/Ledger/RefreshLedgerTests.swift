import Foundation
import Testing
import TaskWarden
import TaskWardenBackground
import TaskWardenTesting
import TaskWardenSupport

/// A clock the test moves by hand between marks (the ledger only reads `now`).
private func ledgerClock() -> (BackgroundSimulator, SimulatedClock) {
    let simulator = BackgroundSimulator(seed: 1, permittedIdentifiers: [])
    return (simulator, simulator.clock)
}

@Suite struct RefreshLedgerTests {
    @Test func neverCheckedItemsComeFirstThenTheStalest() throws {
        let (simulator, clock) = ledgerClock()
        let ledger = try RefreshLedger(items: [1, 2, 3, 4, 5], clock: clock, store: InMemoryLedgerStore())
        #expect(ledger.workList() == [1, 2, 3, 4, 5])
        try ledger.markChecked(3)
        simulator.run(for: .hours(1))
        try ledger.markChecked(1)
        simulator.run(for: .hours(1))
        try ledger.markChecked(5)
        #expect(ledger.workList() == [2, 4, 3, 1, 5])
        #expect(ledger.workList(limit: 3) == [2, 4, 3])
        #expect(ledger.lastChecked(1) == SimulatedInstant(offset: .hours(1)))
        #expect(ledger.lastChecked(2) == nil)
    }

    @Test func walkingTheWorkListCoversEveryItemBeforeRepeatingAny() throws {
        let (simulator, clock) = ledgerClock()
        let ledger = try RefreshLedger(items: Array(0..<50), clock: clock, store: InMemoryLedgerStore())
        var seen: [Int] = []
        for _ in 0..<5 {
            for item in ledger.workList(limit: 12) {
                try ledger.markChecked(item)
                seen.append(item)
            }
            simulator.run(for: .hours(4))
        }
        // 5 runs × 12 = 60 checks: the first 50 are all different items, then the stalest come back.
        #expect(Set(seen.prefix(50)).count == 50)
        #expect(Array(seen.suffix(10)) == Array(0..<10))
    }

    @Test func progressIsSavedAsEachResultIsAppliedAndSurvivesARestart() throws {
        let (simulator, clock) = ledgerClock()
        let store = InMemoryLedgerStore<String, SimulatedInstant>()
        let ledger = try RefreshLedger(items: ["r1", "r2", "r3"], clock: clock, store: store)
        try ledger.markChecked("r2")
        #expect(store.saveCount == 1)
        simulator.run(for: .minutes(1))
        try ledger.markChecked("r1")
        #expect(store.saveCount == 2)
        // The app is killed here; a new ledger over the same store knows what was applied.
        let relaunched = try RefreshLedger(items: ["r1", "r2", "r3"], clock: clock, store: store)
        #expect(relaunched.workList() == ["r3", "r2", "r1"])
        #expect(relaunched.checkedCount == 2)
    }

    @Test func unknownItemsAreIgnoredAndReplacingItemsForgetsRemovedOnes() throws {
        let (_, clock) = ledgerClock()
        let ledger = try RefreshLedger(items: [1, 2, 2, 3], clock: clock, store: InMemoryLedgerStore())
        #expect(ledger.items == [1, 2, 3])
        #expect(try ledger.markChecked(9) == false)
        try ledger.markChecked(1)
        try ledger.replaceItems([4, 3, 2])
        #expect(ledger.workList() == [4, 3, 2])
        #expect(ledger.checkedCount == 0)
    }

    @Test func theFileStoreRoundTripsAtomicallyAndNamesABrokenFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("price-ledger.json")
        let (simulator, clock) = ledgerClock()

        let store = FileLedgerStore<Int, SimulatedInstant>(url: url)
        #expect(try store.load().isEmpty)
        let ledger = try RefreshLedger(items: [10, 20, 30], clock: clock, store: store)
        simulator.run(for: .seconds(90))
        try ledger.markChecked(20)
        let reloaded = try RefreshLedger(items: [10, 20, 30], clock: clock, store: FileLedgerStore<Int, SimulatedInstant>(url: url))
        #expect(reloaded.lastChecked(20) == SimulatedInstant(offset: .seconds(90)))
        // Only the final file is left behind: the write went through a temporary file and a rename.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["price-ledger.json"])

        try Data("{ not json".utf8).write(to: url)
        #expect {
            try RefreshLedger(items: [10], clock: clock, store: FileLedgerStore<Int, SimulatedInstant>(url: url))
        } throws: { error in
            guard case LedgerError.unreadableStore(let path, _) = error else { return false }
            return path == url.path
        }
    }

    @Test func wallClockInstantsRoundTripThroughDate() {
        let instant = WallClock.Instant(Date(timeIntervalSince1970: 1_790_000_000.25))
        #expect(instant.sinceEpoch == .seconds(1_790_000_000) + .milliseconds(250))
        #expect(instant.date.timeIntervalSince1970 == 1_790_000_000.25)
        #expect(instant.advanced(by: .seconds(10)) > instant)
    }

    /// A store that updates entries in place (it trusts `changedItem`) and fails its first save, as a full disk
    /// or a locked database would.
    final class InPlaceStoreFailingOnce: LedgerStore, Sendable {
        private let state = Locked<(snapshot: [Int: SimulatedInstant], failNext: Bool)>(([:], true))
        var snapshot: [Int: SimulatedInstant] { state.withLock { $0.snapshot } }
        func load() throws -> [Int: SimulatedInstant] { state.withLock { $0.snapshot } }
        func save(_ lastChecked: [Int: SimulatedInstant], changedItem: Int?) throws {
            try state.withLock { state in
                if state.failNext {
                    state.failNext = false
                    throw LedgerError.unwritableStore(path: "in-place", reason: "disk full")
                }
                if let changedItem { state.snapshot[changedItem] = lastChecked[changedItem] } else { state.snapshot = lastChecked }
            }
        }
    }

    @Test func aFailedSaveIsRetriedByTheNextSaveEvenForAnInPlaceStore() throws {
        let (_, clock) = ledgerClock()
        let store = InPlaceStoreFailingOnce()
        let ledger = try RefreshLedger(items: [1, 2, 3], clock: clock, store: store)
        #expect(throws: LedgerError.self) { try ledger.markChecked(1) }
        try ledger.markChecked(2)
        // "The in-memory record is kept either way, so a later save retries it": item 1 must reach the store.
        #expect(store.snapshot.keys.sorted() == [1, 2])
        let reloaded = try RefreshLedger(items: [1, 2, 3], clock: clock, store: store)
        #expect(reloaded.workList() == [3, 1, 2])
    }
}
