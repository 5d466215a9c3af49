#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import taskwarden

/// `fix --write-plan` and `fix --plan`: a person reviews the names before anything is written, and exactly the
/// reviewed names land.
@Suite struct FixPlanCommandTests {
    static let exampleRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/RecordShelf").path

    static let library = """
        final class LibraryViewModel {
            func refresh() {
                Task { await fetchAlbums() }
            }
            func sync() {
                Task.detached { await upload() }
            }
        }

        """

    func contents(_ workspace: Workspace, _ file: String) -> String {
        (try? String(contentsOfFile: workspace.path + "/" + file, encoding: .utf8)) ?? ""
    }

    func write(_ workspace: Workspace, _ file: String, _ text: String) throws {
        try text.write(toFile: workspace.path + "/" + file, atomically: false, encoding: .utf8)
    }

    /// Every `.swift` file under `root`, relative path → text.
    static func sources(under root: String) -> [String: String] {
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return Dictionary(uniqueKeysWithValues: files.map { ($0, (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8)) ?? "") })
    }

    @Test func writingAPlanChangesNoSource() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        let run = workspace.run("fix", "--write-plan", "names.plan", "Sources")
        #expect(run.status == .success)
        #expect(run.output == "wrote names.plan: 2 sites to review\n")
        #expect(run.errors.contains("named 2 sites in 1 file (plan only: no source written)"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
        let plan = contents(workspace, "names.plan")
        #expect(plan.hasPrefix("# taskwarden fix plan, format 1\n"))
        #expect(plan.contains(#"  3:9 Task.init "library-fetch-albums"  # does: await fetchAlbums() · in: LibraryViewModel.refresh()"#))
        // Written again, the same plan: it diffs only where the tree changed.
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
        #expect(contents(workspace, "names.plan") == plan)
    }

    /// The round trip on the example app: rename ten rows, delete five, apply; exactly those names land, the
    /// five sites stay unnamed, nothing else changes; a second application changes nothing.
    @Test func exactlyTheReviewedNamesLandOnTheExampleApp() throws {
        var files = Self.sources(under: Self.exampleRoot).reduce(into: [:]) { $0["App/" + $1.key] = $1.value }
        files["App/.taskwarden.json"] = try String(contentsOfFile: Self.exampleRoot + "/.taskwarden.json", encoding: .utf8)
        let workspace = try Workspace(files)
        #expect(workspace.run("fix", "--write-plan", "names.plan", "App").status == .success)
        var lines = contents(workspace, "names.plan").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.indices.filter { lines[$0].hasPrefix("  ") && lines[$0].contains("\"") }
        try #require(rows.count >= 20)
        var renamed: [String: String] = [:]       // "file:line:column" → name
        var deleted: Set<String> = []
        var file = ""
        for index in lines.indices {
            if lines[index].hasPrefix("file \"") { file = String(lines[index].split(separator: "\"")[1]) }
            guard let rank = rows.firstIndex(of: index) else { continue }
            let place = String(lines[index].split(separator: " ")[0])
            if rank < 10 {
                let name = "reviewed-name-\(rank)"
                lines[index] = lines[index].replacingOccurrences(of: #""[^"]*""#, with: "\"\(name)\"", options: .regularExpression)
                renamed["\(file):\(place)"] = name
            } else if rank < 15 {
                deleted.insert("\(file):\(place)")
                lines[index] = "# (deleted by the reviewer)"
            }
        }
        try write(workspace, "names.plan", lines.joined(separator: "\n"))
        let before = Self.sources(under: workspace.path)

        let applied = workspace.run("fix", "--plan", "names.plan", "--format", "json", "App")
        #expect(applied.status == .success, "\(applied.errors)")
        let document = try JSONSerialization.jsonObject(with: Data(applied.output.utf8)) as! [String: Any]
        let edits = (document["edits"] as! [[String: Any]]).map { ("\($0["file"]!):\($0["line"]!):\($0["column"]!)", $0["name"] as! String) }
        #expect(edits.count == rows.count - 5)
        for (place, name) in renamed { #expect(edits.contains { $0 == (place, name) }, "\(place)") }
        let left = (document["leftUnnamed"] as! [[String: Any]]).map { "\($0["file"]!):\($0["line"]!):\($0["column"]!)" }
        #expect(Set(left) == deleted)

        // Nothing else changed: each changed line is the old line with name: "…" inserted, at a planned site.
        let after = Self.sources(under: workspace.path)
        #expect(Set(after.keys) == Set(before.keys))
        var changedLines = 0
        for (path, old) in before where after[path] != old {
            let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
            let newLines = after[path]!.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(oldLines.count == newLines.count, "\(path)")
            for (number, (oldLine, newLine)) in zip(oldLines, newLines).enumerated() where oldLine != newLine {
                changedLines += 1
                let planned = edits.first { $0.0.hasPrefix("\(path):\(number + 1):") }
                #expect(planned != nil, "\(path):\(number + 1)")
                #expect(newLine.contains("name: \"\(planned?.1 ?? "?")\""))
                #expect(newLine.replacingOccurrences(of: #"name: "[^"]*"(, )?"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: "()", with: "") == oldLine.replacingOccurrences(of: "()", with: ""), "\(path):\(number + 1)")
            }
        }
        #expect(changedLines == edits.count)
        // Idempotent: applied again, nothing is written and every file is said to hold its names already.
        let again = workspace.run("fix", "--plan", "names.plan", "App")
        #expect(again.status == .success)
        #expect(again.errors.contains("named 0 sites in 0 files"))
        #expect(Self.sources(under: workspace.path) == after)
    }

    @Test func aFileEditedAfterThePlanWasWrittenIsRefusedNamingIt() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library,
                                       "Sources/Other.swift": "func other() { Task { await go() } }\n"])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
        try write(workspace, "Sources/Library.swift", Self.library + "// edited in review\n")
        let run = workspace.run("fix", "--plan", "names.plan", "Sources")
        #expect(run.status == .findings)
        #expect(run.errors.contains("Sources/Library.swift: error: changed since the plan was written (plan line 11); not changed (write the plan again for this file)"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library + "// edited in review\n")
        #expect(contents(workspace, "Sources/Other.swift") == "func other() { Task(name: \"other\") { await go() } }\n")
    }

    @Test func aWrongPlanWritesNothingAndNamesEveryBadLine() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
        try write(workspace, "names.plan", contents(workspace, "names.plan")
            .replacingOccurrences(of: "\"library-fetch-albums\"", with: "\"LibraryRefresh\"")
            .replacingOccurrences(of: "\"library-sync\"", with: "\"library-sync\" oops"))
        let run = workspace.run("fix", "--plan", "names.plan", "Sources")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.hasPrefix("names.plan:13: error: unexpected 'oops' after the name; a note starts with '#'"))
        try write(workspace, "names.plan", contents(workspace, "names.plan").replacingOccurrences(of: "\" oops", with: "\""))
        let second = workspace.run("fix", "--plan", "names.plan", "Sources")
        #expect(second.status == .usageOrInputError)
        #expect(second.errors.contains("names.plan:12: error: \"LibraryRefresh\" breaks the naming convention: 'LibraryRefresh' is not lowercase kebab-case"))
        #expect(second.errors.contains("names.plan: 1 problem in the plan; nothing written"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
    }

    @Test func aDryRunShowsThePlansDiff() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
        try write(workspace, "names.plan", contents(workspace, "names.plan").replacingOccurrences(of: "\"library-sync\"", with: "-"))
        let run = workspace.run("fix", "--plan", "names.plan", "--dry-run", "Sources")
        #expect(run.status == .success)
        #expect(run.output.contains("+        Task(name: \"library-fetch-albums\") { await fetchAlbums() }"))
        #expect(!run.output.contains("Task.detached(name:"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
    }

    @Test func plansAreReadOnlyFromRegularFilesAndWrittenOnlyOverPlans() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library, "notes.txt": "keep me\n"])
        // Never replaces a source, another file, a link or a FIFO.
        for target in ["Sources/Library.swift", "notes.txt"] {
            let run = workspace.run("fix", "--write-plan", target, "Sources")
            #expect(run.status == .usageOrInputError)
            #expect(run.errors.contains("\(target): error: exists and is not a taskwarden fix plan; not replaced"))
        }
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
        symlink(workspace.path + "/notes.txt", workspace.path + "/link.plan")
        #expect(workspace.run("fix", "--write-plan", "link.plan", "Sources").errors.contains("link.plan: error: is a symbolic link;"))
        mkfifo(workspace.path + "/fifo.plan", 0o600)
        #expect(workspace.run("fix", "--write-plan", "fifo.plan", "Sources").errors.contains("fifo.plan: error: is a named pipe (FIFO);"))
        // Reading a FIFO does not wait for a writer; a directory is not a plan either.
        let fifo = workspace.run("fix", "--plan", "fifo.plan", "Sources")
        #expect(fifo.status == .usageOrInputError)
        #expect(fifo.errors.contains("fifo.plan: error: is a named pipe (FIFO), not a plan file"))
        #expect(workspace.run("fix", "--plan", "Sources", "Sources").errors.contains("Sources: error: is a directory, not a plan file"))
        #expect(workspace.run("fix", "--plan", "missing.plan", "Sources").errors.contains("missing.plan: error: cannot read the plan (No such file or directory)"))
        try Data([0x23, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: workspace.path + "/binary.plan"))
        #expect(workspace.run("fix", "--plan", "binary.plan", "Sources").errors.contains("binary.plan:1: error: is not valid UTF-8"))
        #expect(contents(workspace, "Sources/Library.swift") == Self.library)
    }

    @Test func aPlanAppliedFromAnotherFolderSaysWhereToRunIt() throws {
        let workspace = try Workspace(["src/Library.swift": Self.library])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "src").status == .success)
        let run = CommandRun(["fix", "--plan", "../names.plan", "."], in: workspace.path + "/src")
        #expect(run.status == .usageOrInputError)
        #expect(run.errors.contains("../names.plan:11: error: \"src/Library.swift\" is not among the files linted; run fix --plan from the folder the plan was written in, with the same paths"),
                "\(run.errors)")
        #expect(!run.errors.contains("no longer exists"))
        #expect(contents(workspace, "src/Library.swift") == Self.library)
        // From the folder it was written in, the plan applies.
        #expect(workspace.run("fix", "--plan", "names.plan", "src").status == .success)
    }

    @Test func aFileDeletedSinceThePlanIsRefusedOnItsOwn() throws {
        let workspace = try Workspace(["src/Library.swift": Self.library, "src/Other.swift": "func other() { Task { await go() } }\n"])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "src").status == .success)
        try FileManager.default.removeItem(atPath: workspace.path + "/src/Library.swift")
        let run = workspace.run("fix", "--plan", "names.plan", "src")
        #expect(run.status == .findings)
        #expect(run.errors.contains("src/Library.swift: error: no longer exists or cannot be read"), "\(run.errors)")
        #expect(contents(workspace, "src/Other.swift") == "func other() { Task(name: \"other\") { await go() } }\n")
    }

    @Test func aPlanSavedWithAByteOrderMarkApplies() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
        let plan = try Data(contentsOf: URL(fileURLWithPath: workspace.path + "/names.plan"))
        try (Data([0xEF, 0xBB, 0xBF]) + plan).write(to: URL(fileURLWithPath: workspace.path + "/names.plan"))
        let run = workspace.run("fix", "--plan", "names.plan", "Sources")
        #expect(run.status == .success, "\(run.errors)")
        #expect(contents(workspace, "Sources/Library.swift").contains("Task(name: \"library-fetch-albums\")"))
        // Written again over it: a plan with a byte-order mark is still a plan.
        #expect(workspace.run("fix", "--write-plan", "names.plan", "Sources").status == .success)
    }

    @Test func planOptionsDoNotMix() throws {
        let workspace = try Workspace(["Sources/Library.swift": Self.library])
        #expect(workspace.run("fix", "--write-plan", "a.plan", "--plan", "b.plan", "Sources").status == .usageOrInputError)
        #expect(workspace.run("fix", "--plan", "b.plan", "--suggest", "Sources").status == .usageOrInputError)
    }
}
