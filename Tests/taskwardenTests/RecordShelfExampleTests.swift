import Foundation
import Testing
@testable import taskwarden

/// The example app is the README's first command: it must keep exercising every site kind and every rule.
@Suite struct RecordShelfExampleTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func json(_ arguments: String...) throws -> [String: Any] {
        let run = CommandRun(arguments, in: repositoryRoot)
        return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    @Test func containsEverySiteKind() throws {
        let sites = try #require(try Self.json("list", "--format", "json", "Examples/RecordShelf")["sites"] as? [[String: Any]])
        let kinds = Set(sites.compactMap { $0["kind"] as? String })
        #expect(kinds == ["Task.init", "Task.detached", "Task.immediate", "Task.immediateDetached", "addTask",
                          "addTaskUnlessCancelled", "addImmediateTask", "addImmediateTaskUnlessCancelled", "async let",
                          ".task", ".backgroundTask", "BGTaskScheduler.register"])
        // Look-alikes: HTTPClient.Task, ShelfEffect.task, .task(taskID:), backgroundTask(withName:).
        let files = sites.compactMap { $0["file"] as? String }
        #expect(files.filter { $0.hasSuffix("HTTPClient.swift") }.count == 1)
        #expect(sites.filter { ($0["file"] as? String)?.hasSuffix("AlbumDetailView.swift") == true }.count == 4)
    }

    @Test func triggersEveryDefaultRule() throws {
        let findings = try #require(try Self.json("lint", "--format", "json", "Examples/RecordShelf")["findings"] as? [[String: Any]])
        let rules = Set(findings.compactMap { $0["rule"] as? String })
        #expect(rules == ["unnamed-task", "task-name-format", "task-name-duplicate", "task-name-sensitive",
                          "task-label-collision", "async-let-unnamed",
                          // Ownership and background tasks (the two opt-in rules stay off here).
                          "unhandled-throwing-task", "task-self-cycle", "weak-self-unwrapped-once", "unowned-task-loop",
                          "task-in-on-appear", "background-refresh-not-rescheduled", "background-task-manual-completion",
                          "background-task-no-expiration", "background-task-identifier"])
        // Warnings and notes only: the README's first command succeeds; --strict fails on them. (The example's
        // .taskwarden.json lowers background-task-manual-completion from error to warning for this.)
        #expect(CommandRun(["lint", "Examples/RecordShelf"], in: Self.repositoryRoot).status == .success)
        #expect(CommandRun(["lint", "--strict", "Examples/RecordShelf"], in: Self.repositoryRoot).status == .findings)
    }

    @Test func showsTheThreeLabelFailures() throws {
        let findings = try #require(try Self.json("lint", "--format", "json", "Examples/RecordShelf")["findings"] as? [[String: Any]])
        let collisions = findings.filter { $0["rule"] as? String == "task-label-collision" }.compactMap { $0["message"] as? String }
        #expect(collisions.filter { $0.contains("'RecordShelfApp.init()'") }.count == 3)
        #expect(collisions.filter { $0.contains("'CloudSyncMonitor.reconcileIfReady()'") }.count == 2)
        let sites = try #require(try Self.json("list", "--format", "json", "Examples/RecordShelf")["sites"] as? [[String: Any]])
        #expect(sites.contains { $0["guessedLabel"] as? String == "closure #1 in LibraryImporter.importAll(from:)" && $0["createdInside"] as? String == "Task.init" })
        let whereRun = CommandRun(["where", "CloudSyncMonitor.reconcileIfReady()", "Examples/RecordShelf"], in: Self.repositoryRoot)
        #expect(whereRun.output.contains("RecordShelfApp.swift:18:13"))
        #expect(whereRun.output.contains("CloudSyncMonitor.swift:11:13"))
    }

    @Test func whereFindsSwiftUIsAutomaticTaskNames() {
        let run = CommandRun(["where", "View.task @ RecordShelf/AlbumDetailView.swift:14", "Examples/RecordShelf"], in: Self.repositoryRoot)
        #expect(run.status == .success)
        #expect(run.output == "Examples/RecordShelf/Sources/RecordShelf/Views/AlbumDetailView.swift:14:10: .task unnamed; SwiftUI names it after its file and line in AlbumDetailView.body\n")
    }
}
