/// Text from another process (task names, file names, a process name, a server's error message) made safe to
/// print on a terminal: every control character becomes visible text, so nothing a served process or an
/// inspected one chooses to call its tasks can move the cursor, retitle the window (an OSC sequence) or fake a
/// line of output.
///
/// Escaped: C0 controls (U+0000–U+001F, including newline and ESC), DEL (U+007F), C1 controls (U+0080–U+009F,
/// which some terminals read as CSI/OSC on their own), and the bidirectional overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) that reorder what a line appears to say. They are written as JSON writes
/// them (`\n`, `\t`, `\u001b`, `\u202e`). Everything else, box-drawing characters included, is kept.
/// A backslash is left alone, so escaping is idempotent: escaping twice gives the same text.
///
/// ```swift
/// TerminalText.escaped("price\u{1B}]0;owned\u{07}")   // "price\u001b]0;owned\u0007"
/// ```
enum TerminalText {
    static func escaped(_ text: String) -> String { TextEscaping.terminal.escaped(text) }
}

import TaskWarden
import TaskWardenLint

extension TerminalText {
    /// The snapshot with every record's name and file escaped, for the census's own tree dump.
    static func escaped(_ snapshot: CensusSnapshot) -> CensusSnapshot {
        guard snapshot.records.contains(where: { escaped($0.name) != $0.name || escaped($0.fileID) != $0.fileID }) else {
            return snapshot
        }
        let records = snapshot.records.map { record in
            CensusRecord(name: escaped(record.name), id: record.id, parentID: record.parentID,
                         fileID: escaped(record.fileID), line: record.line, startedAt: record.startedAt)
        }
        return CensusSnapshot(takenAt: snapshot.takenAt, records: records)
    }
}
