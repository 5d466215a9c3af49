import TaskWarden

/// Census records arranged as a tree: children under the task that started them (when it is among the
/// records), roots in the order given, each with the prefix that draws its branch. Shared by the screen (to
/// draw) and the model (to move the cursor in the same order).
enum TopTree {
    struct Line {
        var record: CensusRecord
        /// `├─ `, `│  └─ `…: what goes before the task's text.
        var prefix: String
    }

    static func order(_ records: [CensusRecord]) -> [Line] {
        let live = Set(records.map(\.id))
        var children: [TaskID: [CensusRecord]] = [:]
        var roots: [CensusRecord] = []
        for record in records {
            if let parent = record.parentID, parent != record.id, live.contains(parent) {
                children[parent, default: []].append(record)
            } else {
                roots.append(record)
            }
        }
        var lines: [Line] = []
        var placed = Set<TaskID>()
        // An explicit stack, not recursion: a tree of 10,000 tasks in a chain must not exhaust the stack.
        var stack: [(record: CensusRecord, indent: String, isLast: Bool)] = roots.enumerated().reversed().map {
            ($0.element, "", $0.offset == roots.count - 1)
        }
        while let (record, indent, isLast) = stack.popLast() {
            // Each task is placed once, so even a malformed parent cycle ends.
            guard placed.insert(record.id).inserted else { continue }
            lines.append(Line(record: record, prefix: indent + (isLast ? "└─ " : "├─ ")))
            let kids = children[record.id] ?? []
            let childIndent = indent + (isLast ? "   " : "│  ")
            for (index, child) in kids.enumerated().reversed() {
                stack.append((child, childIndent, index == kids.count - 1))
            }
        }
        return lines
    }
}
