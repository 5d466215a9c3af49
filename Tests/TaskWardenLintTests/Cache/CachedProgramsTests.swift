#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TaskWardenLint

/// Program discovery is served from the cache while no manifest or folder it reads changed, and discovered
/// again — with the same output as without the cache — as soon as one did.
@Suite struct CachedProgramsTests {
    /// An executable and a library whose unnamed tasks a profiler would label alike: a collision only when they
    /// are linked into one program.
    static func makeTree(_ directory: TemporaryDirectory, serverDependsOnWorker: Bool) throws {
        try directory.write("Shop/Package.swift", """
            let package = Package(name: "Shop", targets: [
                .executableTarget(name: "Server"\(serverDependsOnWorker ? ", dependencies: [\"Worker\"]" : "")),
                .target(name: "Worker"),
            ])
            """)
        try directory.write("Shop/Sources/Server/main.swift", "struct Store { func sync() { Task { await go() } } }\n")
        try directory.write("Shop/Sources/Worker/Work.swift", "struct Store { func sync() { Task { await go() } } }\n")
    }

    static func lint(_ directory: TemporaryDirectory, cache: String?) -> String {
        let result = LintEngine().run(LintRequest(paths: ["Shop"], workingDirectory: directory.path, cacheDirectory: cache))
        return JSONReporter().report(result)
    }

    /// The per-tree programs entry's identity (inode and modification time): it changes only when rewritten.
    static func programsEntry(_ cache: String) -> FileFingerprint? {
        let folder = cache + "/v\(ResultsCache.format)/programs"
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: folder).first(where: { !$0.hasPrefix(".") }) else { return nil }
        var status = stat()
        return stat(folder + "/" + name, &status) == 0 ? FileFingerprint(status) : nil
    }

    @Test func aManifestEditIsSeenAndAnUnchangedTreeIsNotDiscoveredAgain() throws {
        let directory = try TemporaryDirectory()
        // Outside the tree: a folder created above it would change what discovery reads.
        let cacheFolder = try TemporaryDirectory()
        let cache = cacheFolder.path + "/cache"
        try Self.makeTree(directory, serverDependsOnWorker: false)
        let apart = Self.lint(directory, cache: nil)
        #expect(!apart.contains("task-label-collision"))
        #expect(Self.lint(directory, cache: cache) == apart)
        let written = try #require(Self.programsEntry(cache))
        #expect(Self.lint(directory, cache: cache) == apart)
        #expect(Self.programsEntry(cache) == written)            // served, not written again

        // The server now links the worker: one program, one label twice.
        try Self.makeTree(directory, serverDependsOnWorker: true)
        let together = Self.lint(directory, cache: nil)
        #expect(together.contains("task-label-collision"))
        #expect(Self.lint(directory, cache: cache) == together)
        #expect(Self.programsEntry(cache) != written)
    }

    @Test func aManifestAddedAboveTheLintedFolderIsSeen() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.path + "/cache"
        try Self.makeTree(directory, serverDependsOnWorker: false)
        try FileManager.default.removeItem(atPath: directory.path + "/Shop/Package.swift")
        // No manifest: the two folders are compared with everything.
        let unplaced = Self.lint(directory, cache: nil)
        #expect(unplaced.contains("task-label-collision"))
        #expect(Self.lint(directory, cache: cache) == unplaced)
        try Self.makeTree(directory, serverDependsOnWorker: false)
        #expect(Self.lint(directory, cache: cache) == Self.lint(directory, cache: nil))
        #expect(!Self.lint(directory, cache: cache).contains("task-label-collision"))
    }

    @Test func theRecordsDescribeThePlacementsTheyWereMadeFrom() throws {
        let directory = try TemporaryDirectory()
        try Self.makeTree(directory, serverDependsOnWorker: false)
        try directory.write("Shop/Sources/Loose.swift", "")
        let paths = ["Shop/Sources/Server/main.swift", "Shop/Sources/Worker/Work.swift", "Shop/Sources/Loose.swift", "Elsewhere/Loose.swift"]
        let placements = ProgramScope.placeByManifests(displayPaths: paths, workingDirectory: directory.path)
        let records = CachedPrograms(inputs: "x", placements: placements, displayPaths: paths)
        let decoded = try JSONDecoder().decode(CachedPrograms.self, from: JSONEncoder().encode(records))
        let served = try #require(decoded.placements(for: paths))
        #expect(served.memberships == placements.memberships)
        #expect(served.unplaced == placements.unplaced)
        #expect(decoded.placements(for: Array(paths.dropLast())) == nil)
    }

    /// Two Xcode projects' own apps (an iOS app's project, a macOS app's) never share a process: the served
    /// placements must keep that, or a warm run reports collisions across them that a cold run does not.
    @Test func placementsByTwoProjectsOwnAppsStayApart() throws {
        let paths = ["iOS/Config.swift", "macOS/Config.swift"]
        var placements = ProgramScope.placeByManifests(displayPaths: [], workingDirectory: "/")
        placements.memberships = [
            "iOS/Config.swift": ProgramScope.Membership(domain: "iOS/App.xcodeproj", programs: ["App"], isSelfContained: true),
            "macOS/Config.swift": ProgramScope.Membership(domain: "macOS/App.xcodeproj", programs: ["App"], isSelfContained: true),
        ]
        let records = CachedPrograms(inputs: "x", placements: placements, displayPaths: paths)
        let decoded = try CacheCoding.decode(CachedPrograms.self, from: CacheCoding.encode(records)[...])
        let served = try #require(decoded.placements(for: paths))
        #expect(served.memberships == placements.memberships)
        let scope = served.placingTheRest(entryPoints: [], extensionPropertyLists: [])
        #expect(!scope.shareProgram("iOS/Config.swift", "macOS/Config.swift"))
    }
}
