import Foundation

/// The results cache on disk: one file per analysed source file, named by the SHA-256 of its key (the file's
/// content hash, its reported path, the effective configuration, the rules run and the tool's version), under
/// `$XDG_CACHE_HOME/taskwarden` (`~/.cache/taskwarden` on Linux, `~/Library/Caches/taskwarden` on macOS) or
/// `--cache-path DIR`.
///
/// It is only an optimisation: a file it cannot answer for is parsed, so output is byte-identical without it.
/// Each entry is `taskwarden-cache <format> <payload length> <payload SHA-256>\n` and the JSON payload; an
/// entry that is truncated, corrupt or of another format is ignored and rewritten, never trusted. Entries are
/// written to a temporary file and renamed over the old one, so two runs at once never leave half an entry.
///
/// ```swift
/// let cache = ResultsCache(directory: ResultsCache.defaultDirectory()!)
/// let key = cache.key(content: bytes, path: "Sources/Shelf.swift", context: runContext)
/// if let facts = cache.load(key) { … } else { …; cache.store(facts, key) }
/// ```
public struct ResultsCache: Sendable {
    /// Bumped whenever ``FileFacts`` or the entry format changes.
    static let format = 1
    /// The tool's version, part of every key (a new version never reads an old one's facts).
    public static let toolVersion = "0.1.0"

    /// The folder holding the entries (`…/taskwarden/v1`).
    public let directory: String

    /// A cache in `root` (`--cache-path`); entries go to `root/v<format>`.
    public init(root: String) {
        directory = (root.hasSuffix("/") ? String(root.dropLast()) : root) + "/v\(Self.format)"
    }

    /// `$XDG_CACHE_HOME/taskwarden`, else `~/.cache/taskwarden` (Linux) or `~/Library/Caches/taskwarden` (macOS).
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        #if os(macOS) || os(iOS)
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/Library/Caches/taskwarden"
        #else
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/taskwarden" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/taskwarden"
        #endif
    }

    /// What every key of one run shares: the rules run and the tool's version.
    struct RunKey: Sendable {
        let text: String

        init(ruleIDs: [String]) {
            text = "taskwarden \(ResultsCache.toolVersion) cache \(ResultsCache.format) rules \(ruleIDs.joined(separator: ","))"
        }
    }

    /// The entry name for a file: SHA-256 over the run key, the reported path, the configuration and targets
    /// in effect (`settings`, their ``StableDescription``s), and the content's SHA-256.
    static func key(content: [UInt8], path: String, settings: String, run: RunKey) -> String {
        let material = [run.text, path, settings, SHA256.hex(content)]
            .joined(separator: "\u{0}")
        return SHA256.hex(Array(material.utf8))
    }

    private func entryPath(_ key: String) -> String { "\(directory)/\(key.prefix(2))/\(key)" }

    /// The facts stored under `key`, or nil when there are none or the entry cannot be trusted.
    func load(_ key: String) -> FileFacts? { load(key, as: FileFacts.self) }

    /// The value stored under `key`, or nil when there is none or the entry cannot be trusted.
    func load<Value: Decodable>(_ key: String, as type: Value.Type) -> Value? {
        guard let bytes = FileBytes.read(entryPath(key)), let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        let payload = bytes[(newline + 1)...]
        guard header.count == 4, header[0] == "taskwarden-cache", header[1] == "\(Self.format)",
              Int(header[2]) == payload.count, header[3] == SHA256.hex(payload)
        else { return nil }
        return try? JSONReader.decode(Value.self, from: Data(payload))
    }

    /// Stores `facts` under `key`: written to a temporary file beside the entry, then renamed over it. Failures
    /// (a read-only or full disk) are ignored: the cache only saves time.
    func store(_ facts: some Encodable, _ key: String) {
        guard let payload = JSONWriter.compact(facts) else { return }
        let header = "taskwarden-cache \(Self.format) \(payload.count) \(SHA256.hex(payload))\n"
        let path = entryPath(key)
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(folder)/.\(key).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(header.utf8) + payload) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
