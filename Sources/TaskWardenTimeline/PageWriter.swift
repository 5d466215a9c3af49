import Foundation

/// Collects the page's bytes and hands them on in 256 KiB pieces, so a page for a 200 MB trace is never
/// held whole when it goes to a file.
struct PageWriter {
    enum Destination {
        /// Keep everything (``TimelineHTMLRenderer/render(_:title:)`` returns it as a string).
        case memory
        /// Write to an open file; `path` names it in errors. The caller closes the descriptor.
        case file(descriptor: Int32, path: String)
    }

    static let flushSize = 1 << 18

    private let destination: Destination
    /// Bytes not yet handed on; callers append to it directly and then call ``flushIfFull()``.
    var buffer: [UInt8] = []
    /// Everything handed to the destination so far.
    private(set) var flushedCount = 0

    init(_ destination: Destination) {
        self.destination = destination
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Hands the buffer on once it holds a piece's worth (never, for `.memory`).
    mutating func flushIfFull() throws(TimelineError) {
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Hands on whatever is buffered.
    mutating func flush() throws(TimelineError) {
        guard case .file(let descriptor, let path) = destination, !buffer.isEmpty else { return }
        var written = 0
        var failure: Int32 = 0
        buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result > 0 {
                    written += result
                } else if result < 0, errno == EINTR {
                    continue
                } else {
                    failure = result < 0 ? errno : EIO
                    return
                }
            }
        }
        if failure != 0 { throw .unwritable(path: path, reason: String(cString: strerror(failure))) }
        flushedCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
