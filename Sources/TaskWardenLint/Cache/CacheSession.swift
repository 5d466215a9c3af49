/// One run's use of the results cache: the cache, what every key of the run shares, and the index of the
/// files this tree had at the last run (``FileIndex``).
///
/// The engine asks it three things: whether a file can be answered for without reading it (``serve(_:)``);
/// for a file it read, the file's key and cached facts (``lookUp(_:of:)``); and, at the end, to remember what
/// it learned (``store(tree:perFile:outcomes:parallel:)``, ``writeIndex(_:_:)``).
///
/// ```swift
/// let (session, note) = CacheSession.open(root: cacheFolder, rules: rules, tree: tree)
/// if let outcome = session?.serve(file) { return outcome }   // not even read
/// ```
struct CacheSession: Sendable {
    let cache: ResultsCache
    let run: ResultsCache.RunKey
    /// When this run started, before it read any file: what the fingerprints it records are judged against.
    let startedAt: FileFingerprint.Timestamp
    /// The index the last run on this tree left, and the name this run's goes under.
    let index: FileIndex?
    let indexKey: String?

    /// The tree a run lints, as far as its index is concerned: an index is kept per set of roots, working
    /// folder and byte scan (which decides what a file's bytes rule out).
    struct Tree: Sendable {
        var roots: [String]
        var workingDirectory: String
        var scanner: CreationTokenScanner
    }

    init(cache: ResultsCache, rules: [any Rule], tree: Tree? = nil) {
        self.cache = cache
        self.run = ResultsCache.RunKey(ruleIDs: rules.map(\.description.id))
        startedAt = .now()
        guard let tree else {
            (index, indexKey) = (nil, nil)
            return
        }
        let material = [run.text, "index", tree.workingDirectory, StableDescription.of(tree.scanner)] + tree.roots.sorted()
        let key = SHA256.hex(Array(material.joined(separator: "\u{0}").utf8))
        indexKey = key
        index = cache.folder.read("index/" + key).flatMap(FileIndex.init(bytes:))
    }

    /// The session of a run whose cache folder is `root`: none when no folder is asked for, or when the folder
    /// is refused (the note says why; the run parses every file, and its output is the same).
    static func open(root: String?, rules: [any Rule], tree: Tree? = nil, temporaries: TemporaryFileRegistry = .process)
        -> (session: CacheSession?, problem: InputProblem?) {
        guard let root else { return (nil, nil) }
        switch ResultsCache.open(root: root, temporaries: temporaries) {
        case .success(let cache):
            return (CacheSession(cache: cache, rules: rules, tree: tree), nil)
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

    /// The outcome of a file whose fingerprint the index recorded and which is unchanged since: ruled out by
    /// the byte scan, or its facts from the cache — without reading it. Nil when the file must be read.
    func serve(_ file: SourceFileCollector.SwiftFile) -> FileStages.Outcome? {
        guard let index, let fingerprint = file.fingerprint, let known = index.entry(for: file.absolute, fingerprint: fingerprint)
        else { return nil }
        var outcome = FileStages.Outcome()
        outcome.bytes = Int(fingerprint.size)
        outcome.indexEntry = known
        outcome.unread = true
        outcome.declaresEntryPoint = known.declaresEntryPoint
        switch known.knowledge {
        case .ruledOut:
            return outcome
        case .facts(let contentHash, let isBackground):
            let key = ResultsCache.key(contentHash: SHA256.hex(digest: contentHash), path: file.display, settings: file.settingsKey, run: run)
            guard let facts = cache.load(key)?.checked(for: file.display, byteCount: outcome.bytes) else { return nil }
            outcome.cacheKey = key
            outcome.isBackground = isBackground
            outcome.cached = CachedFile(path: file.display, facts: facts, content: FileContent(readingLater: file.absolute),
                                        configuration: file.configuration)
            outcome.problems = facts.inputProblems
            return outcome
        }
    }

    /// For a file read this run whose byte scan let it through: its key, its facts when the cache holds
    /// trustworthy ones, whether the background rules read it, and what the index is to remember of it.
    func lookUp(_ bytes: [UInt8], of file: SourceFileCollector.SwiftFile, declaresEntryPoint: Bool)
        -> (key: String, cached: CachedFile?, isBackground: Bool, indexEntry: FileIndex.Entry?) {
        let isBackground = bytes.withUnsafeBufferPointer { CreationTokenScanner.containsAny(Self.backgroundTokens, in: $0) }
        let digest = SHA256.digest(bytes)
        let key = ResultsCache.key(contentHash: SHA256.hex(digest: digest), path: file.display, settings: file.settingsKey, run: run)
        let entry = file.fingerprint.map {
            FileIndex.Entry(fingerprint: $0, knowledge: .facts(contentHash: digest, isBackground: isBackground), declaresEntryPoint: declaresEntryPoint)
        }
        guard let facts = cache.load(key)?.checked(for: file.display, byteCount: bytes.count) else { return (key, nil, isBackground, entry) }
        let cached = CachedFile(path: file.display, facts: facts, content: FileContent(bytes), configuration: file.configuration)
        return (key, cached, isBackground, entry)
    }

    /// What the index is to remember of a file read this run that the byte scan ruled out.
    func ruledOut(_ file: SourceFileCollector.SwiftFile, declaresEntryPoint: Bool) -> FileIndex.Entry? {
        file.fingerprint.map { FileIndex.Entry(fingerprint: $0, knowledge: .ruledOut, declaresEntryPoint: declaresEntryPoint) }
    }

    /// Writes this run's index: every file of the run with what was learned of it. The caller skips it when
    /// it is the index the run started from (``indexChanges(_:_:)`` false: nothing was read, added or removed).
    func writeIndex(_ files: [SourceFileCollector.SwiftFile], _ outcomes: [FileStages.Outcome]) {
        guard let indexKey else { return }
        var entries: [String: FileIndex.Entry] = [:]
        entries.reserveCapacity(files.count)
        for (file, outcome) in zip(files, outcomes) {
            if let entry = outcome.indexEntry { entries[file.absolute] = entry }
        }
        cache.folder.write(FileIndex(recordedAt: startedAt, entries: entries).bytes, to: "index/" + indexKey)
    }
}
