import SwiftSyntax
import TaskNaming

/// Plans `taskwarden fix`: a name for every site `unnamed-task` reports, unique across the tree, inserted
/// where the API wants it, each changed file proven by re-parsing; with ``namesOnlyConfidentSites``, only the
/// names read whole from the code are inserted and the rest are listed with their proposed names. Planning reads
/// and writes nothing; see ``FixWriter`` for the writing.
///
/// ```swift
/// let tree = TreeAnalysis(files: files)
/// let unnamed = findings.filter { $0.ruleID == "unnamed-task" }
/// let plan = TaskNameFixer().plan(tree, unnamedTaskFindings: unnamed)
/// print(plan.summary)  // named 12 sites in 5 files (2 left unnamed: …)
/// ```
public struct TaskNameFixer: Sendable {
    /// Fix files with syntax errors too (their sites are found as far as the parser recovers).
    public var force: Bool
    /// The directory the files' reported paths are relative to.
    public var workingDirectory: String
    /// Reads a file's bytes as they are on disk now (given its absolute path); nil when unreadable. Injected
    /// by tests.
    public var readBytes: @Sendable (String) -> [UInt8]?
    /// Verify and build files on all cores.
    public var parallel: Bool
    /// Name only the sites whose name is read whole from the code (``TaskNaming/DerivedTaskName/isConfident``);
    /// leave the others unnamed, each with the name proposed for it (``UnnamedSite/proposedName``), for a person
    /// to review. `taskwarden fix` does this unless given `--all`; its plan (`--write-plan`) proposes every name.
    public var namesOnlyConfidentSites: Bool

    /// Why a site whose name would be pieced together is left unnamed by ``namesOnlyConfidentSites``.
    public static let reviewReason = "name to review (fix --write-plan proposes it, fix --all writes it)"

    public init(
        force: Bool = false, workingDirectory: String = ".", parallel: Bool = true, namesOnlyConfidentSites: Bool = false,
        readBytes: @escaping @Sendable (String) -> [UInt8]? = AtomicSourceWriter.readBytes
    ) {
        self.namesOnlyConfidentSites = namesOnlyConfidentSites
        self.force = force
        self.workingDirectory = workingDirectory
        self.parallel = parallel
        self.readBytes = readBytes
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") || workingDirectory == "." ? path : workingDirectory + "/" + path
    }

    struct PendingSite: Sendable {
        var site: CreationSite
        var derived: DerivedTaskName
        var suggestionIdentity: String?
    }

    /// What naming says of one site, before uniqueness.
    struct SiteNaming: Sendable {
        /// nil when the call already has a `name:` argument (`name: nil`): nothing is derived for it.
        var derived: DerivedTaskName?
        var suggestionIdentity: String?
    }

    /// Each site's derived name, in the order of `file.sites`: for a site named by a literal (is the name one
    /// `fix` derives?) and for an unnamed site `fix` may name; nil for the rest.
    static func derivedNames(in file: FileAnalysis, reported: Set<SitePosition>, skipFile: Bool) -> [SiteNaming?] {
        let derivation = TaskNameDerivation(maxLength: file.configuration.naming.maxLength)
        return file.sites.map { site -> SiteNaming? in
            guard let call = site.call else { return nil }
            if case .literal = site.name {
                return SiteNaming(derived: derivation.derive(SiteNamingContext.context(for: call, fileName: file.path)))
            }
            guard site.name == .none, reported.contains(SitePosition(site)), !skipFile else { return nil }
            if call.arguments.contains(where: { $0.label?.text == "name" }) {
                return SiteNaming(derived: nil)
            }
            let context = SiteNamingContext.context(for: call, fileName: file.path)
            let derived = derivation.derive(context)
            let identity = derived.forwardingAdvice == nil && context.isPerItem ? SiteNamingContext.itemIdentity(around: call) : nil
            return SiteNaming(derived: derived, suggestionIdentity: identity)
        }
    }

    public func plan(_ tree: TreeAnalysis, unnamedTaskFindings: [Finding]) -> FixPlan {
        var plan = FixPlan()
        let reported = Set(unnamedTaskFindings.filter { $0.ruleID == "unnamed-task" }
            .map { SitePosition(file: $0.position.file, offset: $0.position.utf8Offset) })

        // 1. Which sites get a name, and what each would like to be called.
        var pending: [PendingSite] = []
        var existing: [(name: String, path: String)] = []
        // Sites already named with a name `fix` itself derives for them (written by an earlier, perhaps
        // interrupted, run): re-derived with the rest, so the outcome does not depend on what was written first.
        var ownNamed: [(derived: DerivedTaskName, current: String, path: String)] = []
        var seenFiles: Set<String> = []
        // Reading each site's surroundings and deriving its name depends on the site alone: done for every file
        // on all cores first, then used in file order below.
        let force = force
        let namings = ParallelMap.map(tree.files, parallel: parallel) { file in
            Self.derivedNames(in: file, reported: reported, skipFile: file.hasSyntaxErrors && !force)
        }
        for (file, naming) in zip(tree.files, namings) {
            // A path given twice (or two paths to one file through a link) is fixed once.
            guard seenFiles.insert(AtomicSourceWriter.resolved(absolute(file.path))).inserted else { continue }
            let skipFile = file.hasSyntaxErrors && !force
            if skipFile, file.sites.contains(where: { reported.contains(SitePosition($0)) }) {
                plan.problems.append(FixProblem.syntaxErrors(in: file.path))
            }
            for (site, named) in zip(file.sites, naming) {
                if case .literal(let text) = site.name, let derived = named?.derived,
                   TaskNameUniqueness.isOwnCandidate(text, of: derived) {
                    ownNamed.append((derived, text, file.path))
                    continue
                }
                if let key = site.name.duplicateKey { existing.append((key, file.path)) }
                guard site.name == .none else { continue }
                guard reported.contains(SitePosition(site)), site.call != nil, !skipFile, let named else {
                    plan.leftUnnamed.append(unnamed(site, reason: reasonLeftUnnamed(site, in: file, skipped: skipFile)))
                    continue
                }
                guard let derived = named.derived else {
                    // `name: nil` counts as unnamed, but replacing an argument is not an insertion.
                    plan.leftUnnamed.append(unnamed(site, reason: "passes name: nil (replace it by hand)"))
                    continue
                }
                if let advice = derived.forwardingAdvice {
                    // One fixed name here would label every caller's work alike: the helper should take a name.
                    var left = unnamed(site, reason: "forwarding helper: \(advice)")
                    left.forwardingAdvice = advice
                    left.enclosing = site.enclosingDeclaration
                    left.bodyFirstLine = SiteBodyLine.firstLine(of: site)
                    plan.leftUnnamed.append(left)
                    continue
                }
                pending.append(PendingSite(site: site, derived: derived, suggestionIdentity: named.suggestionIdentity))
            }
        }

        // 2. Unique names within each program, stepping around the names already there.
        let names = uniqueNames(pending.map { ($0.derived, $0.site.position.file) }, ownNamed: ownNamed,
                                existing: existing, scope: tree.programScope)

        // 3. Per file: insert, re-parse, keep only what verifies.
        var byFile: [String: [(PendingSite, String)]] = [:]
        for (entry, name) in zip(pending, names) {
            // A clash's distinguishing words or number are pieced together too.
            if namesOnlyConfidentSites, !entry.derived.isConfident(as: name) {
                var left = unnamed(entry.site, reason: Self.reviewReason)
                left.proposedName = name
                left.provenance = entry.derived.provenance(of: name)
                left.enclosing = entry.site.enclosingDeclaration
                left.bodyFirstLine = SiteBodyLine.firstLine(of: entry.site)
                plan.leftUnnamed.append(left)
                continue
            }
            byFile[entry.site.position.file, default: []].append((entry, name))
        }
        var fixedFiles: Set<String> = []
        let work = tree.files.compactMap { file -> (FileAnalysis, [(PendingSite, String)])? in
            guard let entries = byFile[file.path], !entries.isEmpty, fixedFiles.insert(file.path).inserted else { return nil }
            return (file, entries)
        }
        let skeletons = FixVerification.SkeletonShapes()
        let outcomes = ParallelMap.map(work, parallel: parallel) { fix($0.0, $0.1, skeletons: skeletons) }
        for ((_, entries), outcome) in zip(work, outcomes) {
            switch outcome {
            case .success(let fileFix): plan.files.append(fileFix)
            case .failure(let problem):
                plan.problems.append(problem)
                for (entry, _) in entries {
                    plan.leftUnnamed.append(unnamed(entry.site, reason: problem.leftUnnamedReason))
                }
            }
        }
        plan.leftUnnamed.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return plan
    }

    /// Names for `requests` (derived name, file), unique among sites that can be linked into one program.
    /// Sites `fix` named before (`ownNamed`) take part as if unnamed, so that a run after an interrupted one
    /// plans what the uninterrupted run planned; one whose name would now differ keeps it (names are never
    /// rewritten) and the others step around it.
    func uniqueNames(
        _ requests: [(derived: DerivedTaskName, path: String)],
        ownNamed: [(derived: DerivedTaskName, current: String, path: String)],
        existing: [(name: String, path: String)], scope: ProgramScope
    ) -> [String] {
        // Files placed alike form one scope; scopes are compared once each.
        var scopeOfPlacement: [String: Int] = [:]
        var representative: [String] = []
        func scopeNumber(_ path: String) -> Int {
            let placement = scope.placement(of: path)
            if let known = scopeOfPlacement[placement] { return known }
            scopeOfPlacement[placement] = representative.count
            representative.append(path)
            return representative.count - 1
        }
        var fixedNames = existing.map { ($0.name, scopeNumber($0.path)) }
        var own = ownNamed.map { ($0.derived, $0.current, scopeNumber($0.path)) }
        let requestScopes = requests.map { scopeNumber($0.path) }
        var shares: [[Bool?]] = Array(repeating: Array(repeating: nil, count: representative.count), count: representative.count)
        func share(_ a: Int, _ b: Int) -> Bool {
            if a == b { return true }
            if let known = shares[a][b] { return known }
            let result = scope.shareProgram(representative[a], representative[b])
            shares[a][b] = result
            shares[b][a] = result
            return result
        }
        while true {
            let names = TaskNameUniqueness.assign(
                own.map(\.0) + requests.map(\.derived), scopes: own.map(\.2) + requestScopes,
                existing: fixedNames, share: share)
            let moved = own.indices.filter { names[$0] != own[$0].1 }
            if moved.isEmpty { return Array(names.dropFirst(own.count)) }
            for index in moved { fixedNames.append((own[index].1, own[index].2)) }
            own = own.indices.filter { !moved.contains($0) }.map { own[$0] }
        }
    }

    func fix(
        _ file: FileAnalysis, _ entries: [(PendingSite, String)], skeletons: FixVerification.SkeletonShapes? = nil
    ) -> Result<FileFix, FixProblem> {
        guard let diskBytes = readBytes(absolute(file.path)) else {
            return .failure(FixProblem(file: file.path, kind: .writeFailed, message: "cannot read file; not changed"))
        }
        // The tree's offsets are into the text that was parsed; a byte-order mark on disk shifts them.
        let sourceBytes = Array(file.source.utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let shift: Int
        if FixVerification.sameBytes(diskBytes[...], sourceBytes) {
            shift = 0
        } else if diskBytes.starts(with: bom), FixVerification.sameBytes(diskBytes.dropFirst(3), sourceBytes) {
            shift = 3
        } else {
            return .failure(FixProblem(file: file.path, kind: .writeFailed,
                message: "file changed while taskwarden was running; not changed (run fix again)"))
        }

        var insertions: [TextInsertion] = []
        var edits: [FixEdit] = []
        for (entry, name) in entries {
            guard let call = entry.site.call,
                  let insertion = NameInsertion.insertion(naming: call, as: name, after: insertionAnchors(entry.site))
            else { continue }
            insertions.append(insertion)
            edits.append(FixEdit(
                file: file.path, line: entry.site.position.line, column: entry.site.position.column,
                kind: entry.site.kind.rawValue, name: name, isPerItem: entry.derived.isPerItem,
                suggestion: entry.suggestionIdentity.map { "\(name):\\(\($0))" },
                provenance: entry.derived.provenance(of: name), enclosing: entry.site.enclosingDeclaration,
                bodyFirstLine: SiteBodyLine.firstLine(of: entry.site),
                isConfident: entry.derived.isConfident(as: name)))
        }
        let newSource = TextInsertion.apply(insertions, to: sourceBytes)
        if case .rejected(let reason) = FixVerification.verify(
            old: file.tree, oldBytes: sourceBytes, oldIsMasked: file.isMasked, newBytes: newSource, insertions: insertions,
            skeletons: skeletons) {
            return .failure(FixProblem(file: file.path, kind: .internalError,
                message: "\(reason); not changed (please report this with the file)"))
        }
        return .success(FileFix(path: file.path, absolutePath: absolute(file.path), oldBytes: diskBytes,
                                newBytes: Array(diskBytes.prefix(shift)) + newSource, edits: edits,
                                insertions: insertions.map { TextInsertion(offset: $0.offset + shift, text: $0.text) }))
    }

    /// Argument labels the name goes after: SwiftUI's `.task(id:name:…)` keeps `id` first.
    func insertionAnchors(_ site: CreationSite) -> Set<String> {
        site.kind == .swiftUITask ? ["id"] : []
    }

    func unnamed(_ site: CreationSite, reason: String) -> UnnamedSite {
        UnnamedSite(file: site.position.file, line: site.position.line, column: site.position.column,
                    kind: site.kind.rawValue, reason: reason)
    }

    func reasonLeftUnnamed(_ site: CreationSite, in file: FileAnalysis, skipped: Bool) -> String {
        if site.kind == .swiftUITask, file.configuration.naming.exemptSwiftUITask {
            return "SwiftUI .task names itself (exempt)"
        }
        switch site.nameAvailability {
        case .notApplicable:
            return "\(site.kind.rawValue) cannot be named"
        case .unavailable(let reason):
            return reason
        case .available:
            if skipped { return "in a file with syntax errors" }
            return "unnamed-task is off or suppressed here"
        }
    }
}

/// A site's identity for matching findings: file and UTF-8 offset of its position.
struct SitePosition: Hashable {
    var file: String
    var offset: Int

    init(file: String, offset: Int) {
        self.file = file
        self.offset = offset
    }

    init(_ site: CreationSite) {
        self.init(file: site.position.file, offset: site.position.utf8Offset)
    }
}
