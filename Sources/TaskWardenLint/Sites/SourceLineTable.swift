/// Line starts of a file's UTF-8 bytes, for turning offsets into 1-based line and column (UTF-8 columns,
/// as the compiler prints them).
///
/// Built with one pass over the bytes. SwiftSyntax's `SourceLocationConverter` computes the same from the
/// tree, which walks every token: several times the cost on a large file.
///
/// ```swift
/// let table = SourceLineTable("let a = 1\nTask { }")
/// table.location(ofUTF8Offset: 10) // (line: 2, column: 1)
/// ```
public struct SourceLineTable: Hashable, Sendable {
    /// The UTF-8 offset where each line starts; the first is 0.
    private let lineStarts: [Int]

    public init(_ source: String) {
        var text = source
        // Read through a buffer pointer: iterating `String.UTF8View` costs several times more per byte.
        lineStarts = text.withUTF8 { bytes in
            var starts = [0]
            // Most files hold no "\r": their newlines are found with `memchr`, not byte by byte.
            guard ByteSearch.contains(UInt8(ascii: "\r"), in: bytes) else {
                ByteSearch.forEach(UInt8(ascii: "\n"), in: bytes) { starts.append($0 + 1) }
                return starts
            }
            var previousWasCarriageReturn = false
            for offset in bytes.indices {
                let byte = bytes[offset]
                // "\n", "\r\n" and a lone "\r" each end a line, as in the compiler.
                if previousWasCarriageReturn, byte != UInt8(ascii: "\n") { starts.append(offset) }
                previousWasCarriageReturn = byte == UInt8(ascii: "\r")
                if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            }
            if previousWasCarriageReturn { starts.append(bytes.count) }
            return starts
        }
    }

    /// The 1-based line and column of a UTF-8 offset.
    public func location(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
