import Testing
import TaskWarden

/// A global actor the ordering tests enqueue work on.
@globalActor actor OrderingActor {
    static let shared = OrderingActor()
}

/// What the ordering tests append to, on `OrderingActor`.
@OrderingActor final class Arrivals {
    var order: [Int] = []

    /// How many neighbours arrived in the opposite order to their creation.
    var inversions: Int { zip(order, order.dropFirst()).filter { $0 > $1 }.count }
}

/// Turning the census on must not change where or in which order work runs: `Task.init` enqueues a closure
/// isolated to an actor directly on that actor, and `Warden.task` and `TaskSlot.replace` must do the same,
/// whatever isolation their caller has.
@Suite struct CensusOrderingTests {
    private static let count = 6_000

    /// Creates `count` tasks from nonisolated code, alternating the path under test with plain `Task`, each
    /// appending its index on `OrderingActor`; returns the arrivals' inversions.
    private func inversions(_ start: (Int, Arrivals) -> Task<Void, Never>) async -> Int {
        let arrivals = Arrivals()
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(Self.count)
        for index in 0..<Self.count {
            if index.isMultiple(of: 2) {
                tasks.append(start(index, arrivals))
            } else {
                tasks.append(Task(name: "plain") { @OrderingActor in arrivals.order.append(index) })
            }
        }
        for task in tasks { await task.value }
        #expect(await arrivals.order.count == Self.count)
        return await arrivals.inversions
    }

    @Test(arguments: [false, true])
    func wardenTaskKeepsTheDirectEnqueueOnTheOperationsActor(censusOn: Bool) async {
        let census = TaskCensus(isEnabled: censusOn)
        let inversions = await inversions { index, arrivals in
            Warden.task(name: "arrival:\(index)", census: census) { @OrderingActor in arrivals.order.append(index) }
        }
        #expect(inversions == 0)
        #expect(census.liveCount == 0)
    }

    @Test(arguments: [false, true])
    func slotReplaceKeepsTheDirectEnqueueOnTheOperationsActor(censusOn: Bool) async {
        let census = TaskCensus(isEnabled: censusOn)
        let slots = (0..<Self.count).map { _ in TaskSlot(census: census) }
        let inversions = await inversions { index, arrivals in
            slots[index].replace(name: "arrival:\(index)") { @OrderingActor _ in arrivals.order.append(index) }
        }
        #expect(inversions == 0)
        #expect(census.liveCount == 0)
    }

    @Test func theThrowingFormKeepsItToo() async {
        let census = TaskCensus(isEnabled: true)
        let inversions = await inversions { index, arrivals in
            let task = Warden.task(name: "arrival:\(index)", census: census) { @OrderingActor () throws in
                arrivals.order.append(index)
            }
            return Task { _ = try? await task.value }
        }
        #expect(inversions == 0)
    }
}
