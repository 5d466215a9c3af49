#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directories (and files) a `fix` run may write under: the real paths — every symbolic link resolved —
/// of the paths named on the command line. A file reached through a link that leads elsewhere (a link to a
/// file or, with `--follow-symlinks`, a directory outside the tree) is refused, however it was reached.
///
/// ```swift
/// let roots = FixRoots(paths: ["."], workingDirectory: "/work/app")
/// roots.contains("/work/app/Sources/Shelf.swift")   // true
/// roots.contains("/work/app/Shared/Linked.swift")   // false when Shared/Linked.swift links to ../other
/// var plan = …; roots.confine(&plan)                  // moves such files to plan.problems
/// ```
///
/// A file symbolic link named on the command line is its own root: its target is written (the link stays).
public struct FixRoots: Sendable {
    /// Real paths, without a trailing slash.
    public let realPaths: [String]

    public init(paths: [String], workingDirectory: String) {
        let named = paths.isEmpty ? ["."] : paths
        realPaths = named.compactMap { path in
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            return Self.realPath(absolute)
        }
    }

    /// Whether the file at `path`, links resolved, is one of the roots or inside one of them.
    public func contains(_ path: String) -> Bool {
        guard let real = Self.realPath(path) else { return false }
        return realPaths.contains { root in
            real == root || root == "/" || real.hasPrefix(root + "/")
        }
    }

    /// Moves every file of `plan` that lies outside the roots to its problems (its sites left unnamed).
    public func confine(_ plan: inout FixPlan) {
        var kept: [FileFix] = []
        for file in plan.files {
            if contains(file.absolutePath) {
                kept.append(file)
                continue
            }
            let target = Self.realPath(file.absolutePath) ?? file.absolutePath
            let problem = FixProblem(file: file.path, kind: .outsideRoots,
                message: "leads to \(target), outside the paths named on the command line; not changed (name that path to fix it)")
            plan.problems.append(problem)
            for edit in file.edits {
                plan.leftUnnamed.append(UnnamedSite(file: edit.file, line: edit.line, column: edit.column,
                                                    kind: edit.kind, reason: problem.leftUnnamedReason))
            }
        }
        plan.files = kept
        plan.leftUnnamed.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
