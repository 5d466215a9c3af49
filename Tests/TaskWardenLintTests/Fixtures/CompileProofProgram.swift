/// A small Linux-compilable program ("RecordShelf price check") that creates a task with every nameable kind
/// and every argument shape: `Task { }`, `Task(priority:)`, `Task<…>`, `Task.init`, `operation:` labels,
/// `executorPreference:`, detached and immediate tasks, and every task-group flavour with `addTask`,
/// `addTaskUnlessCancelled`, `addImmediateTask`, `addImmediateTaskUnlessCancelled`. Its output is the same
/// whatever the tasks are named, so the fixed program must print exactly what the original printed.
let compileProofProgram = #"""
// RecordShelf price check: every kind of task creation, no names yet.
struct Release: Sendable { let id: Int; let price: Int }

let releases = (1...6).map { Release(id: $0, price: $0 * 7 % 11) }

func fetchPrice(_ release: Release) async -> Int { release.price }

actor PriceBoard {
    private var totals: [String: Int] = [:]
    func record(_ key: String, _ value: Int) { totals[key, default: 0] += value }
    func report() -> String { totals.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
}

final class WantlistService: Sendable {
    let board: PriceBoard
    init(board: PriceBoard) { self.board = board }

    func checkPlain() async {
        let task = Task { await fetchPrice(releases[0]) }
        await board.record("plain", await task.value)
    }

    func checkPrioritised() async {
        let task = Task(priority: .low) { await fetchPrice(releases[1]) }
        await board.record("priority", await task.value)
    }

    func checkGeneric() async throws {
        let task = Task<Int, any Error> { await fetchPrice(releases[2]) }
        await board.record("generic", try await task.value)
    }

    func checkInit() async {
        let task = Task.init { await fetchPrice(releases[3]) }
        let labelled = Task(operation: { await fetchPrice(releases[4]) })
        let spread = Task(
            priority: .medium,
            operation: { await fetchPrice(releases[5]) }
        )
        await board.record("init", await task.value + labelled.value + spread.value)
    }

    func checkDetached() async {
        let plain = Task.detached { await fetchPrice(releases[0]) }
        let low = Task.detached(priority: .background) { await fetchPrice(releases[1]) }
        let preferred = Task(executorPreference: globalConcurrentExecutor) { await fetchPrice(releases[2]) }
        await board.record("detached", await plain.value + low.value + preferred.value)
    }

    func checkImmediate() async {
        let first = Task.immediate { await fetchPrice(releases[3]) }
        let second = Task.immediateDetached(priority: .utility) { await fetchPrice(releases[4]) }
        await board.record("immediate", await first.value + second.value)
    }

    func checkGroups() async throws {
        let sum = await withTaskGroup(of: Int.self) { group in
            for release in releases {
                group.addTask { await fetchPrice(release) }
            }
            _ = group.addTaskUnlessCancelled(priority: .high) { 100 }
            group.addImmediateTask { 1000 }
            _ = group.addImmediateTaskUnlessCancelled { 10000 }
            group.addTask(executorPreference: nil, priority: nil, operation: { 5 })
            return await group.reduce(0, +)
        }
        await board.record("group", sum)

        let throwing = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { await fetchPrice(releases[5]) }
            _ = group.addTaskUnlessCancelled { 1 }
            return try await group.reduce(0, +)
        }
        await board.record("throwing-group", throwing)

        await withDiscardingTaskGroup { group in
            group.addTask { await self.board.record("discarding", 2) }
            _ = group.addTaskUnlessCancelled { await self.board.record("discarding", 3) }
        }
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask(priority: .low) { await self.board.record("throwing-discarding", 4) }
        }
    }
}

let board = PriceBoard()
let service = WantlistService(board: board)
await service.checkPlain()
await service.checkPrioritised()
try await service.checkGeneric()
await service.checkInit()
await service.checkDetached()
await service.checkImmediate()
try await service.checkGroups()
let summary = Task { await board.report() }
print(await summary.value)
"""#
