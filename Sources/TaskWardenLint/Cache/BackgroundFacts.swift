/// What the background rules concluded about a tree, cached as one entry: they read the syntax of every file
/// with background-task code together (the function index follows calls across files), so those files can be
/// served from the cache only when this entry still holds.
///
/// The entry's key covers every such file's own key (content, path, configuration, rules, tool build) and
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
    ///
    /// Identifiers resolve through the constants whose name (the part after the last `.`) is one of the names
    /// looked up, and a file declaring such a constant mentions that name: so those constants, taken from every
    /// file, are the same as taken from the files that mention a name. Cached files give theirs from their facts,
    /// and their bytes — perhaps not read this run — are not needed.
    /// `unparsed` gives the constants the files the run did not parse declare for a set of names
    /// (``UnparsedConstants/constants(declaring:)``, or its memo).
    func holds(files: [FileAnalysis], cachedFiles: [CachedFile], unparsed: (Set<String>) -> [String: Set<String>]) -> Bool {
        let names = Set(constantNames)
        var found = BackgroundTaskContext.constants(mentioning: names, files: files, cachedFiles: [])
        found.merge(unparsed(names)) { $0.union($1) }
        for file in cachedFiles { file.facts.addConstants(to: &found) }
        return Self.named(names, in: Self.table(found)) == Self.named(names, in: constants)
    }

    /// The constants of `table` whose name is one of `names`.
    private static func named(_ names: Set<String>, in table: [String: [String]]) -> [String: [String]] {
        table.filter { key, _ in names.contains(String(key.split(separator: ".").last ?? Substring(key))) }
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
