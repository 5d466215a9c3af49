#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Program discovery's placement by manifests (``ProgramScope/placeByManifests(displayPaths:workingDirectory:)``,
/// the part of discovery that reads files) served from the results cache when nothing it reads can have changed.
/// It reads the manifests in the folders of the linted files and above them (`Package.swift`, `*.xcodeproj/project.pbxproj`), nearest first, and places each file by its
/// path; so the cached answer is keyed by the files placed, the folders walked, and which manifests exist in
/// each of those folders and every folder above them, with what `stat` says of each (an edit, a new project, a
/// deleted package: each is a different key, and discovery runs again).
///
/// What it does not watch: a symbolic link outside the tree that an Xcode project's file reference leads
/// through. Kept per tree, one file, replaced when the answer changes.
///
/// ```swift
/// let placements = session.manifestPlacements(displayPaths: paths, absolutePaths: files, workingDirectory: cwd, folders: found.folders) {
///     ProgramScope.placeByManifests(displayPaths: paths, workingDirectory: cwd)
/// }
/// ```
struct CachedPrograms: Codable, Sendable {
    struct Membership: Codable, Sendable, Hashable {
        var domain: String
        var programs: [String]?
        /// ``ProgramScope/Membership/isSelfContained``: every field of the membership is recorded, or a served
        /// placement would compare files a cold run keeps apart.
        var isSelfContained: Bool
    }

    /// The digest of everything discovery read (``inputs(displayPaths:workingDirectory:folders:)``).
    var inputs: String
    /// The distinct memberships, and for each file (in the order given) its membership's index, or
    /// ``unplaced`` (for the folder layout to place) or ``leftOut`` (compared with everything).
    var memberships: [Membership]
    var placement: [Int]
    static let unplaced = -1
    static let leftOut = -2

    init(inputs: String, placements: ProgramScope.ManifestPlacements, displayPaths: [String]) {
        self.inputs = inputs
        var numbers: [ProgramScope.Membership: Int] = [:]
        var memberships: [Membership] = []
        let unplaced = Set(placements.unplaced)
        placement = displayPaths.map { path in
            guard let membership = placements.memberships[path] else { return unplaced.contains(path) ? Self.unplaced : Self.leftOut }
            if let known = numbers[membership] { return known }
            numbers[membership] = memberships.count
            memberships.append(Membership(domain: membership.domain, programs: membership.programs?.sorted(),
                                          isSelfContained: membership.isSelfContained))
            return memberships.count - 1
        }
        self.memberships = memberships
    }

    /// The placements these records describe for `displayPaths`, or nil when they do not fit them.
    func placements(for displayPaths: [String]) -> ProgramScope.ManifestPlacements? {
        guard placement.count == displayPaths.count else { return nil }
        let resolved = memberships.map { ProgramScope.Membership(domain: $0.domain, programs: $0.programs.map(Set.init), isSelfContained: $0.isSelfContained) }
        var placed: [String: ProgramScope.Membership] = [:]
        placed.reserveCapacity(displayPaths.count)
        var unplaced: [String] = []
        for (path, number) in zip(displayPaths, placement) {
            switch number {
            case Self.unplaced: unplaced.append(path)
            case Self.leftOut: continue
            default:
                guard resolved.indices.contains(number) else { return nil }
                placed[path] = resolved[number]
            }
        }
        return ProgramScope.ManifestPlacements(memberships: placed, unplaced: unplaced)
    }

    /// The digest of what discovery reads for the files at `absolutePaths` (reported as `displayPaths`): the
    /// paths themselves, the folders walked (`folders`), and the manifests in those folders and in every
    /// folder above a file, up to `/`.
    static func inputs(displayPaths: [String], absolutePaths: [String], workingDirectory: String,
                       folders: [String]) -> String {
        var material: [UInt8] = []
        material.reserveCapacity(displayPaths.count * 64 + folders.count * 160)
        func add(_ text: String) {
            material += text.utf8
            material.append(0)
        }
        func add(_ print: FileFingerprint?) {
            guard let print else { return add("-") }
            for value in [Int64(bitPattern: print.device), Int64(bitPattern: print.inode), print.size, print.modified.seconds,
                          print.modified.nanoseconds, print.changed.seconds, print.changed.nanoseconds] {
                material.appendInteger(UInt64(bitPattern: value))
            }
        }
        /// `Package.swift`, and a project's `project.pbxproj`. A walked folder's projects are walked folders
        /// themselves; a folder above the walk is listed for them.
        func addManifests(in folder: String, listing: Bool) {
            let prefix = folder == "/" ? "/" : folder + "/"
            add(fingerprint(prefix + "Package.swift"))
            if folder.hasSuffix(".xcodeproj") { add(fingerprint(prefix + "project.pbxproj")) }
            guard listing, let entries = DirectoryListing.read(folder) else { return }
            for entry in entries.entries.map(\.name).sorted() where entry.hasSuffix(".xcodeproj") {
                add(entry)
                add(fingerprint(prefix + entry + "/project.pbxproj"))
            }
        }
        add("taskwarden \(ResultsCache.toolBuild) programs")
        add(workingDirectory)
        for path in displayPaths { add(path) }
        var known = Set(folders)
        var above: [String] = []
        for start in folders + absolutePaths {
            var parent = CacheFolder.parent(of: start)
            while known.insert(parent).inserted {
                above.append(parent)
                parent = CacheFolder.parent(of: parent)
            }
        }
        for folder in folders {
            add(folder)
            addManifests(in: folder, listing: false)
        }
        for folder in above.sorted() {
            add(folder)
            addManifests(in: folder, listing: true)
        }
        return SHA256.hex(material)
    }

    private static func fingerprint(_ path: String) -> FileFingerprint? {
        var status = stat()
        return stat(path, &status) == 0 ? FileFingerprint(status) : nil
    }
}

extension CacheSession {
    /// The tree's placement by manifests: from the cache when what it reads is unchanged, else from `discover`
    /// (and then remembered).
    func manifestPlacements(displayPaths: [String], absolutePaths: [String], workingDirectory: String, folders: [String],
                            discover: () -> ProgramScope.ManifestPlacements) -> ProgramScope.ManifestPlacements {
        guard let indexKey else { return discover() }
        let inputs = CachedPrograms.inputs(displayPaths: displayPaths, absolutePaths: absolutePaths,
                                           workingDirectory: workingDirectory, folders: folders)
        if let cached = cache.load(indexKey, in: "programs", as: CachedPrograms.self), cached.inputs == inputs,
           let placements = cached.placements(for: displayPaths) {
            return placements
        }
        let placements = discover()
        cache.store(CachedPrograms(inputs: inputs, placements: placements, displayPaths: displayPaths), indexKey, in: "programs")
        return placements
    }
}
