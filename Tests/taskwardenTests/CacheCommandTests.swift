import Foundation
import Testing
@testable import taskwarden

@Suite struct CacheCommandTests {
    static let files = [
        "Sources/App/Launch.swift": "func launch() {\n    Task { await sync() }\n    Task(name: \"sync\") { await sync() }\n}\n",
        "Sources/App/Other.swift": "func other() {\n    Task(name: \"sync\") { await upload() }\n}\n",
    ]

    @Test func lintListAndWhereUseTheCachePathAndGiveTheSameOutput() throws {
        let workspace = try Workspace(Self.files)
        for arguments in [["lint", "--format", "json"], ["list"], ["where", "launch()"]] {
            let uncached = CommandRun(arguments + ["--no-cache", "Sources"], in: workspace.path)
            let cold = CommandRun(arguments + ["--cache-path", "cache", "Sources"], in: workspace.path)
            let warm = CommandRun(arguments + ["--cache-path", "cache", "Sources"], in: workspace.path)
            #expect(cold.output == uncached.output && warm.output == uncached.output, "\(arguments)")
            #expect(warm.errors == uncached.errors && warm.status == uncached.status, "\(arguments)")
        }
        // The one folder of the entries' format (`cache/v<format>`).
        let formats = try FileManager.default.contentsOfDirectory(atPath: workspace.path + "/cache").filter { $0.hasPrefix("v") }
        try #require(formats.count == 1)
        let folder = workspace.path + "/cache/" + formats[0]
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.split(separator: "/").count == 2 }
            .filter { !$0.hasPrefix("index/") && !$0.hasPrefix("programs/") && !$0.hasPrefix("folders/") }
        // Two files, once for lint's rules and once for list/where (no rules): four entries.
        #expect(written.count == 4)
    }

    @Test func noCacheAndFixWriteNoCache() throws {
        let workspace = try Workspace(Self.files)
        _ = workspace.run("lint", "--no-cache", "--cache-path", "cache", "Sources")
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/cache"))
        let fixed = workspace.run("fix", "--dry-run", "Sources")
        #expect(fixed.status != .usageOrInputError)
        #expect(workspace.run("fix", "--cache-path", "cache", "Sources").status == .usageOrInputError)
    }
}
