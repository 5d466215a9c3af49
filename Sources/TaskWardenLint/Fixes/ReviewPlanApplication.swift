import TaskNaming

/// Applies a reviewed ``ReviewPlan`` (`taskwarden fix --plan FILE`): exactly the plan's names, each checked
/// first, inserted as `fix` inserts its own (the same insertion, re-parse check and atomic writes).
///
/// Two kinds of trouble, handled differently:
/// - **The plan is wrong** — a row points at no site or a site that cannot take `name:` (any more), a name
///   breaks the convention, or two names clash within one program (with each other or with a name already in
///   the code): every such row is reported, naming its plan line, and nothing is written. A plan applied
///   from another folder than the one it was written in (none of its files found from here) is wrong the
///   same way: each file is "not among the files linted".
/// - **The tree moved on** — a file whose bytes no longer have the plan's SHA-256 is refused, with a message
///   naming it, and the plan's other files are still written. A file that already holds every name its rows
///   give (the plan was applied before, perhaps by an interrupted run) is reported as such and left alone.
///
/// ```swift
/// let plan = try ReviewPlan.parse(text, source: "names.plan")
/// switch ReviewPlanApplication(fixer: TaskNameFixer()).apply(plan, source: "names.plan", to: tree, unnamedTaskFindings: unnamed) {
/// case .outcome(var outcome): FixWriter().write(&outcome.plan)
/// case .planProblems(let errors): errors.forEach { print($0) }
/// }
/// ```
public struct ReviewPlanApplication: Sendable {
    public let fixer: TaskNameFixer

    public init(fixer: TaskNameFixer) {
        self.fixer = fixer
    }

    /// What applying a plan gives: the fix to write, and notes on files that already hold the plan's names.
    public struct Outcome: Sendable {
        public var plan: FixPlan
        public var notes: [String]
    }

    /// A row checked against the tree, ready to be inserted.
    private struct Accepted {
        var file: FileAnalysis
        var site: CreationSite
        var name: String
        var planLine: Int
    }

    /// The fix that applies a plan, or why the plan cannot be applied.
    public enum Applied: Sendable {
        case outcome(Outcome)
        /// Every problem found in the plan, by plan line; nothing may be written.
        case planProblems([ReviewPlanError])
    }

    /// Checks `plan` against `tree` and builds the fix that applies it. `unnamedTaskFindings` (the run's
    /// `unnamed-task` findings) say which sites of the plan's files `fix` would have named: those the plan does
    /// not name are listed as left unnamed.
    public func apply(_ plan: ReviewPlan, source: String, to tree: TreeAnalysis, unnamedTaskFindings: [Finding]) -> Applied {
        let reported = Set(unnamedTaskFindings.filter { $0.ruleID == "unnamed-task" }
            .map { SitePosition(file: $0.position.file, offset: $0.position.utf8Offset) })
        var errors: [ReviewPlanError] = []
        func error(_ line: Int, _ message: String) {
            errors.append(ReviewPlanError(source: source, line: line, message: message))
        }
        var outcome = Outcome(plan: FixPlan(), notes: [])
        var accepted: [Accepted] = []
        var unchangedFiles: [(section: ReviewPlan.File, file: FileAnalysis)] = []
        let writtenElsewhere = Self.writtenInAnotherFolder(plan, tree: tree) { fixer.readBytes(fixer.absolute($0)) != nil }

        for section in plan.files {
            let absolute = fixer.absolute(section.path)
            guard let file = tree.file(section.path) else {
                if !writtenElsewhere, fixer.readBytes(absolute) == nil {
                    refuse(section, "no longer exists or cannot be read", into: &outcome.plan)
                } else {
                    error(section.planLine, "\(PlanString.quoted(section.path)) is not among the files linted; run fix --plan from the folder the plan was written in, with the same paths")
                }
                continue
            }
            guard let bytes = fixer.readBytes(absolute), SHA256.hex(bytes) == section.sha256 else {
                if holdsEveryName(of: section, file) {
                    let count = section.rows.filter { $0.name != nil }.count
                    outcome.notes.append("\(section.path): already holds the \(count == 1 ? "name" : "\(count) names") the plan gives it; not changed")
                } else {
                    refuse(section, "changed since the plan was written (plan line \(section.planLine)); not changed (write the plan again for this file)",
                           into: &outcome.plan)
                }
                continue
            }
            if file.hasSyntaxErrors && !fixer.force {
                outcome.plan.problems.append(FixProblem.syntaxErrors(in: file.path))
                continue
            }
            unchangedFiles.append((section, file))
            let sites = Dictionary(file.sites.map { ("\($0.position.line):\($0.position.column)", $0) }, uniquingKeysWith: { first, _ in first })
            for row in section.rows {
                guard let site = sites["\(row.line):\(row.column)"] else {
                    error(row.planLine, "no task creation site at \(section.path):\(row.line):\(row.column)")
                    continue
                }
                guard site.kind.rawValue == row.kind else {
                    error(row.planLine, "the site at \(section.path):\(row.line):\(row.column) is \(site.kind.rawValue), not \(row.kind)")
                    continue
                }
                guard let name = row.name else { continue }
                if let reason = cannotTakeName(site, in: file) {
                    error(row.planLine, "the \(site.kind.rawValue) at \(section.path):\(row.line):\(row.column) \(reason)")
                    continue
                }
                let problems = TaskNameConvention.problems(in: TaskNameTemplate(literal: name),
                                                           maximumLength: file.configuration.naming.maxLength)
                if !problems.isEmpty {
                    error(row.planLine, "\(PlanString.quoted(name)) breaks the naming convention: " + problems.map(\.description).joined(separator: "; "))
                    continue
                }
                accepted.append(Accepted(file: file, site: site, name: name, planLine: row.planLine))
            }
        }
        errors += clashes(accepted, tree: tree, source: source)
        guard errors.isEmpty else {
            return .planProblems(errors.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        insert(accepted, unchangedFiles, reported: reported, into: &outcome.plan)
        outcome.plan.leftUnnamed.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return .outcome(outcome)
    }

    /// Whether the plan's paths do not lead to its files from the folder `fix` runs in: none of its files is
    /// among the files linted or on disk, and no folder of theirs holds a file the run linted. Then every file
    /// would be reported deleted, when the plan was only applied from the wrong folder (its paths are
    /// relative to the folder it was written in). A file deleted since the plan was written leaves something
    /// behind — the plan's other files, or the other files of its folder — and is refused on its own.
    static func writtenInAnotherFolder(_ plan: ReviewPlan, tree: TreeAnalysis, exists: (String) -> Bool) -> Bool {
        guard !plan.files.isEmpty else { return false }
        if plan.files.contains(where: { tree.file($0.path) != nil || exists($0.path) }) { return false }
        let lintedFolders = Set(tree.files.map { folder(of: $0.path) })
        return !plan.files.contains { lintedFolders.contains(folder(of: $0.path)) }
    }

    /// The folder part of a relative or absolute path (`Sources/App` for `./Sources/App/Shelf.swift`, empty
    /// for a file in the working folder), leading `./` dropped so both spellings compare alike.
    static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Why `site` cannot be given a `name:` argument here, or nil.
    private func cannotTakeName(_ site: CreationSite, in file: FileAnalysis) -> String? {
        if site.name != .none { return "is already named" }
        if case .unavailable(let reason) = site.nameAvailability { return "cannot take name: (\(reason))" }
        if case .notApplicable = site.nameAvailability { return "cannot be named" }
        guard let call = site.call else { return "cannot be named" }
        if call.arguments.contains(where: { $0.label?.text == "name" }) { return "passes name: already (replace it by hand)" }
        return nil
    }

    /// Plan names that another name in the same program already has: an earlier row, or a site in the code.
    private func clashes(_ accepted: [Accepted], tree: TreeAnalysis, source: String) -> [ReviewPlanError] {
        var errors: [ReviewPlanError] = []
        var earlier: [String: [Accepted]] = [:]
        let scope = tree.programScope
        for row in accepted {
            let path = row.file.path
            if let other = earlier[row.name]?.first(where: { scope.shareProgram($0.file.path, path) }) {
                errors.append(ReviewPlanError(source: source, line: row.planLine,
                    message: "\(PlanString.quoted(row.name)) is also the name on line \(other.planLine), in the same program; names are unique within a program"))
            } else if let existing = tree.records(named: row.name).first(where: { scope.shareProgram($0.position.file, path) }) {
                errors.append(ReviewPlanError(source: source, line: row.planLine,
                    message: "\(PlanString.quoted(row.name)) is already the name of the task at \(existing.position.file):\(existing.position.line):\(existing.position.column), in the same program; names are unique within a program"))
            }
            earlier[row.name, default: []].append(row)
        }
        return errors
    }

    /// Inserts the accepted names file by file (on all cores), and lists the plan files' other nameable
    /// sites as left unnamed.
    private func insert(_ accepted: [Accepted], _ files: [(section: ReviewPlan.File, file: FileAnalysis)], reported: Set<SitePosition>,
                        into plan: inout FixPlan) {
        var byFile: [String: [Accepted]] = [:]
        for row in accepted { byFile[row.file.path, default: []].append(row) }
        let work = files.compactMap { entry -> (ReviewPlan.File, FileAnalysis, [Accepted])? in
            guard let rows = byFile[entry.file.path] else { return nil }
            return (entry.section, entry.file, rows)
        }
        let fixer = fixer
        let results = ParallelMap.map(work, parallel: fixer.parallel) { job -> Result<FileFix, FixProblem> in
            let (section, file, rows) = job
            let derivation = TaskNameDerivation(maxLength: file.configuration.naming.maxLength)
            let entries = rows.compactMap { row -> (TaskNameFixer.PendingSite, String)? in
                guard let call = row.site.call else { return nil }
                let context = SiteNamingContext.context(for: call, fileName: file.path)
                var derived = derivation.derive(context)
                derived.provenance = "the plan"
                return (TaskNameFixer.PendingSite(site: row.site, derived: derived,
                                                  suggestionIdentity: context.isPerItem ? SiteNamingContext.itemIdentity(around: call) : nil), row.name)
            }
            let result = fixer.fix(file, entries)
            // The bytes the names were inserted into must be the very bytes the plan was written for.
            if case .success(let fileFix) = result, SHA256.hex(fileFix.oldBytes) != section.sha256 {
                return .failure(FixProblem(file: file.path, kind: .changedSincePlan,
                    message: "changed since the plan was written (plan line \(section.planLine)); not changed (write the plan again for this file)"))
            }
            return result
        }
        for ((_, file, rows), result) in zip(work, results) {
            switch result {
            case .success(let fileFix): plan.files.append(fileFix)
            case .failure(let problem):
                plan.problems.append(problem)
                for row in rows { plan.leftUnnamed.append(unnamed(row.site, reason: problem.leftUnnamedReason, in: file)) }
            }
        }
        // The sites of the plan's files that fix would name and the plan leaves unnamed (rows deleted or marked -).
        let named = Set(accepted.map { SitePosition($0.site) })
        for (_, file) in files where !plan.problems.contains(where: { $0.file == file.path }) {
            for site in file.sites where reported.contains(SitePosition(site)) && !named.contains(SitePosition(site)) {
                plan.leftUnnamed.append(unnamed(site, reason: "not named in the plan", in: file))
            }
        }
    }

    /// Refuses a plan file section: a problem naming the file, its named rows left unnamed.
    private func refuse(_ section: ReviewPlan.File, _ message: String, into plan: inout FixPlan) {
        let problem = FixProblem(file: section.path, kind: .changedSincePlan, message: message)
        plan.problems.append(problem)
        for row in section.rows where row.name != nil {
            plan.leftUnnamed.append(UnnamedSite(file: section.path, line: row.line, column: row.column, kind: row.kind,
                                                reason: problem.leftUnnamedReason))
        }
    }

    /// Whether every named row of `section` has its name at a site of its kind in `file` (positions may have
    /// moved: the names themselves moved the columns, or a line was added above).
    private func holdsEveryName(of section: ReviewPlan.File, _ file: FileAnalysis) -> Bool {
        let rows = section.rows.filter { $0.name != nil }
        guard !rows.isEmpty else { return false }
        var present: [String: Int] = [:]
        for site in file.sites {
            if case .literal(let text) = site.name { present["\(site.kind.rawValue) \(text)", default: 0] += 1 }
        }
        return rows.allSatisfy { row in
            let key = "\(row.kind) \(row.name!)"
            guard let count = present[key], count > 0 else { return false }
            present[key] = count - 1
            return true
        }
    }

    private func unnamed(_ site: CreationSite, reason: String, in file: FileAnalysis) -> UnnamedSite {
        UnnamedSite(file: file.path, line: site.position.line, column: site.position.column, kind: site.kind.rawValue, reason: reason)
    }
}
