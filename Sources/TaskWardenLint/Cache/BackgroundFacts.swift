/// What the background rules concluded about a tree, cached as one entry: they read the syntax of every file
/// with background-task code together (the function index follows calls across files), so those files can be
/// served from the cache only when this entry still holds.
///
/// The entry's key covers every such file's own key (content, path, configuration, rules, tool version) and
/// every `Info.plist`; the constants their identifiers resolved through may live in any file, so the names
/// looked up and the values found are stored too, and a later run reuses the findings only if the same names
/// resolve to the same values in its tree.
///
/// ```swift
/// if let facts = cache.load(key, as: BackgroundFacts.self), facts.holds(in: parsed, cached) { reuse(facts.findings) }
/// ```
struct BackgroundFacts: Sendable, Codable, Equatable {
    /// The background rules' findings (raw: before severity and suppression).
    var findings: [Finding]
    /// The names identifier expressions were resolved by, and what the tree declared for them.
    var constantNames: [String]
    var constants: [String: [String]]

    init(findings: [Finding], context: BackgroundTaskContext?) {
        self.findings = findings
        constantNames = context.map { $0.constantNames.sorted() } ?? []
        constants = Self.table(context?.constants ?? [:])
    }

    /// Whether the tree made of these files resolves the recorded names to the recorded values.
    func holds(files: [FileAnalysis], cachedFiles: [CachedFile], unparsed: UnparsedConstants = .none) -> Bool {
        Self.table(BackgroundTaskContext.constants(mentioning: Set(constantNames), files: files, cachedFiles: cachedFiles,
                                                   unparsed: unparsed)) == constants
    }

    private static func table(_ constants: [String: Set<String>]) -> [String: [String]] {
        constants.mapValues { $0.sorted() }
    }
}

extension CacheSession {
    /// The key of the tree's background entry: the keys of the files with background-task code, sorted, and
    /// every property list's path and content.
    func backgroundKey(fileKeys: [String], propertyLists: [PropertyListFile]) -> String {
        let lists = propertyLists.sorted { $0.path < $1.path }.map { $0.path + "\u{0}" + SHA256.hex(Array($0.contents.utf8)) }
        let material = ([run.text, "background"] + fileKeys.sorted() + ["plists"] + lists).joined(separator: "\u{0}")
        return SHA256.hex(Array(material.utf8))
    }
}
