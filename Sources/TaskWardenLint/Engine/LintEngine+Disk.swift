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

    public init(paths: [String], configurationFile: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath,
                cacheDirectory: String? = nil) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.workingDirectory = workingDirectory
        self.cacheDirectory = cacheDirectory
    }
}

extension LintEngine {
    /// Lints files on disk: collects files with the configuration of their folder (the nearest
    /// `.taskwarden.json` above it, or `--config`), skips those the byte scan rules out, parses and analyses
    /// the rest in parallel, then runs the rules.
    public func run(_ request: LintRequest) -> LintResult {
        let collector = SourceFileCollector(workingDirectory: request.workingDirectory)
        let resolver = ConfigurationResolver(
            explicitFile: request.configurationFile.map(collector.absolutePath),
            workingDirectory: collector.absolutePath(request.workingDirectory),
            display: collector.displayPath
        )
        var found = SourceFileCollector.Found()
        var seen: Set<SourceFileCollector.FileIdentity> = []
        let paths = request.paths.isEmpty ? ["."] : request.paths
        for path in paths {
            collector.collect(path: path, resolver: resolver, into: &found, seen: &seen)
        }
        found.problems = resolver.problems + found.problems

        let scanner = CreationTokenScanner(additionalTokens: rules.flatMap(\.description.additionalScanTokens))
        let session = request.cacheDirectory.map { CacheSession(cache: ResultsCache(root: $0), rules: rules) }
        var outcomes = ParallelMap.map(found.swiftFiles, parallel: parallel) { file -> FileOutcome in
            Self.analyse(file.absolute, display: file.display, configuration: file.configuration, targets: file.deploymentTargets,
                         scanner: scanner, cache: session)
        }
        // Results cache: a cached file whose sites a `Task` type elsewhere now shadows is parsed after all.
        if session != nil {
            for index in Self.cachedFilesToParse(outcomes) {
                let file = found.swiftFiles[index]
                outcomes[index] = Self.analyse(file.absolute, display: file.display, configuration: file.configuration,
                                               targets: file.deploymentTargets, scanner: scanner, cache: nil)
            }
        }
        var statistics = LintStatistics()
        var entries: [TreeAnalysis.Entry] = []
        var problems = found.problems
        for outcome in outcomes {
            statistics.filesFound += 1
            statistics.bytesFound += outcome.bytes
            if let analysis = outcome.analysis {
                statistics.filesParsed += 1
                statistics.bytesParsed += outcome.bytes
                entries.append(.parsed(analysis))
            } else if let cached = outcome.cached {
                // Counted as parsed, so output is the same with and without the cache.
                statistics.filesParsed += 1
                statistics.bytesParsed += outcome.bytes
                statistics.filesFromCache += 1
                entries.append(.cached(cached))
            }
            problems += outcome.problems
        }
        let plists = found.propertyLists.compactMap { path -> PropertyListFile? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return PropertyListFile(path: collector.displayPath(path), contents: text)
        }
        let tree = TreeAnalysis(entries: entries, propertyLists: plists, roots: paths)
        statistics.sites = tree.records.count
        let (findings, perFile) = evaluate(tree)
        if let session { Self.store(tree: tree, perFile: perFile, outcomes: outcomes, session: session, parallel: parallel) }
        return LintResult(tree: tree, findings: findings, problems: problems, statistics: statistics)
    }

    struct FileOutcome: Sendable {
        var bytes = 0
        var analysis: FileAnalysis?
        var problems: [InputProblem] = []
        /// Served from the results cache instead of parsed.
        var cached: CachedFile?
        /// The results-cache key of a parsed file, to store its facts under.
        var cacheKey: String?
    }

    /// True when every byte is ASCII (and so valid UTF-8); eight bytes at a time.
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var index = 0
            let count = raw.count
            while index + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < count {
                if raw[index] & 0x80 != 0 { return false }
                index += 1
            }
            return true
        }
    }

    static func analyse(_ absolute: String, display: String, configuration: LintConfiguration, targets: DeploymentTargets,
                        scanner: CreationTokenScanner, cache: CacheSession? = nil) -> FileOutcome {
        var outcome = FileOutcome()
        guard let bytes = FileBytes.read(absolute) else {
            outcome.problems.append(InputProblem(path: display, kind: .unreadable, detail: "cannot read the file (\(FileBytes.lastErrorDescription()))"))
            return outcome
        }
        outcome.bytes = bytes.count
        if bytes.prefix(8192).contains(0) {
            outcome.problems.append(InputProblem(path: display, kind: .binary, detail: "looks binary (contains NUL bytes); skipped"))
            return outcome
        }
        // Every file is checked for UTF-8, so a bad file is reported even when it holds no creation token;
        // only files worth parsing become Strings.
        let worthParsing = scanner.mayContainSite(bytes)
        if worthParsing, let cache {
            let lookup = cache.lookUp(bytes, path: display, configuration: configuration, targets: targets)
            if let hit = lookup.cached {
                outcome.cached = hit
                outcome.problems = hit.facts.inputProblems
                return outcome
            }
            outcome.cacheKey = lookup.key
        }
        var text: String?
        if worthParsing || !isASCII(bytes) {
            text = String(validating: bytes, as: UTF8.self)
            if text == nil {
                outcome.problems.append(InputProblem(path: display, kind: .notUTF8, detail: "is not valid UTF-8; skipped"))
                return outcome
            }
        }
        guard worthParsing, let text else { return outcome }
        let analysis = FileAnalysis(path: display, source: text, configuration: configuration, deploymentTargets: targets)
        if analysis.hasSyntaxErrors {
            outcome.problems.append(InputProblem(path: display, kind: .syntaxErrors,
                                                 detail: "has syntax errors; analysed as far as the parser recovered"))
        }
        let known = Set(RuleRegistry.ids)
        for mention in analysis.suppressions.mentionedRules where mention.rule != "all" && !known.contains(mention.rule) {
            outcome.problems.append(InputProblem(
                path: "\(display):\(mention.line)", kind: .unknownRuleInSuppression,
                detail: "taskwarden:disable names the unknown rule '\(mention.rule)', which suppresses nothing (see taskwarden rules)"))
        }
        outcome.analysis = analysis
        return outcome
    }
}
