import TaskWarden
import TaskWardenInspect

/// Turns a ``TopModel`` into the lines of one screen: a header, the family table (expanded families show
/// their tasks as a tree, like LLDB's `language swift task tree`), the whole task tree, or what the selected
/// task waits on, and a footer with the keys. Tasks read from the process's memory also show their state
/// and what they await. Pure: the terminal code only writes these lines.
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
        let arrangement = model.showsBlockers ? "what it waits on" : model.showsTree ? "task tree" : "sorted by \(model.sort.rawValue)"
        var title = "\(TerminalText.escaped(model.process)) (pid \(model.pid)) · " + summary(model) + " · " + arrangement
        if let inspected = model.inspected { title += " · read in \(TasksTreeText.duration(inspected.readTime))" }
        var header = [title]
        header.append(model.filter.isEmpty ? "" : "filter: \(TerminalText.escaped(model.filter))  (esc clears)")
        let body: [String]
        var focus = 0
        if model.latest == nil {
            body = ["waiting for the first census…"]
        } else if model.showsBlockers {
            body = blockers(model)
        } else if model.showsTree {
            (body, focus) = tree(model)
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
            let isSelected = selection == .family(row.family)
            let isExpanded = model.expanded.contains(row.family)
            if isSelected { focus = lines.count }
            var line = (isSelected ? "› " : "  ") + (isExpanded ? "▾ " : "▸ ") + pad(family, nameWidth)
            let oldest = !row.oldestIsLowerBound ? age(row.oldestAge) : row.oldestAge > .zero ? "≥" + age(row.oldestAge) : "?"
            line += "  " + padLeft("\(row.count)", 6) + "  " + padLeft(oldest, 8)
            if let growing = row.growing {
                line += "  ▲ growing +\(rate(growing.arrivalsPerSecond))/s"
            }
            lines.append(line)
            if isExpanded {
                for entry in TopTree.order(records.filter { $0.family == row.family }) {
                    let taskSelected = selection == .task(entry.record.id.rawValue)
                    if taskSelected { focus = lines.count }
                    lines.append((taskSelected ? "›    " : "     ") + entry.prefix + describe(entry.record, model))
                }
            }
        }
        return (lines, focus)
    }

    /// Every visible task as one tree, with a two-column gutter for the cursor.
    private static func tree(_ model: TopModel) -> ([String], Int) {
        var focus = 0
        var lines: [String] = []
        let selection = model.selection
        for entry in TopTree.order(model.visibleRecords) {
            let isSelected = selection == .task(entry.record.id.rawValue)
            if isSelected { focus = lines.count }
            lines.append((isSelected ? "› " : "  ") + entry.prefix + describe(entry.record, model))
        }
        return (lines.isEmpty ? ["no live tasks"] : lines, focus)
    }

    /// What the focused task waits on, followed to the end: the task it awaits, what that one awaits, a
    /// group's children — the chain LLDB's task tree leaves to be traced by hand.
    private static func blockers(_ model: TopModel) -> [String] {
        guard let inspected = model.inspected else {
            return ["w shows what a task waits on, from the tasks read out of the process's memory:",
                    "run taskwarden top --pid \(model.pid) --all-tasks (esc closes)"]
        }
        guard let id = model.focusedTask, let task = inspected.task(id: id) else {
            return ["the selected task has ended (esc closes)"]
        }
        var lines = ["what \(label(task)) waits on (w or esc closes)", label(task) + "  " + state(task)]
        let chain = inspected.blockers(of: id)
        if chain.isEmpty {
            lines.append(task.waitingOn == nil ? "   (it waits on no other task)" : "   (no other task: see what it awaits above)")
        }
        for (index, entry) in chain.enumerated() {
            let isLast = index == chain.count - 1 || chain[index + 1].depth < entry.depth
            lines.append(String(repeating: "   ", count: entry.depth - 1) + (isLast ? "└─ " : "├─ ") + label(entry.task) + "  " + state(entry.task))
        }
        return lines
    }

    /// `"price:4471" #19  age 40ms  PriceCheck/PriceCheckRun.swift:36`, then, for a task read from memory,
    /// its state and what it awaits.
    static func describe(_ record: CensusRecord, _ model: TopModel) -> String {
        let id = record.id.rawValue
        let task = model.inspected?.task(id: id)
        let name = task != nil && task?.name == nil ? TopModel.unnamed : "\"\(TerminalText.escaped(record.name))\""
        let age = model.latest?.age(of: record) ?? .zero
        var text = "\(name) \(record.id)"
        if !model.lowerBoundAges.contains(id) {
            text += "  age \(censusAge(age))"
        } else if age > .zero {
            // Read from memory, the task's start is unknown: it has lived at least since top first saw it.
            text += "  age ≥\(censusAge(age))"
        }
        if !record.fileID.isEmpty { text += "  \(TerminalText.escaped(record.fileID)):\(record.line)" }
        if let task { text += "  " + state(task) }
        return text
    }

    /// `Task 3 ('beta')`.
    private static func label(_ task: InspectedTask) -> String {
        "Task \(task.id)" + (task.name.map { " ('\(TerminalText.escaped($0))')" } ?? "")
    }

    /// `suspended · awaiting Task 2 ('alpha')`, `running`, `not started`.
    private static func state(_ task: InspectedTask) -> String {
        var text = task.state == .notStarted ? "not started" : task.state.rawValue
        if let wait = task.waitingOn { text += " · " + TerminalText.escaped(wait.description) }
        if task.isCancelled { text += " · cancelled" }
        return text
    }

    private static func footerLine(_ model: TopModel) -> String {
        if let draft = model.filterDraft {
            return "filter: /\(TerminalText.escaped(draft))▏  ⏎ apply · esc cancel"
        }
        if model.inspected != nil {
            return "sort: c count · a age · n name │ ↑↓ select · ⏎ expand · e all · t tree · w waits on · / filter · q quit"
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

    /// A task's age as the census's own tree dump writes it (`1.25s`, `340ms`, `12µs`), so a task line reads the
    /// same in `top` and in the dump.
    static func censusAge(_ duration: Duration) -> String {
        let (seconds, attoseconds) = TopArithmetic.clamped(duration).components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        switch nanoseconds {
        case 1_000_000_000...: return "\(nanoseconds / 10_000_000 / 100).\(twoDigits(nanoseconds / 10_000_000 % 100))s"
        case 1_000_000...: return "\(nanoseconds / 1_000_000)ms"
        case 1_000...: return "\(nanoseconds / 1_000)µs"
        default: return "\(max(nanoseconds, 0))ns"
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
