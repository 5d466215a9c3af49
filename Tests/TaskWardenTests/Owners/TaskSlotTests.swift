import Foundation
import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

@Suite struct TaskSlotTests {
    /// Holds the published result, as a view model would.
    final class Shelf: Sendable {
        let shown = Locked<[String]>([])
    }

    @Test func replacedRequestThatCompletesLateDoesNotOverwriteNewerState() async {
        let slot = TaskSlot(census: TaskCensus())
        let shelf = Shelf()
        let oldPassedItsLastCheck = Gate()
        let releaseOld = Gate()

        // The old request fetches, passes its last cancellation check, then is held before committing.
        let old = slot.replace(name: "album-search") { generation in
            oldPassedItsLastCheck.open()
            await releaseOld.wait()
            generation.commit { shelf.shown.withLock { $0.append("old") } }
        }
        await oldPassedItsLastCheck.wait()

        slot.replace(name: "album-search") { generation in
            generation.commit { shelf.shown.withLock { $0.append("new") } }
        }
        await slot.settled()
        #expect(shelf.shown.withLock { $0 } == ["new"])

        releaseOld.open()   // the stale work now tries to commit
        await old.value
        #expect(shelf.shown.withLock { $0 } == ["new"])
        #expect(old.isCancelled)
    }

    @Test func replaceCancelsThePreviousTask() async {
        let slot = TaskSlot(census: TaskCensus())
        let started = Gate()
        let sawCancellation = Locked(false)
        let first = slot.replace(name: "price-check") { _ in
            started.open()
            await waitUntilCancelled()
            sawCancellation.withLock { $0 = Task.isCancelled }
        }
        await started.wait()
        slot.replace(name: "price-check") { _ in }
        await first.value
        #expect(sawCancellation.withLock { $0 })
    }

    @Test func commitRunsForCurrentGenerationAndReportsStaleOnes() async {
        let slot = TaskSlot(census: TaskCensus())
        let generations = Locked<[SlotGeneration]>([])
        slot.replace(name: "a") { generation in generations.withLock { $0.append(generation) } }
        await slot.settled()
        let first = generations.withLock { $0[0] }
        #expect(first.isCurrent)
        #expect(first.commit { 42 } == 42)
        slot.cancel()
        #expect(!first.isCurrent)
        #expect(first.commit { 42 } == nil)
    }

    @Test func settledWaitsForTheWorkThatReplacedTheAwaitedOne() async {
        let slot = TaskSlot(census: TaskCensus())
        let shelf = Shelf()
        let firstStarted = Gate()
        let releaseFirst = Gate()
        slot.replace(name: "a") { _ in
            firstStarted.open()
            await releaseFirst.wait()
        }
        await firstStarted.wait()
        let waiter = Task { await slot.settled() }
        slot.replace(name: "a") { generation in
            generation.commit { shelf.shown.withLock { $0.append("second") } }
        }
        releaseFirst.open()
        await waiter.value
        #expect(shelf.shown.withLock { $0 } == ["second"])
        #expect(slot.current == nil)
    }

    @Test func cancellingAWaiterOfSettledStopsTheWaitingNotTheWork() async {
        let slot = TaskSlot(census: TaskCensus())
        let release = Gate()
        let finished = Locked(false)
        slot.replace(name: "album-search") { _ in
            await release.wait()
            finished.withLock { $0 = true }
        }
        let returned = Locked(false)
        let waiter = Task {
            await slot.settled()
            returned.withLock { $0 = true }
        }
        waiter.cancel()
        // "Cancelling the waiter stops the waiting, not the work."
        #expect(await eventually { returned.withLock { $0 } })
        #expect(!finished.withLock { $0 })
        #expect(slot.current != nil)
        release.open()
        await slot.settled()
        #expect(finished.withLock { $0 })
    }

    @Test func releasingTheSlotCancelsItsWork() async {
        var slot: TaskSlot? = TaskSlot(census: TaskCensus())
        let started = Gate()
        let work = slot!.replace(name: "cover-download") { _ in
            started.open()
            await waitUntilCancelled()
        }
        await started.wait()
        slot = nil
        await work.value
        #expect(work.isCancelled)
    }

    @MainActor @Test func operationInheritsTheCallersActor() async {
        let slot = TaskSlot(census: TaskCensus())
        let ranOnMain = Locked(false)
        slot.replace(name: "album-detail-refresh") { _ in
            MainActor.assertIsolated()
            ranOnMain.withLock { $0 = true }
        }
        await slot.settled()
        #expect(ranOnMain.withLock { $0 })
    }

    @Test func currentIsNilOnceTheWorkHasReturned() async {
        let slot = TaskSlot(census: TaskCensus())
        #expect(slot.current == nil)
        let work = slot.replace(name: "album-search") { _ in }
        await work.value
        #expect(slot.current == nil)
        // Work that ends before `replace` has even stored it never becomes current either.
        for _ in 0..<200 { await slot.replace(name: "album-search") { _ in }.value }
        #expect(slot.current == nil)
    }

    /// A model whose property observer starts new slot work: the commit body calls back into the slot.
    @MainActor final class SearchModel {
        let slot = TaskSlot(census: TaskCensus())
        var shown: [String] = []
        var query = "" {
            didSet {
                let query = query
                slot.replace(name: "album-search") { generation in
                    generation.commit { self.shown.append("results for \(query)") }
                }
            }
        }
    }

    @MainActor @Test(.timeLimit(.minutes(10)))
    func aCommitBodyMayCallBackIntoTheSlot() async {
        let model = SearchModel()
        model.slot.replace(name: "album-search") { generation in
            generation.commit { model.query = "blue train" }   // didSet → replace, inside the commit body
        }
        await model.slot.settled()
        #expect(model.shown == ["results for blue train"])
        #expect(model.slot.current == nil)
    }

    /// The body runs (blocked, not spinning) on a cooperative thread; a plain thread, started before anything is
    /// awaited, lets it finish only once a newer `replace` has begun — so that `replace` returns before the body
    /// has finished unless it waits for it.
    @Test(.timeLimit(.minutes(10)))
    func replaceReturnsOnlyAfterACommitBodyRunningOnAnotherThreadHasFinished() async {
        let slot = TaskSlot(census: TaskCensus())
        let bodyStarted = Gate()
        let bodyStartedForReleaser = DispatchSemaphore(value: 0)
        let releaseBody = DispatchSemaphore(value: 0)
        let bodyFinished = Locked(false)
        let replacedGeneration = Locked<SlotGeneration?>(nil)
        let releaser = Thread {
            bodyStartedForReleaser.wait()
            let generation = replacedGeneration.withLock { $0 }!
            while generation.isCurrent { usleep(100) }   // the newer `replace` has begun…
            usleep(20_000)                                // …and, without the wait, would have returned by now
            releaseBody.signal()
        }
        releaser.start()
        slot.replace(name: "album-search") { generation in
            replacedGeneration.withLock { $0 = generation }
            generation.commit {
                bodyStarted.open()
                bodyStartedForReleaser.signal()
                releaseBody.wait()                        // a body that takes a while, on its thread
                bodyFinished.withLock { $0 = true }
            }
        }
        await bodyStarted.wait()
        slot.replace(name: "album-search") { _ in }
        #expect(bodyFinished.withLock { $0 })
        await slot.settled()
    }
}
