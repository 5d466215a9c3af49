extension CensusSnapshot {
    /// A text dump of the live tasks as a tree, in the spirit of LLDB's `language swift task tree`: one line
    /// per task with its name, id, age and creation site, children indented under the task that started them.
    ///
    /// ```text
    /// 3 live tasks
    /// ├─ "wantlist-price-watch" #12  age 4.2s  Wantlist/WantlistModel.swift:31
    /// │  └─ "price:4471" #19  age 0.3s  Wantlist/PriceService.swift:88
    /// └─ "thumbnail:7" #15  age 1.1s  Shelf/ThumbnailCache.swift:40
    /// ```
    ///
    /// A task whose parent is not in the census (not started through TaskWarden, or already ended) is a root.
    /// The tree is indented at most 16 steps; deeper tasks are drawn in that last column with `[depth N]` in
    /// front, so the dump grows with the number of tasks, however deep the tree.
    public func treeDescription() -> String {
        var lines = ["\(count) live task\(count == 1 ? "" : "s")"]
        for line in CensusTreeLayout.order(records) {
            let record = line.record
            let age = Self.describe(age(of: record))
            lines.append("\(line.prefix)\"\(record.name)\" \(record.id)  age \(age)  \(record.fileID):\(record.line)")
        }
        return lines.joined(separator: "\n")
    }

    /// `1.25s`, `340ms`, `12µs`: short and stable for dumps.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        switch nanoseconds {
        case 1_000_000_000...: return "\(nanoseconds / 10_000_000 / 100).\(pad2(nanoseconds / 10_000_000 % 100))s"
        case 1_000_000...: return "\(nanoseconds / 1_000_000)ms"
        case 1_000...: return "\(nanoseconds / 1_000)µs"
        default: return "\(max(nanoseconds, 0))ns"
        }
    }

    private static func pad2(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// Census records arranged as a tree: children under the task that started them (when it is among the
/// records), roots in the order given, each with the prefix that draws its branch (`├─ `, `│  └─ `…). The one
/// layout of ``CensusSnapshot/treeDescription()`` and of `taskwarden top`'s tree.
///
/// Indentation stops at ``indentedLevels`` steps: the tasks in that last column, depth 17 and deeper, are
/// drawn with their depth in front (`└─ [depth 17] "price:4471" …`). Without the cap a chain of tasks each started by the last
/// would draw n lines of up to n columns — n² characters, gigabytes for a 100,000-deep chain; with it every
/// line is at most a few dozen columns wider than its text.
package enum CensusTreeLayout {
    /// How many steps a line is indented at most: ordinary trees are drawn as they are, deeper tasks say
    /// their depth.
    package static let indentedLevels = 16

    package struct Line: Sendable {
        package var record: CensusRecord
        /// What goes before the task's text.
        package var prefix: String
        /// 1 for a root, 2 for its children, …
        package var depth: Int
    }

    /// `[depth 17] ` for a task beyond the indented levels, nothing above them.
    package static func depthMarker(_ depth: Int) -> String {
        depth > indentedLevels ? "[depth \(depth)] " : ""
    }

    package static func order(_ records: [CensusRecord]) -> [Line] {
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
        lines.reserveCapacity(records.count)
        var placed = Set<TaskID>()
        // An explicit stack, not recursion: a tree of 100,000 tasks in a chain must not exhaust the stack.
        var stack: [(record: CensusRecord, indent: String, depth: Int, isLast: Bool)] = roots.enumerated().reversed().map {
            ($0.element, "", 1, $0.offset == roots.count - 1)
        }
        while let (record, indent, depth, isLast) = stack.popLast() {
            // Each task is placed once, so even a malformed parent cycle ends.
            guard placed.insert(record.id).inserted else { continue }
            lines.append(Line(record: record, prefix: indent + (isLast ? "└─ " : "├─ ") + depthMarker(depth), depth: depth))
            let kids = children[record.id] ?? []
            // Past the last indented level children stay in their parent's column: no indent outgrows the cap.
            let childIndent = depth <= indentedLevels ? indent + (isLast ? "   " : "│  ") : indent
            for (index, child) in kids.enumerated().reversed() {
                stack.append((child, childIndent, depth + 1, index == kids.count - 1))
            }
        }
        return lines
    }
}
