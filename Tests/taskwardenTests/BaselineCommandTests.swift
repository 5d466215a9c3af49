import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import taskwarden

@Suite struct BaselineCommandTests {
    static let files = [
        "Sources/App/Launch.swift": "func launch() {\n    Task { await sync() }\n    Task(name: \"Bad Name\") { await sync() }\n}\n",
        "Sources/App/Other.swift": "func other() {\n    Task { await upload() }\n}\n",
    ]

    @Test func baselinedFindingsAreHiddenInEveryFormatAndDoNotFailTheRun() throws {
        let workspace = try Workspace(Self.files)
        let written = workspace.run("lint", "--write-baseline", "baseline.json", "--strict", "Sources")
        #expect(written.status == .findings)
        let text = try String(contentsOfFile: workspace.path + "/baseline.json", encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        // Lines added above a finding and a new unnamed task: only the new task's findings are reported.
        try ("// moved\n\n\n" + Self.files["Sources/App/Launch.swift"]!).write(toFile: workspace.path + "/Sources/App/Launch.swift", atomically: true, encoding: .utf8)
        try "func other() {\n    Task { await upload() }\n}\nfunc added() { Task { await more() } }\n"
            .write(toFile: workspace.path + "/Sources/App/Other.swift", atomically: true, encoding: .utf8)
        for format in ["xcode", "json", "sarif", "github"] {
            let run = workspace.run("lint", "--baseline", "baseline.json", "--format", format, "--strict", "Sources")
            #expect(run.status == .findings, "\(format)")
            #expect(run.output.contains("Other.swift") && run.output.contains("added()"), "\(format)")
            #expect(!run.output.contains("Launch.swift"), "\(format)")
            #expect(run.errors.contains("more in the baseline, not shown"), "\(format)")
        }
        // A baseline of everything: nothing new, so even --strict passes.
        #expect(workspace.run("lint", "--write-baseline", "baseline.json", "Sources").status == .success)
        let clean = workspace.run("lint", "--baseline", "baseline.json", "--strict", "Sources")
        #expect(clean.status == .success)
        #expect(clean.output.isEmpty)
        // Written twice from the same tree: the same bytes.
        let again = try String(contentsOfFile: workspace.path + "/baseline.json", encoding: .utf8)
        _ = workspace.run("lint", "--write-baseline", "baseline.json", "Sources")
        #expect(try String(contentsOfFile: workspace.path + "/baseline.json", encoding: .utf8) == again)
    }

    @Test func writingABaselineNeverReplacesALinkAFIFOOrASource() throws {
        let workspace = try Workspace(Self.files.merging(["kept.json": "{}\n"]) { $1 })
        try FileManager.default.createSymbolicLink(atPath: workspace.path + "/link.json", withDestinationPath: "kept.json")
        #expect(mkfifo(workspace.path + "/fifo.json", 0o644) == 0)
        for (file, reason) in [("link.json", "it is a symbolic link"), ("fifo.json", "it is a named pipe (FIFO)"),
                               ("Sources/App/Launch.swift", "it is a Swift source file")] {
            let run = workspace.run("lint", "--write-baseline", file, "Sources")
            #expect(run.status == .usageOrInputError, "\(file)")
            #expect(run.errors.contains("taskwarden lint: baseline '\(file)': cannot be written: \(reason)"), "\(run.errors)")
        }
        #expect(try String(contentsOfFile: workspace.path + "/kept.json", encoding: .utf8) == "{}\n")
        #expect(try String(contentsOfFile: workspace.path + "/Sources/App/Launch.swift", encoding: .utf8) == Self.files["Sources/App/Launch.swift"])
    }

    @Test func aBadBaselineIsAnInputErrorNamingIt() throws {
        let workspace = try Workspace(Self.files.merging(["broken.json": "[1, 2", "old.json": "{\"version\": 0, \"findings\": []}",
                                                          "true.json": "{\"version\": true, \"findings\": []}"]) { $1 })
        try FileManager.default.createDirectory(atPath: workspace.path + "/folder.json", withIntermediateDirectories: true)
        for (file, reason) in [("missing.json", "no such file"), ("broken.json", "is not a JSON object"), ("old.json", "has version 0"),
                               ("true.json", "'version' is true at byte 13 (line 1); expected the whole number 1"),
                               ("folder.json", "is a directory, not a baseline file")] {
            let run = workspace.run("lint", "--baseline", file, "Sources")
            #expect(run.status == .usageOrInputError)
            #expect(run.errors.contains("taskwarden lint: baseline '\(file)': \(reason)"), "\(run.errors)")
            #expect(run.output.isEmpty)
        }
    }
}
