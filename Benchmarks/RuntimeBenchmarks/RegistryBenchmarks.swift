import TaskWarden
import TaskWardenTesting

// TaskRegistry against the hand-written alternative: a `[Key: Task]` dictionary on one actor.
// Census off on both sides, so this measures the owner itself.

private let misses = 2_000
private let joiners = 1_000

/// The hand-written cache: check, insert, await, remove — all on one actor.
private actor HandWrittenRenders {
    var inFlight: [Int: Task<Int, Never>] = [:]

    func value(for key: Int, render: @escaping @Sendable (Int) async -> Int) async -> Int {
        if let task = inFlight[key] { return await task.value }
        let task = Task(name: "thumbnail") { await render(key) }
        inFlight[key] = task
        let value = await task.value
        if inFlight[key] == task { inFlight[key] = nil }
        return value
    }
}

/// A render that waits for the benchmark's signal, so every joiner really joins in-flight work.
private final class HeldRender: Sendable {
    let release = Gate()
    func render(_ key: Int) async -> Int {
        await release.wait()
        return key * 2
    }
}

private let quietCensus = TaskCensus(isEnabled: false)

let registrySuite = BenchmarkSuite(name: "registry", comparisons: [
    Comparison("miss: value(for:) vs [Key: Task] on an actor", target: 1.5, operations: misses,
        baseline: {
            let renders = HandWrittenRenders()
            for key in 0..<misses { _ = await renders.value(for: key) { $0 * 2 } }
        },
        candidate: {
            let renders = TaskRegistry<Int, Int, Never>(name: { _ in "thumbnail" }, census: quietCensus)
            for key in 0..<misses { _ = try? await renders.value(for: key) { $0 * 2 } }
        }),
    Comparison("hit: \(joiners) callers join one render", target: 1.5, operations: joiners,
        baseline: {
            let renders = HandWrittenRenders()
            let held = HeldRender()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<joiners { group.addTask { _ = await renders.value(for: 7, render: held.render) } }
                while await renders.inFlightCount(for: 7) == 0 { await Task.yield() }
                held.release.open()
            }
        },
        candidate: {
            let renders = TaskRegistry<Int, Int, Never>(name: { _ in "thumbnail" }, census: quietCensus)
            let held = HeldRender()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<joiners { group.addTask { _ = try? await renders.value(for: 7, operation: held.render) } }
                while renders.inFlightCount == 0 { await Task.yield() }
                held.release.open()
            }
        }),
])

extension HandWrittenRenders {
    func inFlightCount(for key: Int) -> Int { inFlight[key] == nil ? 0 : 1 }
}
