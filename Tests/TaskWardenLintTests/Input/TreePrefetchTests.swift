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

@Suite struct TreePrefetchListingsTests {
    static let now = FileFingerprint.Timestamp.now()
    /// Recorded after the folders last changed (their change time is now, and cannot be set back): trusted.
    static let later = FileFingerprint.Timestamp(seconds: now.seconds + 10, nanoseconds: 0)

    @Test func anUnchangedFolderIsNotReadAgainAndAChangedOneIs() throws {
        let root = try TemporaryDirectory()
        try root.write("Sources/Sync.swift", "func sync() { Task { await upload() } }\n")
        let collector = SourceFileCollector(workingDirectory: root.path)
        let sources = root.path + "/Sources"
        let first = TreePrefetch.scan(roots: [root.path], collector: collector, workers: 2)
        #expect(first.listingsRead == 2)
        var known = try #require(first.listingsToRemember(recordedAt: Self.later, known: nil))
        // A name the folder does not hold shows whether the kept listing was used.
        known.folders[sources]?.listing.entries.append(.init(name: "Kept.swift", isRegularFile: true))

        let unchanged = TreePrefetch.scan(roots: [root.path], collector: collector, known: known, workers: 2)
        #expect(unchanged.listingsRead == 0)
        #expect(unchanged.names(in: sources)?.contains("Kept.swift") == true)
        #expect(unchanged.listingsToRemember(recordedAt: Self.later, known: known) == nil)

        // Adding a file changes its folder's fingerprint: that folder is read again, the one above is not.
        try root.write("Sources/New.swift", "func new() {}\n")
        let changed = TreePrefetch.scan(roots: [root.path], collector: collector, known: known, workers: 2)
        #expect(changed.listingsRead == 1)
        #expect(Set(changed.names(in: sources) ?? []) == ["Sync.swift", "New.swift"])
        #expect(changed.listingsToRemember(recordedAt: Self.later, known: known) != nil)

        // Recorded while the folders were being changed (git's racy case): not trusted.
        let racy = try #require(first.listingsToRemember(recordedAt: .now(), known: nil))
        #expect(TreePrefetch.scan(roots: [root.path], collector: collector, known: racy, workers: 2).listingsRead == 2)
    }

    @Test func runsWithTheResultsCacheSeeFoldersChange() throws {
        let root = try TemporaryDirectory()
        let cache = try TemporaryDirectory()
        try root.write("Sources/App/Sync.swift", "func sync() { Task { await upload() } }\n")
        func run(cached: Bool) -> LintResult {
            LintEngine().run(LintRequest(paths: ["."], workingDirectory: root.path, cacheDirectory: cached ? cache.path : nil))
        }
        for change in [
            { try root.write("Sources/App/Load.swift", "func load() { Task { await fetch() } }\n") },
            { try root.write("Sources/Other/Run.swift", "func run() { Task { await go() } }\n") },
            { try FileManager.default.removeItem(atPath: root.path + "/Sources/App/Sync.swift") },
            { try FileManager.default.moveItem(atPath: root.path + "/Sources/Other", toPath: root.path + "/Sources/Moved") },
        ] as [() throws -> Void] {
            _ = run(cached: true)
            try change()
            let cached = run(cached: true)
            let uncached = run(cached: false)
            #expect(cached.findings == uncached.findings)
            #expect(cached.statistics.filesFound == uncached.statistics.filesFound)
            #expect(cached.statistics.sites == uncached.statistics.sites)
            #expect(JSONReporter().report(cached) == JSONReporter().report(uncached))
        }
    }
}
