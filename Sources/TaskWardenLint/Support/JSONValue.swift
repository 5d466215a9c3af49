/// A JSON value read strictly (a boolean never passes for a number), so an error can name the exact key and
/// the type found. ``JSONReader/value(from:)`` reads one.
///
/// ```swift
/// let value = try JSONReader.value(from: Data(#"{"maxLength": 40}"#.utf8))
/// if case .object(let keys) = value, case .number(let length)? = keys["maxLength"] { print(length) } // 40.0
/// ```
package enum JSONValue: Decodable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    /// A number a `Double` cannot hold (`1e400`, 400 digits, `1e-400`): valid JSON, but no value any key takes. It
    /// is read rather than refused, so the key it is under is still checked (an unknown key is reported as
    /// unknown) and a known key's message says what the value is.
    case numberOutOfRange
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let number = Self.number(in: container) {
            self = number
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The number the container holds, or nil when it holds no number. A type mismatch means the value is not
    /// a number; any other failure is the decoder's refusal of a number it cannot represent. Without telling
    /// the two apart, such a number would fall through to the last attempt and be reported as "expected an
    /// object".
    private static func number(in container: any SingleValueDecodingContainer) -> JSONValue? {
        do {
            return .number(try container.decode(Double.self))
        } catch DecodingError.typeMismatch {
            return nil
        } catch {
            return .numberOutOfRange
        }
    }

    package var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .numberOutOfRange: "a number out of range"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object: "an object"
        }
    }
}
