/// The quoted strings of a ``ReviewPlan`` (paths and names): JSON's string syntax, so any path — spaces,
/// quotes, a newline in a file name — stays on its one line, and a person reads `"library-refresh"` as written.
///
/// ```swift
/// PlanString.quoted("My App/Shelf.swift")              // "\"My App/Shelf.swift\""
/// PlanString.read(#""a\"b" rest"#.unicodeScalars[...]) // ("a\"b", the scalars after the closing quote)
/// ```
enum PlanString {
    /// `text` in double quotes; `"`, `\` and control characters escaped as JSON escapes them.
    static func quoted(_ text: String) -> String { TextEscaping.jsonString.quoted(text) }

    /// Why a quoted string cannot be read.
    enum Failure: Error, Equatable {
        case notQuoted
        case unterminated
        case badEscape(String)
        case controlCharacter
    }

    /// Reads the quoted string at the start of `text`: its value and what follows the closing quote.
    static func read(_ text: Substring.UnicodeScalarView) throws(Failure) -> (value: String, rest: Substring.UnicodeScalarView) {
        guard text.first == "\"" else { throw .notQuoted }
        var value = String.UnicodeScalarView()
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let scalar = text[index]
            index = text.index(after: index)
            switch scalar {
            case "\"":
                return (String(value), text[index...])
            case "\\":
                guard index < text.endIndex else { throw .unterminated }
                let escape = text[index]
                index = text.index(after: index)
                switch escape {
                case "\"", "\\", "/": value.append(escape)
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "b": value.append("\u{8}")
                case "f": value.append("\u{C}")
                case "u":
                    var code = try hexUnit(text, &index)
                    if (0xD800...0xDBFF).contains(code) {
                        // A surrogate pair: `\uD83D\uDE00`.
                        guard text[index...].starts(with: "\\u".unicodeScalars) else { throw .badEscape("an unpaired surrogate") }
                        index = text.index(index, offsetBy: 2)
                        let low = try hexUnit(text, &index)
                        guard (0xDC00...0xDFFF).contains(low) else { throw .badEscape("an unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw .badEscape("an unpaired surrogate") }
                    value.append(decoded)
                default:
                    throw .badEscape("\\" + String(escape))
                }
            default:
                if TextEscaping.isLineBreakingControl(scalar) { throw .controlCharacter }
                value.append(scalar)
            }
        }
        throw .unterminated
    }

    private static func hexUnit(_ text: Substring.UnicodeScalarView, _ index: inout Substring.UnicodeScalarView.Index) throws(Failure) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < text.endIndex, let digit = Int(String(text[index]), radix: 16) else { throw .badEscape("\\u without four hex digits") }
            code = code * 16 + UInt32(digit)
            index = text.index(after: index)
        }
        return code
    }
}
