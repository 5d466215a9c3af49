import TaskWarden

/// Turns a ``TopModel`` into the lines of one screen: a header, the family table (expanded families show
/// their tasks as a tree, like LLDB's `language swift task tree`) or the whole task tree, and a footer with
/// the keys. Pure: the terminal code only writes these lines.
///
/// ```text
/// price-check (pid 4242) · 14 live tasks in 3 families · sorted by count
///
///     FAMILY                          TASKS    OLDEST
/// › ▸ price-alert                         8     15.2s  ▲ growing +0.5/s
///   ▾ price                               5      40ms
///        ├─ "price:4471" #19  age 40ms  PriceCheck/PriceCheckRun.swift:40
/// ```
enum TopScreen {
    static func lines(_ model: TopModel, width: Int, height: Int) -> [String] {
        let width = max(width, 20)
        let height = max(height, 5)
        let arrangement = model.showsTree ? "task tree" : "sorted by \(model.sort.rawValue)"
        var header = ["\(TerminalText.escaped(model.process)) (pid \(model.pid)) · " + summary(model) + " · " + arrangement]
        header.append(model.filter.isEmpty ? "" : "filter: \(TerminalText.escaped(model.filter))  (esc clears)")
        let body: [String]
        var focus = 0
        if model.latest == nil {
            body = ["waiting for the first census…"]
        } else if model.showsTree {
            let snapshot = TerminalText.escaped(CensusSnapshot(takenAt: model.latest!.takenAt, records: model.visibleRecords))
            body = snapshot.treeDescription().split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
        } else {
            (body, focus) = familyTable(model)
        }
        let footer = [footerLine(model)]
        let room = height - header.count - footer.count
        // Every line is escaped again as a whole (idempotent): whatever a name holds, no control character
        // reaches the terminal.
        return (header + window(body, focus: focus, room: room) + footer).map { clip(TerminalText.escaped($0), to: width) }
    }

    private static func summary(_ model: TopModel) -> String {
        guard model.latest != nil else { return "connecting" }
        let tasks = model.visibleRecords.count
        let families = Set(model.visibleRecords.map(\.family)).count
        return "\(tasks) live task\(tasks == 1 ? "" : "s") in \(families) famil\(families == 1 ? "y" : "ies")"
    }

    /// The table and the index of the selected row's line.
    private static func familyTable(_ model: TopModel) -> ([String], Int) {
        let rows = model.rows
        guard !rows.isEmpty else {
            return ([model.filter.isEmpty ? "no live named tasks" : "no task matches '\(TerminalText.escaped(model.filter))'"], 0)
        }
        let families = rows.map { TerminalText.escaped($0.family) }
        let nameWidth = min(max(families.map(\.count).max() ?? 0, 6), 40)
        var lines = ["    " + pad("FAMILY", nameWidth) + "  " + padLeft("TASKS", 6) + "  " + padLeft("OLDEST", 8)]
        var focus = 0
        let selection = model.selection
        let records = model.visibleRecords
        for (row, family) in zip(rows, families) {
            let isSelected = row.family == selection
            let isExpanded = model.expanded.contains(row.family)
            if isSelected { focus = lines.count }
            var line = (isSelected ? "› " : "  ") + (isExpanded ? "▾ " : "▸ ") + pad(family, nameWidth)
            line += "  " + padLeft("\(row.count)", 6) + "  " + padLeft(age(row.oldestAge), 8)
            if let growing = row.growing {
                line += "  ▲ growing +\(rate(growing.arrivalsPerSecond))/s"
            }
            lines.append(line)
            if isExpanded, let latest = model.latest {
                let members = TerminalText.escaped(
                    CensusSnapshot(takenAt: latest.takenAt, records: records.filter { $0.family == row.family }))
                lines += members.treeDescription().split(separator: "\n").dropFirst().map { "     " + $0 }
            }
        }
        return (lines, focus)
    }

    private static func footerLine(_ model: TopModel) -> String {
        if let draft = model.filterDraft {
            return "filter: /\(TerminalText.escaped(draft))▏  ⏎ apply · esc cancel"
        }
        return "sort: c count · a age · n name │ ↑↓ select · ⏎ expand · e all · t tree · / filter · q quit"
    }

    /// At most `room` lines of `body`, scrolled so that line `focus` is visible, with a marker where lines
    /// were left out below.
    static func window(_ body: [String], focus: Int, room: Int) -> [String] {
        guard body.count > room else { return body + Array(repeating: "", count: room - body.count) }
        guard room > 1 else { return Array(body.prefix(room)) }
        let visible = room - 1
        let start = min(max(focus - visible + 1, 0), body.count - visible)
        let hidden = body.count - (start + visible)
        return Array(body[start..<(start + visible)]) + [hidden > 0 ? "… \(hidden) more line\(hidden == 1 ? "" : "s") below" : ""]
    }

    /// `340ms`, `4.2s`, `2m05s`, `1h02m`, `3d04h`.
    static func age(_ duration: Duration) -> String {
        let milliseconds = TopArithmetic.milliseconds(duration)
        switch milliseconds {
        case ..<1_000: return "\(max(milliseconds, 0))ms"
        case ..<60_000: return "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100)s"
        case ..<3_600_000: return "\(milliseconds / 60_000)m\(twoDigits(milliseconds / 1_000 % 60))s"
        case ..<86_400_000: return "\(milliseconds / 3_600_000)h\(twoDigits(milliseconds / 60_000 % 60))m"
        default: return "\(milliseconds / 86_400_000)d\(twoDigits(milliseconds / 3_600_000 % 24))h"
        }
    }

    private static func rate(_ perSecond: Double) -> String {
        guard let tenths = TopArithmetic.tenths(perSecond), tenths >= 0 else { return "?" }
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
    private static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
    static func clip(_ line: String, to width: Int) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }
}
