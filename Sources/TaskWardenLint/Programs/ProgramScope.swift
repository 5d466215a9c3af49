import Foundation

/// Which program (a linked binary: an app, an extension, a test bundle, an executable) each linted file is
/// part of, so that tree-wide comparisons — `task-label-collision`, `fix`'s name uniqueness — only compare code
/// that can run in one process and show up in one trace.
///
/// Where a file's programs come from, first match wins:
/// 1. the nearest `Package.swift` above it: the SwiftPM target whose folder holds the file; a program is any
///    target together with its (transitive) target dependencies;
/// 2. an Xcode project (`*.xcodeproj/project.pbxproj`) in a folder above it: the native targets that compile
///    the file (listed sources and synchronized folders); a framework or library target also belongs to the
///    programs of the targets that depend on it;
/// 3. otherwise the top-level folder of the tree that holds it, when that folder is an app of its own (holds an
///    `AppDelegate.swift`, `main.swift` or `…App.swift`, e.g. NetNewsWire's `Mac/` and `iOS/`); code in any
///    other folder may be linked into every app.
///
/// Two files share a program unless both were placed by the same manifest (or the same folder layout) into
/// disjoint sets of programs: what the tool cannot place, it compares with everything, as before.
///
/// ```swift
/// let scope = ProgramScope(paths: ["Mac/AppDelegate.swift", "iOS/AppDelegate.swift", "Shared/Sync.swift"])
/// scope.shareProgram("Mac/AppDelegate.swift", "iOS/AppDelegate.swift")  // false
/// scope.shareProgram("Mac/AppDelegate.swift", "Shared/Sync.swift")      // true
/// ```
public struct ProgramScope: Sendable {
    /// The programs one file is linked into, as placed by one manifest or folder layout (the domain).
    public struct Membership: Hashable, Sendable {
        /// What placed the file: a `Package.swift`, a `project.pbxproj`, or the folder layout of a tree root.
        public var domain: String
        /// The programs of `domain` that link the file; nil when it may be linked into any of them.
        public var programs: Set<String>?
    }

    private var memberships: [String: Membership]

    /// Every file in one program (nothing is known about where files are linked).
    public static let single = ProgramScope(memberships: [:])

    init(memberships: [String: Membership]) {
        self.memberships = memberships
    }

    /// Places files by folder layout only (rule 3): no manifest is read.
    public init(paths: [String]) {
        self.memberships = Self.placeByFolders(paths)
    }

    /// The programs `path` is linked into; nil when unknown (it may share a program with any file).
    public func membership(of path: String) -> Membership? { memberships[path] }

    /// True when code in `a` and in `b` can be linked into one program.
    public func shareProgram(_ a: String, _ b: String) -> Bool {
        guard a != b, let left = memberships[a], let right = memberships[b], left.domain == right.domain,
              let leftPrograms = left.programs, let rightPrograms = right.programs
        else { return true }
        return !leftPrograms.isDisjoint(with: rightPrograms)
    }

    /// A key equal for two files exactly when they are placed identically; files with one key always share
    /// a program. Used to partition work (`fix` makes names unique per partition it must compare).
    public func placement(of path: String) -> String {
        guard let membership = memberships[path], let programs = membership.programs else { return "" }
        return membership.domain + "\u{1}" + programs.sorted().joined(separator: "\u{1}")
    }

    // MARK: Folder layout

    /// File names that mark a folder as an app of its own.
    static func isAppEntryPoint(_ fileName: String) -> Bool {
        fileName == "AppDelegate.swift" || fileName == "main.swift" || fileName.hasSuffix("App.swift")
    }

    /// Rule 3: a top-level folder holding an app entry point is a program; other folders are shared.
    static func placeByFolders(_ paths: [String]) -> [String: Membership] {
        let common = commonDirectory(of: paths)
        var topFolder: [String: String] = [:]
        var appFolders: Set<String> = []
        for path in paths {
            let relative = Array(path.split(separator: "/").dropFirst(common.count))
            guard relative.count >= 2 else { continue }
            let folder = String(relative[0])
            topFolder[path] = folder
            if isAppEntryPoint(String(relative[relative.count - 1])) { appFolders.insert(folder) }
        }
        // One app folder is just the app: nothing to tell apart.
        guard appFolders.count >= 2 else { return [:] }
        let domain = "folders:" + common.joined(separator: "/")
        var result: [String: Membership] = [:]
        for (path, folder) in topFolder {
            result[path] = Membership(domain: domain, programs: appFolders.contains(folder) ? [folder] : nil)
        }
        return result
    }

    /// The folders every path starts with.
    static func commonDirectory(of paths: [String]) -> [Substring] {
        guard let first = paths.first else { return [] }
        var common = Array(first.split(separator: "/").dropLast())
        for path in paths.dropFirst() {
            let folders = path.split(separator: "/").dropLast()
            var count = 0
            while count < min(common.count, folders.count), common[count] == folders[folders.startIndex + count] {
                count += 1
            }
            common.removeLast(common.count - count)
        }
        return common
    }
}
