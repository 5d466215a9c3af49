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
