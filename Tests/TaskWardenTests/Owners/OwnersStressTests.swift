import Testing
import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

/// Many keys, many callers, random cancellation. CI runs these under ThreadSanitizer:
/// `swift test --sanitize=thread --filter Stress`.
@Suite struct OwnersStressTests {
    enum RenderError: Error, Equatable { case corruptCover(Int) }

    /// A render that waits for `start` (so no render can finish before the test has cancelled what it
    /// cancels, however the scheduler orders things), takes a few scheduling turns, and fails for every 13th album.
    static func render(_ albumID: Int, after start: Gate) async throws(RenderError) -> Int {
        await start.wait()
        for _ in 0..<(albumID % 4) { await Task.yield() }
        if albumID % 13 == 0 { throw .corruptCover(albumID) }
        return albumID * 2
    }

    @Test(.timeLimit(.minutes(10)))
    func registryStressManyKeysAndCallersWithRandomCancellation() async {
        let census = TaskCensus()
        let registry = TaskRegistry<Int, Int, RenderError>(name: { "thumbnail:\($0)" }, census: census)
        var random = SeededRandomNumberGenerator(seed: 0x7A5C_3A2D)  // seeded: a failing run can be replayed
        let keys = 400
        let callers = 2_000

        let start = Gate()
        let cancelledKeys = Locked<Set<Int>>([])
        var tasks: [(key: Int, task: Task<Int, any Error>)] = []
        for _ in 0..<callers {
            let key = Int.random(in: 1...keys, using: &random)
            tasks.append((key, Task { try await registry.value(for: key) { key throws(RenderError) in try await Self.render(key, after: start) } }))
        }
        // Cancel about a third of the callers and a few whole keys, at random moments.
        for (index, entry) in tasks.enumerated() {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<33: entry.task.cancel()
            case 33..<35:
                cancelledKeys.withLock { _ = $0.insert(entry.key) }
                registry.cancel(entry.key)
            default: break
            }
            if index.isMultiple(of: 50) { await Task.yield() }
        }
        start.open()

        var values = 0, failures = 0, cancellations = 0
        for (key, task) in tasks {
            do {
                let value = try await task.value
                #expect(value == key * 2)
                values += 1
            } catch let error as TaskRegistryError<RenderError> {
                switch error {
                case .failed(let renderError):
                    #expect(renderError == .corruptCover(key))
                    failures += 1
                case .cancelled:
                    // Only a cancelled caller or a cancelled key may see this.
                    #expect(task.isCancelled || cancelledKeys.withLock { $0.contains(key) })
                    cancellations += 1
                }
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(values + failures + cancellations == callers)
        #expect(values > 0 && cancellations > 0 && failures > 0)

        await registry.drain()
        #expect(registry.inFlightCount == 0)
        #expect(census.liveCount == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func slotStressConcurrentReplacementsCommitInGenerationOrder() async {
        let census = TaskCensus()
        let slot = TaskSlot(census: census)
        let commits = Locked<[UInt64]>([])
        let started = Locked<[UInt64]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    for _ in 0..<50 {
                        slot.replace(name: "album-search") { generation in
                            started.withLock { $0.append(generation.value) }
                            await Task.yield()
                            generation.commit { commits.withLock { $0.append(generation.value) } }
                        }
                        await Task.yield()
                    }
                }
            }
        }
        await slot.settled()
        let committed = commits.withLock { $0 }
        // A stale generation can never commit after a newer one has.
        #expect(committed == committed.sorted())
        #expect(Set(committed).count == committed.count)
        #expect(!committed.isEmpty)
        // The latest work was never replaced: it always commits, so the result the slot settles on is never lost.
        #expect(committed.last == started.withLock { $0.max() })
        #expect(await eventually { census.liveCount == 0 })
    }

    @Test(.timeLimit(.minutes(10)))
    func serviceStressStartStopFromManyTasks() async {
        final class Owner: Sendable { let ticks = Counter() }
        let census = TaskCensus()
        let service = TaskService(name: "cloud-sync", census: census)
        let owner = Owner()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<20 {
                group.addTask {
                    for round in 0..<25 {
                        if (worker + round).isMultiple(of: 2) {
                            service.start(owner: owner) { owner in
                                owner.ticks.increment()
                                await Task.yield()
                                return .continue
                            }
                        } else {
                            await service.stop()
                        }
                    }
                }
            }
        }
        await service.stop()
        #expect(!service.isRunning)
        #expect(census.liveCount == 0)
    }
}
