#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits the bytes a census socket delivers into lines, in time linear in the bytes and memory bounded by one
/// line.
///
/// Each byte is searched for a newline once: the search resumes where the previous one stopped, so a line
/// that arrives in many reads is not rescanned from its start after each (which made 80 MB without a newline
/// take tens of seconds). A line longer than ``maximumLineLength`` is an error naming the limit, so a process
/// that never sends a newline cannot make the client grow without bound.
///
/// ```swift
/// var reader = CensusLineReader()
/// reader.append(bytesFromRead)
/// while let line = try reader.nextLine() { handle(line) }
/// ```
struct CensusLineReader {
    struct LineTooLong: Error, CustomStringConvertible {
        var limit: Int
        var description: String {
            "a census message longer than \(limit >> 20) MiB without a newline (not a census endpoint, or a broken one)"
        }
    }

    /// 16 MiB: the most a census endpoint queues for one client, so no real message is longer (a snapshot of
    /// 10,000 tasks is about 1.4 MB).
    static let defaultMaximumLineLength = 16 << 20

    let maximumLineLength: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts (lines before it were handed out).
    private var start = 0
    /// Everything in `buffer[start..<scanned]` is known to hold no newline.
    private var scanned = 0
    /// How many bytes the newline search has looked at in total (a test reads it to show that each byte is
    /// searched once).
    private(set) var bytesSearched = 0

    init(maximumLineLength: Int = Self.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Adds the bytes of one `read`.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start >= buffer.count / 2 {
            // Drop what was handed out once it is at least half the buffer: each byte moves at most once more,
            // so compaction stays linear too.
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line without its newline; nil when none is complete yet. Throws when the incomplete
    /// line is already longer than the limit.
    mutating func nextLine() throws(LineTooLong) -> String? {
        let searched = buffer.count - scanned
        let found: Int? = buffer.withUnsafeBytes { bytes in
            guard searched > 0, let base = bytes.baseAddress,
                  let hit = memchr(base + scanned, 0x0A, searched) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        guard let newline = found else {
            bytesSearched += searched
            scanned = buffer.count
            if scanned - start > maximumLineLength { throw LineTooLong(limit: maximumLineLength) }
            return nil
        }
        bytesSearched += newline + 1 - scanned
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        scanned = start
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        return line
    }
}
