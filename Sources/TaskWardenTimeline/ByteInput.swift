import Foundation

/// The bytes of a trace, read a chunk at a time, so a 200 MB trace is never held whole: only the chunk being
/// read (1 MiB by default) and the event being materialised are. Traces in UTF-16 or UTF-32 (with or without a
/// byte order mark, as `JSONSerialization` accepted them) are handed on as UTF-8.
struct ByteInput {
    enum Source {
        /// Bytes already in memory (``ChromeTraceParser/parse(_:source:)``), served in chunks like a file.
        case bytes([UInt8])
        /// An open file; `path` names it in errors. The caller closes the descriptor.
        case file(descriptor: Int32, path: String)
    }

    static let defaultChunkSize = 1 << 20

    private let source: Source
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private var index = 0
    /// Where `buffer[0]` is in the whole input.
    private var bufferOffset = 0
    /// For `.bytes`: the next byte to copy into the buffer.
    private var sourceIndex = 0
    private var reachedEnd = false
    /// Decided from the first bytes; UTF-16 and UTF-32 traces are turned into UTF-8 a chunk at a time.
    private var encoding: TextEncoding?
    /// UTF-16/32 bytes read but not yet decoded (half a code unit or surrogate pair at a chunk's end).
    private var undecoded: [UInt8] = []
    /// The most bytes held at once, for tests that check the input is never held whole.
    private(set) var largestChunk = 0

    init(_ source: Source, chunkSize: Int = ByteInput.defaultChunkSize) {
        self.source = source
        self.chunkSize = max(1, chunkSize)
    }

    /// How many bytes have been consumed: the position errors report.
    var offset: Int { bufferOffset + index }

    /// The next byte without consuming it; nil at the end of the input.
    @inline(__always)
    mutating func peek() throws(TimelineError) -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// Consumes the byte `peek()` returned.
    @inline(__always)
    mutating func advance() { index += 1 }

    /// Consumes and returns the next byte; nil at the end of the input.
    @inline(__always)
    mutating func next() throws(TimelineError) -> UInt8? {
        let byte = try peek()
        if byte != nil { index += 1 }
        return byte
    }

    /// Consumes string content up to the next `"`, `\` or control byte within the current chunk, appending it to
    /// `scratch` when `keep`; the caller peeks at what stopped it (refilling as needed).
    mutating func consumeStringRun(into scratch: inout [UInt8], keep: Bool) {
        let start = index
        buffer.withUnsafeBufferPointer { bytes in
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
        }
        if keep, index > start { scratch.append(contentsOf: buffer[start..<index]) }
    }

    /// Replaces the consumed chunk with the next one (as UTF-8); false at the end of the input.
    private mutating func refill() throws(TimelineError) -> Bool {
        guard !reachedEnd else { return false }
        bufferOffset += buffer.count
        index = 0
        buffer = []
        while buffer.isEmpty {
            var chunk = try readRaw()
            let sourceEnded = chunk.isEmpty
            if encoding == nil {
                // The encoding is told by the first four bytes, as JSONSerialization (and RFC 4627) tell it.
                while chunk.count < 4 {
                    let more = try readRaw()
                    if more.isEmpty { break }
                    chunk += more
                }
                let (detected, byteOrderMark) = TextEncoding.detect(chunk.prefix(4))
                encoding = detected
                chunk.removeFirst(byteOrderMark)
            }
            if encoding == .utf8 {
                buffer = chunk
            } else {
                undecoded += chunk
                buffer = encoding!.decodeToUTF8(&undecoded, atEnd: sourceEnded)
            }
            if sourceEnded { break }
        }
        largestChunk = max(largestChunk, buffer.count)
        if buffer.isEmpty { reachedEnd = true }
        return !buffer.isEmpty
    }

    /// The next chunk of the source as it is stored; empty at its end.
    private mutating func readRaw() throws(TimelineError) -> [UInt8] {
        switch source {
        case .bytes(let bytes):
            let end = min(bytes.count, sourceIndex + chunkSize)
            defer { sourceIndex = end }
            return Array(bytes[sourceIndex..<end])
        case .file(let descriptor, let path):
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { storage, count in
                count = 0
                while true {
                    let result = read(descriptor, storage.baseAddress, chunkSize)
                    if result >= 0 {
                        count = result
                        return
                    }
                    if errno != EINTR {
                        failure = errno
                        return
                    }
                }
            }
            if failure != 0 {
                throw .unreadable(path: path, reason: String(cString: strerror(failure)))
            }
            return chunk
        }
    }
}
