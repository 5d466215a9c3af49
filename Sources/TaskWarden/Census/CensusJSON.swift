/// A JSON value as the census protocol reads it, parsed without Foundation (the runtime module does not import
/// it). Bounded on purpose: at most ``maximumDepth`` levels of nesting, integers only where the protocol has
/// numbers (a fraction or exponent is kept as ``nonInteger`` so that the field can be named in the error), and
/// every string checked for valid escapes.
///
/// ```swift
/// let value = try CensusJSON.parse(Array(#"{"type":"stream","intervalMs":100}"#.utf8)[...])
/// value.object?["intervalMs"]?.integer   // 100
/// ```
package enum CensusJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A whole number above `Int64.max` that fits a `UInt64` (task ids).
    case unsignedInteger(UInt64)
    /// A number with a fraction or an exponent, or one outside both ranges; kept as its text.
    case nonInteger(String)
    case string(String)
    case array([CensusJSON])
    case object([String: CensusJSON])

    /// Snapshots nest three levels (message, task list, task); anything deeper is refused.
    package static let maximumDepth = 8

    package var object: [String: CensusJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// Parses one complete value; anything after it but white space is an error.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(CensusProtocolError) -> CensusJSON {
        var reader = Reader(bytes: bytes, index: bytes.startIndex)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.endIndex else { throw reader.error("unexpected bytes after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var index: Int

        var peek: UInt8? { index < bytes.endIndex ? bytes[index] : nil }

        func error(_ reason: String) -> CensusProtocolError {
            CensusProtocolError("not a JSON object: \(reason) at byte \(index - bytes.startIndex)")
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { index += 1 }
        }

        mutating func value(depth: Int) throws(CensusProtocolError) -> CensusJSON {
            guard depth < CensusJSON.maximumDepth else { throw error("nested deeper than \(CensusJSON.maximumDepth) levels") }
            skipSpace()
            guard let byte = peek else { throw error("the line ends where a value belongs") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected byte \(byte)")
            }
        }

        mutating func object(depth: Int) throws(CensusProtocolError) -> CensusJSON {
            index += 1
            var members: [String: CensusJSON] = [:]
            skipSpace()
            if peek == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
                index += 1
                members[key] = try value(depth: depth + 1)
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                default: throw error("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(CensusProtocolError) -> CensusJSON {
            index += 1
            var elements: [CensusJSON] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                default: throw error("expected ',' or ']'")
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(CensusProtocolError) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes[index...].starts(with: expected) else { throw error("unexpected word") }
            index += expected.count
        }

        mutating func number() throws(CensusProtocolError) -> CensusJSON {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard index > digitsStart else { throw error("a number without digits") }
            var isInteger = true
            while let byte = peek,
                  byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                isInteger = false
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard isInteger else { return .nonInteger(text) }
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsignedInteger(value) }
            return .nonInteger(text)
        }

        /// A string, with every JSON escape (`\uXXXX` pairs included) and no raw control characters.
        mutating func string() throws(CensusProtocolError) -> String {
            index += 1
            var utf8: [UInt8] = []
            while let byte = peek {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard let escaped = peek else { throw error("a string cut off after '\\'") }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
                    default: throw error("an unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
                    }
                case 0..<0x20:
                    throw error("a control character inside a string")
                default:
                    utf8.append(byte)
                }
            }
            throw error("a string without its closing quote")
        }

        mutating func unicodeEscape() throws(CensusProtocolError) -> [UInt8] {
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw error("a lone high surrogate")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate without its low half") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("an escape that is no Unicode scalar") }
            return Array(String(Character(unicode)).utf8)
        }

        mutating func hexQuad() throws(CensusProtocolError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek else { throw error("a \\u escape cut off") }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape with a non-hex digit")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
