import Dispatch
import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

@Suite struct CancellationShieldTests {
    enum LedgerError: Error, Equatable { case diskFull }

    @TaskLocal static var requestID: String?

    /// Runs `body` in a task that is cancelled before `body` starts.
    private func inCancelledTask<R: Sendable>(_ body: @escaping @Sendable () async -> R) async -> R {
        let started = Gate()
        let task = Task {
            await started.wait()
            return await body()
        }
        task.cancel()
        started.open()
        return await task.value
    }

    @Test func hidesCancellationInsideAndNotAfter() async {
        let (before, inside, checkThrewInside, after) = await inCancelledTask {
            let before = Task.isCancelled
            let (inside, threw) = await withCancellationShield { () async -> (Bool, Bool) in
                let threw: Bool
                do { try Task.checkCancellation(); threw = false } catch { threw = true }
                return (Task.isCancelled, threw)
            }
            return (before, inside, threw, Task.isCancelled)
        }
        #expect(before)
        #expect(!inside)
        #expect(!checkThrewInside)
        #expect(after)
    }

    @Test func cancellationArrivingDuringTheShieldIsVisibleAfterIt() async {
        let inShield = Gate()
        let proceed = Gate()
        let observations = Locked<[Bool]>([])
        let task = Task {
            await withCancellationShield {
                inShield.open()
                await proceed.wait()
                observations.withLock { $0.append(Task.isCancelled) }
            }
            observations.withLock { $0.append(Task.isCancelled) }
        }
        await inShield.wait()
        task.cancel()
        proceed.open()
        await task.value
        #expect(observations.withLock { $0 } == [false, true])
    }

    @Test func keepsTaskLocalsAndPriority() async {
        let seen = await Self.$requestID.withValue("price-check:4471") {
            await Task(priority: .high) {
                let outer = Task.currentPriority
                return await withCancellationShield { (Self.requestID, Task.currentPriority >= outer) }
            }.value
        }
        #expect(seen.0 == "price-check:4471")
        #expect(seen.1)
    }

    @MainActor @Test func keepsTheCallersActor() async {
        var ledger: [String] = []          // main-actor state, touched inside the shield without a hop
        await withCancellationShield {
            MainActor.assertIsolated()
            ledger.append("applied")
        }
        #expect(ledger == ["applied"])
    }

    @Test func keepsTheTaskName() async {
        let name = await Task(name: "ledger-apply") { await withCancellationShield { Task.name } }.value
        #expect(name == "ledger-apply")
    }

    @Test func typedErrorsPassThrough() async {
        await #expect(throws: LedgerError.diskFull) {
            try await withCancellationShield { () async throws(LedgerError) in throw .diskFull }
        }
    }

    @Test func childTasksInsideAreNotCancelled() async {
        let childSawCancellation = await inCancelledTask {
            await withCancellationShield {
                await withTaskGroup(of: Bool.self) { group in
                    group.addTask { Task.isCancelled }
                    return await group.next()!
                }
            }
        }
        #expect(!childSawCancellation)
    }

    @Test func staysOnTheTaskExecutorEnteredThroughTaskWarden() async {
        let executor = QueueExecutor()
        let onExecutor = await Warden.withTaskExecutorPreference(executor) {
            await withCancellationShield { executor.isCurrent }
        }
        #expect(onExecutor)
    }
}

/// A task executor backed by a serial dispatch queue, so a test can tell whether code runs on it.
final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "taskwarden-tests.queue-executor")
    private let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: key, value: true) }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// On an actor, the shield adds no suspension point of its own: work queued on the actor before the shield
/// runs after the caller's code that follows it, as with SE-0504 (the back-port starts the body's task with
/// `Task.immediate` where it exists, as on Linux).
@Suite struct CancellationShieldSuspensionTests {
    actor Ledger {
        var log: [String] = []
        func record(_ entry: String) { log.append(entry) }

        func applyWithOtherWorkQueued() async -> [String] {
            log = []
            let other = Task { self.record("other") }   // queued on this actor behind the running job
            record("before")
            await withCancellationShield { self.record("inside") }
            record("after")
            await other.value
            return log
        }

        func applyWithASuspendingBody() async -> [String] {
            log = []
            let other = Task { self.record("other") }
            record("before")
            await withCancellationShield {
                self.record("inside")
                await Task.yield()                                // the body's own suspension point
                self.record("inside, resumed")
            }
            record("after")
            await other.value
            return log
        }
    }

    @Test func enteringAndLeavingDoNotSuspend() async {
        #expect(await Ledger().applyWithOtherWorkQueued() == ["before", "inside", "after", "other"])
    }

    @Test func otherWorkRunsOnlyAtTheBodysOwnSuspensionPoints() async {
        let log = await Ledger().applyWithASuspendingBody()
        #expect(Array(log.prefix(2)) == ["before", "inside"])
        #expect(log.last == "after" || log.last == "other")
        #expect(log.firstIndex(of: "inside, resumed")! < log.firstIndex(of: "after")!)
    }
}
