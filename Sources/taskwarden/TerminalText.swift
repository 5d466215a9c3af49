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
    static func escaped(_ text: String) -> String {
        guard mayNeedEscape(text) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
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
            default:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
            }
        }
        return result
    }

    /// A quick look at the UTF-8 bytes: false when no byte can start a scalar that needs escaping (below
    /// 0x20, DEL, the lead byte 0xC2 of C1 controls, 0xE2 of the bidirectional controls).
    private static func mayNeedEscape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 } }
    }

    /// Whether `scalar` must not reach a terminal as it is.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

import TaskWarden

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
