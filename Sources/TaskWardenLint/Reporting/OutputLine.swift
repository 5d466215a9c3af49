/// Text bound for a line-oriented output (xcode, github, `list`, `where`, `fix`'s lines, problems on standard
/// error): every control character is written as an escape, so no input — a task name spanning lines, a
/// file name holding a newline — can start a line of its own (`::error file=x::injected` in a CI log) or
/// move the cursor of a terminal.
///
/// ```swift
/// OutputLine.escaped("a\n::error::x")   // a\n::error::x, on one line
/// OutputLine.escaped("tab\there\u{1B}[2J") // tab\there\u{1B}[2J
/// ```
///
/// Escaped: C0 controls and DEL (newline, carriage return and tab as `\n`, `\r`, `\t`, the rest as
/// `\u{XX}`), C1 controls (U+0080–U+009F, NEL among them) and the Unicode line and paragraph separators.
/// A backslash is left as it is, so a name's source text (`"price:\(id)"`) reads as written.
public enum OutputLine {
    public static func escaped(_ text: String) -> String { TextEscaping.outputLine.escaped(text) }
}
