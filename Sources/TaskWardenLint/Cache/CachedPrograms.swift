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
/// The manifests are trusted by their `stat` as the index trusts Swift files (``FileIndex``, as git does): a
/// manifest whose fingerprint (device, inode, size, modification and change times to the nanosecond) is the one
/// recorded is taken as unchanged, unless it was stamped too close to when the answer was recorded
/// (``FileFingerprint/isRacy(recordedAt:)``): then discovery runs again. An edit that keeps the size and puts
/// the modification time back still moves the change time, which no call can set, so it is seen. A folder the
/// walk listed with no name that could be `Package.swift` is not asked for one.
///
/// What it does not watch: a symbolic link outside the tree that an Xcode project's file reference leads
/// through. Kept per tree, one file, replaced when the answer changes (or when it is recorded again to be
/// trusted without discovering: its manifests are no longer too recent).
///
/// ```swift
/// let placements = session.manifestPlacements(displayPaths: paths, roots: roots, workingDirectory: cwd,
///                                              folders: found.folders, folderMayHoldPackage: found.folderMayHoldPackage) {
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

    /// The digest of everything discovery read (``inputs(displayPaths:roots:workingDirectory:folders:folderMayHoldPackage:)``).
    var inputs: String
    /// When the run that recorded this answer started, before discovery read any manifest: a manifest stamped
    /// within ``FileFingerprint/racyWindowSeconds`` of it could have changed after it was read.
    var recordedSeconds: Int64 = 0
    var recordedNanoseconds: Int64 = 0
    var recordedAt: FileFingerprint.Timestamp { .init(seconds: recordedSeconds, nanoseconds: recordedNanoseconds) }
    /// The distinct memberships, and for each file (in the order given) its membership's index, or
    /// ``unplaced`` (for the folder layout to place) or ``leftOut`` (compared with everything).
    var memberships: [Membership]
    var placement: [Int]
    static let unplaced = -1
    static let leftOut = -2

    init(inputs: String, recordedAt: FileFingerprint.Timestamp = .init(seconds: 0, nanoseconds: 0),
         placements: ProgramScope.ManifestPlacements, displayPaths: [String]) {
        self.inputs = inputs
        (recordedSeconds, recordedNanoseconds) = (recordedAt.seconds, recordedAt.nanoseconds)
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

    /// What discovery reads, as a key: its digest, and the fingerprints of the manifests in it (to judge
    /// whether they are too recent to trust).
    struct Inputs {
        var digest: String
        var manifests: [FileFingerprint]

        /// Whether a manifest was stamped too close to `recordedAt` to prove it unchanged since.
        func areRacy(recordedAt: FileFingerprint.Timestamp) -> Bool {
            manifests.contains { $0.isRacy(recordedAt: recordedAt) }
        }
    }

    /// What discovery reads for the files reported as `displayPaths`, found by walking `roots`: the paths
    /// themselves, the folders walked (`folders`; `folderMayHoldPackage` says, for each, whether its listing
    /// held a name that could be `Package.swift`), and the manifests in those folders and in every folder above
    /// a root, up to `/`. (A walked folder's and a walked file's parent is the walked folder that listed it, so
    /// the folders above the walk are those above its roots.)
    static func inputs(displayPaths: [String], roots: [String], workingDirectory: String, folders: [String],
                       folderMayHoldPackage: [Bool]) -> Inputs {
        var material: [UInt8] = []
        var manifests: [FileFingerprint] = []
        material.reserveCapacity(displayPaths.count * 64 + folders.count * 160)
        func add(_ text: String) {
            material.append(contentsOf: text.utf8)
            material.append(0)
        }
        func add(_ print: FileFingerprint?) {
            guard let print else { return add("-") }
            manifests.append(print)
            for value in [Int64(bitPattern: print.device), Int64(bitPattern: print.inode), print.size, print.modified.seconds,
                          print.modified.nanoseconds, print.changed.seconds, print.changed.nanoseconds] {
                material.appendInteger(UInt64(bitPattern: value))
            }
        }
        /// `Package.swift`, and a project's `project.pbxproj`. A walked folder's projects are walked folders
        /// themselves; a folder above the walk is listed for them.
        func addManifests(in folder: String, mayHoldPackage: Bool, listing: Bool) {
            let prefix = folder == "/" ? "/" : folder + "/"
            add(mayHoldPackage ? fingerprint(prefix + "Package.swift") : nil)
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
        let known = Set(folders)
        var above: Set<String> = []
        for root in roots {
            var parent = CacheFolder.parent(of: root)
            while !known.contains(parent), above.insert(parent).inserted {
                parent = CacheFolder.parent(of: parent)
            }
        }
        for (index, folder) in folders.enumerated() {
            add(folder)
            addManifests(in: folder, mayHoldPackage: index < folderMayHoldPackage.count ? folderMayHoldPackage[index] : true, listing: false)
        }
        for folder in above.sorted() {
            add(folder)
            addManifests(in: folder, mayHoldPackage: true, listing: true)
        }
        return Inputs(digest: SHA256.hex(material), manifests: manifests)
    }

    private static func fingerprint(_ path: String) -> FileFingerprint? {
        var status = stat()
        return stat(path, &status) == 0 ? FileFingerprint(status) : nil
    }
}

extension CacheSession {
    /// The tree's placement by manifests: from the cache when what it reads is unchanged and its manifests are
    /// not too recent to trust, else from `discover` (and then remembered, when the answer changed or when
    /// recording it again lets a later run trust it).
    func manifestPlacements(displayPaths: [String], roots: [String], workingDirectory: String, folders: [String],
                            folderMayHoldPackage: [Bool],
                            discover: () -> ProgramScope.ManifestPlacements) -> ProgramScope.ManifestPlacements {
        guard let indexKey else { return discover() }
        let inputs = CachedPrograms.inputs(displayPaths: displayPaths, roots: roots, workingDirectory: workingDirectory,
                                           folders: folders, folderMayHoldPackage: folderMayHoldPackage)
        let cached = cache.load(indexKey, in: "programs", as: CachedPrograms.self).flatMap { $0.inputs == inputs.digest ? $0 : nil }
        if let cached, !inputs.areRacy(recordedAt: cached.recordedAt), let placements = cached.placements(for: displayPaths) {
            return placements
        }
        let placements = discover()
        let records = CachedPrograms(inputs: inputs.digest, recordedAt: startedAt, placements: placements, displayPaths: displayPaths)
        // The same answer recorded again only when that makes it trusted without discovering next time.
        if let cached, cached.memberships == records.memberships, cached.placement == records.placement,
           inputs.areRacy(recordedAt: startedAt) {
            return placements
        }
        cache.store(records, indexKey, in: "programs")
        return placements
    }
}
