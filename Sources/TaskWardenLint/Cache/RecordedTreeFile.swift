/// The framing the per-tree files of the results cache share (``FileIndex``, ``FolderListings``): a header line
/// with the file's kind and format, when the run that wrote it started, its entry count, and its payload's length
/// and checksum; then the payload, whose entries begin with a path and a ``FileFingerprint``.
///
/// ```text
/// <kind> <format> <recorded-at seconds> <nanoseconds> <count> <payload length> <checksum>\n<payload>
/// ```
enum RecordedTreeFile {
    static func bytes(kind: String, format: Int, recordedAt: FileFingerprint.Timestamp, count: Int, payload: [UInt8]) -> [UInt8] {
        let header = "\(kind) \(format) \(recordedAt.seconds) \(recordedAt.nanoseconds) \(count) \(payload.count) \(Checksum.hex(payload))\n"
        return Array(header.utf8) + payload
    }

    /// The header's time and count and the payload, or nil when `bytes` are not a whole file of this kind and
    /// format. A count that more than fits the payload at `minimumEntryBytes` each is refused before anything is
    /// allocated for it.
    static func read(_ bytes: [UInt8], kind: String, format: Int, minimumEntryBytes: Int)
        -> (recordedAt: FileFingerprint.Timestamp, count: Int, payload: ArraySlice<UInt8>)? {
        guard let newline = bytes.prefix(256).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        let payload = bytes[(newline + 1)...]
        guard header.count == 7, header[0] == kind, header[1] == "\(format)",
              let seconds = Int64(header[2]), let nanoseconds = Int64(header[3]), let count = Int(header[4]),
              Int(header[5]) == payload.count, header[6] == Checksum.hex(payload),
              count >= 0, count <= payload.count / minimumEntryBytes
        else { return nil }
        return (.init(seconds: seconds, nanoseconds: nanoseconds), count, payload)
    }
}

extension Array where Element == UInt8 {
    /// Appends a path (`u32` length, bytes) and a fingerprint (seven little-endian 64-bit integers).
    mutating func appendEntryHead(path: String, fingerprint print: FileFingerprint) {
        let name = Array(path.utf8)
        appendInteger(UInt32(name.count))
        self += name
        for value in [Int64(bitPattern: print.device), Int64(bitPattern: print.inode), print.size, print.modified.seconds,
                      print.modified.nanoseconds, print.changed.seconds, print.changed.nanoseconds] {
            appendInteger(UInt64(bitPattern: value))
        }
    }
}

extension ByteReader {
    /// A path and a fingerprint as `appendEntryHead(path:fingerprint:)` wrote them; nil when what is
    /// left is too short or the path is longer than 64 KiB.
    mutating func entryHead() -> (path: String, fingerprint: FileFingerprint)? {
        guard let length = integer(UInt32.self), length <= 65_536, let name = bytes(Int(length)),
              let device = integer(UInt64.self), let inode = integer(UInt64.self),
              let size = integer(UInt64.self), let mtime = integer(UInt64.self), let mtimeNanos = integer(UInt64.self),
              let ctime = integer(UInt64.self), let ctimeNanos = integer(UInt64.self)
        else { return nil }
        let fingerprint = FileFingerprint(
            device: device, inode: inode, size: Int64(bitPattern: size),
            modified: .init(seconds: Int64(bitPattern: mtime), nanoseconds: Int64(bitPattern: mtimeNanos)),
            changed: .init(seconds: Int64(bitPattern: ctime), nanoseconds: Int64(bitPattern: ctimeNanos)))
        return (String(decoding: name, as: UTF8.self), fingerprint)
    }
}
