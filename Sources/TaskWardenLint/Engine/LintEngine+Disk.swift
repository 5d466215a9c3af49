import Foundation

/// What to lint on disk.
public struct LintRequest: Sendable {
    /// Files and directories; empty means the working directory.
    public var paths: [String]
    /// An explicit configuration file (`--config`), used for every path instead of the upward search.
    public var configurationFile: String?
    /// The directory relative paths (given and reported) are relative to.
    public var workingDirectory: String
    /// Walk into directories reached through symbolic links inside the tree (`--follow-symlinks`); paths
    /// named in `paths` are followed either way.
    public var followSymbolicLinks: Bool

    public init(paths: [String], configurationFile: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath,
                followSymbolicLinks: Bool = false) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.workingDirectory = workingDirectory
        self.followSymbolicLinks = followSymbolicLinks
    }
}

extension LintEngine {
    /// Lints files on disk: collects files with the configuration of their folder (the nearest
    /// `.taskwarden.json` above it, or `--config`), skips those the byte scan rules out, parses and analyses
    /// the rest in parallel, then runs the rules.
    public func run(_ request: LintRequest) -> LintResult {
        let collector = SourceFileCollector(workingDirectory: request.workingDirectory, followSymbolicLinks: request.followSymbolicLinks)
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
        let outcomes = ParallelMap.map(found.swiftFiles, parallel: parallel) { file -> FileOutcome in
            Self.analyse(file.absolute, display: file.display, configuration: file.configuration, targets: file.deploymentTargets,
                         scanner: scanner)
        }
        var statistics = LintStatistics()
        var analyses: [FileAnalysis] = []
        var problems = found.problems
        for outcome in outcomes {
            statistics.filesFound += 1
            statistics.bytesFound += outcome.bytes
            if let analysis = outcome.analysis {
                statistics.filesParsed += 1
                statistics.bytesParsed += outcome.bytes
                analyses.append(analysis)
            }
            problems += outcome.problems
        }
        let plists = found.propertyLists.compactMap { path -> PropertyListFile? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            return PropertyListFile(path: collector.displayPath(path), contents: text)
        }
        let tree = TreeAnalysis(files: analyses, propertyLists: plists, roots: paths)
        statistics.sites = tree.sites.count
        return LintResult(tree: tree, findings: findings(in: tree), problems: problems, statistics: statistics)
    }

    struct FileOutcome: Sendable {
        var bytes = 0
        var analysis: FileAnalysis?
        var problems: [InputProblem] = []
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
                        scanner: CreationTokenScanner) -> FileOutcome {
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
        // Every file is checked for UTF-8, so a bad file is reported even when it holds no creation token;
        // only files worth parsing become Strings.
        let worthParsing = scanner.mayContainSite(bytes)
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
