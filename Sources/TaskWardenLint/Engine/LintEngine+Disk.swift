import Foundation

/// What to lint on disk.
public struct LintRequest: Sendable {
    /// Files and directories; empty means the working directory.
    public var paths: [String]
    /// An explicit configuration file (`--config`), used for every path instead of the upward search.
    public var configurationFile: String?
    /// The directory relative paths (given and reported) are relative to.
    public var workingDirectory: String

    public init(paths: [String], configurationFile: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.workingDirectory = workingDirectory
    }
}

extension LintEngine {
    /// Lints files on disk: finds the configuration of each path, collects files, skips those the byte scan
    /// rules out, parses and analyses the rest in parallel, then runs the rules.
    public func run(_ request: LintRequest) -> LintResult {
        let collector = SourceFileCollector(workingDirectory: request.workingDirectory)
        var found = SourceFileCollector.Found()
        var seen: Set<String> = []
        var configurationsByFile: [String: LintConfiguration] = [:]
        var filesWithConfiguration: [(absolute: String, display: String, configuration: LintConfiguration, targets: DeploymentTargets)] = []
        var targetsCache: [String: DeploymentTargets] = [:]
        let paths = request.paths.isEmpty ? ["."] : request.paths
        for path in paths {
            let absolute = collector.absolutePath(path)
            let configurationPath = request.configurationFile.map(collector.absolutePath) ?? ConfigurationLoader.find(above: absolute)
            var configuration = LintConfiguration()
            if let configurationPath {
                if let cached = configurationsByFile[configurationPath] {
                    configuration = cached
                } else {
                    do {
                        configuration = try ConfigurationLoader.load(file: configurationPath)
                        configurationsByFile[configurationPath] = configuration
                    } catch {
                        let display = collector.displayPath(configurationPath)
                        found.problems.append(InputProblem(path: display, kind: .configuration,
                                                           detail: (error.key.map { "key '\($0)': " } ?? "") + error.problem))
                        continue
                    }
                }
            } else {
                configuration.baseDirectory = request.workingDirectory
            }
            let before = found.swiftFiles.count
            collector.collect(path: path, configuration: configuration, into: &found, seen: &seen)
            let targets: DeploymentTargets
            if let configured = configuration.deploymentTargets {
                targets = configured
            } else if let cached = targetsCache[absolute] {
                targets = cached
            } else {
                targets = DeploymentTargetDetector.detect(startingAt: absolute) ?? DeploymentTargets()
                targetsCache[absolute] = targets
            }
            for file in found.swiftFiles[before...] {
                filesWithConfiguration.append((file.absolute, file.display, configuration, targets))
            }
        }

        let scanner = CreationTokenScanner(additionalTokens: rules.flatMap(\.description.additionalScanTokens))
        let outcomes = ParallelMap.map(filesWithConfiguration, parallel: parallel) { file -> FileOutcome in
            Self.analyse(file.absolute, display: file.display, configuration: file.configuration, targets: file.targets, scanner: scanner)
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

    static func analyse(_ absolute: String, display: String, configuration: LintConfiguration, targets: DeploymentTargets,
                        scanner: CreationTokenScanner) -> FileOutcome {
        var outcome = FileOutcome()
        guard let data = FileManager.default.contents(atPath: absolute) else {
            outcome.problems.append(InputProblem(path: display, kind: .unreadable, detail: "cannot read the file"))
            return outcome
        }
        outcome.bytes = data.count
        let bytes = [UInt8](data)
        if bytes.prefix(8192).contains(0) {
            outcome.problems.append(InputProblem(path: display, kind: .binary, detail: "looks binary (contains NUL bytes); skipped"))
            return outcome
        }
        guard scanner.mayContainSite(bytes) else { return outcome }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            outcome.problems.append(InputProblem(path: display, kind: .notUTF8, detail: "is not valid UTF-8; skipped"))
            return outcome
        }
        let analysis = FileAnalysis(path: display, source: text, configuration: configuration, deploymentTargets: targets)
        if analysis.hasSyntaxErrors {
            outcome.problems.append(InputProblem(path: display, kind: .syntaxErrors,
                                                 detail: "has syntax errors; analysed as far as the parser recovered"))
        }
        outcome.analysis = analysis
        return outcome
    }
}
