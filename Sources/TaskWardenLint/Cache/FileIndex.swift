/// What the results cache remembers about every file of one tree between runs, as git's index does: its
/// fingerprint (``FileFingerprint``) and what the run learned from its bytes — that the byte scan rules it out,
/// or its content's SHA-256 (which, with its path and settings, names its facts' entry) and whether the
/// background rules read it. A later run that finds the same fingerprint, not taken racily close to when it
/// was recorded, does not read the file at all.
///
/// Kept per tree (the run's roots, working folder, rules and byte scan), in one file under the cache folder,
/// written only when something in it changed:
///
/// ```text
/// taskwarden-index <format> <recorded-at seconds> <nanoseconds> <count> <payload length> <checksum>\n
/// count × { u32 path length, path, u64 device, u64 inode, i64 size, i64 mtime s, i64 mtime ns,
///           i64 ctime s, i64 ctime ns, u8 flags (1 facts, 2 read by the background rules, 4 declares an entry
///           point; no 1: ruled out), 32-byte content SHA-256 when it has facts }       (integers little-endian)
/// ```
///
/// Every count and length read from it is checked against what is left of it; an index that is not whole is
/// ignored (every file is read, as on a first run).
///
/// ```swift
/// if let known = index.entry(for: file.absolute, fingerprint: file.fingerprint) { … }   // nil: read the file
/// ```
struct FileIndex: Sendable {
    static let format = 1

    /// What the run learned from a file's bytes.
    enum Knowledge: Hashable, Sendable {
        /// Valid UTF-8 with no creation token: nothing to analyse.
        case ruledOut
        /// Its content's SHA-256 (32 bytes), and whether the background rules read it.
        case facts(contentHash: [UInt8], isBackground: Bool)
    }

    struct Entry: Hashable, Sendable {
        var fingerprint: FileFingerprint
        var knowledge: Knowledge
        /// The file declares an `@main` type or an application delegate (``ProgramEntryPoint``): program
        /// discovery's folder layout reads that from every file.
        var declaresEntryPoint = false
    }

    /// When the run that recorded these entries started (before it read any file).
    var recordedAt: FileFingerprint.Timestamp
    var entries: [String: Entry]

    init(recordedAt: FileFingerprint.Timestamp, entries: [String: Entry] = [:]) {
        self.recordedAt = recordedAt
        self.entries = entries
    }

    /// What is known about the file at `path` whose fingerprint is now `fingerprint`; nil when it changed, was
    /// not seen, or its fingerprint was taken too close to the recording to be trusted (it is read again).
    func entry(for path: String, fingerprint: FileFingerprint) -> Entry? {
        guard let entry = entries[path], entry.fingerprint == fingerprint, !fingerprint.isRacy(recordedAt: recordedAt) else { return nil }
        return entry
    }

    // MARK: The file

    var bytes: [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(entries.count * 140)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            payload.appendEntryHead(path: path, fingerprint: entry.fingerprint)
            let entryPoint: UInt8 = entry.declaresEntryPoint ? 4 : 0
            switch entry.knowledge {
            case .ruledOut:
                payload.append(entryPoint)
            case .facts(let hash, let isBackground):
                payload.append(1 | (isBackground ? 2 : 0) | entryPoint)
                payload += hash
            }
        }
        return RecordedTreeFile.bytes(kind: "taskwarden-index", format: Self.format, recordedAt: recordedAt, count: entries.count, payload: payload)
    }

    /// The index in `bytes`, or nil when they are not a whole index of this format.
    init?(bytes: [UInt8]) {
        guard let (recordedAt, count, payload) = RecordedTreeFile.read(bytes, kind: "taskwarden-index", format: Self.format, minimumEntryBytes: 61)
        else { return nil }
        var reader = ByteReader(payload)
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let (path, fingerprint) = reader.entryHead(), let kind = reader.bytes(1)?.first else { return nil }
            guard kind & ~7 == 0, kind & 1 == 1 || kind & 2 == 0 else { return nil }
            let knowledge: Knowledge
            if kind & 1 == 1 {
                guard let hash = reader.bytes(32) else { return nil }
                knowledge = .facts(contentHash: Array(hash), isBackground: kind & 2 != 0)
            } else {
                knowledge = .ruledOut
            }
            entries[path] = Entry(fingerprint: fingerprint, knowledge: knowledge, declaresEntryPoint: kind & 4 != 0)
        }
        guard reader.isAtEnd else { return nil }
        self.init(recordedAt: recordedAt, entries: entries)
    }
}

/// Reads integers and byte runs from a buffer, every read checked against what is left.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.endIndex - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A little-endian integer.
    mutating func integer<Value: FixedWidthInteger>(_ type: Value.Type) -> Value? {
        guard let raw = bytes(MemoryLayout<Value>.size) else { return nil }
        // One unaligned load rather than a shift per byte: an index holds seven integers per file.
        return Value(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: Value.self) })
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` little-endian.
    mutating func appendInteger<Value: FixedWidthInteger>(_ value: Value) {
        var remaining = value
        for _ in 0..<MemoryLayout<Value>.size {
            append(UInt8(truncatingIfNeeded: remaining))
            remaining >>= 8
        }
    }
}

/// A 64-bit FNV-1a checksum: catches a truncated or damaged cache file (it is no defence against a writer,
/// which the folder's permissions are).
enum Checksum {
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
