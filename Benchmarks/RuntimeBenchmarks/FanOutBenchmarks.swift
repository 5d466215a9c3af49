import TaskWarden

// Bounded fan-out vs the hand-written windowed task group it replaces (target ≤ 1.1×).

private let items = 100_000
private let window = 6
private let quietCensus = TaskCensus(isEnabled: false)
/// The per-item work both loops run: a no-op behind an async closure, as a real lookup would be.
private let noOp: @Sendable (Int) async -> Int = { $0 }

/// The loop every team writes by hand: prime `window` children, then one new child per completion.
private func windowedTaskGroup(over count: Int) async -> [(Int, Int)] {
    await withTaskGroup(of: (Int, Int).self) { group in
        var results: [(Int, Int)] = []
        var iterator = (0..<count).makeIterator()
        var started = 0
        while started < window, let item = iterator.next() {
            group.addTask(name: "price:\(item)") { (item, await noOp(item)) }
            started += 1
        }
        while let result = await group.next() {
            results.append(result)
            if !Task.isCancelled, let item = iterator.next() {
                group.addTask(name: "price:\(item)") { (item, await noOp(item)) }
            }
        }
        return results
    }
}

let fanOutSuite = BenchmarkSuite(name: "fanout", comparisons: [
    Comparison("fanOut 100k no-op vs windowed group", target: 1.1, operations: items,
        baseline: {
            let results = await windowedTaskGroup(over: items)
            precondition(results.count == items)
        },
        candidate: {
            let results = await fanOut(
                over: 0..<items, maxInFlight: window, census: quietCensus, name: { "price:\($0)" }, operation: noOp)
            precondition(results.count == items)
        }),
    Comparison("fanOut 100k traced (recorder) vs group", operations: items,
        baseline: {
            let results = await windowedTaskGroup(over: items)
            precondition(results.count == items)
        },
        candidate: {
            let recorder = TraceRecorder(capacity: items * 2 + 16)
            let results = await fanOut(
                over: 0..<items, maxInFlight: window, tracer: recorder, census: quietCensus, name: { "price:\($0)" },
                operation: noOp)
            precondition(results.count == items && recorder.recordCount == items * 2)
        }),
])
