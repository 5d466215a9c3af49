/// The names `taskwarden fix` proposes, as a text file a person reviews before anything is written
/// (`fix --write-plan FILE`), edits in any editor, and applies (`fix --plan FILE`).
///
/// One task creation site a line, under the file it is in; files in path order, sites in source order, so a
/// plan diffs well in review and two plans of one tree differ only where the tree does:
///
/// ```text
/// # taskwarden fix plan, format 1
/// # …how to review it…
///
/// file "Sources/Library.swift" sha256 5e2bf57d3f40c4b6df69daa1936cb766f832374b4fc0259a7cbff06e2f70f269
///   3:9 Task.init "library-refresh"  # does: await fetchAlbums() · in: LibraryViewModel.refresh()
///   8:25 addTask "library-prices"  # per item · does: await check(release) · in: LibraryViewModel.prices(_:)
///   14:9 Task.init -  # forwarding helper: … · does: await work() · in: Pool.run(_:)
/// ```
///
/// A row is `LINE:COLUMN KIND NAME`, then optionally `#` and a note for the reviewer (ignored when the plan
/// is applied). `NAME` is a quoted string (JSON escapes) or `-` for "leave this site unnamed", exactly as
/// deleting the row does. The file line carries the SHA-256 of the file's bytes when the plan was written:
/// a file that changed since is refused when the plan is applied, since its lines and columns may no longer
/// point at the same sites.
///
/// ```swift
/// let plan = try ReviewPlan.parse(text, source: "names.plan")
/// plan.files[0].rows[0].name // "library-refresh"
/// print(plan.text)            // the same plan, as written
/// ```
public struct ReviewPlan: Sendable, Equatable {
    /// The format this version writes and reads (the header line says it).
    public static let format = 1
    /// The first line of every plan.
    public static let headerLine = "# taskwarden fix plan, format \(format)"

    /// One file's section: its path as `fix` reports it (relative to the folder `fix` ran in), the SHA-256 of
    /// its bytes when the plan was written, and its rows.
    public struct File: Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var rows: [Row]
        /// The plan line of the `file` line (1-based; 0 for a plan built in memory).
        public var planLine: Int

        public init(path: String, sha256: String, rows: [Row], planLine: Int = 0) {
            self.path = path
            self.sha256 = sha256
            self.rows = rows
            self.planLine = planLine
        }
    }

    /// One site: where it is, its kind (`Task.init`, `addTask` …, as `taskwarden list` prints it), the name to
    /// give it (nil: leave it unnamed), and a note for the reviewer.
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var kind: String
        public var name: String?
        public var note: String
        /// The plan line of the row (1-based; 0 for a plan built in memory).
        public var planLine: Int

        public init(line: Int, column: Int, kind: String, name: String?, note: String = "", planLine: Int = 0) {
            self.line = line
            self.column = column
            self.kind = kind
            self.name = name
            self.note = note
            self.planLine = planLine
        }
    }

    public var files: [File]

    public init(files: [File]) {
        self.files = files
    }

    /// How to review a plan, written under the header of every plan.
    static let instructions = [
        "#",
        "# One task creation site a line, under the file it is in. To review:",
        "#   - edit a name between its quotes (lowercase kebab-case, unique within its program);",
        "#   - delete a line, or write - instead of the quoted name, to leave that site unnamed;",
        "#   - the text after # on a line is a note and is ignored.",
        "# Then, from the folder this plan was written in:   taskwarden fix --plan PLAN [PATH…]",
        "# Only these names are inserted, each checked first. A file that changed since this plan was written",
        "# (its sha256 below no longer matches) is refused: write the plan again for it.",
    ]

    /// The plan as text: the header, the instructions, then one section per file, in path order.
    public var text: String {
        var lines = [Self.headerLine] + Self.instructions
        for file in files.sorted(by: { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }) {
            lines.append("")
            lines.append("file \(PlanString.quoted(file.path)) sha256 \(file.sha256)")
            for row in file.rows.sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }) {
                var line = "  \(row.line):\(row.column) \(row.kind) \(row.name.map(PlanString.quoted) ?? "-")"
                if !row.note.isEmpty { line += "  # " + OutputLine.escaped(row.note) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every row that names its site.
    public var namedRows: [(file: File, row: Row)] {
        files.flatMap { file in file.rows.filter { $0.name != nil }.map { (file, $0) } }
    }
}

/// A plan that cannot be read or applied, naming the plan file and the line.
public struct ReviewPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plan file as named on the command line.
    public var source: String
    /// 1-based; nil when the problem is with the whole file.
    public var line: Int?
    public var message: String

    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String {
        OutputLine.escaped("\(source)\(line.map { ":\($0)" } ?? ""): error: \(message)")
    }
}
