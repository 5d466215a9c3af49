import Testing
@testable import TaskWardenInspect

/// The decoder on synthetic memory: a task as the runtime lays it out is read whole, and every way a stale or
/// half-built copy differs from a live task makes it "not a task", never a task with another task's name.
@Suite struct TaskObjectDecoderTests {
    @Test func aLiveNamedTaskIsReadWhole() throws {
        let synthetic = SyntheticTask()
        guard case .task(let task) = synthetic.decoder.decode(at: synthetic.task) else {
            Issue.record("not read as a task")
            return
        }
        #expect(task.id == 42)
        #expect(task.name == "price:4471")
        #expect(task.dependency == RawTask.Dependency(waitKind: 2, target: synthetic.context, extra: 0))
        #expect(synthetic.decoder.isUnchanged(task, header: nil))
    }

    @Test func aRecordOutsideTheTasksOwnSlabsMakesItNotATask() {
        let synthetic = SyntheticTask()
        // A stale header whose chain leads to a name record another task's allocator put elsewhere.
        synthetic.memory.write(SyntheticTask.heap + 0x1800, at: synthetic.dependencyRecord + 8)
        synthetic.memory.write(6, at: SyntheticTask.heap + 0x1800)
        synthetic.memory.write(SyntheticTask.heap + 0x1830, at: SyntheticTask.heap + 0x1810)
        synthetic.memory.write("someone-else", at: SyntheticTask.heap + 0x1830)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
    }

    @Test func aSlabWithoutTheSlabMetadataMakesItNotATask() {
        let synthetic = SyntheticTask()
        synthetic.memory.write(0xDEAD_BEEF, at: synthetic.slab)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
    }

    @Test func aDependencyFlagWithoutItsRecordMakesItNotATask() {
        let synthetic = SyntheticTask()
        synthetic.memory.write(synthetic.nameRecord, at: synthetic.task + SyntheticTask.layout.task.statusRecord)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
    }

    @Test func aDependencyRecordNamingAnotherTaskMakesItNotATask() {
        let synthetic = SyntheticTask()
        synthetic.memory.write(SyntheticTask.heap + 0x1000, at: synthetic.dependencyRecord + 40)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
    }

    @Test func anIdleTaskThatWaitsOnNothingAndHasStartedIsNotATask() {
        let synthetic = SyntheticTask()
        // Half-built (or stale): not running, not queued, no dependency, not at its entry.
        synthetic.memory.write32(0x15, at: synthetic.task + SyntheticTask.layout.task.statusFlags)
        synthetic.memory.write(synthetic.nameRecord, at: synthetic.task + SyntheticTask.layout.task.statusRecord)
        synthetic.memory.write(0, at: synthetic.task + SyntheticTask.layout.task.dependencyRecord)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
        // At its entry adapter it is a task that has not started.
        synthetic.memory.write(SyntheticTask.code + 0x10, at: synthetic.task + SyntheticTask.layout.task.resumeFunction)
        guard case .task(let task) = synthetic.decoder.decode(at: synthetic.task) else {
            Issue.record("a task that has not started should be read")
            return
        }
        #expect(task.name == "price:4471")
    }

    @Test func noPriorityOrNoResumeFunctionMakesItNotATask() {
        let synthetic = SyntheticTask()
        synthetic.memory.write32(0x4000, at: synthetic.task + SyntheticTask.layout.task.statusFlags)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
        let other = SyntheticTask()
        other.memory.write(0, at: other.task + SyntheticTask.layout.task.resumeFunction)
        #expect(other.decoder.decode(at: other.task) == .notATask)
    }

    @Test func aCompletedTaskIsNotLive() {
        let synthetic = SyntheticTask()
        synthetic.memory.write32(0x2015, at: synthetic.task + SyntheticTask.layout.task.statusFlags)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .completed)
    }

    @Test func aCircularChainEnds() {
        let synthetic = SyntheticTask()
        synthetic.memory.write(synthetic.dependencyRecord, at: synthetic.nameRecord + 8)
        #expect(synthetic.decoder.decode(at: synthetic.task) == .notATask)
    }

    @Test func aNameRecordThatIsNotTheOldestGivesNoName() throws {
        let synthetic = SyntheticTask()
        // A cancellation record below the name record: the name record is no longer the first one pushed.
        let handler = synthetic.slab + 0x200
        synthetic.memory.write(3, at: handler)
        synthetic.memory.write(0, at: handler + 8)
        synthetic.memory.write(handler, at: synthetic.nameRecord + 8)
        guard case .task(let task) = synthetic.decoder.decode(at: synthetic.task) else {
            Issue.record("not read as a task")
            return
        }
        #expect(task.name == nil)
    }

    @Test func aStringFarFromItsRecordGivesNoName() throws {
        let synthetic = SyntheticTask()
        synthetic.memory.write(synthetic.nameRecord + 0x300, at: synthetic.nameRecord + 16)
        synthetic.memory.write("far-away", at: synthetic.nameRecord + 0x300)
        guard case .task(let task) = synthetic.decoder.decode(at: synthetic.task) else {
            Issue.record("not read as a task")
            return
        }
        #expect(task.name == nil)
    }

    @Test func aTaskThatKeepsChangingIsLeftOutAndCounted() {
        let synthetic = SyntheticTask()
        // Every read flips it between waiting and queued: no two reads agree.
        var flip = false
        let statusAddress = synthetic.task + SyntheticTask.layout.task.statusFlags
        synthetic.memory.beforeRead = { memory in
            flip.toggle()
            memory.write32(flip ? 0x4015 : 0x5015, at: statusAddress)
        }
        let pass = TaskReadPass(decoder: synthetic.decoder, memory: synthetic.memory, rereads: 3)
        let (tasks, dropped) = pass.read([synthetic.task])
        #expect(tasks.isEmpty)
        #expect(dropped == 1)
    }

    @Test func aTaskThatSettlesIsReadAgain() {
        let synthetic = SyntheticTask()
        var changes = 2
        let statusAddress = synthetic.task + SyntheticTask.layout.task.statusFlags
        synthetic.memory.beforeRead = { memory in
            guard changes > 0 else { return }
            changes -= 1
            memory.write32(changes % 2 == 0 ? 0x4015 : 0x5015, at: statusAddress)
        }
        let (tasks, dropped) = TaskReadPass(decoder: synthetic.decoder, memory: synthetic.memory, rereads: 3).read([synthetic.task])
        #expect(tasks.map(\.name) == ["price:4471"])
        #expect(dropped == 0)
    }
}
