#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TaskWardenSupport

/// A baseline file opened for reading: a regular file (a directory, FIFO, device or socket is refused with
/// what it is, before anything waits on it), read in chunks so memory holds one chunk, never the file.
///
/// ```swift
/// var input = try BaselineInput(path: "taskwarden-baseline.json")
/// while let byte = try input.peek() { input.advance(); _ = byte }
/// ```
struct BaselineInput: ~Copyable {
    static let chunkSize = 1 << 16

    private let descriptor: Int32
    private let path: String
    private var chunk = [UInt8](repeating: 0, count: BaselineInput.chunkSize)
    private var start = 0
    private var end = 0
    /// Bytes consumed before `chunk[start]`.
    private var consumedBefore = 0
    /// The 1-based line of the next byte.
    private(set) var line = 1

    /// Opens `path` (named `path` in messages) for reading.
    init(path: String) throws(Baseline.FileError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Baseline.FileError(path: path, reason: errno == ENOENT
                ? "no such file (write one with --write-baseline)" : "cannot be read (\(Self.reason(errno)))")
        }
        if let kind = RegularFileOutput.nonRegularKind(status.st_mode) {
            throw Baseline.FileError(path: path, reason: "is \(kind), not a baseline file (--baseline reads a regular file)")
        }
        // O_NONBLOCK: should the path become a FIFO after the check, opening it must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Baseline.FileError(path: path, reason: "cannot be read (\(Self.reason(errno)))") }
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.reason(errno)
            close(descriptor)
            throw Baseline.FileError(path: path, reason: "cannot be read (\(reason))")
        }
        if let kind = RegularFileOutput.nonRegularKind(status.st_mode) {
            close(descriptor)
            throw Baseline.FileError(path: path, reason: "is \(kind), not a baseline file (--baseline reads a regular file)")
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// Where the next byte is, for messages: `byte 1,234 (line 12)`.
    var location: String { "byte \(consumedBefore + start + 1) (line \(line))" }

    /// The next byte, without consuming it; nil at the end of the file.
    mutating func peek() throws(Baseline.FileError) -> UInt8? {
        if start == end, try !refill() { return nil }
        return chunk[start]
    }

    /// Consumes the byte `peek()` returned.
    mutating func advance() {
        if chunk[start] == UInt8(ascii: "\n") { line += 1 }
        start += 1
    }

    /// Consumes the bytes of a string's inside up to its next `"`, `\\` or control character (or the chunk's
    /// end), handing them to `run` in one piece: strings are most of a baseline, and read a run at a time they
    /// cost a pass over memory, not a call per byte. Returns false at the end of the file.
    mutating func takeStringRun(_ run: (UnsafeBufferPointer<UInt8>) -> Void) throws(Baseline.FileError) -> Bool {
        if start == end, try !refill() { return false }
        let taken = chunk.withUnsafeBufferPointer { buffer -> Int in
            var index = start
            while index < end {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            run(UnsafeBufferPointer(rebasing: buffer[start..<index]))
            return index - start
        }
        start += taken  // a string's inside holds no newline
        return true
    }

    /// Consumes spaces, tabs and newlines (counting lines).
    mutating func skipWhitespace() throws(Baseline.FileError) {
        while true {
            if start == end, try !refill() { return }
            let (taken, lines) = chunk.withUnsafeBufferPointer { buffer -> (Int, Int) in
                var (index, lines) = (start, 0)
                while index < end {
                    let byte = buffer[index]
                    if byte == UInt8(ascii: "\n") {
                        lines += 1
                    } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                        break
                    }
                    index += 1
                }
                return (index - start, lines)
            }
            start += taken
            line += lines
            if start < end { return }
        }
    }

    /// Reads the file again from its first byte (the matching pass after the checking one).
    mutating func rewind() throws(Baseline.FileError) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure(errno) }
        (start, end, consumedBefore, line) = (0, 0, 0, 1)
    }

    private mutating func refill() throws(Baseline.FileError) -> Bool {
        consumedBefore += end
        (start, end) = (0, 0)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            end = count
            return count > 0
        }
    }

    private func failure(_ code: Int32) -> Baseline.FileError {
        Baseline.FileError(path: path, reason: "cannot be read (\(Self.reason(code)))")
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
