/// Finds a key written twice in one JSON object. `JSONDecoder` keeps one of the values silently, so
/// `{"rules": {…}, "rules": {…}}` would drop half of a configuration without a word.
///
/// ```swift
/// JSONDuplicateKeys.first(in: Array(#"{"naming": {"maxLength": 20, "maxLength": 30}}"#.utf8)) // "naming.maxLength"
/// JSONDuplicateKeys.first(in: Array(#"{"a": 1, "b": 2}"#.utf8))                               // nil
/// ```
///
/// Expects JSON that already parsed; keys are compared as spelled (escapes not decoded). One pass, linear
/// in the bytes.
enum JSONDuplicateKeys {
    private struct Frame {
        var isObject: Bool
        /// The dotted key path of this container (`naming`), empty at the top.
        var path: String
        var keys: Set<String> = []
        var expectingKey = true
        var lastKey = ""
    }

    /// The dotted path of the first key that appears twice in the same object, or nil.
    static func first(in bytes: [UInt8]) -> String? {
        var stack: [Frame] = []
        var index = 0
        func childPath() -> String {
            guard let top = stack.last else { return "" }
            guard top.isObject else { return top.path }
            return top.path.isEmpty ? top.lastKey : top.path + "." + top.lastKey
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                if let top = stack.last, top.isObject, top.expectingKey {
                    let path = top.path.isEmpty ? text : top.path + "." + text
                    if !stack[stack.count - 1].keys.insert(text).inserted { return path }
                    stack[stack.count - 1].expectingKey = false
                    stack[stack.count - 1].lastKey = text
                }
            case UInt8(ascii: "{"):
                stack.append(Frame(isObject: true, path: childPath()))
            case UInt8(ascii: "["):
                stack.append(Frame(isObject: false, path: childPath()))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                if stack.last?.isObject == true { stack[stack.count - 1].expectingKey = true }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
