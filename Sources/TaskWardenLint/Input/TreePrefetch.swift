import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls ``SourceFileCollector``'s walk makes — each folder's listing, a `stat` of each entry it may
/// read or enter, an `lstat` of each entry it may enter that `readdir` does not call a folder — made ahead of the
/// walk on every core.
///
/// The walk itself stays serial: it decides, in a fixed order, which configuration governs a folder, which
/// files a glob excludes and which folder was seen first. But on a tree whose files are all in the results
/// cache, nearly all of a run is that walk, and nearly all of the walk is waiting for the kernel: a folder
/// costs a listing and two `stat`s, a Swift file one `stat`. Those answers do not depend on the order they are
/// asked in, so workers ask them in parallel, and the walk reads the answers. A question the prefetch did not
/// ask (a folder it did not reach) the walk asks the file system itself, as it always did.
///
/// A folder whose fingerprint is what the last run recorded is not read again: its listing comes from the
/// results cache (``FolderListings``), so an unchanged tree costs a `stat` per folder and per Swift file.
///
/// It also reads what each listed `Package.swift` and Xcode project declares, for the folders' deployment
/// targets (``ConfigurationResolver``).
///
/// The prefetch follows the walk's own rules: hidden names are skipped, a regular file that is neither a Swift
/// file nor a property list is not `stat`ed, `.xcassets` folders and links to folders are not entered. It
/// enters each folder (by device and inode) once, so a bind-mount loop ends. It is not used when links to
/// folders are followed: which path reaches a folder first then decides what the walk reports.
///
/// ```swift
/// let prefetched = TreePrefetch.scan(roots: ["/repo"], collector: collector)
/// prefetched.listing(of: "/repo/Sources")   // .some(listing), or nil when the prefetch did not reach it
/// ```
struct TreePrefetch: Sendable {
    /// A folder's listing; nil inside when the folder could not be listed.
    private var listings: [String: DirectoryListing?] = [:]
    private var entries: [String: SourceFileCollector.Entry] = [:]
    private var links: [String: Bool] = [:]
    /// What the manifest or Xcode projects of a folder whose listing names one declare.
    private var declared: [String: DeploymentTargets?] = [:]
    /// Every folder listed, with its fingerprint, for the next run (``FolderListings``).
    private var remembered: [String: FolderListings.Folder] = [:]
    /// How many listings were read from the file system rather than taken from the last run's.
    private(set) var listingsRead = 0

    /// The listing the prefetch read for `directory` (which may be nil: it could not be listed), or nil when
    /// the prefetch did not reach it.
    func listing(of directory: String) -> DirectoryListing?? { listings[directory] }

    /// What `stat` said of `path`, or nil when the prefetch did not ask.
    func entry(_ path: String) -> SourceFileCollector.Entry? { entries[path] }

    /// Whether `lstat` found `path` to be a symbolic link, or nil when the prefetch did not ask.
    func isSymbolicLink(_ path: String) -> Bool? { links[path] }

    /// The names in `directory`, or nil when the prefetch did not list it.
    func names(in directory: String) -> [String]? {
        guard case .some(.some(let listing)) = listings[directory] else { return nil }
        return listing.entries.map(\.name)
    }

    /// What `directory`'s own `Package.swift` or Xcode projects declare
    /// (``DeploymentTargetDetector/declaredTargets(inDirectory:entries:)``, which may be nil), or nil when the
    /// prefetch did not list the folder. A manifest can be large (an app's `project.pbxproj`), and which folders'
    /// targets the walk needs is known only as it goes, so every listed manifest is read here, on all cores.
    func declaredTargets(in directory: String) -> DeploymentTargets?? {
        guard case .some(.some) = listings[directory] else { return nil }
        return .some(declared[directory] ?? nil)
    }

    /// The listings to keep for the next run, stamped `recordedAt` (when this run started, before the scan);
    /// nil when they are the ones `known` held (nothing was read afresh, no folder left).
    func listingsToRemember(recordedAt: FileFingerprint.Timestamp, known: FolderListings?) -> FolderListings? {
        if listingsRead == 0, let known, known.folders.count == remembered.count { return nil }
        return FolderListings(recordedAt: recordedAt, folders: remembered)
    }

    /// Scans the folders under `roots` (absolute paths; those that are not folders are left to the walk) on
    /// `workers` threads, taking a folder's listing from `known` (the last run's) while the folder's
    /// fingerprint is unchanged.
    ///
    /// `meanwhile` runs on the calling thread during the scan, which would otherwise only wait for it.
    static func scan(roots: [String], collector: SourceFileCollector, known: FolderListings? = nil,
                     workers: Int = ProcessInfo.processInfo.activeProcessorCount, meanwhile: () -> Void = {}) -> TreePrefetch {
        let queue = FolderQueue()
        for root in roots {
            if case .directory(let identity, let fingerprint) = collector.entry(root) {
                queue.add([PendingFolder(path: root, identity: identity, fingerprint: fingerprint)], finishing: false)
            }
        }
        WorkerThreads.run(count: max(1, workers), stackSize: 1 << 20, meanwhile: meanwhile) {
            var local = TreePrefetch()
            while let folder = queue.next() {
                queue.add(local.read(folder, collector: collector, known: known), finishing: true)
            }
            queue.keep(local)
        }
        var parts = queue.kept()
        var merged = parts.popLast() ?? TreePrefetch()
        for part in parts {
            merged.listings.merge(part.listings) { first, _ in first }
            merged.entries.merge(part.entries) { first, _ in first }
            merged.links.merge(part.links) { first, _ in first }
            merged.declared.merge(part.declared) { first, _ in first }
            merged.remembered.merge(part.remembered) { first, _ in first }
            merged.listingsRead += part.listingsRead
        }
        return merged
    }

    /// Reads one folder as the walk will, and returns the folders under it that the walk may enter.
    private mutating func read(_ folder: PendingFolder, collector: SourceFileCollector, known: FolderListings?) -> [PendingFolder] {
        let directory = folder.path
        var listing = known?.listing(of: directory, fingerprint: folder.fingerprint)
        if listing == nil {
            listing = DirectoryListing.read(directory)
            listingsRead += 1
        }
        listings[directory] = listing
        guard let listing else { return [] }
        remembered[directory] = FolderListings.Folder(fingerprint: folder.fingerprint, listing: listing)
        if listing.entries.contains(where: { $0.name == "Package.swift" || $0.name.hasSuffix(".xcodeproj") }) {
            declared[directory] = DeploymentTargetDetector.declaredTargets(inDirectory: directory, entries: listing.entries.map(\.name))
        }
        var folders: [PendingFolder] = []
        for listed in listing.entries where !listed.name.hasPrefix(".") {
            let name = listed.name
            if listed.isRegularFile, !SourceFileCollector.mayRead(name) { continue }
            let path = SourceFileCollector.path(of: name, in: directory)
            let entry = collector.entry(path)
            entries[path] = entry
            guard case .directory(let identity, let fingerprint) = entry, SourceFileCollector.mayEnter(name) else { continue }
            let child = PendingFolder(path: path, identity: identity, fingerprint: fingerprint)
            // A name `readdir` calls a folder is not a link; the walk asks `lstat` only of the others.
            if listed.isDirectory {
                folders.append(child)
            } else {
                let link = collector.isSymbolicLink(path)
                links[path] = link
                if !link { folders.append(child) }
            }
        }
        return folders
    }
}

/// A folder to read: where it is, and what `stat` said of it.
private struct PendingFolder {
    var path: String
    var identity: SourceFileCollector.FileIdentity
    var fingerprint: FileFingerprint
}

/// The folders waiting to be read, shared by the prefetch's workers: a worker takes one, reads it, and adds
/// the folders found in it; the scan is over when none waits and no worker is reading one (which could still
/// add more). A worker with nothing to take sleeps on the condition until another adds folders or finishes.
///
/// `@unchecked Sendable` is sound: `state`, the only mutable field, is read and written only between
/// `condition.lock()` and `unlock()`.
private final class FolderQueue: @unchecked Sendable {
    private struct State {
        var waiting: [PendingFolder] = []
        /// What each worker found, handed in when it stops.
        var kept: [TreePrefetch] = []
        var reading = 0
        var entered: Set<SourceFileCollector.FileIdentity> = []
    }

    private let condition = NSCondition()
    private var state = State()

    /// Adds folders not entered before; `finishing` when a worker adds what it found in the folder it took,
    /// which is then read.
    func add(_ folders: [PendingFolder], finishing: Bool) {
        condition.lock()
        defer { condition.unlock() }
        for folder in folders where state.entered.insert(folder.identity).inserted { state.waiting.append(folder) }
        if finishing { state.reading -= 1 }
        condition.broadcast()
    }

    /// Hands in what a worker found (under the same lock as the queue: one lock ThreadSanitizer understands
    /// orders every hand-over).
    func keep(_ part: TreePrefetch) {
        condition.lock()
        defer { condition.unlock() }
        state.kept.append(part)
    }

    /// What the workers handed in; read after they were joined.
    func kept() -> [TreePrefetch] {
        condition.lock()
        defer { condition.unlock() }
        return state.kept
    }

    /// The next folder to read, waiting while other workers may still add some; nil when the scan is over.
    func next() -> PendingFolder? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let folder = state.waiting.popLast() {
                state.reading += 1
                return folder
            }
            if state.reading == 0 { return nil }
            condition.wait()
        }
    }
}
