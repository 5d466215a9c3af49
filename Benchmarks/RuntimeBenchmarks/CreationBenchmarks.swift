import TaskWarden

// Creating and awaiting a named task through TaskWarden's creation path vs `Task(name:)`.

private let tasksPerRun = 2_000
private let censusOff = TaskCensus(isEnabled: false)
private let censusOn = TaskCensus(isEnabled: true)

/// The baseline for both census comparisons: the same tasks through `Task(name:)` directly.
private func plainNamedTasks() async {
    for index in 0..<tasksPerRun { _ = await Task(name: "thumbnail") { index }.value }
}

let creationSuite = BenchmarkSuite(name: "census", comparisons: [
    Comparison("Warden.task, census off", target: 1.05, operations: tasksPerRun,
        baseline: plainNamedTasks,
        candidate: {
            for index in 0..<tasksPerRun {
                _ = await Warden.task(name: "thumbnail", census: censusOff) { index }.value
            }
        }),
    Comparison("Warden.task, census on", target: 1.5, operations: tasksPerRun,
        baseline: plainNamedTasks,
        candidate: {
            for index in 0..<tasksPerRun {
                _ = await Warden.task(name: "thumbnail", census: censusOn) { index }.value
            }
        }),
    Comparison("withCancellationShield back-port vs direct call", operations: tasksPerRun,
        baseline: {
            for index in 0..<tasksPerRun { _ = await applyPrice(index) }
        },
        candidate: {
            for index in 0..<tasksPerRun { _ = await withCancellationShield { await applyPrice(index) } }
        }),
    Comparison("TaskID.current vs withUnsafeCurrentTask", operations: 100_000,
        baseline: {
            var sum = 0
            for _ in 0..<100_000 { sum &+= withUnsafeCurrentTask { $0 == nil ? 0 : 1 } }
            precondition(sum > 0)
        },
        candidate: {
            var sum: UInt64 = 0
            for _ in 0..<100_000 { sum &+= TaskID.current?.rawValue ?? 0 }
            precondition(sum > 0)
        }),
])

@inline(never)
private func applyPrice(_ index: Int) async -> Int { index &* 3 }
