import Foundation

/// The static half's one JSON writer: the findings and site listings, `where`'s matches, the fix plan, SARIF,
/// the baseline file and the results cache all write through it, so one place decides key order, escaping and
/// layout.
///
/// ```swift
/// struct Point: Encodable { var x: Int; var y: Int }
/// JSONWriter.document(Point(x: 1, y: 2))   // "{\n  \"x\" : 1,\n  \"y\" : 2\n}\n"
/// JSONWriter.compact(Point(x: 1, y: 2))    // {"x":1,"y":2} as bytes, in the encoder's key order
/// ```
package enum JSONWriter {
    /// Pretty-printed, keys sorted, `/` not escaped, ending in a newline: what people, scripts and diffs read,
    /// identical for identical values. `{}` and a newline if the value cannot be encoded (a non-finite number).
    package static func document(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }

    /// The shortest form, for what only TaskWarden reads back (a results-cache entry); nil when the value
    /// cannot be encoded.
    package static func compact(_ value: some Encodable) -> Data? {
        try? JSONEncoder().encode(value)
    }
}

/// Pieces of ``JSONWriter/document(_:)``'s format for a writer that lays out a fixed shape by hand.
package enum PrettyJSON {
    /// `value` as a JSON string literal, escaped as `JSONEncoder` escapes it with `.withoutEscapingSlashes`:
    /// `"` and `\` escaped, the control characters as `\b \f \n \r \t` or `\u00XX`, everything else as is.
    package static func appendString(_ value: String, to text: inout String) {
        text.append("\"")
        var plainStart = value.utf8.startIndex
        var index = plainStart
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index = utf8.index(after: index)
                continue
            }
            text.append(contentsOf: value[plainStart..<index])
            switch byte {
            case UInt8(ascii: "\""): text.append("\\\"")
            case UInt8(ascii: "\\"): text.append("\\\\")
            case 0x08: text.append("\\b")
            case 0x0C: text.append("\\f")
            case 0x0A: text.append("\\n")
            case 0x0D: text.append("\\r")
            case 0x09: text.append("\\t")
            default:
                let hex = Array("0123456789abcdef".utf8)
                text.append("\\u00")
                text.append(Character(Unicode.Scalar(hex[Int(byte >> 4)])))
                text.append(Character(Unicode.Scalar(hex[Int(byte & 0x0F)])))
            }
            index = utf8.index(after: index)
            plainStart = index
        }
        text.append(contentsOf: value[plainStart..<index])
        text.append("\"")
    }
}
