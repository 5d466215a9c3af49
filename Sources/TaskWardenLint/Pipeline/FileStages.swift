/// Stages 2 to 6 of the lint pipeline (``LintEngine/run(_:)``) for one file: **read** its bytes, **scan** them
/// for a creation token, **plan** how much of it the parser reads, **parse** it, **discover** its sites. Each
/// stage records what it learned in the file's ``Outcome``; a file stops at the first stage that rules it out.
///
/// ```swift
/// let outcome = FileStages.analyse(file, options: ParsePlan.Options())
/// outcome.analysis?.sites   // the file's creation sites, if it was parsed
/// ```
enum FileStages {
    /// What the stages made of one file.
    ///
    /// The large parts (a parsed file's analysis, a cached file's facts, a file awaiting function reach) are
    /// held out of line: a run keeps one outcome per file and copies the array between stages, and inline they
    /// made an outcome a kilobyte, most of it empty.
    struct Outcome: Sendable {
        var bytes = 0
        var analysis: FileAnalysis? {
            get { analysisStorage?.value }
            set { analysisStorage = newValue.map(OutOfLine.init) }
        }
        private var analysisStorage: OutOfLine<FileAnalysis>?
        var problems: [InputProblem] = []
        /// Bytes the plan's scan read (0 when the byte scan ruled the file out).
        var bytesScanned = 0
        /// Bytes the parser read as code.
        var bytesParsed = 0
        /// Nil when parsed from a masked copy (or not parsed).
        var wholeFileReason: ParsePlan.WholeFileReason?
        var tooDeep = false
        /// Served from the results cache instead of parsed.
        var cached: CachedFile? {
            get { cachedStorage?.value }
            set { cachedStorage = newValue.map(OutOfLine.init) }
        }
        private var cachedStorage: OutOfLine<CachedFile>?
        /// The file's results-cache key (a parsed file's facts are stored under it).
        var cacheKey: String?
        /// The background rules read the file (``CacheSession/backgroundTokens``).
        var isBackground = false
        /// What the results cache's index is to remember of the file (``FileIndex``).
        var indexEntry: FileIndex.Entry?
        /// The index showed the file unchanged: it was not read.
        var unread = false
        /// A file a function index reads, read but not parsed until the tree-wide reach is known
        /// (``resolveFunctionReach(_:reachKnown:parallel:places:)``).
        var awaitingReach: AwaitingReach? {
            get { awaitingReachStorage?.value }
            set { awaitingReachStorage = newValue.map(OutOfLine.init) }
        }
        private var awaitingReachStorage: OutOfLine<AwaitingReach>?
        /// Parsed with the bodies no indexed function reaches emptied (``FunctionReachFile``).
        var parsedForFunctionReach = false
        /// The file declares an `@main` type or an application delegate class (``ProgramEntryPoint``).
        var declaresEntryPoint = false
    }

    /// A value behind a reference: an optional of it is one word wide.
    final class OutOfLine<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    struct AwaitingReach: Sendable {
        var file: FunctionReachFile
        var text: String
        var bytes: [UInt8]
    }

    /// Where a file stands: its reported path, configuration and deployment targets.
    struct Place: Sendable {
        var display: String
        var configuration: LintConfiguration
        var targets: DeploymentTargets?
    }

    /// How a file a function index reads is parsed when it is read.
    enum FunctionReachStep {
        /// Wait for the tree's other indexed files (``resolveFunctionReach(_:reachKnown:parallel:places:)``).
        case deferred
        /// Parse it whole: the other indexed files are not being read (one reparsed after the results cache
        /// served the others).
        case wholeFile
    }

    /// Stages 2 to 6 for a file on disk. `cache` may serve it before it is read (its index shows it unchanged,
    /// ``CacheSession/serve(_:)``) or after the scan (its content's entry, ``CacheSession/lookUp(_:of:declaresEntryPoint:)``).
    static func analyse(_ file: SourceFileCollector.SwiftFile, options: ParsePlan.Options, cache: CacheSession? = nil,
                        functionReach: FunctionReachStep = .deferred) -> Outcome {
        // An unchanged file the results cache's index knows is not even read.
        if let served = cache?.serve(file) { return served }
        var outcome = Outcome()
        guard let bytes = read(file, into: &outcome) else { return outcome }
        let worthParsing = scan(bytes, options: options)
        if worthParsing, let cache {
            let lookup = cache.lookUp(bytes, of: file, declaresEntryPoint: outcome.declaresEntryPoint)
            outcome.cacheKey = lookup.key
            outcome.isBackground = lookup.isBackground
            outcome.indexEntry = lookup.indexEntry
            if let hit = lookup.cached {
                outcome.cached = hit
                outcome.problems = hit.facts.inputProblems
                return outcome
            }
        }
        // Every file is checked for UTF-8, so a bad file is reported even when it holds no creation token; a file
        // worth parsing is checked as it becomes a String, any other without being copied.
        let text = worthParsing ? String(validating: bytes, as: UTF8.self) : nil
        guard worthParsing ? text != nil : UTF8Validation.isValid(bytes) else {
            outcome.problems.append(InputProblem(path: file.display, kind: .notUTF8, detail: "is not valid UTF-8; skipped"))
            outcome.indexEntry = nil   // read again each run, to report it
            return outcome
        }
        guard let text else {
            outcome.indexEntry = cache?.ruledOut(file, declaresEntryPoint: outcome.declaresEntryPoint)
            return outcome
        }
        let place = Place(display: file.display, configuration: file.configuration, targets: file.deploymentTargets)
        planParseAndDiscover(text: text, bytes: bytes, place: place, options: options, functionReach: functionReach, into: &outcome)
        return outcome
    }

    /// Stage 2, read: the file's bytes, or nil when it cannot be read or is not UTF-8 text (a problem is recorded).
    static func read(_ file: SourceFileCollector.SwiftFile, into outcome: inout Outcome) -> [UInt8]? {
        guard let bytes = FileBytes.read(file.absolute) else {
            outcome.problems.append(InputProblem(path: file.display, kind: .unreadable,
                                                 detail: "cannot read the file (\(FileBytes.lastErrorDescription()))"))
            return nil
        }
        outcome.bytes = bytes.count
        if let problem = TextEncodingSniffer.problem(in: bytes, path: file.display) {
            outcome.problems.append(problem)
            return nil
        }
        // Read from every file, cached or not, so the program layout is the same either way.
        outcome.declaresEntryPoint = ProgramEntryPoint.declaresEntryPoint(bytes)
        return bytes
    }

    /// Stage 3, scan: whether the file may hold a site (or a file token a rule declares) and so is worth parsing.
    static func scan(_ bytes: [UInt8], options: ParsePlan.Options) -> Bool {
        options.scanner.mayContainSite(bytes)
    }

    /// Stages 4 to 6 for a file the scan let through: plan, then parse and discover (a file a function index
    /// reads waits for the tree's reach, unless `functionReach` says to parse it now).
    static func planParseAndDiscover(text: String, bytes: [UInt8], place: Place, options: ParsePlan.Options,
                                     functionReach: FunctionReachStep = .deferred, into outcome: inout Outcome) {
        outcome.bytesScanned = bytes.count
        let plan = ParsePlan.make(for: bytes, options: options)
        if case .awaitingFunctionReach(let file) = plan, case .deferred = functionReach {
            outcome.awaitingReach = AwaitingReach(file: file, text: text, bytes: bytes)
            return
        }
        parseAndDiscover(text: text, bytes: bytes, place: place, plan: plan, into: &outcome)
    }

    /// Stages 4 to 6 for the files that waited for the tree-wide function reach (``FunctionReachFile``), on all
    /// cores. When an indexed file came from the results cache, its bodies were not read and the reach is not
    /// known (`reachKnown` false): the waiting files are then parsed whole. `places(index)` says where a file
    /// stands.
    static func resolveFunctionReach(_ outcomes: inout [Outcome], reachKnown: Bool, parallel: Bool, places: (Int) -> Place) {
        let waiting = outcomes.indices.filter { outcomes[$0].awaitingReach != nil }
        guard !waiting.isEmpty else { return }
        let names = reachKnown ? FunctionReachFile.names(reachingIn: waiting.map { outcomes[$0].awaitingReach!.file }) : WordSet()
        let jobs = waiting.map { (outcome: outcomes[$0], place: places($0)) }
        let parsed = ParallelMap.map(jobs, parallel: parallel) { job -> Outcome in
            var outcome = job.outcome
            guard let awaiting = outcome.awaitingReach else { return outcome }
            outcome.awaitingReach = nil
            // Without the reach, the file is parsed whole (``parseAndDiscover(text:bytes:place:plan:into:)``).
            let plan = reachKnown ? awaiting.file.plan(for: awaiting.bytes, reaching: names) : .awaitingFunctionReach(awaiting.file)
            if case .subFile = plan { outcome.parsedForFunctionReach = true }
            parseAndDiscover(text: awaiting.text, bytes: awaiting.bytes, place: job.place, plan: plan, into: &outcome)
            return outcome
        }
        for (index, outcome) in zip(waiting, parsed) { outcomes[index] = outcome }
    }

    /// The rules a suppression comment may name.
    static let knownRuleIDs = Set(RuleRegistry.ids)

    /// Stages 5 and 6, parse and discover, as `plan` says: the masked copy or the whole file, then the sites and
    /// suppression comments (``FileAnalysis``). A masked copy that does not parse cleanly is given up for the
    /// source.
    static func parseAndDiscover(text: String, bytes: [UInt8], place: Place, plan: ParsePlan, into outcome: inout Outcome) {
        let (display, configuration, targets) = (place.display, place.configuration, place.targets)
        var analysis: FileAnalysis
        switch plan {
        case .skip:
            return
        case .awaitingFunctionReach(let file):
            // Parsed without the tree's reach (the results cache served indexed files, whose bodies were not read): whole.
            return parseAndDiscover(text: text, bytes: bytes, place: place, plan: .wholeFile(reason: .indexedWithoutReach(token: file.token)),
                                    into: &outcome)
        case .tooDeeplyNested(let what):
            outcome.tooDeep = true
            outcome.problems.append(InputProblem(path: display, kind: .tooDeeplyNested, detail: "too deeply nested to analyse (\(what)); skipped"))
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

extension LintEngine {
    /// What the per-file stages made of a file (``FileStages/Outcome``).
    typealias FileOutcome = FileStages.Outcome
}

extension LintStatistics {
    /// Counts one file's outcome.
    mutating func add(_ outcome: FileStages.Outcome) {
        filesFound += 1
        bytesFound += outcome.bytes
        bytesScanned += outcome.bytesScanned
        bytesParsed += outcome.bytesParsed
        if outcome.tooDeep { filesTooDeep += 1 }
        if outcome.parsedForFunctionReach { filesParsedForFunctionReach += 1 }
        if outcome.unread { filesUnread += 1 }
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
