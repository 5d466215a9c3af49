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
        // Not written again: served, or (its manifests too recent to trust yet) discovered with the same answer.
        #expect(Self.programsEntry(cache) == written)

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

    /// The tree's one programs entry: its key, and what it holds.
    static func programsRecords(_ cache: String) throws -> (ResultsCache, String, CachedPrograms) {
        let results = try ResultsCache.open(root: cache).get()
        let folder = cache + "/v\(ResultsCache.format)/programs"
        let key = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { !$0.hasPrefix(".") }))
        return (results, key, try #require(results.load(key, in: "programs", as: CachedPrograms.self)))
    }

    /// A recorded answer whose inputs match, with every file placed in one program (a collision, which the
    /// tree's manifests do not make), recorded at `recordedAt`.
    @discardableResult
    static func forgeOneProgram(_ cache: String, recordedAt: FileFingerprint.Timestamp) throws -> CachedPrograms {
        let (results, key, records) = try programsRecords(cache)
        var forged = records
        forged.memberships = [CachedPrograms.Membership(domain: "Shop", programs: ["All"], isSelfContained: true)]
        forged.placement = records.placement.map { _ in 0 }
        (forged.recordedSeconds, forged.recordedNanoseconds) = (recordedAt.seconds, recordedAt.nanoseconds)
        results.store(forged, key, in: "programs")
        return forged
    }

    /// A manifest stamped within the racy window of the recorded answer may have changed after discovery read
    /// it, in a way its `stat` does not show (a file system stamping whole seconds): the answer is not trusted,
    /// and discovery runs again. The same answer recorded long after the manifest was stamped is served — the
    /// forged one here, which shows it is the recording time that decides.
    @Test func aManifestTooRecentForTheRecordedAnswerIsDiscoveredAgain() throws {
        let directory = try TemporaryDirectory()
        let cacheFolder = try TemporaryDirectory()
        let cache = cacheFolder.path + "/cache"
        try Self.makeTree(directory, serverDependsOnWorker: false)
        let apart = Self.lint(directory, cache: nil)
        #expect(!apart.contains("task-label-collision"))
        #expect(Self.lint(directory, cache: cache) == apart)

        // Recorded the moment the manifest was stamped.
        var status = stat()
        #expect(stat(directory.path + "/Shop/Package.swift", &status) == 0)
        let stamped = FileFingerprint(status).modified
        let forged = try Self.forgeOneProgram(cache, recordedAt: stamped)
        #expect(Self.lint(directory, cache: cache) == apart)
        // Discovered again and recorded: the forged answer is gone.
        let recorded = try Self.programsRecords(cache).2
        #expect(recorded.memberships != forged.memberships || recorded.placement != forged.placement)

        let later = FileFingerprint.Timestamp.now()
        try Self.forgeOneProgram(cache, recordedAt: .init(seconds: later.seconds + 60, nanoseconds: 0))
        #expect(Self.lint(directory, cache: cache).contains("task-label-collision"))
    }

    /// As git does, a manifest is trusted by its `stat`: an edit that keeps its size and puts its modification
    /// time back still moves its change time, so discovery runs again.
    @Test func aManifestEditKeepingItsSizeAndModificationTimeIsSeen() throws {
        let directory = try TemporaryDirectory()
        let cacheFolder = try TemporaryDirectory()
        let cache = cacheFolder.path + "/cache"
        try Self.makeTree(directory, serverDependsOnWorker: false)
        let manifest = directory.path + "/Shop/Package.swift"
        func manifestText(dependency: String) -> String {
            """
            let package = Package(name: "Shop", targets: [
                .executableTarget(name: "Server", dependencies: [\(dependency)]),
                .target(name: "Worker"),
            ])
            """
        }
        // `"Worker"` later takes the place of these eight spaces: the same size.
        try manifestText(dependency: String(repeating: " ", count: 8)).write(toFile: manifest, atomically: false, encoding: .utf8)
        var before = stat()
        #expect(stat(manifest, &before) == 0)
        let apart = Self.lint(directory, cache: cache)
        #expect(!apart.contains("task-label-collision"))
        // Recorded long after the manifest was stamped, so only its fingerprint can send discovery again.
        let later = FileFingerprint.Timestamp.now()
        let (results, key, records) = try Self.programsRecords(cache)
        var trusted = records
        (trusted.recordedSeconds, trusted.recordedNanoseconds) = (later.seconds + 60, 0)
        results.store(trusted, key, in: "programs")

        // Rewritten in place: the same inode.
        let stream = try #require(fopen(manifest, "r+"))
        fputs(manifestText(dependency: "\"Worker\""), stream)
        fclose(stream)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, manifest, &times, 0) == 0)
        var after = stat()
        #expect(stat(manifest, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        let together = Self.lint(directory, cache: nil)
        #expect(together.contains("task-label-collision"))
        #expect(Self.lint(directory, cache: cache) == together)
    }

    /// A folder whose listing holds no name that could be `Package.swift` is not asked for one; any case of
    /// the name, or a name with a non-ASCII byte, is.
    @Test func onlyAFolderThatMayHoldAManifestIsAskedForOne() {
        func listing(_ names: [String]) -> DirectoryListing {
            DirectoryListing(entries: names.map { DirectoryListing.Entry(name: $0, isRegularFile: true) })
        }
        #expect(!listing(["App.swift", "Package.resolved", "Sources"]).mayHoldPackageManifest)
        #expect(listing(["App.swift", "Package.swift"]).mayHoldPackageManifest)
        #expect(listing(["package.SWIFT"]).mayHoldPackageManifest)
        #expect(listing(["Pâckage.swift"]).mayHoldPackageManifest)
    }
}
