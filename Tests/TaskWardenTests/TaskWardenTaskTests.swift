import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

/// The named-task creation path itself: `Warden.task(name:)` must behave like `Task(name:)`.
@Suite struct TaskWardenTaskTests {
    @MainActor @Test(arguments: [true, false])
    func keepsTheCallersActorAndItsOrdering(censusOn: Bool) async {
        let census = TaskCensus(isEnabled: censusOn)
        var order: [String] = []
        let first = Warden.task(name: "album-detail-load", census: census) {
            MainActor.assertIsolated()
            order.append("census path")
        }
        let second = Task(name: "album-detail-plain") { order.append("plain") }
        await first.value
        await second.value
        // Both were enqueued on the main actor in creation order; a wrapper that hopped through the global
        // executor first would let the plain task overtake it.
        #expect(order == ["census path", "plain"])
    }

    @Test func runsOnTheGivenTaskExecutor() async {
        let executor = QueueExecutor()
        for census in [TaskCensus(isEnabled: true), TaskCensus(isEnabled: false)] {
            let onExecutor = await Warden.task(name: "thumbnail-decode", executorPreference: executor, census: census) {
                executor.isCurrent
            }.value
            #expect(onExecutor)
        }
    }

    @Test func isNotCancelledWithItsCaller() async {
        let census = TaskCensus()
        let started = Gate()
        let release = Gate()
        let inner = Locked<Task<Bool, Never>?>(nil)
        let caller = Task {
            let task = Warden.task(name: "cloud-sync-upload", census: census) {
                started.open()
                await release.wait()
                return Task.isCancelled
            }
            inner.withLock { $0 = task }
            await started.wait()
        }
        await caller.value
        caller.cancel()
        release.open()
        #expect(await inner.withLock { $0 }!.value == false)
        #expect(census.liveCount == 0)
    }

    @Test func inheritsTaskLocals() async {
        let seen = await CancellationShieldTests.$requestID.withValue("price-check:9") {
            await Warden.task(name: "price-check:9", census: TaskCensus()) { CancellationShieldTests.requestID }.value
        }
        #expect(seen == "price-check:9")
    }
}
