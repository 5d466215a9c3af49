#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import taskwarden

/// Symbolic links must not lead a run outside the tree it was given.
@Suite struct SymbolicLinkTests {
    static let unnamed = "final class Victim {\n    func run() {\n        Task { await work() }\n    }\n}\n"

    /// `tree/` holds `App.swift` and `linked -> ../outside`; `outside/Victim.swift` has an unnamed task.
    func makeTree() throws -> Workspace {
        let workspace = try Workspace(["tree/App.swift": "let x = 1\n", "outside/Victim.swift": Self.unnamed])
        #expect(symlink("../outside", workspace.path + "/tree/linked") == 0)
        return workspace
    }

    func contents(_ workspace: Workspace, _ file: String) -> String {
        (try? String(contentsOfFile: workspace.path + "/" + file, encoding: .utf8)) ?? ""
    }

    @Test func fixDoesNotFollowADirectoryLinkOutOfTheTree() throws {
        let workspace = try makeTree()
        let run = CommandRun(["fix", "."], in: workspace.path + "/tree")
        #expect(contents(workspace, "outside/Victim.swift") == Self.unnamed, "fix wrote through tree/linked")
        #expect(run.status == .success)
        #expect(run.errors.contains("named 0 sites in 0 files"))
    }

    @Test func lintDoesNotWalkALinkToTheRoot() throws {
        let workspace = try Workspace(["tree/App.swift": "func f() { Task { } }\n"])
        #expect(symlink("/", workspace.path + "/tree/root") == 0)
        let run = CommandRun(["lint", "--format", "json", "."], in: workspace.path + "/tree")
        #expect(run.output.contains("\"filesFound\" : 1") || run.errors.contains("1 file") || run.output.contains("App.swift"))
        #expect(!run.output.contains("root/"))
    }

    @Test func followingLinksIsOptInAndFixStaysInsideTheNamedRoots() throws {
        let workspace = try makeTree()
        let lint = CommandRun(["lint", "--follow-symlinks", "."], in: workspace.path + "/tree")
        #expect(lint.output.contains("linked/Victim.swift:3:9"), "lint --follow-symlinks reads through the link")
        let fix = CommandRun(["fix", "--follow-symlinks", "."], in: workspace.path + "/tree")
        #expect(contents(workspace, "outside/Victim.swift") == Self.unnamed, "fix wrote outside the named root")
        #expect(fix.errors.contains("linked/Victim.swift: error:"))
        #expect(fix.errors.contains("outside the paths named on the command line"))
        #expect(fix.status == .findings)
    }

    @Test func aFileLinkInsideTheTreeIsNotWrittenOutsideIt() throws {
        let workspace = try makeTree()
        #expect(symlink("../outside/Victim.swift", workspace.path + "/tree/Victim.swift") == 0)
        let fix = CommandRun(["fix", "."], in: workspace.path + "/tree")
        #expect(contents(workspace, "outside/Victim.swift") == Self.unnamed)
        #expect(fix.errors.contains("Victim.swift: error:"))
        #expect(fix.errors.contains("outside the paths named on the command line"))
    }

    @Test func aFileLinkNamedOnTheCommandLineIsWrittenThrough() throws {
        let workspace = try makeTree()
        #expect(symlink("../outside/Victim.swift", workspace.path + "/tree/Victim.swift") == 0)
        let fix = CommandRun(["fix", "Victim.swift"], in: workspace.path + "/tree")
        #expect(fix.status == .success)
        #expect(contents(workspace, "outside/Victim.swift").contains("Task(name:"))
        var info = stat()
        #expect(lstat(workspace.path + "/tree/Victim.swift", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
    }
}
