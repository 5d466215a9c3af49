import Foundation

/// Runs the lint pipeline (``run(_:)``: collect → read → scan → plan → parse → discover → tree analysis → rules →
/// report) over files on disk, or its stages from plan on over sources in memory (``run(sources:configuration:)``,
/// used by rule examples and tests).
///
/// ```swift
/// let result = LintEngine().run(LintRequest(paths: ["Sources"]))
/// for finding in result.findings { print(finding.message) }
/// ```
/// There is no cancellation: a run reads, parses and checks every file it is given, then returns.
public struct LintEngine: Sendable {
    public var rules: [any Rule]
    /// Parse and analyse files on all cores (default), or on the calling thread only.
    public var parallel: Bool
    /// Parse every file whole instead of only the declarations that can hold a site (``ParsePlan``):
    /// `--whole-file`, for comparison; the output is the same either way.
    public var wholeFile: Bool
    /// What readers other than site discovery and the rules read (``SyntaxReads``): `fix` adds its naming's
    /// (``SiteNamingContext/reads``), so sub-file parsing keeps what names a task.
    public var additionalReads: [SyntaxReads]
    /// nil (default): every rule runs. Otherwise the run keeps only these rules (by id) and those some
    /// configuration of the run makes errors; the others are neither run nor parsed for. For a command whose
    /// findings only name sites and decide its exit status, as `fix` without `--strict` (an error fails it):
    /// what it reports is that of a run of every rule.
    public var rulesKeptBesidesErrors: Set<String>?

    /// How this engine's sub-file parsing reads a file, for a run whose files have `configurations`: what a
    /// rule reads is kept only when one of them turns that rule on.
    func parsePlanOptions(for configurations: [LintConfiguration]) -> ParsePlan.Options {
        let options = ParsePlan.Options(rules: rules, additionalReads: additionalReads, wholeFile: wholeFile)
        let enabled = rules.filter { rule in configurations.contains { $0.severity(for: rule.description) != nil } }
        return options.keeping(for: enabled, additionalReads: additionalReads)
    }

    public init(rules: [any Rule] = RuleRegistry.all, parallel: Bool = true, wholeFile: Bool = false,
                additionalReads: [SyntaxReads] = []) {
        self.rules = rules
        self.parallel = parallel
        self.wholeFile = wholeFile
        self.additionalReads = additionalReads
    }

    /// Lints sources held in memory (path → text); `Info.plist` paths become property lists.
    public func run(sources: [(path: String, text: String)], configuration: LintConfiguration = LintConfiguration()) -> LintResult {
        let swift = sources.filter { $0.path.hasSuffix(".swift") }
        let plists = sources.filter { $0.path.hasSuffix(".plist") }.map { PropertyListFile(path: $0.path, contents: $0.text) }
        // The same plan as for files on disk, minus the byte scan's skip (every source given is analysed).
        let options = parsePlanOptions(for: [configuration])
        let places = swift.map { FileStages.Place(display: $0.path, configuration: configuration, targets: nil) }
        var outcomes = ParallelMap.map(Array(zip(swift, places)), parallel: parallel) { source, place -> FileStages.Outcome in
            var outcome = FileStages.Outcome()
            outcome.bytes = source.text.utf8.count
            let bytes = Array(source.text.utf8)
            outcome.declaresEntryPoint = ProgramEntryPoint.declaresEntryPoint(bytes)
            FileStages.planParseAndDiscover(text: source.text, bytes: bytes, place: place, options: options, into: &outcome)
            return outcome
        }
        FileStages.resolveFunctionReach(&outcomes, reachKnown: true, parallel: parallel) { places[$0] }
        var statistics = LintStatistics()
        var problems: [InputProblem] = []
        for outcome in outcomes {
            statistics.add(outcome)
            problems += outcome.problems
        }
        let scope = ProgramScope(
            paths: swift.map(\.path), entryPoints: Set(swift.indices.filter { outcomes[$0].declaresEntryPoint }.map { swift[$0].path }),
            extensionPropertyLists: plists.filter { ProgramEntryPoint.isExtensionPropertyList($0.contents) }.map(\.path))
        let unparsed = UnparsedConstants(files: swift.indices.compactMap { index in
            outcomes[index].analysis == nil && outcomes[index].problems.isEmpty ? .text(path: swift[index].path, swift[index].text) : nil
        })
        let tree = TreeAnalysis(entries: outcomes.compactMap { $0.analysis.map(TreeAnalysis.Entry.parsed) }, propertyLists: plists,
                                roots: [], programScope: scope, reusedBackgroundFindings: nil, unparsed: unparsed)
        statistics.sites = tree.records.count
        return LintResult(tree: tree, findings: findings(in: tree), problems: problems, statistics: statistics)
    }

    /// Runs every enabled rule over the tree, applying each file's severity settings and suppression comments.
    /// Findings come back sorted by file, line, column and rule.
    public func findings(in tree: TreeAnalysis) -> [Finding] { evaluate(tree).findings }

    /// The findings, each parsed file's raw per-file findings (before severity and suppression, aligned with
    /// `tree.files`), which the results cache records, and the raw tree-wide findings of the rules that read
    /// whole files (the background rules), which it records per tree. Files served from the cache bring their
    /// recorded ones; a tree whose background findings were reused does not run those rules.
    func evaluate(_ tree: TreeAnalysis) -> (findings: [Finding], perFile: [[Finding]], background: [Finding]) {
        let perFile = ParallelMap.map(tree.files, parallel: parallel) { file -> [Finding] in
            rules.flatMap { rule -> [Finding] in
                guard file.configuration.severity(for: rule.description) != nil else { return [] }
                return rule.findings(in: file, tree: tree)
            }
        }
        var all = perFile.flatMap { $0 }
        for file in tree.cachedFiles { all += file.facts.findings }
        var background: [Finding] = []
        for rule in rules {
            // A rule reading a tree-wide function index: its findings are recorded (and reused) per tree.
            let readsIndex = rule.description.reads.functionIndex != nil
            if readsIndex, tree.reusedBackgroundFindings != nil { continue }
            let found = rule.findings(in: tree)
            all += found
            if readsIndex { background += found }
        }
        if let reused = tree.reusedBackgroundFindings { all += reused }
        let descriptions = Dictionary(rules.map { ($0.description.id, $0.description) }, uniquingKeysWith: { first, _ in first })
        var kept: [Finding] = []
        for var finding in all {
            guard let description = descriptions[finding.ruleID] else { continue }
            let settings = tree.settings(of: finding.position.file)
            let configuration = settings?.configuration ?? LintConfiguration()
            guard let severity = configuration.severity(for: description) else { continue }
            if settings?.suppressions.suppresses(rule: finding.ruleID, line: finding.position.line) == true { continue }
            finding.severity = severity
            kept.append(finding)
        }
        // The message breaks ties: one rule can report twice at one position (task-label-collision builds its
        // findings from a dictionary), and output must not change between runs of the same input.
        let sorted = kept.sorted { ($0.position, $0.ruleID, $0.message) < ($1.position, $1.ruleID, $1.message) }
        return (sorted, perFile, background)
    }
}

/// What a run produced.
public struct LintResult: Sendable {
    public var tree: TreeAnalysis
    public var findings: [Finding]
    /// Input problems, in the order found; the run went on past each of them.
    public var problems: [InputProblem]
    public var statistics: LintStatistics

    public init(tree: TreeAnalysis, findings: [Finding], problems: [InputProblem], statistics: LintStatistics) {
        self.tree = tree
        self.findings = findings
        self.problems = problems
        self.statistics = statistics
    }
}
