/// The constants declared in the files a run did not parse (``UnparsedConstants``), which the background rules'
/// cached findings are checked against, remembered between runs: finding them means reading every such file,
/// and a warm run reads none.
///
/// Kept per tree beside the ``FileIndex``, and tied to it: the memo describes the files as the index recorded
/// them (its `recordedAt`), so a file the index shows unchanged declares what the memo says, and only files
/// read this run are searched again. A memo made for other names, or for another index, is not used.
///
/// ```swift
/// let constants = session.unparsedConstants(declaring: names, files: unparsedFiles, indexChanged: changed)
/// ```
struct UnparsedConstantsMemo: Codable, Sendable {
    /// The index this memo describes: its `recordedAt`.
    var generationSeconds: Int64
    var generationNanoseconds: Int64
    /// The names searched for, sorted.
    var names: [String]
    /// The files that declare one of them (absolute path), and their constants.
    var declaring: [String: [String: [String]]]
}

extension CacheSession {
    /// A file the run did not parse: where it is, and whether the index showed it unchanged (it was not read).
    struct UnparsedFile: Sendable {
        var absolutePath: String
        var unread: Bool
    }

    /// The constants the unparsed `files` declare for `names` (``UnparsedConstants/constants(declaring:)``):
    /// unchanged files from the memo, the others searched. `indexChanged` says whether this run writes a new
    /// index, which the memo then describes.
    func unparsedConstants(declaring names: Set<String>, files: [UnparsedFile], indexChanged: Bool) -> [String: Set<String>] {
        guard !names.isEmpty, let indexKey else {
            return UnparsedConstants(files: files.map { .disk(path: $0.absolutePath) }).constants(declaring: names)
        }
        let sortedNames = names.sorted()
        var memo: UnparsedConstantsMemo?
        if let index, let stored = cache.load(indexKey, in: "unparsed", as: UnparsedConstantsMemo.self),
           stored.names == sortedNames,
           stored.generationSeconds == index.recordedAt.seconds, stored.generationNanoseconds == index.recordedAt.nanoseconds {
            memo = stored
        }
        var declaring: [String: [String: [String]]] = [:]
        var searched: [String] = []
        for file in files {
            if let memo, file.unread {
                if let constants = memo.declaring[file.absolutePath] { declaring[file.absolutePath] = constants }
            } else {
                searched.append(file.absolutePath)
            }
        }
        for path in searched {
            let found = UnparsedConstants(files: [.disk(path: path)]).constants(declaring: names)
            if !found.isEmpty { declaring[path] = found.mapValues { $0.sorted() } }
        }
        let generation = indexChanged || index == nil ? startedAt : index!.recordedAt
        let updated = UnparsedConstantsMemo(generationSeconds: generation.seconds, generationNanoseconds: generation.nanoseconds,
                                            names: sortedNames, declaring: declaring)
        if memo == nil || !searched.isEmpty || indexChanged {
            cache.store(updated, indexKey, in: "unparsed")
        }
        var constants: [String: Set<String>] = [:]
        for table in declaring.values {
            for (name, values) in table { constants[name, default: []].formUnion(values) }
        }
        return constants
    }

    /// Whether this run writes a new index (``writeIndex(_:_:)``): a file was read, added or removed.
    func indexChanges(_ files: [SourceFileCollector.SwiftFile], _ outcomes: [FileStages.Outcome]) -> Bool {
        guard let index else { return true }
        guard index.entries.count == files.count else { return true }
        for (file, outcome) in zip(files, outcomes) {
            guard let entry = outcome.indexEntry, index.entry(for: file.absolute, fingerprint: entry.fingerprint) == entry else { return true }
        }
        return false
    }
}
