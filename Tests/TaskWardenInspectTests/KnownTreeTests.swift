import FixtureSupport
import Foundation
import Testing
@testable import TaskWardenInspect

/// A live process with every shape of task, read from outside: what the reader shows must be what the
/// process says about itself (its tasks print their own ids, names and parents).
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: !builtWithThreadSanitizer, "the fixtures are built with ThreadSanitizer, whose shadow memory the reader refuses"))
struct KnownTreeTests {
    /// Snapshots until the tree has settled (every task parked where it parks), at most ~10 s.
    static func settledSnapshot(_ target: FixtureProcess, inspector: ProcessInspector) throws -> TaskSnapshot {
        var last: TaskSnapshot?
        for _ in 0..<100 {
            let snapshot = try inspector.snapshot()
            last = snapshot
            let named = { (name: String) in snapshot.tasks.first { $0.name == name } }
            if named("beta")?.waitingOn != nil, named("gate-waiter")?.state == .enqueued,
               target.reported.filter({ $0.role == "group-child" }).allSatisfy({ snapshot.task(id: $0.id)?.waitingOn != nil }) {
                return snapshot
            }
            usleep(100_000)
        }
        return try #require(last)
    }

    @Test func everyTaskIsReadWithItsOwnNameParentAndKind() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let inspector = try ProcessInspector(pid: target.pid)
        let snapshot = try Self.settledSnapshot(target, inspector: inspector)
        #expect(target.reported.count == 26)
        for reported in target.reported {
            let task = try #require(snapshot.task(id: reported.id), "task \(reported.id) (\(reported.name ?? "unnamed")) was not read")
            #expect(task.name == reported.name, "task \(reported.id)")
            #expect(task.parentID == reported.parentID, "task \(reported.id) (\(reported.name ?? "unnamed"))")
            let kind: TaskKind = reported.role == "group-child" ? .groupChild : reported.role == "async-let" ? .asyncLet : .unstructured
            #expect(task.kind == kind, "task \(reported.id) (\(reported.name ?? "unnamed"))")
            #expect(!task.isCancelled)
            #expect(task.priority.description == "medium")
        }
        // No task is shown with a name the process did not give it.
        let names = Dictionary(uniqueKeysWithValues: target.reported.map { ($0.id, $0.name) })
        for task in snapshot.tasks where names[task.id] != nil {
            #expect(task.name == names[task.id]!)
        }
    }

    @Test func everyChildOfNestedGroupsIsListed() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let snapshot = try Self.settledSnapshot(target, inspector: try ProcessInspector(pid: target.pid))
        let owner = try #require(target.task(named: "fan-out"))
        let fans = target.reported.filter { $0.name?.hasPrefix("fan:") == true }.map(\.id).sorted()
        #expect(fans.count == 3)
        #expect(snapshot.task(id: owner.id)?.childIDs == fans)
        #expect(snapshot.task(id: owner.id)?.waitingOn == .group(childIDs: fans))
        for fan in fans {
            let leaves = target.reported.filter { $0.parentID == fan }.map(\.id).sorted()
            #expect(leaves.count == 4)
            #expect(snapshot.task(id: fan)?.childIDs == leaves)
            #expect(snapshot.task(id: fan)?.waitingOn == .group(childIDs: leaves))
        }
        let pair = try #require(target.task(named: "pair"))
        let lets = target.reported.filter { $0.role == "async-let" }.map(\.id).sorted()
        #expect(snapshot.task(id: pair.id)?.childIDs == lets)
        if case .task(let awaited, nil)? = snapshot.task(id: pair.id)?.waitingOn {
            #expect(lets.contains(awaited))
        } else {
            Issue.record("pair should await one of its async lets: \(String(describing: snapshot.task(id: pair.id)?.waitingOn))")
        }
    }

    @Test func whatEachSuspendedTaskAwaits() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let snapshot = try Self.settledSnapshot(target, inspector: try ProcessInspector(pid: target.pid))
        let task = { (name: String) in snapshot.tasks.first { $0.name == name } }
        let alpha = try #require(task("alpha"))
        #expect(alpha.state == .suspended)
        #expect(alpha.waitingOn == .continuation)
        #expect(task("beta")?.waitingOn == .task(id: alpha.id, name: "alpha"))
        #expect(task("gamma")?.waitingOn == .task(id: alpha.id, name: "alpha"))
        #expect(task("detached-worker")?.waitingOn == .continuation)
        #expect(task("gate-holder")?.state == .running)
        let waiter = try #require(task("gate-waiter"))
        #expect(waiter.state == .enqueued)
        guard case .executor(let executor)? = waiter.waitingOn else {
            Issue.record("gate-waiter should be queued on the Gate actor: \(String(describing: waiter.waitingOn))")
            return
        }
        #expect(executor.typeName == "InspectTarget.Gate")
        #expect(executor.description == "actor InspectTarget.Gate")
        // The unnamed sleeper's Task.sleep has its wake-up task, which has not started.
        #expect(snapshot.tasks.contains { $0.state == .notStarted && $0.frames.first?.function?.contains("Task<>._sleep") == true })
    }

    @Test func backtracesNameTheFunctionsAndTheAwaitLines() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let snapshot = try Self.settledSnapshot(target, inspector: try ProcessInspector(pid: target.pid))
        let source = try String(contentsOfFile: Self.fixtureSource("KnownTree.swift"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // beta parks in `await alpha.value`, the line after its report.
        let betaLine = try #require(source.firstIndex { $0.contains("role: \"awaits-alpha\"") }) + 2
        let beta = try #require(snapshot.tasks.first { $0.name == "beta" })
        #expect(beta.frames.first?.function == "Task<>.value.getter", "\(beta.frames)")
        let own = try #require(beta.frames.first { $0.function?.contains("KnownTree.start()") == true }, "\(beta.frames)")
        #expect(own.function == "closure #2 in static KnownTree.start()")
        #expect(own.file?.hasSuffix("Tests/Fixtures/InspectTarget/KnownTree.swift") == true)
        #expect(own.line == betaLine)
        #expect(own.image == "InspectTarget")
        // A running task's frames are on its thread's stack: none are claimed.
        #expect(snapshot.tasks.first { $0.name == "gate-holder" }?.frames == [])
    }

    /// `Task.sleep(for:)` and `Clock.sleep(for:)` are emitted into the caller's file with no lines of their
    /// own: they get no line rather than the line of whatever code follows them there.
    @Test func aFunctionWithoutLinesIsNotGivenTheLinesOfTheNextOne() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let snapshot = try Self.settledSnapshot(target, inspector: try ProcessInspector(pid: target.pid))
        let source = try String(contentsOfFile: Self.fixtureSource("KnownTree.swift"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // The sleeper's closure: the line before its report to the line after its loop.
        let report = try #require(source.firstIndex { $0.contains("role: \"unnamed-sleeper\"") }) + 1
        let reported = try #require(target.reported.first { $0.role == "unnamed-sleeper" })
        let sleeper = try #require(snapshot.task(id: reported.id))
        let sleep = try #require(sleeper.frames.first { $0.function?.hasPrefix("static Task<>.sleep") == true }, "\(sleeper.frames)")
        #expect(sleep.file == nil && sleep.line == nil, "\(sleep)")
        let own = sleeper.frames.filter { $0.file?.hasSuffix("KnownTree.swift") == true }
        #expect(!own.isEmpty, "\(sleeper.frames)")
        for frame in own {
            #expect((report - 1...report + 2).contains(frame.line ?? 0), "\(frame) is outside the sleeper's closure (lines \(report - 1)–\(report + 2))")
        }
    }

    @Test func aStaticallyLinkedRuntimeIsReadFromTheExecutable() throws {
        let target = try FixtureProcess("InspectTargetStatic")
        let inspector = try ProcessInspector(pid: target.pid)
        #expect(inspector.runtime.isStaticallyLinked)
        #expect(inspector.runtime.path.hasSuffix("/InspectTargetStatic"))
        var snapshot = try inspector.snapshot()
        for _ in 0..<50 where snapshot.tasks.first(where: { $0.name == "static-waiter" })?.waitingOn == nil {
            usleep(100_000)
            snapshot = try inspector.snapshot()
        }
        let parked = try #require(target.task(named: "static-parked"))
        let waiter = try #require(target.task(named: "static-waiter"))
        #expect(snapshot.task(id: parked.id)?.name == "static-parked")
        #expect(snapshot.task(id: waiter.id)?.waitingOn == .task(id: parked.id, name: "static-parked"))
    }

    @Test func aConsistentReadFreezesBrieflyAndTheProcessRunsOn() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let inspector = try ProcessInspector(pid: target.pid)
        let snapshot = try inspector.snapshot(consistent: true)
        let frozen = try #require(snapshot.frozenFor)
        #expect(frozen > .zero && frozen < snapshot.readTime + .milliseconds(1))
        #expect(snapshot.tasks.contains { $0.name == "alpha" })
        // Every thread runs again: none is left in a tracing stop.
        for thread in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(target.pid)/task") {
            let status = try String(contentsOfFile: "/proc/\(target.pid)/task/\(thread)/status", encoding: .utf8)
            #expect(!status.contains("State:\tt"), "thread \(thread) still stopped")
            #expect(status.contains("TracerPid:\t0"))
        }
    }

    static func fixtureSource(_ file: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/InspectTarget/\(file)").path
    }
}
