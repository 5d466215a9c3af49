import Testing
import TaskWarden

/// Every closure the caller hands `fanOut` — `name:` in each form, and the streaming form's `onResult` — runs on
/// the caller's isolation, because Swift type-checks them as isolated to the caller and lets them touch its state
/// synchronously. A closure that ran on a global-pool thread instead would trap in `preconditionIsolated`, so
/// each check runs in an exit test (a child process) and the trap fails the test instead of the test run.
@Suite("Fan-out isolation")
struct FanOutIsolationTests {
    @Test func everyClosureRunsOnTheMainActorWhenCalledFromIt() async {
        await #expect(processExitsWith: .success) {
            await fanOutCheckingTheMainActorInEveryClosure()
        }
    }

    @Test func everyClosureRunsOnTheCallingActor() async {
        await #expect(processExitsWith: .success) {
            await PriceBook().fanOutCheckingItsIsolationInEveryClosure()
        }
    }

    @Test func runsFromAnActorWithAnIsolatedNameFunction() async {
        #expect(await PriceBook().check([3, 1, 2]) == ["price:3", "price:1", "price:2"])
    }

    /// Main-actor state touched by `onResult` while another main-actor task touches
    /// it too. Off the main actor this is a Swift access race; the thread-sanitizer run (`.ci/run`) reports it,
    /// and a lost update can show in the count.
    @MainActor @Test func streamingResultsUpdateMainActorStateWithoutARace() async {
        let shelf = Shelf()
        let ui = Task { @MainActor in
            for _ in 0..<2000 {
                shelf.applied += 0
                await Task.yield()
            }
        }
        await fanOut(over: 0..<2000, maxInFlight: 4, name: { "price:\($0)" }) { $0 } onResult: { _ in
            shelf.applied += 1
        }
        await ui.value
        #expect(shelf.applied == 2000)
    }
}

@MainActor final class Shelf {
    var applied = 0
}

@MainActor func fanOutCheckingTheMainActorInEveryClosure() async {
    let name: (Int) -> String = { item in
        MainActor.preconditionIsolated("fan-out `name:` ran off the main actor")
        return "price:\(item)"
    }
    _ = await fanOut(over: 0..<16, maxInFlight: 3, name: name) { $0 }
    _ = try? await fanOut(over: 0..<16, maxInFlight: 3, name: name) { (item: Int) throws -> Int in item }
    await fanOut(over: 0..<16, maxInFlight: 3, name: name) { $0 } onResult: { _ in
        MainActor.preconditionIsolated("fan-out `onResult:` ran off the main actor")
    }
}

/// The fan-out keeps the caller's isolation: on an actor, the name function may read actor state.
actor PriceBook {
    var family = "price"

    func check(_ releaseIDs: [Int]) async -> [String] {
        let results = await fanOut(over: releaseIDs, maxInFlight: 2, name: { "\(family):\($0)" }) { _ in Task.name ?? "" }
        return results.sorted { $0.index < $1.index }.map(\.output)
    }

    func fanOutCheckingItsIsolationInEveryClosure() async {
        let name: (Int) -> String = { item in
            self.preconditionIsolated("fan-out `name:` ran off the calling actor")
            return "\(self.family):\(item)"
        }
        _ = await fanOut(over: 0..<16, maxInFlight: 3, name: name) { $0 }
        _ = try? await fanOut(over: 0..<16, maxInFlight: 3, name: name) { (item: Int) throws -> Int in item }
        await fanOut(over: 0..<16, maxInFlight: 3, name: name) { $0 } onResult: { _ in
            self.preconditionIsolated("fan-out `onResult:` ran off the calling actor")
        }
    }
}
