/// One JSON value as ``TraceEventReader`` materialises it: a single trace event at a time, never the whole file.
///
/// Numbers keep their literal text, so an id such as `18446744073709551615` is not rounded through `Double`;
/// objects keep their members in order, and a repeated key means its last value (as `JSONSerialization` did).
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written (validated JSON number syntax).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of `key` when this is an object holding it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members when this is an object.
    var objectMembers: [JSONMember]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The string when this is a string.
    var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// A number, or a string holding one (some tools quote timestamps); `"inf"` and `"nan"` parse here and are
    /// judged by the caller.
    var doubleValue: Double? {
        switch self {
        case .number(let literal): Double(literal)
        case .string(let string): Double(string)
        default: nil
        }
    }

    /// The value as a label: strings as they are, numbers as written (integral decimals without the
    /// fraction, as `NSNumber` printed them), `true`/`false`; nil for null, arrays and objects.
    var text: String? {
        switch self {
        case .string(let string): string
        case .number(let literal): Self.canonicalNumber(literal)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    /// `1.0` → `1`, `1e3` → `1000`, so events that spell one pid or id two ways still share a track.
    static func canonicalNumber(_ literal: String) -> String {
        if !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return literal
        }
        guard let double = Double(literal), double.isFinite else { return literal }
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }

    /// Compact JSON with object keys sorted, as `args` values are shown in the page.
    var compactJSON: String {
        var out = ""
        appendCompactJSON(to: &out)
        return out
    }

    private func appendCompactJSON(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let string): JSONText.appendQuoted(string, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.appendCompactJSON(to: &out)
            }
            out += "]"
        case .object(let members):
            // Sorted by key; a repeated key keeps its last value.
            var latest: [String: JSONValue] = [:]
            for member in members { latest[member.key] = member.value }
            out += "{"
            for (index, key) in latest.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONText.appendQuoted(key, to: &out)
                out += ":"
                latest[key]!.appendCompactJSON(to: &out)
            }
            out += "}"
        }
    }
}

/// One `"key": value` of a JSON object.
struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue
}
