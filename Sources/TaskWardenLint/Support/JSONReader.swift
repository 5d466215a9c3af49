import Foundation

/// The static half's one JSON reader: `.taskwarden.json`, baseline files and results-cache entries are read
/// through it, so every file's errors are worded alike and name where the input went wrong.
///
/// ```swift
/// struct Entry: Decodable { var rule: String }
/// try JSONReader.decode([Entry].self, from: Data(#"[{"rule": 1}]"#.utf8))
/// // throws: "[0].rule: expected a string"
/// try JSONReader.value(from: Data(#"{"a": 1, "a": 2}"#.utf8))
/// // throws: key 'a' written twice in one object
/// ```
package enum JSONReader {
    /// Why the JSON could not be read. `key` is the path of the value at fault (`rules.unnamed-task`,
    /// `findings[3].rule`) when there is one; `problem` says what is wrong there.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var key: String?
        package var problem: String
        package var description: String { key.map { "\($0): \(problem)" } ?? problem }
    }

    /// Decodes a `T` from `data`.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw failure(error)
        }
    }

    /// Reads any JSON value, strictly typed (``JSONValue``), refusing a key written twice in one object
    /// (`JSONDecoder` would keep one of the values without a word).
    package static func value(from data: Data) throws(Failure) -> JSONValue {
        let value = try decode(JSONValue.self, from: data)
        if let duplicate = JSONDuplicateKeys.first(in: Array(data)) {
            throw Failure(key: duplicate, problem: "appears more than once in the same object; keep one (which value wins is not defined)")
        }
        return value
    }

    /// `findings[3].rule: missing` rather than Foundation's `DecodingError` dump; for text that is not JSON,
    /// the parser's own reason (`Unexpected end of file`).
    static func failure(_ error: any Error) -> Failure {
        func path(_ codingPath: [any CodingKey]) -> String? {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: ["."])
            return text.isEmpty ? nil : text
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return Failure(key: path(context.codingPath + [key]), problem: "missing")
        case .typeMismatch(let type, let context)?, .valueNotFound(let type, let context)?:
            return Failure(key: path(context.codingPath), problem: "expected \(expectation(type))")
        case .dataCorrupted(let context)?:
            if context.codingPath.isEmpty {
                let reason = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return Failure(key: nil, problem: "not valid JSON (\(reason ?? context.debugDescription))")
            }
            return Failure(key: path(context.codingPath), problem: context.debugDescription)
        default:
            return Failure(key: nil, problem: String(describing: error))
        }
    }

    /// What a value of `type` looks like in JSON, for a message.
    static func expectation(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is UInt64.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
