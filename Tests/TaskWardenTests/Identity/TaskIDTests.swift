import Dispatch
import Testing
import TaskWarden

@Suite struct TaskIDTests {
    @Test func insideATaskTheIDMatchesTheHandle() async {
        let task = Task { TaskID.current }
        let inside = await task.value
        #expect(inside == task.taskID)
    }

    @Test func concurrentTasksHaveDistinctIDsAndChildrenDifferFromParent() async {
        let parent = TaskID.current
        let ids = await withTaskGroup(of: TaskID?.self) { group in
            for _ in 0..<200 { group.addTask { TaskID.current } }
            var ids: [TaskID] = []
            for await id in group { if let id { ids.append(id) } }
            return ids
        }
        #expect(ids.count == 200)
        #expect(Set(ids).count == 200)
        #expect(parent != nil)
        #expect(!ids.contains(parent!))
    }

    @Test func idsAreNeverReusedAfterTasksEnd() async {
        var seen = Set<TaskID>()
        for _ in 0..<500 {
            let id = await Task { TaskID.current! }.value   // each task ends before the next starts
            #expect(seen.insert(id).inserted)
        }
        #expect(seen.count == 500)
    }

    @Test func isStableWithinATaskAcrossSuspensions() async {
        let before = TaskID.current
        await Task.yield()
        try? await Task.sleep(for: .zero)
        #expect(TaskID.current == before)
    }

    @Test func outsideAnyTaskThereIsNoID() async {
        let id = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: TaskID.current) }
        }
        #expect(id == nil)
    }

    @Test func describesItselfWithAHash() {
        #expect(TaskID(rawValue: 42).description == "#42")
        #expect(TaskID(rawValue: 1) < TaskID(rawValue: 2))
    }
}
