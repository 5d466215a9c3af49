/// How text is escaped for one kind of output: which scalars are escaped and how an escape is spelled. The
/// line-oriented outputs (``OutputLine``), the terminal (`top`, `tasks`), the review plan's quoted strings and
/// the `name:` literals `fix` inserts all escape through this one loop.
///
/// ```swift
/// TextEscaping.outputLine.escaped("a\n\u{1B}")        // a\n\u{1B}
/// TextEscaping.terminal.escaped("a\n\u{1B}")          // a\n\u001b
/// TextEscaping.swiftStringLiteral.quoted(#"say "hi""#) // "say \"hi\""
/// ```
package struct TextEscaping: Sendable {
    /// How a scalar without a short escape (`\n`, `\r`, `\t`) is written.
    package enum Spelling: Sendable {
        /// Swift's `\u{1B}` (upper-case hex, no padding).
        case swift
        /// JSON's `\u001b` (lower-case hex, four digits).
        case json
    }

    /// Which scalars are escaped, besides `"` and `\` when ``escapesQuotes``.
    package let escapes: @Sendable (Unicode.Scalar) -> Bool
    package let spelling: Spelling
    /// True inside a quoted string: `"` and `\` are escaped too.
    package let escapesQuotes: Bool

    /// Line-oriented output (xcode, github, `list`, `where`, `fix`'s lines, standard error): C0 controls, DEL,
    /// C1 controls and the Unicode line and paragraph separators, spelled as Swift spells them.
    package static let outputLine = TextEscaping(escapes: isLineBreakingControl, spelling: .swift, escapesQuotes: false)
    /// A terminal: C0, DEL, C1, and the bidirectional overrides and isolates that reorder what a line appears
    /// to say, spelled as JSON spells them.
    package static let terminal = TextEscaping(escapes: isTerminalControl, spelling: .json, escapesQuotes: false)
    /// A JSON string's contents: what line output escapes, plus `"` and `\`.
    package static let jsonString = TextEscaping(escapes: isLineBreakingControl, spelling: .json, escapesQuotes: true)
    /// A Swift string literal's contents: `"`, `\`, newline, carriage return and tab.
    package static let swiftStringLiteral = TextEscaping(escapes: { "\n\r\t".unicodeScalars.contains($0) }, spelling: .swift,
                                                         escapesQuotes: true)

    /// `text` with every scalar this escaping covers written as an escape; `text` itself (no copy) when none is.
    package func escaped(_ text: String) -> String {
        guard mayNeedEscape(text), text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"", "\\": result += "\\" + String(scalar)
            default:
                switch spelling {
                case .swift:
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                case .json:
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
                }
            }
        }
        return result
    }

    /// A quick look at the UTF-8 bytes (most text needs no escaping, and `tasks` prints thousands of lines):
    /// false when no byte can start an escaped scalar — below 0x20, DEL, the lead byte 0xC2 of the C1 controls,
    /// 0xE2 of the line separators and bidirectional controls, and `"` or `\` when quotes are escaped.
    private func mayNeedEscape(_ text: String) -> Bool {
        var text = text
        let quotes = escapesQuotes
        return text.withUTF8 { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || (quotes && ($0 == 0x22 || $0 == 0x5C)) }
        }
    }

    /// `text` escaped, in double quotes.
    package func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// Whether `scalar` is escaped.
    package func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (escapesQuotes && (scalar == "\"" || scalar == "\\")) || escapes(scalar)
    }

    /// C0 controls, DEL, C1 controls, U+2028 and U+2029: what can start a line of its own or move a cursor.
    package static func isLineBreakingControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// C0, DEL and C1 controls, and the bidirectional overrides and isolates.
    package static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
