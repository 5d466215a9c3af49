/// The Unicode encodings JSON text may come in, told apart by the first four bytes (RFC 4627 §3: the first two
/// characters of JSON text are ASCII, so the pattern of zero bytes gives the encoding away).
enum TextEncoding: Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// The encoding of text starting with `head`, and the length of its byte order mark to drop (a UTF-8 mark
    /// is left for the reader, which skips it).
    static func detect(_ head: ArraySlice<UInt8>) -> (TextEncoding, byteOrderMark: Int) {
        let bytes = Array(head) + [UInt8](repeating: 0xAA, count: max(0, 4 - head.count))  // 0xAA: not zero, no mark
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
        case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
        case (0x00, 0x00, 0x00, _) where head.count >= 4: return (.utf32(bigEndian: true), 0)
        case (_, 0x00, 0x00, 0x00) where head.count >= 4: return (.utf32(bigEndian: false), 0)
        case (0x00, _, _, _) where head.count >= 2: return (.utf16(bigEndian: true), 0)
        case (_, 0x00, _, _) where head.count >= 2: return (.utf16(bigEndian: false), 0)
        default: return (.utf8, 0)
        }
    }

    /// Decodes the complete code units at the start of `bytes` into UTF-8 and removes them, leaving a partial
    /// unit or a high surrogate whose low half has not arrived yet; at the end, what is left becomes U+FFFD.
    /// Unpaired surrogates become U+FFFD too.
    func decodeToUTF8(_ bytes: inout [UInt8], atEnd: Bool) -> [UInt8] {
        let (unitSize, bigEndian): (Int, Bool) = switch self {
        case .utf8: (1, false)
        case .utf16(let bigEndian): (2, bigEndian)
        case .utf32(let bigEndian): (4, bigEndian)
        }
        func unit(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in 0..<unitSize {
                let shift = bigEndian ? (unitSize - 1 - byte) * 8 : byte * 8
                value |= UInt32(bytes[offset + byte]) << shift
            }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var offset = 0
        while offset + unitSize <= bytes.count {
            var value = unit(at: offset)
            var length = unitSize
            if unitSize == 2, (0xD800..<0xDC00).contains(value) {
                if offset + 4 <= bytes.count {
                    let low = unit(at: offset + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        length = 4
                    }
                } else if !atEnd {
                    break  // the low half is in the next chunk
                }
            }
            UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { out.append($0) }
            offset += length
        }
        bytes.removeFirst(offset)
        if atEnd, !bytes.isEmpty {
            out += [0xEF, 0xBF, 0xBD]
            bytes = []
        }
        return out
    }
}
