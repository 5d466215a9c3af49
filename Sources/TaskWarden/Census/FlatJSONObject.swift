/// A JSON object with only string, integer, boolean and null members — all a census request ever holds —
/// parsed without Foundation (the runtime module does not import it). Anything else (nesting, fractions,
/// trailing bytes) makes the parse fail, and the client gets an error line.
///
/// ```swift
/// FlatJSONObject(Array(#"{"type":"stream","intervalMs":100}"#.utf8)[...])?.integers["intervalMs"]   // 100
/// ```
struct FlatJSONObject {
    private(set) var strings: [String: String] = [:]
    private(set) var integers: [String: Int] = [:]

    init?(_ text: ArraySlice<UInt8>) {
        var reader = Reader(bytes: text, index: text.startIndex)
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.string(), reader.consume(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                switch reader.peek ?? 0 {
                case UInt8(ascii: "\""):
                    guard let value = reader.string() else { return nil }
                    strings[key] = value
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let value = reader.integer() else { return nil }
                    integers[key] = value
                default:
                    guard reader.literal("true") || reader.literal("false") || reader.literal("null") else { return nil }
                }
            } while reader.consume(UInt8(ascii: ","))
            guard reader.consume(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipSpace()
        guard reader.index == text.endIndex else { return nil }
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var index: Int

        var peek: UInt8? { index < bytes.endIndex ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard bytes[index...].starts(with: word) else { return false }
            index += word.count
            return true
        }

        mutating func integer() -> Int? {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                return nil
            }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// A string with the simple escapes; `\u` escapes are refused (requests are plain ASCII).
        mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            var value: [UInt8] = []
            while let byte = peek {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: value, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = peek else { return nil }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): value.append(escaped)
                    case UInt8(ascii: "n"): value.append(0x0A)
                    case UInt8(ascii: "t"): value.append(0x09)
                    default: return nil
                    }
                default:
                    value.append(byte)
                }
            }
            return nil
        }
    }
}
