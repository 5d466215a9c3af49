#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Program discovery (``ProgramScope/discover(displayPaths:workingDirectory:)``) served from the results cache
/// when nothing it reads can have changed. Discovery reads the manifests in the folders of the linted files and
/// above them (`Package.swift`, `*.xcodeproj/project.pbxproj`), nearest first, and places each file by its
/// path; so the cached answer is keyed by the files placed, the folders walked, and which manifests exist in
/// each of those folders and every folder above them, with what `stat` says of each (an edit, a new project, a
/// deleted package: each is a different key, and discovery runs again).
///
/// What it does not watch: a symbolic link outside the tree that an Xcode project's file reference leads
/// through. Kept per tree, one file, replaced when the answer changes.
///
/// ```swift
/// let scope = session.programScope(displayPaths: paths, absolutePaths: files, workingDirectory: cwd, folders: found.folders) {
///     ProgramScope.discover(displayPaths: paths, workingDirectory: cwd)
/// }
/// ```
struct CachedPrograms: Codable, Sendable {
    struct Membership: Codable, Sendable, Hashable {
        var domain: String
        var programs: [String]?
    }

    /// The digest of everything discovery read (``inputs(displayPaths:workingDirectory:folders:)``).
    var inputs: String
    /// The distinct memberships, and for each placed file (in the order given) its membership's index, or -1.
    var memberships: [Membership]
    var placement: [Int]

    init(inputs: String, scope: ProgramScope, displayPaths: [String]) {
        self.inputs = inputs
        var numbers: [ProgramScope.Membership: Int] = [:]
        var memberships: [Membership] = []
        placement = displayPaths.map { path in
            guard let membership = scope.membership(of: path) else { return -1 }
            if let known = numbers[membership] { return known }
            numbers[membership] = memberships.count
            memberships.append(Membership(domain: membership.domain, programs: membership.programs?.sorted()))
            return memberships.count - 1
        }
        self.memberships = memberships
    }

    /// The scope these records describe for `displayPaths`, or nil when they do not fit them.
    func scope(for displayPaths: [String]) -> ProgramScope? {
        guard placement.count == displayPaths.count else { return nil }
        let resolved = memberships.map { ProgramScope.Membership(domain: $0.domain, programs: $0.programs.map(Set.init)) }
        var placed: [String: ProgramScope.Membership] = [:]
        placed.reserveCapacity(displayPaths.count)
        for (path, number) in zip(displayPaths, placement) where number != -1 {
            guard resolved.indices.contains(number) else { return nil }
            placed[path] = resolved[number]
        }
        return ProgramScope(memberships: placed)
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
        add("taskwarden \(ResultsCache.toolVersion) programs")
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
    /// The tree's program scope: from the cache when discovery's inputs are unchanged, else from `discover`
    /// (and then remembered).
    func programScope(displayPaths: [String], absolutePaths: [String], workingDirectory: String,
                      folders: [String], discover: () -> ProgramScope) -> ProgramScope {
        guard let indexKey else { return discover() }
        let inputs = CachedPrograms.inputs(displayPaths: displayPaths, absolutePaths: absolutePaths,
                                           workingDirectory: workingDirectory, folders: folders)
        if let cached = cache.load(indexKey, in: "programs", as: CachedPrograms.self), cached.inputs == inputs,
           let scope = cached.scope(for: displayPaths) {
            return scope
        }
        let scope = discover()
        cache.store(CachedPrograms(inputs: inputs, scope: scope, displayPaths: displayPaths), indexKey, in: "programs")
        return scope
    }
}
