import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the paths a run is given into `.swift` files (and `Info.plist` files), skipping hidden files and
/// folders (`.build`, `.git`), and applying the configuration's include/exclude globs to files found inside
/// directories.
///
/// Symbolic links: a path named on the command line is followed whatever it is. Inside a directory, a link
/// to a file is followed, a link to a directory is not (noted on standard error) unless
/// `followSymbolicLinks` (`--follow-symlinks`) says so — then directory loops are reported, not walked.
struct SourceFileCollector {
    struct SwiftFile {
        var absolute: String
        var display: String
        var configuration: LintConfiguration
        var deploymentTargets: DeploymentTargets
        /// The configuration and targets as the results cache keys them (``ConfigurationResolver/settingsKey(forDirectory:configuration:targets:)``).
        var settingsKey: String
        /// What `stat` said when the file was found: the results cache's index skips reading a file whose
        /// fingerprint it recorded (``FileIndex``).
        var fingerprint: FileFingerprint? = nil
    }

    struct Found {
        var swiftFiles: [SwiftFile] = []
        var propertyLists: [String] = []
        var problems: [InputProblem] = []
        /// Every folder walked: where the results cache looks for manifests before it serves program discovery.
        var folders: [String] = []
        /// For each of ``folders``: whether its listing held a name that could be `Package.swift` (true when it
        /// could not be listed), so the results cache asks `stat` only of manifests that may exist.
        var folderMayHoldPackage: [Bool] = []
    }

    let workingDirectory: String
    /// Walk into directories reached through symbolic links found inside the tree.
    var followSymbolicLinks = false
    /// The working directory made absolute, once (display paths are relative to it).
    private let absoluteWorkingDirectory: String
    /// The walk's system calls, made ahead on every core (``TreePrefetch``); the walk asks the file system
    /// itself for what is not here.
    var prefetched: TreePrefetch?

    init(workingDirectory: String, followSymbolicLinks: Bool = false) {
        self.workingDirectory = workingDirectory
        self.followSymbolicLinks = followSymbolicLinks
        absoluteWorkingDirectory = Self.absolutePath(workingDirectory, in: workingDirectory)
    }

    /// What `stat` says about a path (following symbolic links): its kind and identity.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    enum Entry {
        /// A folder, with its fingerprint (``FolderListings`` keeps listings by it).
        case directory(FileIdentity, FileFingerprint)
        case file(FileIdentity, FileFingerprint)
        case other
        case missing
    }

    /// One `stat` call per entry: kind, device + inode to recognise a file or folder seen before, and a file's
    /// fingerprint, which the results cache compares.
    func entry(_ path: String) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory(identity, FileFingerprint(info))
        case S_IFREG: return .file(identity, FileFingerprint(info))
        default: return .other
        }
    }

    /// Why `path` cannot be read, for a path `stat` failed on: a dangling link, a link loop, a name that is
    /// not UTF-8 (listed with U+FFFD, so the name no longer exists as spelled), or no such file.
    func missingDetail(_ path: String) -> String {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFLNK else { return "cannot read (\(String(cString: strerror(errno))))" }
            guard stat(path, &info) != 0 else { return "cannot read" }
            if errno == ELOOP { return "symbolic link loop (the link leads back to itself); not followed" }
            if errno == ENOENT { return "symbolic link to a missing file" }
            return "symbolic link that cannot be followed (\(String(cString: strerror(errno))))"
        }
        if path.unicodeScalars.contains("\u{FFFD}") {
            return "file name is not valid UTF-8 (shown with \u{FFFD}); rename it to lint it"
        }
        return "no such file or directory"
    }

    func collect(path: String, resolver: ConfigurationResolver, into found: inout Found, seen: inout Set<FileIdentity>) {
        guard !path.isEmpty else {
            // Most often a shell variable that expanded to nothing; linting the working directory instead
            // would hide that.
            found.problems.append(InputProblem(path: "\"\"", kind: .missingPath, detail: "an empty path names no file or directory"))
            return
        }
        let absolute = absolutePath(path)
        switch entry(absolute) {
        case .missing:
            found.problems.append(InputProblem(path: path, kind: .missingPath, detail: missingDetail(absolute)))
        case .directory(let identity, _):
            walk(directory: absolute, identity: identity, ancestors: [], resolver: resolver, into: &found, seen: &seen)
        case .file(let identity, let fingerprint):
            guard seen.insert(identity).inserted else { return }
            if absolute.hasSuffix(".swift") {
                // A file named explicitly is linted even if the configuration's globs exclude it.
                let directory = (absolute as NSString).deletingLastPathComponent
                guard let configuration = resolver.configuration(forDirectory: directory) else { return }
                let targets = resolver.deploymentTargets(forDirectory: directory, configuration: configuration)
                found.swiftFiles.append(SwiftFile(
                    absolute: absolute, display: displayPath(absolute), configuration: configuration, deploymentTargets: targets,
                    settingsKey: resolver.settingsKey(forDirectory: directory, configuration: configuration, targets: targets),
                    fingerprint: fingerprint))
            } else if absolute.hasSuffix(".plist") {
                found.propertyLists.append(absolute)
            } else {
                found.problems.append(InputProblem(path: path, kind: .notSwift,
                                                   detail: "not a Swift file (.swift) or Info.plist; not linted"))
            }
        case .other:
            found.problems.append(InputProblem(path: path, kind: .unreadable, detail: "not a regular file or directory"))
        }
    }

    private func walk(directory: String, identity: FileIdentity, ancestors: Set<FileIdentity>, resolver: ConfigurationResolver,
                      into found: inout Found, seen: inout Set<FileIdentity>) {
        if ancestors.contains(identity) {
            found.problems.append(InputProblem(path: displayPath(directory), kind: .symlinkLoop,
                                               detail: "directory loop through symbolic links (it leads back to a folder above it); not followed"))
            return
        }
        guard seen.insert(identity).inserted else { return }
        found.folders.append(directory)
        let listing = prefetched?.listing(of: directory) ?? DirectoryListing.read(directory)
        found.folderMayHoldPackage.append(listing?.mayHoldPackageManifest ?? true)
        guard let listing else {
            found.problems.append(InputProblem(path: displayPath(directory), kind: .unreadable, detail: "cannot list the directory"))
            return
        }
        let entries = listing.entries.map(\.name)
        // A malformed configuration governing this folder was reported; its files are not linted.
        guard let configuration = resolver.configuration(forDirectory: directory, entries: entries) else { return }
        let base = resolver.absoluteBase(of: configuration, absolutePath)
        var targets: DeploymentTargets?
        var settingsKey = ""
        var inner = ancestors
        inner.insert(identity)
        for listed in listing.entries.sorted(by: { $0.name < $1.name }) where !listed.name.hasPrefix(".") {
            let name = listed.name
            let isSwift = name.hasSuffix(".swift")
            let isPropertyList = Self.isPropertyList(name)
            // A regular file that is neither is never read: no `stat` for it.
            if listed.isRegularFile, !isSwift, !isPropertyList { continue }
            let path = Self.path(of: name, in: directory)
            switch prefetched?.entry(path) ?? entry(path) {
            case .directory(let child, _):
                if !Self.mayEnter(name) { continue }
                if !followSymbolicLinks, !listed.isDirectory, prefetched?.isSymbolicLink(path) ?? isSymbolicLink(path) {
                    found.problems.append(InputProblem(path: displayPath(path), kind: .symlinkNotFollowed,
                        detail: "symbolic link to a directory; not followed (--follow-symlinks follows it)"))
                    continue
                }
                walk(directory: path, identity: child, ancestors: inner, resolver: resolver, into: &found, seen: &seen)
            case .file(let child, let childFingerprint) where isSwift:
                guard isIncluded(path, configuration, base: base), seen.insert(child).inserted else { continue }
                if targets == nil {
                    let detected = resolver.deploymentTargets(forDirectory: directory, entries: entries, configuration: configuration)
                    targets = detected
                    settingsKey = resolver.settingsKey(forDirectory: directory, configuration: configuration, targets: detected)
                }
                found.swiftFiles.append(SwiftFile(absolute: path, display: displayPath(path), configuration: configuration,
                                                  deploymentTargets: targets ?? DeploymentTargets(), settingsKey: settingsKey,
                                                  fingerprint: childFingerprint))
            case .file where isPropertyList:
                found.propertyLists.append(path)
            case .missing where isSwift:
                found.problems.append(InputProblem(path: displayPath(path), kind: .missingPath, detail: missingDetail(path)))
            default:
                continue
            }
        }
    }

    private static func isPropertyList(_ name: String) -> Bool { name == "Info.plist" || name.hasSuffix("-Info.plist") }

    /// The path of the entry `name` in `directory`.
    static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether the walk enters a folder of this name: not an asset catalog (it holds no source).
    static func mayEnter(_ name: String) -> Bool { !name.hasSuffix(".xcassets") }

    /// Whether the walk reads a regular file of this name: a Swift file or a property list.
    static func mayRead(_ name: String) -> Bool { name.hasSuffix(".swift") || isPropertyList(name) }

    func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether the configuration's `include` and `exclude` globs (relative to `base`, its folder) let `path` in.
    private func isIncluded(_ path: String, _ configuration: LintConfiguration, base: String) -> Bool {
        let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        if !configuration.include.isEmpty, !configuration.include.contains(where: { Glob($0).matches(relative) }) { return false }
        return !configuration.exclude.contains { Glob($0).matches(relative) }
    }

    func absolutePath(_ path: String) -> String { Self.absolutePath(path, in: workingDirectory) }

    private static func absolutePath(_ path: String, in workingDirectory: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Relative to the working directory when the file is under it.
    func displayPath(_ absolute: String) -> String {
        let base = absoluteWorkingDirectory
        if base == "/" { return String(absolute.dropFirst()) }
        if absolute.hasPrefix(base + "/") { return String(absolute.dropFirst(base.count + 1)) }
        return absolute
    }
}
