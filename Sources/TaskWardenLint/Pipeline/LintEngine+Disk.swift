import Foundation

/// What to lint on disk.
public struct LintRequest: Sendable {
    /// Files and directories; empty means the working directory.
    public var paths: [String]
    /// An explicit configuration file (`--config`), used for every path instead of the upward search.
    public var configurationFile: String?
    /// The directory relative paths (given and reported) are relative to.
    public var workingDirectory: String
    /// The results cache's folder (``ResultsCache/defaultRoot(environment:)``, `--cache-path`), or nil for none.
    public var cacheDirectory: String?
    /// Walk into directories reached through symbolic links inside the tree (`--follow-symlinks`); paths
    /// named in `paths` are followed either way.
    public var followSymbolicLinks: Bool

    public init(paths: [String], configurationFile: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath,
                cacheDirectory: String? = nil, followSymbolicLinks: Bool = false) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.workingDirectory = workingDirectory
        self.cacheDirectory = cacheDirectory
        self.followSymbolicLinks = followSymbolicLinks
    }
}

extension LintEngine {
    /// Lints files on disk: collects files with the configuration of their folder (the nearest
    /// `.taskwarden.json` above it, or `--config`), skips those the byte scan rules out, parses and analyses
    /// the rest in parallel, then runs the rules.
    public func run(_ request: LintRequest) -> LintResult {
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

        var settings: Set<String> = []
        let options = parsePlanOptions(for: found.swiftFiles.filter { settings.insert($0.settingsKey).inserted }.map(\.configuration))
        let session = request.cacheDirectory.map { CacheSession(cache: ResultsCache(root: $0), rules: rules) }
        let (files, parallel) = (found.swiftFiles, parallel)
        let analyseAll: @Sendable () -> [FileOutcome] = {
            ParallelMap.map(files, parallel: parallel) { file -> FileOutcome in
                Self.analyse(file, options: options, cache: session)
            }
        }
        // Which program each file belongs to: the manifests are read while files are analysed; the folder layout
        // needs to know which files declare an entry point, which analysing them tells.
        let displayPaths = found.swiftFiles.map(\.display)
        let discoverPrograms: @Sendable () -> ProgramScope.ManifestPlacements = {
            ProgramScope.placeByManifests(displayPaths: displayPaths, workingDirectory: workingDirectory)
        }
        var (manifestPlacements, outcomes) = parallel ? ParallelMap.both(discoverPrograms, analyseAll) : (discoverPrograms(), analyseAll())
        // Files a rule indexes every function of are parsed once all are read. A cached one was not read.
        Self.resolveFunctionReach(&outcomes, reachKnown: !outcomes.contains { $0.cached != nil && $0.isBackground }, parallel: parallel) {
            (found.swiftFiles[$0].display, found.swiftFiles[$0].configuration, found.swiftFiles[$0].deploymentTargets)
        }
        /// Analyses a file the cache served after all (keeping what the lookup learned about it).
        func reparse(_ index: Int) {
            let file = found.swiftFiles[index]
            let (key, isBackground) = (outcomes[index].cacheKey, outcomes[index].isBackground)
            outcomes[index] = Self.analyse(file, options: options, cache: nil, functionReach: .wholeFile)
            (outcomes[index].cacheKey, outcomes[index].isBackground) = (key, isBackground)
        }
        // Results cache: a cached file whose sites a `Task` type elsewhere now shadows is parsed after all.
        if session != nil {
            for index in Self.cachedFilesToParse(outcomes) { reparse(index) }
        }
        let plists = found.propertyLists.compactMap { path -> PropertyListFile? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return PropertyListFile(path: collector.displayPath(path), contents: text)
        }
        let programScope = manifestPlacements.placingTheRest(
            entryPoints: Set(outcomes.indices.filter { outcomes[$0].declaresEntryPoint }.map { displayPaths[$0] }),
            extensionPropertyLists: plists.filter { ProgramEntryPoint.isExtensionPropertyList($0.contents) }.map(\.path))
        // The files the byte scan skipped may still declare a constant a background-task identifier names.
        let unparsed = UnparsedConstants(files: outcomes.indices.compactMap { index in
            let outcome = outcomes[index]
            guard outcome.analysis == nil, outcome.cached == nil, outcome.problems.isEmpty, !outcome.tooDeep else { return nil }
            return .disk(path: found.swiftFiles[index].absolute)
        })
        // Files with background-task code are served from the cache only with the background rules' findings.
        var background: (key: String, reused: [Finding]?)?
        if let session {
            let indices = outcomes.indices.filter { outcomes[$0].isBackground }
            if !indices.isEmpty {
                let key = session.backgroundKey(fileKeys: indices.compactMap { outcomes[$0].cacheKey }, propertyLists: plists)
                var reused: [Finding]?
                if indices.allSatisfy({ outcomes[$0].cached != nil }), let facts = session.cache.load(key, as: BackgroundFacts.self),
                   facts.holds(files: outcomes.compactMap(\.analysis), cachedFiles: outcomes.compactMap(\.cached), unparsed: unparsed) {
                    reused = facts.findings
                } else {
                    for index in indices where outcomes[index].cached != nil { reparse(index) }
                }
                background = (key, reused)
            }
        }
        var statistics = LintStatistics()
        var entries: [TreeAnalysis.Entry] = []
        var problems = found.problems
        for outcome in outcomes {
            statistics.add(outcome)
            if let analysis = outcome.analysis {
                entries.append(.parsed(analysis))
            } else if let cached = outcome.cached {
                entries.append(.cached(cached))
            }
            problems += outcome.problems
        }
        let tree = TreeAnalysis(entries: entries, propertyLists: plists, roots: paths, programScope: programScope,
                                reusedBackgroundFindings: background?.reused, unparsed: unparsed)
        statistics.sites = tree.records.count
        let (findings, perFile, backgroundFindings) = evaluate(tree)
        if let session {
            Self.store(tree: tree, perFile: perFile, outcomes: outcomes, session: session, parallel: parallel)
            if let background, background.reused == nil {
                session.cache.store(BackgroundFacts(findings: backgroundFindings, context: tree.background?.context), background.key)
            }
        }
        return LintResult(tree: tree, findings: findings, problems: problems, statistics: statistics)
    }

    struct FileOutcome: Sendable {
        var bytes = 0
        var analysis: FileAnalysis?
        var problems: [InputProblem] = []
        /// Bytes the lexical pass read (0 when the byte scan skipped the file).
        var bytesScanned = 0
        /// Bytes the parser read as code.
        var bytesParsed = 0
        /// Nil when parsed from a masked copy (or not parsed).
        var wholeFileReason: ParsePlan.WholeFileReason?
        var tooDeep = false
        /// Served from the results cache instead of parsed.
        var cached: CachedFile?
        /// The file's results-cache key (a parsed file's facts are stored under it).
        var cacheKey: String?
        /// The background rules read the file (``CacheSession/backgroundTokens``).
        var isBackground = false
        /// A file a rule indexes every function of, read but not parsed until the tree-wide reach is known
        /// (``resolveFunctionReach(_:reachKnown:parallel:places:)``).
        var awaitingReach: AwaitingReach?
        /// Parsed with the bodies no indexed function reaches emptied (``FunctionReachFile``).
        var parsedForFunctionReach = false
        /// The file declares an `@main` type or an application delegate class (``ProgramEntryPoint``).
        var declaresEntryPoint = false
    }

    struct AwaitingReach: Sendable {
        var file: FunctionReachFile
        var text: String
        var bytes: [UInt8]
    }

    /// How a file a rule indexes every function of is parsed when it is read.
    enum FunctionReachStep {
        /// Wait for the tree's other indexed files (``resolveFunctionReach(_:reachKnown:parallel:places:)``).
        case deferred
        /// Parse it whole: the other indexed files are not being read (one reparsed after the results cache
        /// served the others).
        case wholeFile
    }

    static func analyse(_ file: SourceFileCollector.SwiftFile, options: ParsePlan.Options, cache: CacheSession? = nil,
                        functionReach: FunctionReachStep = .deferred) -> FileOutcome {
        let (absolute, display, configuration, targets) = (file.absolute, file.display, file.configuration, file.deploymentTargets)
        var outcome = FileOutcome()
        guard let bytes = FileBytes.read(absolute) else {
            outcome.problems.append(InputProblem(path: display, kind: .unreadable, detail: "cannot read the file (\(FileBytes.lastErrorDescription()))"))
            return outcome
        }
        outcome.bytes = bytes.count
        if let problem = TextEncodingSniffer.problem(in: bytes, path: display) {
            outcome.problems.append(problem)
            return outcome
        }
        // Read from every file, cached or not, so the program layout is the same either way.
        outcome.declaresEntryPoint = ProgramEntryPoint.declaresEntryPoint(bytes)
        // Every file is checked for UTF-8, so a bad file is reported even when it holds no creation token;
        // only files worth parsing become Strings.
        let worthParsing = options.scanner.mayContainSite(bytes)
        if worthParsing, let cache {
            let lookup = cache.lookUp(bytes, path: display, configuration: configuration, settingsKey: file.settingsKey)
            outcome.cacheKey = lookup.key
            outcome.isBackground = lookup.isBackground
            if let hit = lookup.cached {
                outcome.cached = hit
                outcome.problems = hit.facts.inputProblems
                return outcome
            }
            outcome.cacheKey = lookup.key
        }
        // A file worth parsing is checked as it becomes a String; any other without being copied.
        let text = worthParsing ? String(validating: bytes, as: UTF8.self) : nil
        guard worthParsing ? text != nil : UTF8Validation.isValid(bytes) else {
            outcome.problems.append(InputProblem(path: display, kind: .notUTF8, detail: "is not valid UTF-8; skipped"))
            return outcome
        }
        guard let text else { return outcome }
        analyse(text: text, bytes: bytes, display: display, configuration: configuration, targets: targets, options: options,
                functionReach: functionReach, into: &outcome)
        return outcome
    }

    /// Parses the files that waited for the tree-wide function reach (``FunctionReachFile``), on all cores.
    /// When an indexed file came from the results cache, its bodies were not read and the reach is not known
    /// (`reachKnown` false): the waiting files are then parsed whole. `places(index)` says where a file stands.
    static func resolveFunctionReach(
        _ outcomes: inout [FileOutcome], reachKnown: Bool, parallel: Bool,
        places: (Int) -> (display: String, configuration: LintConfiguration, targets: DeploymentTargets?)
    ) {
        let waiting = outcomes.indices.filter { outcomes[$0].awaitingReach != nil }
        guard !waiting.isEmpty else { return }
        let names = reachKnown ? FunctionReachFile.names(reachingIn: waiting.map { outcomes[$0].awaitingReach!.file }) : WordSet()
        let jobs = waiting.map { (outcome: outcomes[$0], place: places($0)) }
        let parsed = ParallelMap.map(jobs, parallel: parallel) { job -> FileOutcome in
            var outcome = job.outcome
            guard let awaiting = outcome.awaitingReach else { return outcome }
            outcome.awaitingReach = nil
            // Without the reach, the file is parsed whole (``analyse(text:bytes:display:configuration:targets:plan:into:)``).
            let plan = reachKnown ? awaiting.file.plan(for: awaiting.bytes, reaching: names) : .awaitingFunctionReach(awaiting.file)
            if case .subFile = plan { outcome.parsedForFunctionReach = true }
            analyse(text: awaiting.text, bytes: awaiting.bytes, display: job.place.display, configuration: job.place.configuration,
                    targets: job.place.targets, plan: plan, into: &outcome)
            return outcome
        }
        for (index, outcome) in zip(waiting, parsed) { outcomes[index] = outcome }
    }

    /// The rules a suppression comment may name.
    static let knownRuleIDs = Set(RuleRegistry.ids)

    /// Plans, parses and analyses one file the byte scan let through.
    static func analyse(text: String, bytes: [UInt8], display: String, configuration: LintConfiguration, targets: DeploymentTargets?,
                        options: ParsePlan.Options, functionReach: FunctionReachStep = .deferred, into outcome: inout FileOutcome) {
        outcome.bytesScanned = bytes.count
        let plan = ParsePlan.make(for: bytes, options: options)
        if case .awaitingFunctionReach(let file) = plan, case .deferred = functionReach {
            outcome.awaitingReach = AwaitingReach(file: file, text: text, bytes: bytes)
            return
        }
        analyse(text: text, bytes: bytes, display: display, configuration: configuration, targets: targets, plan: plan, into: &outcome)
    }

    /// Parses and analyses one file as `plan` says.
    static func analyse(text: String, bytes: [UInt8], display: String, configuration: LintConfiguration, targets: DeploymentTargets?,
                        plan: ParsePlan, into outcome: inout FileOutcome) {
        var analysis: FileAnalysis
        switch plan {
        case .skip:
            return
        case .awaitingFunctionReach(let file):
            // Parsed without the tree's reach (the results cache served indexed files, whose bodies were not read): whole.
            return analyse(text: text, bytes: bytes, display: display, configuration: configuration, targets: targets,
                           plan: .wholeFile(reason: .indexedWithoutReach(token: file.token)), into: &outcome)
        case .tooDeeplyNested(let what):
            outcome.tooDeep = true
            outcome.problems.append(InputProblem(
                path: display, kind: .tooDeeplyNested,
                detail: "too deeply nested to analyse (\(what)); skipped"))
            return
        case .wholeFile(let reason):
            analysis = FileAnalysis(path: display, source: text, configuration: configuration, deploymentTargets: targets)
            outcome.wholeFileReason = reason
            outcome.bytesParsed = bytes.count
        case .subFile(let masked, let blankedBytes):
            analysis = FileAnalysis(path: display, source: text, configuration: configuration, deploymentTargets: targets, masked: masked)
            outcome.bytesParsed = bytes.count - blankedBytes
            if analysis.hasSyntaxErrors {
                // Find out from the source itself what is wrong (or whether the mask was).
                analysis = FileAnalysis(path: display, source: text, configuration: configuration, deploymentTargets: targets)
                outcome.wholeFileReason = .maskedCopyHadErrors
                outcome.bytesParsed += bytes.count
            }
        }
        if analysis.hasSyntaxErrors {
            outcome.problems.append(InputProblem(path: display, kind: .syntaxErrors,
                                                 detail: "has syntax errors; analysed as far as the parser recovered"))
        }
        for mention in analysis.suppressions.mentionedRules where mention.rule != "all" && !knownRuleIDs.contains(mention.rule) {
            outcome.problems.append(InputProblem(
                path: "\(display):\(mention.line)", kind: .unknownRuleInSuppression,
                detail: "taskwarden:disable names the unknown rule '\(mention.rule)', which suppresses nothing (see taskwarden rules)"))
        }
        outcome.analysis = analysis
    }
}

extension LintStatistics {
    /// Counts one file's outcome.
    mutating func add(_ outcome: LintEngine.FileOutcome) {
        filesFound += 1
        bytesFound += outcome.bytes
        bytesScanned += outcome.bytesScanned
        bytesParsed += outcome.bytesParsed
        if outcome.tooDeep { filesTooDeep += 1 }
        if outcome.parsedForFunctionReach { filesParsedForFunctionReach += 1 }
        if outcome.cached != nil {
            // Counted as parsed (whole), so summaries are the same with and without the cache.
            filesParsed += 1
            filesFromCache += 1
            return
        }
        guard outcome.analysis != nil else { return }
        filesParsed += 1
        if let reason = outcome.wholeFileReason {
            wholeFileReasons[reason.description, default: 0] += 1
            if reason.isFallback { fallbacks += 1 }
        } else {
            filesParsedSubFile += 1
        }
    }
}
