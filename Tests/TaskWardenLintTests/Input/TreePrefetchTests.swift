import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct TreePrefetchTests {
    /// A tree with every kind of entry the walk treats apart: Swift files at several depths, a file it never
    /// reads, a property list, a hidden folder, an asset catalog, a link to a folder, a link to a Swift file,
    /// a package manifest declaring targets and a configuration file.
    static func tree() throws -> TemporaryDirectory {
        let root = try TemporaryDirectory()
        try root.write("Package.swift", "let package = Package(name: \"P\", platforms: [.iOS(.v17), .macOS(.v14)])\n")
        try root.write("Sources/App/Sync.swift", "func sync() { Task { await upload() } }\n")
        try root.write("Sources/App/Deep/Deeper/Load.swift", "func load() { Task { await fetch() } }\n")
        try root.write("Sources/App/logo.png", "png\n")
        try root.write("Sources/App/Info.plist", "<plist></plist>\n")
        try root.write("Sources/.hidden/Secret.swift", "func secret() { Task { } }\n")
        try root.write("Sources/Media.xcassets/Inside.swift", "func inside() { Task { } }\n")
        try root.write("Tools/.taskwarden.json", "{}\n")
        try root.write("Tools/Run.swift", "func run() { Task { await go() } }\n")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Linked", withDestinationPath: root.path + "/Sources")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Tools/Alias.swift",
                                                   withDestinationPath: root.path + "/Tools/Run.swift")
        return root
    }

    @Test func answersWhatTheFileSystemAnswersForWhatTheWalkAsks() throws {
        let root = try Self.tree()
        let collector = SourceFileCollector(workingDirectory: root.path)
        let prefetched = TreePrefetch.scan(roots: [root.path], collector: collector, workers: 2)
        for folder in ["", "/Sources", "/Sources/App", "/Sources/App/Deep/Deeper", "/Tools"] {
            let listed = try #require(prefetched.listing(of: root.path + folder) ?? nil, "not listed: \(folder)")
            let direct = try #require(DirectoryListing.read(root.path + folder))
            #expect(Set(listed.entries.map(\.name)) == Set(direct.entries.map(\.name)))
        }
        for file in ["/Sources/App/Sync.swift", "/Sources/App/Info.plist", "/Tools/Alias.swift", "/Sources/App/Deep"] {
            let entry = try #require(prefetched.entry(root.path + file), "not asked: \(file)")
            #expect("\(entry)" == "\(collector.entry(root.path + file))")
        }
        #expect(prefetched.isSymbolicLink(root.path + "/Linked") == true)
        // A folder `readdir` names as a folder needs no `lstat`.
        #expect(prefetched.isSymbolicLink(root.path + "/Sources") == nil)
        // What the walk never reads or enters, the prefetch does not ask about.
        #expect(prefetched.entry(root.path + "/Sources/App/logo.png") == nil)
        for skipped in ["/Linked", "/Sources/.hidden", "/Sources/Media.xcassets"] {
            #expect(prefetched.listing(of: root.path + skipped) == nil, "entered \(skipped)")
        }
        #expect(prefetched.declaredTargets(in: root.path)
            == .some(DeploymentTargetDetector.declaredTargets(inDirectory: root.path, entries: ["Package.swift"])))
        #expect(prefetched.declaredTargets(in: root.path + "/Tools") == .some(nil))
        #expect(prefetched.declaredTargets(in: root.path + "/Linked") == nil)
    }

    @Test func aRunWithThePrefetchFindsWhatARunWithoutItFinds() throws {
        let root = try Self.tree()
        // Overlapping roots too: each folder is walked once, under the first path that reaches it.
        for paths in [["."], [".", "Sources"], ["Sources/App", "."], ["Tools/Run.swift", "Tools"]] {
            let serial = LintEngineDiskTests.run(root, paths, parallel: false)
            let prefetched = LintEngineDiskTests.run(root, paths, parallel: true)
            #expect(prefetched.findings == serial.findings, "\(paths)")
            #expect(prefetched.problems == serial.problems, "\(paths)")
            #expect(prefetched.statistics == serial.statistics, "\(paths)")
            #expect(prefetched.tree.sites.map(\.position) == serial.tree.sites.map(\.position), "\(paths)")
        }
        let all = LintEngineDiskTests.run(root, parallel: true)
        #expect(all.statistics.filesFound == 4)
        #expect(all.problems.map(\.kind) == [.symlinkNotFollowed])
    }
}
