import Foundation

/// The lint pipeline, in one place. A run on disk goes through these stages, in this order:
///
/// 1. **collect** — the Swift files and property lists under the paths, each Swift file with the configuration of
///    its folder, the nearest `.taskwarden.json` above it or `--config` (``collect(_:)``; `Input/`, `Configuration/`);
/// 2. **read** — each file's bytes, checked for encoding (``FileStages/read(_:into:)``);
/// 3. **scan** — the byte scan: a file holding no creation token, nor a file token a rule declares, is not parsed
///    (``CreationTokenScanner``); the results cache serves the files it knows (`Cache/`);
/// 4. **plan** — how much of the file the parser reads (``ParsePlan``: a masked copy keeping what the readers
///    declare they read, ``SyntaxReads``); the files a function index reads are planned once all are read
///    (``FileStages/resolveFunctionReach(_:reachKnown:parallel:places:)``);
/// 5. **parse** — SwiftParser on the masked copy or the whole file;
/// 6. **discover** — the creation sites and suppression comments (``FileAnalysis``, ``CreationSiteDiscovery``);
/// 7. **tree analysis** — the programs files belong to, `Task` types shadowing sites across files, the background
///    rules' facts: one ``TreeAnalysis`` for the run (``analyseTree(_:_:)``);
/// 8. **rules** — every enabled rule over the tree, with each file's severities and suppressions (``evaluate(_:)``);
/// 9. **report** — the ``LintResult``, which a reporter prints (`Reporting/`).
///
/// Stages 2 to 6 run per file on all cores; program discovery reads the manifests alongside them.
///
/// ```swift
/// let result = LintEngine().run(LintRequest(paths: ["Sources"]))
/// print(JSONReporter().report(result))
/// ```
extension LintEngine {
    /// Lints files on disk, stage by stage (see the list above).
    public func run(_ request: LintRequest) -> LintResult {
        let input = collect(request)
        let options = parsePlanOptions(for: input.configurations)
        let session = request.cacheDirectory.map { CacheSession(cache: ResultsCache(root: $0), rules: rules) }
        var run = analyseFiles(input, options: options, cache: session)
        run.resolveFunctionReach(input, parallel: parallel)
        if let session { run.reconcile(with: session, input: input, options: options) }
        let tree = analyseTree(input, run)
        let (findings, perFile, backgroundFindings) = evaluate(tree)
        if let session { run.store(tree: tree, perFile: perFile, background: backgroundFindings, session: session, parallel: parallel) }
        return LintResult(tree: tree, findings: findings, problems: run.problems(input), statistics: run.statistics(tree))
    }

    // MARK: 1. collect

    /// What a run lints: the Swift files and property lists under the request's paths, and the problems met
    /// finding them.
    struct Input {
        var found: SourceFileCollector.Found
        var paths: [String]
        var workingDirectory: String
        var propertyLists: [PropertyListFile]

        var files: [SourceFileCollector.SwiftFile] { found.swiftFiles }

        /// The configurations the files are linted with, one per folder setting.
        var configurations: [LintConfiguration] {
            var settings: Set<String> = []
            return files.filter { settings.insert($0.settingsKey).inserted }.map(\.configuration)
        }

        /// Where file `index` stands, for the stages that work on it.
        func place(_ index: Int) -> FileStages.Place {
            FileStages.Place(display: files[index].display, configuration: files[index].configuration,
                             targets: files[index].deploymentTargets)
        }
    }

    /// Stage 1: collects the files under the request's paths, each with the configuration of its folder.
    func collect(_ request: LintRequest) -> Input {
        let collector = SourceFileCollector(workingDirectory: request.workingDirectory, followSymbolicLinks: request.followSymbolicLinks)
        let workingDirectory = collector.absolutePath(request.workingDirectory)
        let resolver = ConfigurationResolver(
            explicitFile: request.configurationFile.map(collector.absolutePath),
            workingDirectory: workingDirectory,
            display: collector.displayPath
        )
        var found = SourceFileCollector.Found()
        var seen: Set<SourceFileCollector.FileIdentity> = []
        let paths = request.paths.isEmpty ? ["."] : request.paths
        for path in paths {
            collector.collect(path: path, resolver: resolver, into: &found, seen: &seen)
        }
        found.problems = resolver.problems + found.problems
        let plists = found.propertyLists.compactMap { path -> PropertyListFile? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return PropertyListFile(path: collector.displayPath(path), contents: text)
        }
        return Input(found: found, paths: paths, workingDirectory: workingDirectory, propertyLists: plists)
    }

    // MARK: 2–6. read, scan, plan, parse, discover

    /// Stages 2 to 6 for every file, on all cores (``FileStages/analyse(_:options:cache:functionReach:)``), with
    /// the programs the manifests place read alongside.
    func analyseFiles(_ input: Input, options: ParsePlan.Options, cache: CacheSession?) -> FileRun {
        let (files, parallel, workingDirectory) = (input.files, parallel, input.workingDirectory)
        let analyseAll: @Sendable () -> [FileStages.Outcome] = {
            ParallelMap.map(files, parallel: parallel) { file in FileStages.analyse(file, options: options, cache: cache) }
        }
        // Which program each file belongs to: the manifests are read while files are analysed; the folder layout
        // needs to know which files declare an entry point, which analysing them tells.
        let displayPaths = files.map(\.display)
        let placeByManifests: @Sendable () -> ProgramScope.ManifestPlacements = {
            ProgramScope.placeByManifests(displayPaths: displayPaths, workingDirectory: workingDirectory)
        }
        let (placements, outcomes) = parallel ? ParallelMap.both(placeByManifests, analyseAll) : (placeByManifests(), analyseAll())
        return FileRun(outcomes: outcomes, manifestPlacements: placements)
    }

    // MARK: 7. tree analysis

    /// Stage 7: the tree of every file the run analysed or the cache served, with the programs they belong to.
    func analyseTree(_ input: Input, _ run: FileRun) -> TreeAnalysis {
        let outcomes = run.outcomes
        let displayPaths = input.files.map(\.display)
        let programScope = run.manifestPlacements.placingTheRest(
            entryPoints: Set(outcomes.indices.filter { outcomes[$0].declaresEntryPoint }.map { displayPaths[$0] }),
            extensionPropertyLists: input.propertyLists.filter { ProgramEntryPoint.isExtensionPropertyList($0.contents) }.map(\.path))
        var entries: [TreeAnalysis.Entry] = []
        for outcome in outcomes {
            if let analysis = outcome.analysis {
                entries.append(.parsed(analysis))
            } else if let cached = outcome.cached {
                entries.append(.cached(cached))
            }
        }
        return TreeAnalysis(entries: entries, propertyLists: input.propertyLists, roots: input.paths, programScope: programScope,
                            reusedBackgroundFindings: run.background?.reused, unparsed: run.unparsedConstants(input))
    }
}

/// What stages 2 to 6 made of a run's files, and what the results cache decided about them.
struct FileRun {
    var outcomes: [FileStages.Outcome]
    var manifestPlacements: ProgramScope.ManifestPlacements
    /// The background rules' tree-wide entry: its key, and its findings when the cache could reuse them.
    var background: (key: String, reused: [Finding]?)?

    /// Stages 4 to 6 for the files a function index reads, once every file is read. A cached one was not read:
    /// then the reach is not known and they are parsed whole.
    mutating func resolveFunctionReach(_ input: LintEngine.Input, parallel: Bool) {
        let reachKnown = !outcomes.contains { $0.cached != nil && $0.isBackground }
        FileStages.resolveFunctionReach(&outcomes, reachKnown: reachKnown, parallel: parallel, places: input.place)
    }

    /// The results cache's second look: a cached file whose sites a `Task` type elsewhere now shadows is parsed
    /// after all, and files with background-task code are served from the cache only with the background rules'
    /// findings for the whole tree.
    mutating func reconcile(with session: CacheSession, input: LintEngine.Input, options: ParsePlan.Options) {
        for index in LintEngine.cachedFilesToParse(outcomes) { reparse(index, input: input, options: options) }
        let indices = outcomes.indices.filter { outcomes[$0].isBackground }
        guard !indices.isEmpty else { return }
        let key = session.backgroundKey(fileKeys: indices.compactMap { outcomes[$0].cacheKey }, propertyLists: input.propertyLists)
        var reused: [Finding]?
        if indices.allSatisfy({ outcomes[$0].cached != nil }), let facts = session.cache.load(key, as: BackgroundFacts.self),
           facts.holds(files: outcomes.compactMap(\.analysis), cachedFiles: outcomes.compactMap(\.cached), unparsed: unparsedConstants(input)) {
            reused = facts.findings
        } else {
            for index in indices where outcomes[index].cached != nil { reparse(index, input: input, options: options) }
        }
        background = (key, reused)
    }

    /// Analyses a file the cache served after all (keeping what the lookup learned about it).
    private mutating func reparse(_ index: Int, input: LintEngine.Input, options: ParsePlan.Options) {
        let (key, isBackground) = (outcomes[index].cacheKey, outcomes[index].isBackground)
        outcomes[index] = FileStages.analyse(input.files[index], options: options, cache: nil, functionReach: .wholeFile)
        (outcomes[index].cacheKey, outcomes[index].isBackground) = (key, isBackground)
    }

    /// The files the byte scan skipped, which may still declare a constant a background-task identifier names.
    func unparsedConstants(_ input: LintEngine.Input) -> UnparsedConstants {
        UnparsedConstants(files: outcomes.indices.compactMap { index in
            let outcome = outcomes[index]
            guard outcome.analysis == nil, outcome.cached == nil, outcome.problems.isEmpty, !outcome.tooDeep else { return nil }
            return .disk(path: input.files[index].absolute)
        })
    }

    /// Stores what the run learned in the results cache: each parsed file's facts, and the tree's background facts.
    func store(tree: TreeAnalysis, perFile: [[Finding]], background findings: [Finding], session: CacheSession, parallel: Bool) {
        LintEngine.store(tree: tree, perFile: perFile, outcomes: outcomes, session: session, parallel: parallel)
        if let background, background.reused == nil {
            session.cache.store(BackgroundFacts(findings: findings, context: tree.background?.context), background.key)
        }
    }

    /// Every input problem of the run, in the order found.
    func problems(_ input: LintEngine.Input) -> [InputProblem] {
        input.found.problems + outcomes.flatMap(\.problems)
    }

    func statistics(_ tree: TreeAnalysis) -> LintStatistics {
        var statistics = LintStatistics()
        for outcome in outcomes { statistics.add(outcome) }
        statistics.sites = tree.records.count
        return statistics
    }
}
