import TaskWardenSupport
/// A file a run served from the results cache: its facts instead of a syntax tree. Tree-wide consumers see its
/// sites as ``SiteRecord``s, exactly like a parsed file's; its per-file findings were recorded when it was
/// last parsed.
///
/// ```swift
/// tree.cachedFile("Sources/Shelf.swift")?.records.count
/// ```
public struct CachedFile: Sendable {
    /// The path as reported.
    public let path: String
    let facts: FileFacts
    /// The file's bytes: those read this run (already hashed to find the facts), or — when the file's
    /// fingerprint showed it unchanged and it was not read — read on first use, by the few consumers that
    /// want its text (reporters that print a line, the background rules' search for a constant's name).
    let content: FileContent
    public let configuration: LintConfiguration
    let suppressions: SuppressionDirectives

    init(path: String, facts: FileFacts, content: FileContent, configuration: LintConfiguration) {
        self.path = path
        self.facts = facts
        self.content = content
        self.configuration = configuration
        self.suppressions = facts.suppressions.directives
    }

    /// The file's sites.
    public var records: [SiteRecord] { facts.records }

    /// The file's bytes.
    var bytes: [UInt8] { content.bytes }

    /// The file's text (decoded on demand: only reporters that print line text ask).
    public var source: String { String(decoding: bytes, as: UTF8.self) }
}

/// A file's bytes, already read or read once when first asked for (an unreadable file reads as empty).
final class FileContent: Sendable {
    private let absolutePath: String?
    private let loaded: Locked<[UInt8]?>

    /// Bytes already read.
    init(_ bytes: [UInt8]) {
        absolutePath = nil
        loaded = Locked(bytes)
    }

    /// The bytes of the file at `absolutePath`, read when first asked for.
    init(readingLater absolutePath: String) {
        self.absolutePath = absolutePath
        loaded = Locked(nil)
    }

    var bytes: [UInt8] {
        loaded.withLock { known in
            if let known { return known }
            let read = absolutePath.flatMap(FileBytes.read) ?? []
            known = read
            return read
        }
    }
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
