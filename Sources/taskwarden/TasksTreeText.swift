import TaskWarden
import TaskWardenInspect

/// A ``TaskSnapshot`` drawn as a tree in the spirit of LLDB's `language swift task tree`: one line per task
/// with its id, name, address and state in brackets, the frames a suspended task will resume through under
/// it, and child tasks nested under their parent (up to ``CensusTreeLayout/indentedLevels`` steps in; deeper
/// tasks stay in that column with `[depth N]` in front). Every name and file is escaped for the terminal.
///
/// ```text
/// price-check (pid 4242) · 14 live tasks · Swift 6.3.1 runtime (libswift_Concurrency.so) · read in 4 ms
/// ├╴ Task 4 ('price-check:round-3'), addr = 0x55d0c1a2b3c0 [suspended] [awaiting its group (6 children)]
/// │  │  frame #0: withTaskGroup(of:returning:isolation:body:) at PriceCheckRun.swift:31
/// │  ├╴ Task 19 ('price:4471'), addr = 0x7f3c2c0047c0 [group child] [suspended] [awaiting a continuation]
/// │  │     frame #0: PriceService.quote(for:) at PriceService.swift:52
/// ```
enum TasksTreeText {
    static func render(_ snapshot: TaskSnapshot, selection: TaskSelection = TaskSelection(), frames: Bool = true) -> String {
        let shown = selection.apply(to: snapshot)
        var lines = [header(snapshot, shown: shown.count, filtered: !selection.selectsEverything)]
        let roots = snapshot.tasks.filter { task in
            shown.contains(task.id) && !(task.parentID.map { shown.contains($0) } ?? false)
        }
        var printed = Set<UInt64>()
        // Thousands of tasks park in the same few places: each frame's text is made once.
        var frameTexts: [UInt64: String] = [:]
        // An explicit stack, not recursion: a chain of 100,000 tasks each awaiting the next must not exhaust
        // the stack. Children are pushed last first, so they come off in order.
        var stack: [(task: InspectedTask, indent: String, depth: Int, isLast: Bool)] = roots.enumerated().reversed().map {
            ($0.element, "", 1, $0.offset == roots.count - 1)
        }
        while let (task, indent, depth, isLast) = stack.popLast() {
            guard printed.insert(task.id).inserted else { continue }
            let children = task.childIDs.filter { shown.contains($0) }.compactMap { snapshot.task(id: $0) }
            var line = indent + (isLast ? "└╴ " : "├╴ ") + CensusTreeLayout.depthMarker(depth) + describe(task)
            if let parentID = task.parentID, !shown.contains(parentID) {
                let parentName = snapshot.task(id: parentID)?.name.map { " ('\(TerminalText.escaped($0))')" } ?? ""
                line += " [child of Task \(parentID)\(parentName)]"
            }
            lines.append(line)
            let body = indent + (isLast ? "   " : "│  ")
            if frames {
                for (index, frame) in task.frames.enumerated() {
                    let text: String
                    if let known = frameTexts[frame.address] {
                        text = known
                    } else {
                        text = describe(frame)
                        frameTexts[frame.address] = text
                    }
                    lines.append(body + (children.isEmpty ? "  " : "│ ") + " frame #\(index): " + text)
                }
            }
            // The same cap as the census tree's (`CensusTreeLayout`): past it children stay in their parent's
            // column and say their depth, so the text grows with the number of tasks, not with depth².
            let childIndent = depth <= CensusTreeLayout.indentedLevels ? body : indent
            for (index, child) in children.enumerated().reversed() {
                stack.append((child, childIndent, depth + 1, index == children.count - 1))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func header(_ snapshot: TaskSnapshot, shown: Int, filtered: Bool) -> String {
        let count = snapshot.tasks.count
        let file = snapshot.runtime.isStaticallyLinked ? "linked into the executable"
            : snapshot.runtime.path.split(separator: "/").last.map(String.init) ?? snapshot.runtime.path
        var parts = ["\(TerminalText.escaped(snapshot.processName)) (pid \(snapshot.pid))",
                     "\(count) live task\(count == 1 ? "" : "s")" + (filtered ? ", \(shown) shown" : ""),
                     "\(snapshot.release) runtime (\(file))",
                     "read in \(duration(snapshot.readTime))"]
        if let frozen = snapshot.frozenFor { parts.append("process frozen for \(duration(frozen))") }
        if snapshot.changedWhileRead > 0 {
            parts.append("\(snapshot.changedWhileRead) changing too fast to read, left out")
        }
        return parts.joined(separator: " · ")
    }

    /// `Task 19 ('price:4471'), addr = 0x7f3c2c0047c0 [group child] [suspended] [awaiting a continuation]`.
    static func describe(_ task: InspectedTask) -> String {
        var text = "Task \(task.id)"
        if let name = task.name { text += " ('\(TerminalText.escaped(name))')" }
        text += ", addr = 0x\(String(task.address, radix: 16))"
        switch task.kind {
        case .unstructured: break
        case .groupChild: text += " [group child]"
        case .asyncLet: text += " [async let]"
        case .child: text += " [child]"
        }
        text += " [\(task.state.rawValue)]"
        if let wait = task.waitingOn { text += " [\(TerminalText.escaped(wait.description))]" }
        if task.priority.rawValue != 0x15 && task.priority.rawValue != 0 { text += " [priority \(task.priority)]" }
        if task.isCancelled { text += " [cancelled]" }
        return text
    }

    /// `PriceService.quote(for:) at PriceService.swift:52`, or the address and image when unsymbolized.
    static func describe(_ frame: AsyncFrame) -> String {
        var text = frame.function.map(TerminalText.escaped) ?? "0x\(String(frame.address, radix: 16)) in \(TerminalText.escaped(frame.image))"
        if let file = frame.file, let line = frame.line {
            let base = file.split(separator: "/").last.map(String.init) ?? file
            text += " at \(TerminalText.escaped(base)):\(line)"
        }
        return text
    }

    /// `850µs`, `12 ms`, `1.24 s`.
    static func duration(_ value: Duration) -> String {
        let (seconds, attoseconds) = value.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        switch microseconds {
        case ..<1_000: return "\(max(microseconds, 0)) µs"
        case ..<10_000_000: return "\(microseconds / 1_000) ms"
        default: return "\(microseconds / 1_000_000).\(microseconds / 10_000 % 100 < 10 ? "0" : "")\(microseconds / 10_000 % 100) s"
        }
    }
}
