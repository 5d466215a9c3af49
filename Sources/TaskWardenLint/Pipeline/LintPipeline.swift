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
        let configurations = input.configurations
        return keepingNeededRules(for: configurations).run(request, collected: input, configurations: configurations)
    }

    /// This engine with only the rules its run needs (``rulesKeptBesidesErrors``), for files with `configurations`.
    func keepingNeededRules(for configurations: [LintConfiguration]) -> LintEngine {
        guard let kept = rulesKeptBesidesErrors else { return self }
        var engine = self
        engine.rules = rules.filter { rule in
            kept.contains(rule.description.id) || configurations.contains { $0.severity(for: rule.description) == .error }
        }
        return engine
    }

    private func run(_ request: LintRequest, collected: Input, configurations: [LintConfiguration]) -> LintResult {
        var input = collected
        let options = parsePlanOptions(for: configurations)
        let session = openCache(request, input: &input, options: options)
        var run = analyseFiles(input, options: options, cache: session)
        run.resolveFunctionReach(input, parallel: parallel)
        if let session { run.reconcile(with: session, input: input, options: options) }
        let tree = analyseTree(input, run)
        let (findings, perFile, backgroundFindings) = evaluate(tree)
        if let session { run.store(tree: tree, perFile: perFile, background: backgroundFindings, session: session, input: input, parallel: parallel) }
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
            var last: String?
            // The files of a folder share one key (the same string): comparing with the last is cheaper than hashing.
            return files.filter { file in
                defer { last = file.settingsKey }
                return file.settingsKey != last && settings.insert(file.settingsKey).inserted
            }.map(\.configuration)
        }

        /// Where file `index` stands, for the stages that work on it.
        func place(_ index: Int) -> FileStages.Place {
            FileStages.Place(display: files[index].display, configuration: files[index].configuration,
                             targets: files[index].deploymentTargets)
        }
    }

    /// Stage 1: collects the files under the request's paths, each with the configuration of its folder.
    func collect(_ request: LintRequest) -> Input {
        var collector = SourceFileCollector(workingDirectory: request.workingDirectory, followSymbolicLinks: request.followSymbolicLinks)
        let workingDirectory = collector.absolutePath(request.workingDirectory)
        let paths = request.paths.isEmpty ? ["."] : request.paths
        if parallel, !request.followSymbolicLinks {
            collector.prefetched = prefetch(roots: paths.filter { !$0.isEmpty }.map(collector.absolutePath), collector: collector,
                                            workingDirectory: workingDirectory, cacheDirectory: request.cacheDirectory)
        }
        let resolver = ConfigurationResolver(
            explicitFile: request.configurationFile.map(collector.absolutePath),
            workingDirectory: workingDirectory,
            display: collector.displayPath
        )
        resolver.prefetched = collector.prefetched
        var found = SourceFileCollector.Found()
        var seen: Set<SourceFileCollector.FileIdentity> = []
        for path in paths {
            collector.collect(path: path, resolver: resolver, into: &found, seen: &seen)
        }
        found.problems = resolver.problems + found.problems
        let plists = found.propertyLists.compactMap { path -> PropertyListFile? in
            guard let text = FileBytes.text(path) else { return nil }
            return PropertyListFile(path: collector.displayPath(path), contents: text)
        }
        return Input(found: found, paths: paths, workingDirectory: workingDirectory, propertyLists: plists)
    }

    /// The walk's system calls made ahead on all cores (``TreePrefetch``), with the folders' listings taken from
    /// the results cache while the folders are unchanged (``FolderListings``), and kept there for the next run.
    private func prefetch(roots: [String], collector: SourceFileCollector, workingDirectory: String,
                          cacheDirectory: String?) -> TreePrefetch {
        let startedAt = FileFingerprint.Timestamp.now()
        // A cache folder that is refused is reported when the run opens the cache (``openCache(_:input:options:)``).
        let cache = cacheDirectory.flatMap { try? ResultsCache.open(root: $0).get() }
        let name = FolderListings.name(workingDirectory: workingDirectory, roots: roots)
        let known = cache?.folder.read(name).flatMap(FolderListings.init(bytes:))
        let prefetched = TreePrefetch.scan(roots: roots, collector: collector, known: known) {
            // The walk describes each configuration and set of targets it meets, and the cache its byte scan, by
            // reflection (``StableDescription``); the first description of a type costs the runtime far more
            // than any later one (it looks up every field's type), so that cost is paid here, while the
            // calling thread would only wait for the scan.
            _ = StableDescription.of(LintConfiguration())
            _ = StableDescription.of(DeploymentTargets([.iOS: PlatformVersion([17])]))
            _ = StableDescription.of(CreationTokenScanner())
        }
        if let cache, let listings = prefetched.listingsToRemember(recordedAt: startedAt, known: known) {
            cache.folder.write(listings.bytes, to: name)
        }
        return prefetched
    }

    /// The results cache of the run, with the index this tree's files had at the last run; none without a
    /// cache folder, or when the folder is refused (a note joins the input's problems; the output is the same).
    func openCache(_ request: LintRequest, input: inout Input, options: ParsePlan.Options) -> CacheSession? {
        let collector = SourceFileCollector(workingDirectory: request.workingDirectory, followSymbolicLinks: request.followSymbolicLinks)
        let tree = CacheSession.Tree(roots: input.paths.map(collector.absolutePath), workingDirectory: input.workingDirectory,
                                     scanner: options.scanner)
        let (session, problem) = CacheSession.open(root: request.cacheDirectory, rules: rules, tree: tree)
        if let problem { input.found.problems.append(problem) }
        return session
    }

    // MARK: 2–6. read, scan, plan, parse, discover

    /// Stages 2 to 6 for every file, on all cores (``FileStages/analyse(_:options:cache:functionReach:)``), with
    /// the programs the manifests place read alongside (from the results cache while no manifest or folder they
    /// depend on changed, ``CacheSession/manifestPlacements(displayPaths:roots:workingDirectory:folders:folderMayHoldPackage:discover:)``).
    func analyseFiles(_ input: Input, options: ParsePlan.Options, cache: CacheSession?) -> FileRun {
        let (files, parallel, workingDirectory) = (input.files, parallel, input.workingDirectory)
        let analyseAll: @Sendable () -> [FileStages.Outcome] = {
            ParallelMap.map(files, parallel: parallel) { file in FileStages.analyse(file, options: options, cache: cache) }
        }
        // Which program each file belongs to: the manifests are read while files are analysed; the folder layout
        // needs to know which files declare an entry point, which analysing them tells.
        let displayPaths = files.map(\.display)
        let (folders, folderMayHoldPackage) = (input.found.folders, input.found.folderMayHoldPackage)
        let roots = input.paths.map(SourceFileCollector(workingDirectory: workingDirectory).absolutePath)
        let placeByManifests: @Sendable () -> ProgramScope.ManifestPlacements = {
            let discover = { ProgramScope.placeByManifests(displayPaths: displayPaths, workingDirectory: workingDirectory) }
            guard let cache else { return discover() }
            return cache.manifestPlacements(displayPaths: displayPaths, roots: roots, workingDirectory: workingDirectory,
                                            folders: folders, folderMayHoldPackage: folderMayHoldPackage, discover: discover)
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
    /// Whether the run writes a new index of the tree's files (``CacheSession/indexChanges(_:_:)``), once known:
    /// a walk over every file, asked for up to three times.
    private(set) var indexChanged: Bool? = nil

    /// ``CacheSession/indexChanges(_:_:)``, computed once the outcomes are final.
    private mutating func indexChanges(_ session: CacheSession, _ input: LintEngine.Input) -> Bool {
        if let indexChanged { return indexChanged }
        let changed = session.indexChanges(input.files, outcomes)
        indexChanged = changed
        return changed
    }

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
        for index in CacheSession.cachedFilesToParse(outcomes) { reparse(index, input: input, options: options) }
        let indices = outcomes.indices.filter { outcomes[$0].isBackground }
        guard !indices.isEmpty else { return }
        let key = session.backgroundKey(fileKeys: indices.compactMap { outcomes[$0].cacheKey }, propertyLists: input.propertyLists)
        var reused: [Finding]?
        // Reparsing below changes no file's index entry (``reparse(_:input:options:)`` keeps it).
        let changed = indexChanges(session, input)
        if indices.allSatisfy({ outcomes[$0].cached != nil }), let facts = session.cache.load(key, as: BackgroundFacts.self),
           facts.belongs(to: CacheSession.sizes(input.files, outcomes, input.propertyLists)),
           facts.holds(files: outcomes.compactMap(\.analysis), cachedFiles: outcomes.compactMap(\.cached), unparsed: { names in
               // Unchanged files the run did not read answer from the cache's memo.
               session.unparsedConstants(declaring: names, files: CacheSession.unparsedFiles(input.files, outcomes),
                                         indexChanged: changed)
           }) {
            reused = facts.findings
        } else {
            for index in indices where outcomes[index].cached != nil { reparse(index, input: input, options: options) }
        }
        background = (key, reused)
    }

    /// Analyses a file the cache served after all (keeping what the lookup learned about it).
    private mutating func reparse(_ index: Int, input: LintEngine.Input, options: ParsePlan.Options) {
        let (key, isBackground, indexEntry) = (outcomes[index].cacheKey, outcomes[index].isBackground, outcomes[index].indexEntry)
        outcomes[index] = FileStages.analyse(input.files[index], options: options, cache: nil, functionReach: .wholeFile)
        (outcomes[index].cacheKey, outcomes[index].isBackground, outcomes[index].indexEntry) = (key, isBackground, indexEntry)
    }

    /// The files the byte scan skipped, which may still declare a constant a background-task identifier names.
    func unparsedConstants(_ input: LintEngine.Input) -> UnparsedConstants {
        UnparsedConstants(files: outcomes.indices.compactMap { index in
            let outcome = outcomes[index]
            guard outcome.analysis == nil, outcome.cached == nil, outcome.problems.isEmpty, !outcome.tooDeep else { return nil }
            return .disk(path: input.files[index].absolute)
        })
    }

    /// Stores what the run learned in the results cache: each parsed file's facts, the tree's index of files,
    /// and the tree's background facts with what the files it did not parse declare for them.
    mutating func store(tree: TreeAnalysis, perFile: [[Finding]], background findings: [Finding], session: CacheSession,
                        input: LintEngine.Input, parallel: Bool) {
        session.store(tree: tree, perFile: perFile, outcomes: outcomes, parallel: parallel)
        let indexChanged = indexChanges(session, input)
        if indexChanged { session.writeIndex(input.files, outcomes) }
        if let background, background.reused == nil {
            session.cache.store(BackgroundFacts(findings: findings, context: tree.background?.context), background.key)
            // What the unparsed files declare, for the next run's check of these findings.
            if let names = tree.background?.context.constantNames, !names.isEmpty {
                _ = session.unparsedConstants(declaring: names, files: CacheSession.unparsedFiles(input.files, outcomes),
                                              indexChanged: indexChanged)
            }
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
