#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import taskwarden

@Suite struct FixCommandTests {
    static let library = """
        final class LibraryViewModel {
            func refresh() {
                Task { await fetchAlbums() }
            }
            func prices(_ releases: [Release]) async {
                await withTaskGroup(of: Void.self) { group in
                    for release in releases {
                        group.addTask(priority: .low) { await check(release) }
                    }
                }
            }
        }

        """

    func contents(_ workspace: Workspace, _ file: String) -> String {
        (try? String(contentsOfFile: workspace.path + "/" + file, encoding: .utf8)) ?? ""
    }

    @Test func writesNamesAndPrintsTheSummary() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        let run = workspace.run("fix", "Sources")
        #expect(run.status == .success)
        #expect(run.output.contains(#"Sources/Library.swift:3:9: named "library-fetch-albums" (Task.init)"#))
        #expect(run.errors.contains("named 2 sites in 1 file"))
        let fixed = contents(workspace, "Sources/Library.swift")
        #expect(fixed.contains(#"Task(name: "library-fetch-albums") { await fetchAlbums() }"#))
        #expect(fixed.contains(#"group.addTask(name: "library-prices", priority: .low) { await check(release) }"#))

        // A second run is a no-op, and lint has nothing left to say about names.
        let second = workspace.run("fix", "Sources")
        #expect(second.errors.contains("named 0 sites in 0 files"))
        #expect(contents(workspace, "Sources/Library.swift") == fixed)
        let lint = workspace.run("lint", "--format", "json", "Sources")
        for rule in ["unnamed-task", "task-name-format", "task-name-duplicate"] {
            #expect(!lint.output.contains("\"\(rule)\""))
        }
    }

    @Test func dryRunPrintsADiffAndChangesNothing() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        let run = workspace.run("fix", "--dry-run", "Sources")
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("--- a/Sources/Library.swift\n+++ b/Sources/Library.swift\n@@ -1,"))
        #expect(run.output.contains("\n-        Task { await fetchAlbums() }\n+        Task(name: \"library-fetch-albums\") { await fetchAlbums() }\n"))
        #expect(run.errors.contains("(dry run: nothing written)"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
    }

    @Test func jsonReportsEveryEdit() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        let run = workspace.run("fix", "--format", "json", "--dry-run", "Sources")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let edits = try #require(document["edits"] as? [[String: Any]])
        #expect(edits.count == 2)
        #expect(edits.first?["file"] as? String == "Sources/Library.swift")
        #expect(edits.first?["line"] as? Int == 3)
        #expect(edits.first?["column"] as? Int == 9)
        #expect(edits.first?["kind"] as? String == "Task.init")
        #expect(edits.first?["name"] as? String == "library-fetch-albums")
        #expect(document["summary"] as? String == "named 2 sites in 1 file")
        #expect(document["dryRun"] as? Bool == true)
    }

    @Test func suggestShowsIdentitySegmentsWithoutWriting() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        let run = workspace.run("fix", "--suggest", "Sources")
        #expect(run.output.contains(#"Sources/Library.swift:8:23: suggestion: one addTask per item; name: "library-prices:\(release.id)""#))
        #expect(run.errors.contains("1 per-item site could carry an identity segment"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
    }

    @Test func suggestShowsPerItemSitesWhoseNamesAreLeftForReviewToo() throws {
        let prices = """
            actor PriceCheck {
                func refresh(_ releases: [Release]) async {
                    let started = Date()
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases { group.addTask { await self.check(release); await self.record(release) } }
                    }
                }
            }

            """
        let workspace = try Workspace(["Prices.swift": prices])
        // Plain fix would leave this child for review: its body makes two calls.
        #expect(workspace.run("fix", "--dry-run", ".").errors.contains("left for review"))
        let run = workspace.run("fix", "--suggest", ".")
        #expect(run.output.contains("Prices.swift:5:45: suggestion: one addTask per item"))
        #expect(contents(workspace, "Prices.swift") == prices)
    }

    @Test func availabilityBelowTheTargetIsListedWithTheReason() throws {
        let workspace = try Workspace([
            // Only the `executorPreference:` overloads of a group's `addTask(name:)` need iOS 18.
            "Sources/Library.swift": Self.library.replacingOccurrences(of: "addTask(priority:", with: "addTask(executorPreference: pool, priority:"),
            ".taskwarden.json": #"{"deploymentTargets": {"iOS": "17.0"}}"#,
        ])
        let run = workspace.run("fix", "Sources")
        #expect(run.output.contains("Sources/Library.swift:8:23: note: addTask left unnamed: addTask(name:executorPreference:) needs iOS 18.0 (deployment target 17.0)"))
        #expect(run.errors.contains("named 1 site in 1 file (1 left unnamed: addTask(name:executorPreference:) needs iOS 18.0 (deployment target 17.0))"))
    }

    @Test func syntaxErrorsSkipTheFileUnlessForced() throws {
        let broken = "func load() {\n    Task { await sync() }\n    let = \n}\n"
        let workspace = try Workspace(["Broken.swift": broken])
        let run = workspace.run("fix", ".")
        #expect(run.errors.contains("Broken.swift: note: file has syntax errors; not changed (use --force to fix it anyway)"))
        #expect(contents(workspace, "Broken.swift") == broken)
        let forced = workspace.run("fix", "--force", "--all", ".")
        #expect(forced.errors.contains("named 1 site in 1 file"))
        #expect(contents(workspace, "Broken.swift").contains(#"Task(name: "broken-load")"#))
    }

    @Test func aReadOnlyFileIsReportedAndTheRestIsFixed() throws {
        let workspace = try Workspace(["A.swift": "func a() { Task { } }\n", "B.swift": "func b() { Task { } }\n"])
        chmod(workspace.path + "/A.swift", 0o444)
        let run = workspace.run("fix", "--all", ".")
        #expect(run.status == .findings)
        #expect(run.errors.contains("A.swift: error: file is read-only; not changed"))
        #expect(contents(workspace, "A.swift") == "func a() { Task { } }\n")
        #expect(contents(workspace, "B.swift") == "func b() { Task(name: \"b-placeholder\") { } }\n")
        // The summary gives the file's own reason.
        #expect(run.errors.contains("named 1 site in 1 file (1 left unnamed: not changed: file is read-only)"))
    }

    @Test func aPathGivenTwiceIsFixedOnce() throws {
        let workspace = try Workspace(["A.swift": "func refresh() { Task { await syncLibrary() } }\n"])
        let run = workspace.run("fix", "A.swift", "A.swift", ".")
        #expect(run.status == .success)
        #expect(contents(workspace, "A.swift") == "func refresh() { Task(name: \"refresh-sync-library\") { await syncLibrary() } }\n")
        #expect(run.errors.contains("named 1 site in 1 file"))
    }

    @Test func permissionsAndCRLFAreKept() throws {
        let workspace = try Workspace(["A.swift": "func a() {\r\n    Task { }\r\n}\r\n"])
        chmod(workspace.path + "/A.swift", 0o751)
        _ = workspace.run("fix", "--all", ".")
        #expect(contents(workspace, "A.swift") == "func a() {\r\n    Task(name: \"a-placeholder\") { }\r\n}\r\n")
        var status = stat()
        stat(workspace.path + "/A.swift", &status)
        #expect(status.st_mode & 0o777 == 0o751)
    }

    @Test func badUsageAndMissingPaths() throws {
        let workspace = try Workspace(["A.swift": "func a() { Task { } }\n"])
        #expect(workspace.run("fix", "--format", "sarif").status == .usageOrInputError)
        let missing = workspace.run("fix", "Nowhere")
        #expect(missing.status == .usageOrInputError)
        #expect(missing.errors.contains("Nowhere"))
    }
}

@Suite struct FixCommandEdgeTests {
    func contents(_ workspace: Workspace, _ file: String) -> [UInt8] {
        Array((FileManager.default.contents(atPath: workspace.path + "/" + file)) ?? Data())
    }

    @Test func aByteOrderMarkIsKept() throws {
        let workspace = try Workspace(["A.swift": "\u{FEFF}func a() { Task { } }\n"])
        let run = workspace.run("fix", "--all", ".")
        #expect(run.errors.contains("named 1 site in 1 file"))
        #expect(contents(workspace, "A.swift") == [0xEF, 0xBB, 0xBF] + Array("func a() { Task(name: \"a-placeholder\") { } }\n".utf8))
    }

    @Test func swiftUITaskIsNamedOnlyWhenNotExempt() throws {
        let view = """
            struct WantlistView: View {
                var body: some View {
                    List {}.task(id: filter) { await model.load() }
                }
            }

            """
        let exempt = try Workspace(["WantlistView.swift": view])
        #expect(exempt.run("fix", ".").errors.contains("named 0 sites in 0 files (1 left unnamed: SwiftUI .task names itself (exempt))"))
        let included = try Workspace([
            "WantlistView.swift": view,
            ".taskwarden.json": #"{"naming": {"exemptSwiftUITask": false}}"#,
        ])
        _ = included.run("fix", ".")
        #expect(String(decoding: contents(included, "WantlistView.swift"), as: UTF8.self)
                .contains(#"List {}.task(id: filter, name: "wantlist-load") { await model.load() }"#))
    }
}

/// The fix on the project's own example, copied so the example stays unnamed for the lint tour.
@Suite struct FixRecordShelfTests {
    @Test func byDefaultOnlyNamesReadWholeAreWrittenAndTheRestAreProposedForReview() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-recordshelf-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/RecordShelf"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }

        let dryAll = CommandRun(["fix", "--all", "--dry-run", "--format", "json", "."], in: copy.path)
        let allEdits = try #require((try JSONSerialization.jsonObject(with: Data(dryAll.output.utf8)) as? [String: Any])?["edits"] as? [[String: Any]])
        let first = CommandRun(["fix", "--format", "json", "."], in: copy.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        let edits = try #require(document["edits"] as? [[String: Any]])
        let left = try #require(document["leftUnnamed"] as? [[String: Any]])
        let proposed = left.compactMap { $0["proposedName"] as? String }
        // Every site is either written or proposed, and a written name is the one --all writes there.
        #expect(!edits.isEmpty && !proposed.isEmpty)
        #expect(edits.count + proposed.count == allEdits.count)
        let allNames = Set(allEdits.compactMap { $0["name"] as? String })
        #expect(Set(edits.compactMap { $0["name"] as? String }).isSubset(of: allNames))
        #expect(Set(proposed).isSubset(of: allNames))
        #expect(edits.allSatisfy { $0["isConfident"] as? Bool == true })
        // `group.addTaskUnlessCancelled { try await marketplace.refresh() }`, all its function does: read whole.
        #expect(edits.contains { $0["name"] as? String == "price-check-refresh-marketplaces" })
        // `Task.immediate { await self.check(release) }` beside another task: pieced together, proposed.
        #expect(proposed.contains("price-check-now-immediate"))
        #expect(first.errors.contains("left for review (fix --write-plan proposes names, fix --all writes them)"))
        // A second run writes nothing more: what was left for review still is.
        let second = CommandRun(["fix", "."], in: copy.path)
        #expect(second.errors.contains("named 0 sites in 0 files"))
        #expect(second.errors.contains("\(proposed.count) left for review"))
    }

    @Test func fixesTheExampleIdempotentlyAndLintHasNoNamingFindingsLeftForThem() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-recordshelf-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/RecordShelf"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }

        let before = CommandRun(["lint", "--format", "json", "."], in: copy.path)
        let first = CommandRun(["fix", "--all", "--format", "json", "."], in: copy.path)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        let edits = try #require(document["edits"] as? [[String: Any]])
        #expect(edits.count >= 10)
        let kinds = Set(edits.compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["Task.init", "Task.detached", "Task.immediate", "addTaskUnlessCancelled"]))
        #expect(!kinds.contains("async let") && !kinds.contains(".task") && !kinds.contains(".backgroundTask"))

        let second = CommandRun(["fix", "--all", "."], in: copy.path)
        #expect(second.errors.contains("named 0 sites in 0 files"))

        // The example keeps its deliberate naming mistakes; fix adds none and leaves no fixed site unnamed.
        func count(_ rule: String, _ run: CommandRun) -> Int { run.output.components(separatedBy: "\"\(rule)\"").count - 1 }
        let after = CommandRun(["lint", "--format", "json", "."], in: copy.path)
        #expect(count("unnamed-task", after) == 0)
        #expect(count("task-name-format", after) == count("task-name-format", before))
        #expect(count("task-name-duplicate", after) == count("task-name-duplicate", before))
    }
}
