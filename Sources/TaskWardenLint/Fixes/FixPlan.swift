/// What `taskwarden fix` would do (or did) to a tree: every name it inserts, every file it changes, every
/// unnamed site it leaves alone and why, and every file it could not fix.
public struct FixPlan: Sendable {
    /// Files the fix changes, in path order, each with its old and new bytes and its edits.
    public var files: [FileFix]
    /// Unnamed sites the fix does not name, with the reason, in path order.
    public var leftUnnamed: [UnnamedSite]
    /// Files left untouched because of a problem (syntax errors, failed verification, failed write).
    public var problems: [FixProblem]

    public init(files: [FileFix] = [], leftUnnamed: [UnnamedSite] = [], problems: [FixProblem] = []) {
        self.files = files
        self.leftUnnamed = leftUnnamed
        self.problems = problems
    }

    /// Every inserted name, in path and source order.
    public var edits: [FixEdit] { files.flatMap(\.edits) }

    /// `named 12 sites in 5 files (3 left unnamed: 2 async let cannot be named; 1 addTask(name:) needs iOS 18.0 (deployment target 17.0))`;
    /// with a single reason: `named 2 sites in 1 file (1 left unnamed: async let cannot be named)`. Sites in
    /// forwarding helpers are counted together (`4 in forwarding helpers (see the notes)`): each helper's advice is
    /// in its own note.
    public var summary: String {
        let named = edits.count
        let fileCount = files.filter { !$0.edits.isEmpty }.count
        var line = "named \(counted(named, "site")) in \(counted(fileCount, "file"))"
        if !leftUnnamed.isEmpty {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for site in leftUnnamed {
                // Each forwarding helper's advice names the helper: the notes give it per site, the summary counts them.
                // So does each site left for review its proposed name.
                let reason = site.forwardingAdvice != nil ? "in forwarding helpers (see the notes)"
                    : site.proposedName != nil ? "left for review (fix --write-plan proposes names, fix --all writes them)"
                    : site.reason
                if counts[reason] == nil { order.append(reason) }
                counts[reason, default: 0] += 1
            }
            // One reason needs no count of its own: it is the total.
            let reasons = order.count == 1 ? order[0] : order.map { "\(counts[$0]!) \($0)" }.joined(separator: "; ")
            line += " (\(leftUnnamed.count) left unnamed: \(reasons))"
        }
        return line
    }
}

/// One file's fix.
public struct FileFix: Sendable {
    /// The path as reported (relative to the working directory when possible).
    public var path: String
    /// Where the file is on disk, for reading and writing.
    public var absolutePath: String
    /// The bytes the fix was computed from (the file as read).
    public var oldBytes: [UInt8]
    /// The bytes after the fix.
    public var newBytes: [UInt8]
    public var edits: [FixEdit]
    /// The insertions (offsets into `oldBytes`) that make `newBytes`, when known: the diff is then made from
    /// them and the lines they touch instead of aligning the whole file.
    public var insertions: [TextInsertion]?

    public init(
        path: String, absolutePath: String? = nil, oldBytes: [UInt8], newBytes: [UInt8], edits: [FixEdit],
        insertions: [TextInsertion]? = nil
    ) {
        self.path = path
        self.absolutePath = absolutePath ?? path
        self.oldBytes = oldBytes
        self.newBytes = newBytes
        self.edits = edits
        self.insertions = insertions
    }
}

/// One inserted name.
public struct FixEdit: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    /// The site kind (`Task.init`, `addTask`…), as in `taskwarden list`.
    public var kind: String
    public var name: String
    /// The site runs once per item; `suggestion` shows where an identity segment would go.
    public var isPerItem: Bool
    /// For per-item sites: the name with an identity segment a person could choose (`price-check:\(release.id)`).
    public var suggestion: String?
    /// Where the name came from (``TaskNaming/DerivedTaskName/provenance``); empty when not known.
    public var provenance: String
    /// The declaration the site is in (`LibraryViewModel.refresh()`).
    public var enclosing: String
    /// The first line of what the task does (``SiteBodyLine``), for a reviewer.
    public var bodyFirstLine: String
    /// The name is read whole from the code (``TaskNaming/DerivedTaskName/isConfident``); otherwise it was pieced
    /// together, and a plan marks it for a closer look.
    public var isConfident: Bool

    public init(file: String, line: Int, column: Int, kind: String, name: String, isPerItem: Bool, suggestion: String?,
                provenance: String = "", enclosing: String = "", bodyFirstLine: String = "", isConfident: Bool = true) {
        self.isConfident = isConfident
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.name = name
        self.isPerItem = isPerItem
        self.suggestion = suggestion
        self.provenance = provenance
        self.enclosing = enclosing
        self.bodyFirstLine = bodyFirstLine
    }
}

/// An unnamed site the fix leaves alone.
public struct UnnamedSite: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var kind: String
    public var reason: String
    /// For a site in a helper that only forwards its closure: what to do instead of naming it here
    /// (``TaskNaming/DerivedTaskName/forwardingAdvice``). Such a site gets a row without a name in the plan.
    public var forwardingAdvice: String?
    /// For a forwarding helper's site or one left for review: its declaration and the first line of what the task
    /// does, for the plan.
    public var enclosing: String?
    public var bodyFirstLine: String?
    /// For a site left for review (``TaskNameFixer/namesOnlyConfidentSites``): the name `fix` proposes, and where
    /// it came from.
    public var proposedName: String?
    public var provenance: String?

    public init(file: String, line: Int, column: Int, kind: String, reason: String, forwardingAdvice: String? = nil,
                enclosing: String? = nil, bodyFirstLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.reason = reason
        self.forwardingAdvice = forwardingAdvice
        self.enclosing = enclosing
        self.bodyFirstLine = bodyFirstLine
    }
}

/// A file the fix could not change.
public struct FixProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// The file has syntax errors; run with `--force` to fix it anyway.
        case syntaxErrors = "syntax-errors"
        /// The fixed text failed the re-parse check: a bug in taskwarden, the file is untouched.
        case internalError = "internal-error"
        /// The file could not be written (read-only, changed during the run, disk full…).
        case writeFailed = "write-failed"
        /// The file's real path is outside every path named on the command line (reached through a link).
        case outsideRoots = "outside-roots"
        /// The file's bytes are not those a reviewed plan was written for (`fix --plan`).
        case changedSincePlan = "changed-since-plan"
    }
    public var file: String
    public var kind: Kind
    public var message: String

    public init(file: String, kind: Kind, message: String) {
        self.file = file
        self.kind = kind
        self.message = message
    }

    /// The file has syntax errors and is left as it is (`--force` fixes it anyway).
    public static func syntaxErrors(in file: String) -> FixProblem {
        FixProblem(file: file, kind: .syntaxErrors, message: "file has syntax errors; not changed (use --force to fix it anyway)")
    }

    public var description: String { "\(file): \(kind == .internalError ? "internal error: " : "")\(message)" }

    /// What the summary says of the sites this problem left unnamed: the message's own reason (the text
    /// before its first `;`), so the summary and the file's error line never disagree.
    public var leftUnnamedReason: String {
        if kind == .internalError { return "not changed: internal error" }
        return "not changed: " + (message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message)
    }
}
