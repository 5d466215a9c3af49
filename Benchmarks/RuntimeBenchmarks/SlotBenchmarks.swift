import TaskWarden
import TaskWardenSupport

// TaskSlot.replace against the hand-written "cancel the previous task and assign the new one".

private let replacements = 2_000
private let quietCensus = TaskCensus(isEnabled: false)

let slotSuite = BenchmarkSuite(name: "slot", comparisons: [
    Comparison("replace vs cancel-and-assign", operations: replacements,
        baseline: {
            let shown = Locked(0)
            var current: Task<Void, Never>?
            for query in 0..<replacements {
                current?.cancel()
                current = Task(name: "album-search") {
                    guard !Task.isCancelled else { return }
                    shown.withLock { $0 = query }      // no generation check: a late result could land here
                }
            }
            await current?.value
        },
        candidate: {
            let shown = Locked(0)
            let slot = TaskSlot(census: quietCensus)
            for query in 0..<replacements {
                slot.replace(name: "album-search") { generation in
                    guard !Task.isCancelled else { return }
                    generation.commit { shown.withLock { $0 = query } }
                }
            }
            await slot.settled()
        }),
])
