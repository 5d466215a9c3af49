import Testing
import TaskWarden
@testable import TaskWardenInspect
@testable import taskwarden

/// `tasks` and `top --once` draw trees whose text grows with the number of tasks, not with their depth: a long
/// chain of tasks, each awaiting the next, is indented up to a cap and then says each task's depth.
@Suite struct TasksTreeTextTests {
    static let runtime = RuntimeIdentity(
        path: "/usr/lib/swift/linux/libswift_Concurrency.so", isStaticallyLinked: false, machine: 62, layoutVersion: 1,
        taskSize: 208, supportsPriorityEscalation: false, compilerComments: [], buildID: nil)

    /// `count` tasks, each the child of the one before, each with one frame.
    static func chain(_ count: Int) -> TaskSnapshot {
        let tasks = (1...count).map { index in
            let id = UInt64(index)
            return InspectedTask(
                id: id, name: "step:\(index)", kind: index == 1 ? .unstructured : .asyncLet, parentID: index == 1 ? nil : id - 1,
                childIDs: index == count ? [] : [id + 1], state: .suspended, waitingOn: nil, priority: TaskPriority(rawValue: 0x15),
                basePriority: TaskPriority(rawValue: 0x15), isCancelled: false,
                frames: [AsyncFrame(address: 0x1000, function: "Chain.step(_:)", file: "/src/Chain.swift", line: 12, image: "chain")],
                address: 0x7f00_0000_0000 + id * 0x100)
        }
        return TaskSnapshot(pid: 4242, processName: "chain", release: "Swift 6.3.1", runtime: runtime, tasks: tasks,
                            readTime: .milliseconds(3), frozenFor: nil, changedWhileRead: 0, bytesScanned: 0, candidates: count)
    }

    /// The most one line may hold: the capped indent (at most 3 UTF-8 bytes per column), branch, marker and text.
    static let widestLine = CensusTreeLayout.indentedLevels * 9 + 160

    @Test func aLongChainIsDrawnInLinearSpace() {
        let count = 50_000
        let text = TasksTreeText.render(Self.chain(count))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1 + 2 * count)   // the header, then each task and its one frame
        #expect((lines.map(\.utf8.count).max() ?? 0) <= Self.widestLine)
        #expect(text.utf8.count <= lines.count * Self.widestLine)
        let last = lines[lines.count - 2]
        #expect(last.contains("└╴ [depth \(count)] Task \(count) ('step:\(count)')"))
        #expect(!lines[2 * CensusTreeLayout.indentedLevels - 1].contains("[depth"))
        #expect(lines[2 * CensusTreeLayout.indentedLevels + 1].contains("[depth \(CensusTreeLayout.indentedLevels + 1)] Task"))
    }

    @Test func depthFiltersAreWorkedOutOnceForTheWholeChain() {
        let snapshot = Self.chain(50_000)
        #expect(TaskSelection(maximumDepth: 3).apply(to: snapshot) == [1, 2, 3])
        #expect(TaskSelection(maximumDepth: 49_999).apply(to: snapshot).count == 49_999)
    }

    @Test func topOnceDrawsALongCensusChainInLinearSpace() {
        let count = 50_000
        let records = (1...count).map { index in
            CensusRecord(name: "step:\(index)", id: TaskID(rawValue: UInt64(index)),
                         parentID: index == 1 ? nil : TaskID(rawValue: UInt64(index - 1)),
                         fileID: "Chain/Step.swift", line: 7, startedAt: .zero)
        }
        var model = TopModel(process: "chain", pid: 4242)
        model.ingest(CensusSnapshot(takenAt: .seconds(1), records: records))
        let text = TopReport.text(model)
        let lines = text.split(separator: "\n")
        #expect((lines.map(\.utf8.count).max() ?? 0) <= Self.widestLine)
        #expect(text.utf8.count <= lines.count * Self.widestLine)
        #expect(lines.last?.contains("[depth \(count)] \"step:\(count)\"") == true)
    }

    @Test func topOnceDrawsALongChainReadFromMemoryInLinearSpace() {
        let count = 50_000
        var model = TopModel(process: "chain", pid: 4242)
        model.ingest(Self.chain(count), at: .seconds(1))
        let text = TopReport.text(model)
        let lines = text.split(separator: "\n")
        #expect((lines.map(\.utf8.count).max() ?? 0) <= Self.widestLine)
        #expect(text.utf8.count <= lines.count * Self.widestLine)
        #expect(lines.last?.contains("[depth \(count)] \"step:\(count)\"") == true)
    }
}
