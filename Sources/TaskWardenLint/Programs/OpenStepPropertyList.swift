/// A reader for the old-style (OpenStep) property lists Xcode writes `project.pbxproj` in:
/// `{ key = value; … }`, `( a, b, )`, quoted or bare strings, `/* comments */` and `// comments`.
///
/// ```swift
/// var parser = OpenStepPropertyList(#"{ objects = { A = { isa = PBXGroup; children = (B, ); }; }; }"#)
/// parser.parse()?.dictionary?["objects"]  // .dictionary(["A": …])
/// ```
struct OpenStepPropertyList {
    /// Not `indirect`: arrays and dictionaries already hold their elements out of line, and boxing every
    /// value cost an allocation per string of a project file.
    enum Value: Sendable {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var array: [Value]? { if case .array(let items) = self { items } else { nil } }
        var dictionary: [String: Value]? { if case .dictionary(let entries) = self { entries } else { nil } }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The entries of the dictionaries being read, innermost last: each is hashed once into a dictionary of
    /// the right size when its `}` is reached (growing one entry by entry rehashed every key several times, and
    /// a project file has thousands of small dictionaries).
    private var pendingEntries: [(String, Value)] = []
    /// Nesting deeper than this is not a project file: give up rather than recurse without bound.
    private let maximumDepth = 64

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The top-level value; nil when the text is not a property list this reader understands.
    mutating func parse() -> Value? {
        value(depth: 0)
    }

    private mutating func value(depth: Int) -> Value? {
        guard depth < maximumDepth else { return nil }
        skipTrivia()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            let start = pendingEntries.count
            while true {
                skipTrivia()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    var entries = [String: Value](minimumCapacity: pendingEntries.count - start)
                    // A key written twice keeps its last value.
                    for (key, item) in pendingEntries[start...] { entries[key] = item }
                    pendingEntries.removeSubrange(start...)
                    return .dictionary(entries)
                }
                guard let key = string() else { return nil }
                skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                index += 1
                guard let item = value(depth: depth + 1) else { return nil }
                pendingEntries.append((key, item))
                skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
                index += 1
            }
        case UInt8(ascii: "("):
            index += 1
            var items: [Value] = []
            while true {
                skipTrivia()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ")") { index += 1; return .array(items) }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipTrivia()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        default:
            return string().map(Value.string)
        }
    }

    /// A quoted string (with `\"` and `\\` escapes) or a bare word.
    private mutating func string() -> String? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            // Most quoted strings hold no escape: decoded straight from the text, without a copy.
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            }
            index = start
            var result: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                    default: result.append(bytes[index])
                    }
                } else {
                    result.append(bytes[index])
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return String(decoding: result, as: UTF8.self)
        }
        let start = index
        while index < bytes.count, Self.isBareCharacter(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private static func isBareCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    private mutating func skipTrivia() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, bytes.count)
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return
            }
        }
    }
}
