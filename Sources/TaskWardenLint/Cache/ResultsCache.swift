import Foundation

/// The results cache on disk: one file per analysed source file, named by the SHA-256 of its key (the file's
/// content hash, its reported path, the effective configuration, the rules run and the tool's build), under
/// `$XDG_CACHE_HOME/taskwarden` (`~/.cache/taskwarden` on Linux, `~/Library/Caches/taskwarden` on macOS) or
/// `--cache-path DIR`.
///
/// It is only an optimisation: a file it cannot answer for is parsed, so output is byte-identical without it.
/// Each entry is `taskwarden-cache <format> <payload length> <payload checksum>\n` and the payload, the value in
/// ``CacheCoding``'s binary form; the checksum (64-bit FNV-1a) catches a damaged entry, not a forged one. What
/// an entry may be trusted with, and what not:
/// - the folder is used only when nobody but this user (or root) can write it or any folder above it
///   (``CacheFolder``): entries are then this user's own `taskwarden`'s, or corrupt;
/// - a truncated, corrupt or other-format entry, or one that is not a regular file (a FIFO, a link), is a miss;
/// - a well-formed entry is still checked against the file it answers for before it is used
///   (``FileFacts/checked(for:byteCount:)``): every position and finding in the file and within its size, every
///   count bounded by it. One that fails is a miss, and rewritten.
///
/// Entries are written to a temporary file (removed on Ctrl-C and SIGTERM) and renamed over the old one, so two
/// runs at once never leave half an entry.
///
/// ```swift
/// guard case .success(let cache) = ResultsCache.open(root: ResultsCache.defaultRoot()!) else { return }
/// let key = ResultsCache.key(content: bytes, path: "Sources/Shelf.swift", settings: settings, run: run)
/// if let facts = cache.load(key) { … } else { …; cache.store(facts, key) }
/// ```
public struct ResultsCache: Sendable {
    /// Bumped whenever ``FileFacts`` or the entry format changes.
    static let format = 3
    /// The tool's version, part of every key (a new version never reads an old one's facts).
    public static let toolVersion = "0.1.0"

    /// The version and the running executable's size and modification time, part of every key: a rebuilt
    /// `taskwarden` whose rules or program discovery changed never reads the facts an earlier build of the same
    /// version stored (a development build, or a fix released under the same number). Read once per process.
    static let toolBuild: String = {
        guard let executable = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: executable) else {
            return toolVersion
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(toolVersion) build \(size)@\(modified)"
    }()

    /// The folder holding the entries (`…/taskwarden/v<format>`).
    let folder: CacheFolder
    public var directory: String { folder.path }

    /// The cache in `root` (`--cache-path`; entries go to `root/v<format>`), or why it cannot be used.
    static func open(root: String, temporaries: TemporaryFileRegistry = .process,
                     writeCall: @escaping AtomicSourceWriter.WriteCall = AtomicSourceWriter.systemWrite) -> Result<ResultsCache, CacheFolder.Refusal> {
        CacheFolder.at(root, subfolder: "v\(Self.format)", temporaries: temporaries, writeCall: writeCall).map(ResultsCache.init(folder:))
    }

    init(folder: CacheFolder) {
        self.folder = folder
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

    /// What every key of one run shares: the rules run and the tool's build (toolBuild).
    struct RunKey: Sendable {
        let text: String

        init(ruleIDs: [String]) {
            text = "taskwarden \(ResultsCache.toolBuild) cache \(ResultsCache.format) rules \(ruleIDs.joined(separator: ","))"
        }
    }

    /// The entry name for a file: SHA-256 over the run key, the reported path, the configuration and targets
    /// in effect (`settings`, their ``StableDescription``s), and the content's SHA-256 (hex).
    static func key(contentHash: String, path: String, settings: String, run: RunKey) -> String {
        let material = [run.text, path, settings, contentHash].joined(separator: "\u{0}")
        return SHA256.hex(Array(material.utf8))
    }

    static func key(content: [UInt8], path: String, settings: String, run: RunKey) -> String {
        key(contentHash: SHA256.hex(content), path: path, settings: settings, run: run)
    }

    /// Where the entry `key` is: in its two-digit folder, or in `folder` (an entry kept per tree).
    private func entryName(_ key: String, in subfolder: String? = nil) -> String { "\(subfolder ?? String(key.prefix(2)))/\(key)" }

    /// The facts stored under `key`, or nil when there are none or the entry cannot be trusted.
    func load(_ key: String) -> FileFacts? { load(key, as: FileFacts.self) }

    /// The value stored under `key` (in `subfolder`), or nil when there is none or the entry is not whole.
    func load<Value: Decodable>(_ key: String, in subfolder: String? = nil, as type: Value.Type) -> Value? {
        guard let bytes = folder.read(entryName(key, in: subfolder)), let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        let payload = bytes[(newline + 1)...]
        guard header.count == 4, header[0] == "taskwarden-cache", header[1] == "\(Self.format)",
              Int(header[2]) == payload.count, header[3] == Checksum.hex(payload)
        else { return nil }
        return try? CacheCoding.decode(Value.self, from: payload)
    }

    /// Stores `facts` under `key`: written to a temporary file beside the entry, then renamed over it. Failures
    /// (a read-only or full disk) are ignored: the cache only saves time.
    func store(_ facts: some Encodable, _ key: String, in subfolder: String? = nil) {
        guard let payload = try? CacheCoding.encode(facts) else { return }
        let header = "taskwarden-cache \(Self.format) \(payload.count) \(Checksum.hex(payload))\n"
        folder.write(Array(header.utf8) + payload, to: entryName(key, in: subfolder))
    }
}
