import FixtureSupport
import Foundation
import Testing
@testable import TaskWardenInspect

/// Many tasks at once, and tasks that come and go while they are read.
@Suite(.serialized, .timeLimit(.minutes(10)),
       .enabled(if: !builtWithThreadSanitizer, "the fixtures are built with ThreadSanitizer, whose shadow memory the reader refuses"))
struct ScaleAndChurnTests {
    @Test func tenThousandGroupChildrenAreAllListed() throws {
        let target = try FixtureProcess("InspectTarget", ["many", "10000"])
        let root = try #require(target.task(named: "many-root"))
        let snapshot = try ProcessInspector(pid: target.pid).snapshot(backtraces: false)
        let children = snapshot.tasks.filter { $0.parentID == root.id }
        #expect(children.count == 10_000)
        #expect(Set(children.compactMap(\.name)) == Set((0..<10_000).map { "many:\($0)" }))
        #expect(children.allSatisfy { $0.kind == .groupChild })
        #expect(snapshot.task(id: root.id)?.childIDs.count == 10_000)
        #expect(snapshot.changedWhileRead == 0)
    }

    /// 200 reads of a process creating and ending tasks as fast as it can: the reader never fails, never
    /// shows a task under a name that task did not have, and the process's own checks pass.
    @Test func readingAChurningProcess200TimesNeverShowsAWrongName() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("churn-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let target = try FixtureProcess("InspectTarget", ["churn", log])
        let inspector = try ProcessInspector(pid: target.pid)
        var seen: [UInt64: String?] = [:]
        var tasksSeen = 0
        // At least 200 reads, and more until 300 churned tasks were caught alive (a loaded host schedules the
        // process less often, so fewer are alive per read), up to 2,000.
        var reads = 0
        while reads < 200 || (seen.count < 300 && reads < 2_000) {
            reads += 1
            let snapshot = try inspector.snapshot(backtraces: false)
            tasksSeen += snapshot.tasks.count
            for task in snapshot.tasks where task.name?.hasPrefix("churn:") == true || task.kind == .asyncLet {
                if let earlier = seen[task.id] {
                    #expect(earlier == task.name, "task \(task.id) read as \(earlier ?? "unnamed") and as \(task.name ?? "unnamed")")
                }
                seen[task.id] = task.name
            }
        }
        let output = try target.finish()
        let verdict = try #require(output.last { $0.hasPrefix("CHECKS ") })
        #expect(verdict.hasSuffix(" failures=0"), "\(verdict)")
        #expect(tasksSeen > 0)
        // The truth: every task the process started, with the name it had.
        var truth: [UInt64: String] = [:]
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let id = UInt64(fields[0]) { truth[id] = String(fields[1]) }
        }
        #expect(truth.count > 1_000, "the process churned only \(truth.count) tasks")
        var checked = 0
        for (id, name) in seen {
            guard let actual = truth[id] else { continue }   // read before it ever ran, and never ran
            checked += 1
            #expect((name ?? "-") == actual, "task \(id) was shown as \(name ?? "unnamed") but is \(actual)")
        }
        #expect(checked > 100, "only \(checked) churned tasks were caught alive")
    }
}
