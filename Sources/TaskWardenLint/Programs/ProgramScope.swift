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
/// 3. otherwise the folder layout: a folder holding an entry point (``ProgramEntryPoint``: an `@main` type, an
///    application delegate class, an extension's `Info.plist`, a file named `AppDelegate.swift`, `main.swift`
///    or `…App.swift`) is a program of its own, e.g. NetNewsWire's `Mac/` and `iOS/`, or an agent app's folder
///    beside the main app's; code in any other folder may be linked into every app.
///
/// Two files share a program unless both were placed by the same manifest (or the same folder layout) into
/// disjoint sets of programs, or by two Xcode projects into their own apps, extensions or test bundles only (no
/// framework another project could link): what the tool cannot place, it compares with everything.
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
        /// Only programs of `domain`'s own link the file (an Xcode project's apps, extensions, test bundles),
        /// none that another manifest's program could link (a framework, a library): two such files placed by
        /// different projects never run in one process (an iOS app's project and a macOS app's project).
        public var isSelfContained: Bool

        public init(domain: String, programs: Set<String>?, isSelfContained: Bool = false) {
            self.domain = domain
            self.programs = programs
            self.isSelfContained = isSelfContained
        }
    }

    private var memberships: [String: Membership]

    /// Every file in one program (nothing is known about where files are linked).
    public static let single = ProgramScope(memberships: [:])

    init(memberships: [String: Membership]) {
        self.memberships = memberships
    }

    /// Places files by folder layout only (rule 3): no manifest is read. `entryPoints` are the paths that
    /// declare an entry point (``ProgramEntryPoint/declaresEntryPoint(_:)``), `extensionPropertyLists` the paths
    /// of extensions' `Info.plist` files.
    public init(paths: [String], entryPoints: Set<String> = [], extensionPropertyLists: [String] = []) {
        self.memberships = Self.placeByFolders(paths, entryPoints: entryPoints, extensionPropertyLists: extensionPropertyLists)
    }

    /// The programs `path` is linked into; nil when unknown (it may share a program with any file).
    public func membership(of path: String) -> Membership? { memberships[path] }

    /// True when code in `a` and in `b` can be linked into one program.
    public func shareProgram(_ a: String, _ b: String) -> Bool {
        guard a != b, let left = memberships[a], let right = memberships[b] else { return true }
        guard left.domain == right.domain else { return !(left.isSelfContained && right.isSelfContained) }
        guard let leftPrograms = left.programs, let rightPrograms = right.programs else { return true }
        return !leftPrograms.isDisjoint(with: rightPrograms)
    }

    /// A key equal for two files exactly when they are placed identically; files with one key always share
    /// a program. Used to partition work (`fix` makes names unique per partition it must compare).
    public func placement(of path: String) -> String {
        guard let membership = memberships[path], let programs = membership.programs else { return "" }
        return membership.domain + (membership.isSelfContained ? "\u{2}" : "\u{1}") + programs.sorted().joined(separator: "\u{1}")
    }

    // MARK: Folder layout

    /// File names that mark a folder as an app of its own (``ProgramEntryPoint`` reads more than names).
    static func isAppEntryPoint(_ fileName: String) -> Bool { ProgramEntryPoint.isEntryPointName(fileName) }

    /// Rule 3. A folder *marks* a program when it directly holds an entry point: a file named like one, or one
    /// of `entryPoints` (files declaring an `@main` type or an application delegate class), or one of
    /// `extensionPropertyLists`. Below the first folder whose subfolders hold marks in two or more of them
    /// (the folder all `paths` share, or the one the marks part at below it: `Samples/Numerical/` holding
    /// `HeatTransfer/` and `Mandelbrot/` beside an unmarked `Tools/`), a folder is a program when it marks one
    /// or holds marking folders in at most one of its subfolders; a folder whose subfolders hold two or more
    /// programs is split into them (`macOS/` holding `Browser/` and `VPNAgent/`); folders marking nothing
    /// are shared by every program. Nothing is placed when the tree holds fewer than two programs.
    static func placeByFolders(_ paths: [String], entryPoints: Set<String> = [], extensionPropertyLists: [String] = []) -> [String: Membership] {
        let common = commonDirectory(of: paths)
        let marks = FolderMarks()
        var folders: [String: [Substring]] = [:]
        for path in paths {
            let components = path.split(separator: "/")
            let relative = Array(components.dropFirst(common.count))
            guard relative.count >= 2 else { continue }
            let folder = Array(relative.dropLast())
            folders[path] = folder
            if isAppEntryPoint(String(relative[relative.count - 1])) || entryPoints.contains(path) { marks.mark(folder) }
        }
        for list in extensionPropertyLists {
            let components = list.split(separator: "/")
            guard components.count > common.count, Array(components.prefix(common.count)) == common else { continue }
            let folder = Array(components.dropFirst(common.count).dropLast())
            if !folder.isEmpty { marks.mark(folder) }
        }
        let programs = marks.programs()
        guard programs.count >= 2 else { return [:] }
        let domain = "folders:" + common.joined(separator: "/")
        var result: [String: Membership] = [:]
        for (path, folder) in folders {
            // The deepest program folder holding the file; a file in none is shared.
            var program: String?
            for depth in stride(from: folder.count, through: 1, by: -1) {
                let candidate = folder.prefix(depth).joined(separator: "/")
                if programs.contains(candidate) {
                    program = candidate
                    break
                }
            }
            result[path] = Membership(domain: domain, programs: program.map { [$0] })
        }
        return result
    }

    /// The folders (relative to the shared one) that mark a program, as a tree.
    struct FolderMarks {
        final class Node {
            var children: [Substring: Node] = [:]
            var marks = false
        }
        let root = Node()

        func mark(_ folder: [Substring]) {
            var node = root
            for component in folder {
                if let child = node.children[component] {
                    node = child
                } else {
                    let child = Node()
                    node.children[component] = child
                    node = child
                }
            }
            node.marks = true
        }

        /// The program folders, as `a/b` paths: see ``ProgramScope/placeByFolders(_:entryPoints:extensionPropertyLists:)``.
        func programs() -> Set<String> {
            var result: Set<String> = []
            // Folders holding the only marked subfolder of the folder above, and no mark of their own, hold no
            // program of their own (`Samples/` above `Samples/Numerical/`, whose subfolders are two apps, beside
            // unmarked `Tools/`): the programs start where the marks part.
            var top = root
            var topPath: [Substring] = []
            while !top.marks, let only = Self.marked(children: top).first, Self.marked(children: top).count == 1 {
                top = only.value
                topPath.append(only.key)
            }
            var stack: [(node: Node, path: [Substring])] = Self.marked(children: top).map { ($0.value, topPath + [$0.key]) }
            // Where they part, one marked folder (or one holding a mark itself) is the whole tree: nothing to tell apart.
            guard !top.marks, stack.count >= 2 else { return [] }
            while let (node, path) = stack.popLast() {
                let marked = Self.marked(children: node)
                if node.marks || marked.count <= 1 {
                    result.insert(path.joined(separator: "/"))
                } else {
                    stack += marked.map { ($0.value, path + [$0.key]) }
                }
            }
            return result
        }

        /// The children holding a mark at or below them.
        /// (Every node of the tree holds a mark at or below it: nodes are made only on the way to one.)
        private static func marked(children node: Node) -> [(key: Substring, value: Node)] {
            node.children.map { ($0.key, $0.value) }
        }
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
