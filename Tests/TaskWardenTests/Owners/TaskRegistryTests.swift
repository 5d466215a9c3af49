import Testing
@testable import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

@Suite struct TaskRegistryTests {
    enum RenderError: Error, Equatable { case corruptCover }

    /// A render that counts its runs, waits for the test's go-ahead and notes whether it saw cancellation.
    final class Renderer: Sendable {
        let runs = Counter()
        let sawCancellation = Locked(false)
        let release = Gate()

        func render(_ albumID: Int) async throws(RenderError) -> String {
            runs.increment()
            await withTaskCancellationHandler {
                await release.wait()
            } onCancel: {
                sawCancellation.withLock { $0 = true }
            }
            return "cover-\(albumID)"
        }
    }

    private func makeRegistry(_ census: TaskCensus = TaskCensus()) -> TaskRegistry<Int, String, RenderError> {
        TaskRegistry(name: { "thumbnail:\($0)" }, census: census)
    }

    /// The shared task runs at the registry's priority, but "waiting escalates": a caller of higher priority
    /// must not be stuck behind background-priority work it is waiting for.
    ///
    /// Both ways of raising it are checked wherever the tests run: `escalatePriority(to:)` (OS 26, Linux) and
    /// the path taken before OS 26, a helper task at the caller's priority awaiting the shared task.
    @Test(arguments: [false, true], [false, true])
    func aWaiterOfHigherPriorityEscalatesTheSharedWork(joinsExistingWork: Bool, escalatesByAwaiting: Bool) async throws {
        let thumbnails = TaskRegistry<Int, TaskPriority, Never>(
            name: { "thumbnail:\($0)" }, priority: .background, census: TaskCensus(),
            escalatesByAwaiting: escalatesByAwaiting)
        let started = Gate()
        let release = Gate()
        let render: @Sendable (Int) async -> TaskPriority = { _ in
            started.open()
            await release.wait()
            // A waiter escalates just after it joins, so allow it a moment (never arrives without the escalation).
            await eventually { Task.currentPriority >= .high }
            return Task.currentPriority
        }
        var background: Task<TaskPriority, any Error>?
        if joinsExistingWork {
            background = Task(priority: .background) { try await thumbnails.value(for: 7, operation: render) }
            await started.wait()
        }
        let urgent = Task(priority: .high) { try await thumbnails.value(for: 7, operation: render) }
        #expect(await eventually { thumbnails.waiterCount(for: 7) == (joinsExistingWork ? 2 : 1) })
        await started.wait()
        release.open()
        #expect(try await urgent.value >= .high)
        _ = try await background?.value
    }

    @Test func twoRequestsForOneKeyShareOneRender() async throws {
        let census = TaskCensus()
        let thumbnails = makeRegistry(census)
        let renderer = Renderer()
        async let first = thumbnails.value(for: 7, operation: renderer.render)
        async let second = thumbnails.value(for: 7, operation: renderer.render)
        #expect(await eventually { thumbnails.waiterCount(for: 7) == 2 })
        #expect(census.snapshot().countsByName == ["thumbnail:7": 1])
        renderer.release.open()
        let (a, b) = try await (first, second)
        #expect(a == "cover-7" && b == "cover-7")
        #expect(renderer.runs.count == 1)
        await thumbnails.drain()
        #expect(thumbnails.inFlightCount == 0)
        #expect(census.liveCount == 0)
    }

    @Test func cancellingOneOfTwoWaitersKeepsTheRenderAlive() async throws {
        let thumbnails = makeRegistry()
        let renderer = Renderer()
        let leaving = Task { try await thumbnails.value(for: 7, operation: renderer.render) }
        let staying = Task { try await thumbnails.value(for: 7, operation: renderer.render) }
        #expect(await eventually { thumbnails.waiterCount(for: 7) == 2 })

        leaving.cancel()
        await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await leaving.value }
        #expect(thumbnails.waiterCount(for: 7) == 1)
        #expect(thumbnails.inFlightCount == 1)
        #expect(!renderer.sawCancellation.withLock { $0 })

        renderer.release.open()
        #expect(try await staying.value == "cover-7")
        #expect(renderer.runs.count == 1)
    }

    @Test func cancellingBothWaitersStopsTheRender() async {
        let census = TaskCensus()
        let thumbnails = makeRegistry(census)
        let renderer = Renderer()
        let first = Task { try await thumbnails.value(for: 7, operation: renderer.render) }
        let second = Task { try await thumbnails.value(for: 7, operation: renderer.render) }
        #expect(await eventually { thumbnails.waiterCount(for: 7) == 2 })
        first.cancel()
        second.cancel()
        await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await first.value }
        await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await second.value }
        #expect(await eventually { renderer.sawCancellation.withLock { $0 } })
        #expect(thumbnails.inFlightCount == 0)
        renderer.release.open()
        await thumbnails.drain()
        #expect(census.liveCount == 0)
    }

    @Test func lateWorkCannotRemoveANewerEntryForTheSameKey() async throws {
        let thumbnails = makeRegistry()
        let stale = Renderer()
        let fresh = Renderer()
        // The first caller leaves; its work is cancelled but ignores cancellation and keeps running.
        let leaving = Task { try await thumbnails.value(for: 7, operation: stale.render) }
        #expect(await eventually { thumbnails.waiterCount(for: 7) == 1 })
        leaving.cancel()
        _ = await leaving.result
        #expect(thumbnails.inFlightCount == 0)

        // A new caller starts fresh work for the same key.
        let current = Task { try await thumbnails.value(for: 7) { id throws(RenderError) in
            _ = try await fresh.render(id)
            return "fresh-\(id)"
        } }
        #expect(await eventually { thumbnails.waiterCount(for: 7) == 1 })

        // The stale work finishes late: it must neither complete nor remove the newer entry.
        stale.release.open()
        #expect(await eventually { stale.runs.count == 1 })
        await Task.yield()
        #expect(thumbnails.inFlightCount == 1)
        #expect(thumbnails.waiterCount(for: 7) == 1)

        fresh.release.open()
        #expect(try await current.value == "fresh-7")
    }

    @Test func typedErrorsPassThrough() async {
        let thumbnails = makeRegistry()
        await #expect(throws: TaskRegistryError<RenderError>.failed(.corruptCover)) {
            try await thumbnails.value(for: 3) { _ throws(RenderError) in throw .corruptCover }
        }
        do {
            _ = try await thumbnails.value(for: 3) { _ throws(RenderError) in throw .corruptCover }
            Issue.record("expected an error")
        } catch {
            switch error {
            case .failed(let renderError): #expect(renderError == .corruptCover)   // a RenderError, no casting
            case .cancelled: Issue.record("not cancelled")
            }
        }
    }

    @Test func cancelKeyEndsItsWorkAndResumesItsWaiters() async throws {
        let thumbnails = makeRegistry()
        let renderer = Renderer()
        let other = Renderer()
        let waiter = Task { try await thumbnails.value(for: 7, operation: renderer.render) }
        let unrelated = Task { try await thumbnails.value(for: 8, operation: other.render) }
        #expect(await eventually { thumbnails.inFlightCount == 2 && thumbnails.waiterCount(for: 7) == 1 })
        thumbnails.cancel(7)
        await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await waiter.value }
        #expect(await eventually { renderer.sawCancellation.withLock { $0 } })
        #expect(thumbnails.inFlightCount == 1)
        #expect(!other.sawCancellation.withLock { $0 })
        other.release.open()
        #expect(try await unrelated.value == "cover-8")
    }

    @Test func cancelAllEndsEverything() async {
        let census = TaskCensus()
        let thumbnails = makeRegistry(census)
        let renderer = Renderer()
        let waiters = (1...5).map { id in Task { try await thumbnails.value(for: id, operation: renderer.render) } }
        #expect(await eventually { thumbnails.inFlightCount == 5 })
        thumbnails.cancelAll()
        for waiter in waiters {
            await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await waiter.value }
        }
        #expect(thumbnails.inFlightCount == 0)
        renderer.release.open()
        await thumbnails.drain()
        #expect(census.liveCount == 0)
    }

    @Test func aCallerThatIsAlreadyCancelledDoesNotStartWork() async {
        let thumbnails = makeRegistry()
        let renderer = Renderer()
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await thumbnails.value(for: 1, operation: renderer.render)
        }
        await #expect(throws: TaskRegistryError<RenderError>.cancelled) { try await caller.value }
        #expect(renderer.runs.count == 0)
        #expect(thumbnails.inFlightCount == 0)
    }

    /// The shared work runs with the task-local values of the caller that started it; a caller that joins shares
    /// that result (the documented behaviour: make what a result depends on part of the key).
    @Test func theSharedWorkRunsWithTheFirstCallersTaskLocals() async throws {
        let prices = TaskRegistry<Int, String, Never>(name: { "price:\($0)" }, census: TaskCensus())
        let started = Gate()
        let release = Gate()
        let lookup: @Sendable (Int) async -> String = { _ in
            started.open()
            await release.wait()
            return RegistryTaskLocals.currency
        }
        let first = Task { try await RegistryTaskLocals.$currency.withValue("EUR") { try await prices.value(for: 7, operation: lookup) } }
        await started.wait()
        let second = Task { try await RegistryTaskLocals.$currency.withValue("USD") { try await prices.value(for: 7, operation: lookup) } }
        #expect(await eventually { prices.waiterCount(for: 7) == 2 })
        release.open()
        #expect(try await first.value == "EUR")
        #expect(try await second.value == "EUR")
    }
}

enum RegistryTaskLocals {
    @TaskLocal static var currency = "none"
}
