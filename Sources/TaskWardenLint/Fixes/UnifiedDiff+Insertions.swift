/// The diff of a file against itself with text inserted, without aligning the whole file: the fixer only ever
/// inserts, so every line outside the few an insertion touches is known to be unchanged, and only those few are
/// aligned (by the same longest-common-subsequence rule `render(old:new:)` uses).
///
/// ```swift
/// let old = Array("Task {\n}\n".utf8)
/// UnifiedDiff.render(old: old, insertions: [TextInsertion(offset: 4, text: "(name: \"x\")")], path: "Library.swift")
/// // the same text as UnifiedDiff.render(old: "Task {\n}\n", new: "Task(name: \"x\") {\n}\n", path: "Library.swift")
/// ```
///
/// The output is the one `render(old:new:)` gives for the same two texts: the same common head and tail, the
/// same fallback to one replacement when the middle is too large to align, the same tie-breaking inside a
/// group of touched lines. When a line next to a group equals one of the group's lines, a whole-file alignment
/// could place the change differently, so that file is aligned whole. Lines stay bytes (a CRLF line keeps
/// its `\r`).
extension UnifiedDiff {
    public static func render(old: [UInt8], insertions: [TextInsertion], path: String, context: Int = 3) -> String {
        let sorted = insertions.sorted()
        guard sorted.contains(where: { !$0.text.isEmpty }) else { return "" }
        let new = TextInsertion.apply(sorted, to: old)
        guard let first = sorted.first, let last = sorted.last, first.offset >= 0, last.offset <= old.count else {
            return render(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self), path: path, context: context)
        }
        let oldLines = lineRanges(old)
        let newLines = lineRanges(new)
        let oldStarts = oldLines.map(\.lowerBound)
        func equal(_ row: Int, _ column: Int) -> Bool { sameLine(old[oldLines[row]], new[newLines[column]]) }

        // Each touched line (the old line an insertion falls in, counted by the newlines before it) and the
        // lines each insertion adds; groups of adjacent touched lines with where they stand in the new text.
        var groups: [(old: Range<Int>, new: Range<Int>)] = []
        var added = 0  // lines added by insertions before the current one
        var index = 0
        while index < sorted.count {
            let line = lineIndex(of: sorted[index].offset, starts: oldStarts, in: old)
            var lastLine = line
            let addedBefore = added
            // Take every insertion falling in this line or in the line right after the group's last one.
            while index < sorted.count {
                let next = lineIndex(of: sorted[index].offset, starts: oldStarts, in: old)
                guard next <= lastLine + 1 else { break }
                lastLine = next
                added += sorted[index].text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                index += 1
            }
            let oldEnd = min(lastLine + 1, oldLines.count)
            let newEnd = lastLine + 1 >= oldLines.count ? newLines.count : lastLine + 1 + added
            groups.append((min(line, oldEnd)..<oldEnd, min(line + addedBefore, newEnd)..<newEnd))
        }

        // A group aligns on its own only if no alignment of the whole file could slide one of its lines past a
        // neighbour: the untouched lines just before and after it must equal none of its lines, old or new.
        // Otherwise (the fixer's names never cause it) the whole file is aligned as `render(old:new:)` does.
        for group in groups {
            let neighbours = [group.old.lowerBound - 1, group.old.upperBound].filter { $0 >= 0 && $0 < oldLines.count }
            for neighbour in neighbours {
                let line = old[oldLines[neighbour]]
                if group.old.contains(where: { sameLine(line, old[oldLines[$0]]) })
                    || group.new.contains(where: { sameLine(line, new[newLines[$0]]) }) {
                    return render(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self),
                                  path: path, context: context)
                }
            }
        }

        // The common head and tail, exactly as `diff(_:_:)` trims them: lines before the first group and after
        // the last are equal without looking; from there on they are compared.
        var head = min(groups[0].old.lowerBound, groups[0].new.lowerBound)
        while head < oldLines.count, head < newLines.count, equal(head, head) { head += 1 }
        var tail = min(oldLines.count - groups[groups.count - 1].old.upperBound, oldLines.count - head, newLines.count - head)
        while tail < oldLines.count - head, tail < newLines.count - head,
              equal(oldLines.count - 1 - tail, newLines.count - 1 - tail) { tail += 1 }
        let oldMiddleEnd = oldLines.count - tail, newMiddleEnd = newLines.count - tail

        var operations: [LineOperation] = []
        var oldLine = 1, newLine = 1
        func emit(_ kind: Operation.Kind, _ row: Int) {
            operations.append(LineOperation(kind: kind, line: kind == .insert ? newLines[row] : oldLines[row],
                                            isNew: kind == .insert, oldLine: oldLine, newLine: newLine))
            if kind != .insert { oldLine += 1 }
            if kind != .delete { newLine += 1 }
        }
        for row in 0..<head { emit(.same, row) }
        if (oldMiddleEnd - head) * (newMiddleEnd - head) > 4_000_000 {
            (head..<oldMiddleEnd).forEach { emit(.delete, $0) }
            (head..<newMiddleEnd).forEach { emit(.insert, $0) }
        } else {
            // Between groups the lines are the same, one for one; each group is aligned on its own.
            var row = head, column = head
            for group in groups {
                let oldUpper = max(min(group.old.upperBound, oldMiddleEnd), head)
                let newUpper = max(min(group.new.upperBound, newMiddleEnd), head)
                let oldRange = min(max(group.old.lowerBound, head), oldUpper)..<oldUpper
                let newRange = min(max(group.new.lowerBound, head), newUpper)..<newUpper
                guard oldRange.lowerBound - row == newRange.lowerBound - column, oldRange.lowerBound >= row else {
                    return render(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self), path: path, context: context)
                }
                while row < oldRange.lowerBound { emit(.same, row); row += 1; column += 1 }
                for (kind, offset) in align(oldRange, newRange, equal: equal) { emit(kind, offset) }
                row = oldRange.upperBound
                column = newRange.upperBound
            }
            guard oldMiddleEnd - row == newMiddleEnd - column else {
                return render(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self), path: path, context: context)
            }
            while row < oldMiddleEnd { emit(.same, row); row += 1 }
        }
        for row in oldMiddleEnd..<oldLines.count { emit(.same, row) }
        return hunks(operations, path: path, context: context) { $0.isNew ? new[$0.line] : old[$0.line] }
    }

    /// One line of the diff: its kind, its bytes (in the new text for an inserted line, else in the old).
    struct LineOperation {
        var kind: Operation.Kind
        var line: Range<Int>
        var isNew: Bool
        var oldLine: Int
        var newLine: Int
    }

    /// The operations grouped into hunks, as `render(old:new:)` groups them.
    static func hunks(
        _ operations: [LineOperation], path: String, context: Int, text: (LineOperation) -> ArraySlice<UInt8>
    ) -> String {
        var output = Array(header(path).utf8)
        for hunk in hunkRanges(operations.map(\.kind), context: context) {
            let slice = operations[hunk]
            let oldCount = slice.reduce(0) { $0 + ($1.kind != .insert ? 1 : 0) }
            let newCount = slice.reduce(0) { $0 + ($1.kind != .delete ? 1 : 0) }
            output += Array("@@ -\(range(slice.first!.oldLine, oldCount)) +\(range(slice.first!.newLine, newCount)) @@\n".utf8)
            for operation in slice {
                switch operation.kind {
                case .same: output.append(UInt8(ascii: " "))
                case .delete: output.append(UInt8(ascii: "-"))
                case .insert: output.append(UInt8(ascii: "+"))
                }
                output += text(operation)
                output.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The longest-common-subsequence alignment of two runs of lines, with `diff(_:_:)`'s tie-breaking (a
    /// deletion before an insertion); each operation with the row (old) or column (new) it stands for.
    static func align(
        _ old: Range<Int>, _ new: Range<Int>, equal: (Int, Int) -> Bool
    ) -> [(Operation.Kind, Int)] {
        let rows = old.count, columns = new.count, width = columns + 1
        var lengths = [Int](repeating: 0, count: (rows + 1) * width)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                lengths[row * width + column] = equal(old.lowerBound + row, new.lowerBound + column)
                    ? lengths[(row + 1) * width + column + 1] + 1
                    : max(lengths[(row + 1) * width + column], lengths[row * width + column + 1])
            }
        }
        var result: [(Operation.Kind, Int)] = []
        var row = 0, column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, equal(old.lowerBound + row, new.lowerBound + column) {
                result.append((.same, old.lowerBound + row)); row += 1; column += 1
            } else if row < rows, column == columns || lengths[(row + 1) * width + column] >= lengths[row * width + column + 1] {
                result.append((.delete, old.lowerBound + row)); row += 1
            } else {
                result.append((.insert, new.lowerBound + column)); column += 1
            }
        }
        return result
    }

    /// Lines as byte ranges, split on the newline byte (not included); a last line without one counts.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                result.append(start..<index)
                start = index + 1
            }
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    /// The line an offset falls in: the number of newlines before it (`starts` are the lines' first bytes).
    static func lineIndex(of offset: Int, starts: [Int], in bytes: [UInt8]) -> Int {
        // Lines after the first start right after a newline: count those starting at or before the offset.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        var newlines = max(low - 1, 0)
        // The newline ending the file starts no line of its own, but an offset after it is past it.
        if offset == bytes.count, bytes.last == UInt8(ascii: "\n") { newlines += 1 }
        return newlines
    }

    /// Lines compare as `String`s do in `render(old:new:)`: bytes, unless both hold non-ASCII bytes (then by
    /// canonical equivalence, as Swift compares strings).
    static func sameLine(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        guard a.contains(where: { $0 >= 0x80 }), b.contains(where: { $0 >= 0x80 }) else { return false }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }
}
