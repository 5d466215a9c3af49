/// A file a run served from the results cache: its facts and bytes instead of a syntax tree. Tree-wide
/// consumers see its sites as ``SiteRecord``s, exactly like a parsed file's; its per-file findings were
/// recorded when it was last parsed.
///
/// ```swift
/// tree.cachedFile("Sources/Shelf.swift")?.records.count
/// ```
public struct CachedFile: Sendable {
    /// The path as reported.
    public let path: String
    let facts: FileFacts
    /// The file's bytes as read this run (already hashed to find the facts): the text of its lines for
    /// reporters, and the background rules' search for constant names.
    let bytes: [UInt8]
    public let configuration: LintConfiguration
    let suppressions: SuppressionDirectives

    init(path: String, facts: FileFacts, bytes: [UInt8], configuration: LintConfiguration) {
        self.path = path
        self.facts = facts
        self.bytes = bytes
        self.configuration = configuration
        self.suppressions = facts.suppressions.directives
    }

    /// The file's sites.
    public var records: [SiteRecord] { facts.records }

    /// The file's text (decoded on demand: only reporters that print line text ask).
    public var source: String { String(decoding: bytes, as: UTF8.self) }
}

extension CachedFile {
    /// Whether the file's bytes contain any of `tokens` (the background rules' test for "mentions a name").
    func contains(anyOf tokens: [[UInt8]]) -> Bool {
        bytes.withUnsafeBufferPointer { CreationTokenScanner.containsAny(tokens, in: $0) }
    }
}

extension FileFacts {
    /// Adds the recorded constants to a background-rule constant table.
    func addConstants(to table: inout [String: Set<String>]) {
        for (name, values) in constants { table[name, default: []].formUnion(values) }
    }
}
