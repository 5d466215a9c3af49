import SwiftSyntax

/// One run's use of the results cache: the cache and what every key of the run shares.
struct CacheSession: Sendable {
    let cache: ResultsCache
    let run: ResultsCache.RunKey

    init(cache: ResultsCache, rules: [any Rule]) {
        self.cache = cache
        self.run = ResultsCache.RunKey(ruleIDs: rules.map(\.description.id))
    }

    /// The session of a run whose cache folder is `root`: none when no folder is asked for, or when the folder
    /// is refused (the note says why; the run parses every file, and its output is the same).
    static func open(root: String?, rules: [any Rule], temporaries: TemporaryFileRegistry = .process)
        -> (session: CacheSession?, problem: InputProblem?) {
        guard let root else { return (nil, nil) }
        switch ResultsCache.open(root: root, temporaries: temporaries) {
        case .success(let cache):
            return (CacheSession(cache: cache, rules: rules), nil)
        case .failure(let refusal):
            return (nil, InputProblem(path: refusal.folder, kind: .cacheNotUsed,
                                      detail: "\(refusal.detail); the results cache is not used"))
        }
    }

    /// Bytes that make a file matter to the background rules, which read syntax across files: such a file is
    /// served from the cache only together with the tree's ``BackgroundFacts`` (a superset of what
    /// ``BackgroundTaskContext`` looks for, and of every background site's call).
    static let backgroundTokens = (BackgroundTaskContext.scanTokens
        + ["BGAppRefreshTask", "BGProcessingTask", "backgroundTask", "forTaskWithIdentifier"]).map { Array($0.utf8) }

    /// The file's key, its facts when the cache holds trustworthy ones, and whether the background rules read it.
    func lookUp(_ bytes: [UInt8], path: String, configuration: LintConfiguration, settingsKey: String)
        -> (key: String, cached: CachedFile?, isBackground: Bool) {
        let isBackground = bytes.withUnsafeBufferPointer { CreationTokenScanner.containsAny(Self.backgroundTokens, in: $0) }
        let key = ResultsCache.key(content: bytes, path: path, settings: settingsKey, run: run)
        guard let facts = cache.load(key)?.checked(for: path, byteCount: bytes.count) else { return (key, nil, isBackground) }
        return (key, CachedFile(path: path, facts: facts, bytes: bytes, configuration: configuration), isBackground)
    }
}

extension LintEngine {
    /// Every file of the run and its size in bytes (what a cached finding may point at).
    static func sizes(_ files: [SourceFileCollector.SwiftFile], _ outcomes: [FileOutcome], _ propertyLists: [PropertyListFile]) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for (file, outcome) in zip(files, outcomes) { sizes[file.display] = outcome.bytes }
        for list in propertyLists { sizes[list.path] = list.contents.utf8.count }
        return sizes
    }

    /// Cached files that a `Task` type declared in this run's tree shadows a site of: their recorded findings
    /// assumed those sites, so they are parsed instead (rare: a project type named `Task`).
    static func cachedFilesToParse(_ outcomes: [FileOutcome]) -> [Int] {
        var declarations: [TaskTypeDeclaration] = []
        for outcome in outcomes {
            if let analysis = outcome.analysis { declarations += analysis.taskTypeDeclarations }
            if let cached = outcome.cached { declarations += cached.facts.declarations }
        }
        guard !declarations.isEmpty else { return [] }
        let shadowing = TaskTypeShadowing(declarations: declarations)
        return outcomes.indices.filter { index in
            outcomes[index].cached?.records.contains { shadowing.shadows($0) } == true
        }
    }

    /// Stores the facts of every parsed file that has a key, unless the tree shadowed one of its sites (its
    /// findings then depend on other files).
    static func store(tree: TreeAnalysis, perFile: [[Finding]], outcomes: [FileOutcome], session: CacheSession, parallel: Bool) {
        var work: [(file: FileAnalysis, findings: [Finding], problems: [InputProblem], key: String)] = []
        var index = 0
        for outcome in outcomes {
            guard let analysis = outcome.analysis else { continue }
            defer { index += 1 }
            let file = tree.files[index]
            guard let key = outcome.cacheKey, file.sites.count == analysis.sites.count else { continue }
            work.append((file, perFile[index], outcome.problems, key))
        }
        _ = ParallelMap.map(work, parallel: parallel) { item -> Bool in
            var constants: [String: Set<String>] = [:]
            BackgroundTaskContext.collectConstants(in: Syntax(item.file.tree), into: &constants)
            session.cache.store(FileFacts(item.file, findings: item.findings, problems: item.problems, constants: constants), item.key)
            return true
        }
    }
}
