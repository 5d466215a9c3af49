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
    public func treeDescription() -> String {
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
        var lines = ["\(count) live task\(count == 1 ? "" : "s")"]
        var printed = Set<TaskID>()
        func emit(_ record: CensusRecord, prefix: String, isLast: Bool) {
            // A record can only be printed once, so even a malformed parent cycle terminates.
            guard printed.insert(record.id).inserted else { return }
            let age = Self.describe(age(of: record))
            lines.append(
                "\(prefix)\(isLast ? "└─ " : "├─ ")\"\(record.name)\" \(record.id)  age \(age)  \(record.fileID):\(record.line)")
            let kids = children[record.id] ?? []
            for (index, child) in kids.enumerated() {
                emit(child, prefix: prefix + (isLast ? "   " : "│  "), isLast: index == kids.count - 1)
            }
        }
        for (index, root) in roots.enumerated() {
            emit(root, prefix: "", isLast: index == roots.count - 1)
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
