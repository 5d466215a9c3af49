/// Renders the difference between two versions of a file as a unified diff (`diff -u` / `git diff` style),
/// for `taskwarden fix --dry-run`.
///
/// ```swift
/// UnifiedDiff.render(old: "Task {\n}\n", new: "Task(name: \"x\") {\n}\n", path: "Library.swift")
/// // --- a/Library.swift
/// // +++ b/Library.swift
/// // @@ -1,2 +1,2 @@
/// // -Task {
/// // +Task(name: "x") {
/// //  }
/// ```
///
/// Lines keep their own text, a CRLF line its `\r`, so the diff applies with `patch`. Returns "" when
/// the texts are equal.
public enum UnifiedDiff {
    /// The `---`/`+++` lines. A path with a control character, a quote or a backslash is quoted as git quotes
    /// it (`"a/tab\tname.swift"`), so that `git apply` reads the name back instead of the line ending early.
    static func header(_ path: String) -> String {
        "--- \(quoted("a/" + path))\n+++ \(quoted("b/" + path))\n"
    }

    static func quoted(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else { return path }
        var result = "\""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{07}": result += "\\a"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0B}": result += "\\v"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let octal = String(scalar.value, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    public static func render(old: String, new: String, path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let oldLines = lines(old)
        let newLines = lines(new)
        let operations = diff(oldLines, newLines)

        var output = header(path)
        for hunk in hunkRanges(operations.map(\.kind), context: context) {
            let slice = operations[hunk]
            let oldStart = slice.first!.oldLine
            let newStart = slice.first!.newLine
            let oldCount = slice.filter { $0.kind != .insert }.count
            let newCount = slice.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for operation in slice {
                switch operation.kind {
                case .same: output += " \(operation.text)\n"
                case .delete: output += "-\(operation.text)\n"
                case .insert: output += "+\(operation.text)\n"
                }
            }
        }
        return output
    }

    /// The operations' indices grouped into hunks as `diff -u` groups them: each change with `context` unchanged
    /// lines around it, hunks whose context lines meet merged into one.
    static func hunkRanges(_ kinds: [Operation.Kind], context: Int) -> [ClosedRange<Int>] {
        let changeIndices = kinds.indices.filter { kinds[$0] != .same }
        var hunks: [ClosedRange<Int>] = []
        var hunkStart = 0
        while hunkStart < changeIndices.count {
            var hunkEnd = hunkStart
            while hunkEnd + 1 < changeIndices.count,
                  changeIndices[hunkEnd + 1] - changeIndices[hunkEnd] <= 2 * context + 1 {
                hunkEnd += 1
            }
            hunks.append(max(0, changeIndices[hunkStart] - context)...min(kinds.count - 1, changeIndices[hunkEnd] + context))
            hunkStart = hunkEnd + 1
        }
        return hunks
    }

    static func range(_ start: Int, _ count: Int) -> String {
        // diff -u numbers an empty range by the line before it.
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    struct Operation {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: Substring
        /// 1-based line numbers this operation sits at in each file.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [Substring] {
        // Split on the newline byte so a CRLF line keeps its "\r" (and the diff still applies with `patch`);
        // "\r\n" is one Character in Swift, so Character-wise splitting would not see it.
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            if text.utf8[index] == UInt8(ascii: "\n") {
                result.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// Longest-common-subsequence diff after trimming the common head and tail, which for a fix's edits leaves
    /// only the changed lines in the middle.
    static func diff(_ old: [Substring], _ new: [Substring]) -> [Operation] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head,
              old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])

        var operations: [Operation] = []
        var oldLine = 1
        var newLine = 1
        func emit(_ kind: Operation.Kind, _ text: Substring) {
            operations.append(Operation(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != .insert { oldLine += 1 }
            if kind != .delete { newLine += 1 }
        }
        for line in old[..<head] { emit(.same, line) }
        if oldMiddle.count * newMiddle.count > 4_000_000 {
            // Too large to align: show it as one replacement.
            oldMiddle.forEach { emit(.delete, $0) }
            newMiddle.forEach { emit(.insert, $0) }
        } else {
            // Lines compared as numbers: equal lines (as `==` on strings judges them) share one, so the table
            // below compares integers, not strings, and is one flat array.
            var numbers: [Substring: Int] = [:]
            for line in oldMiddle where numbers[line] == nil { numbers[line] = numbers.count }
            let oldIDs = oldMiddle.map { numbers[$0]! }
            let newIDs = newMiddle.map { numbers[$0] ?? -1 }  // a line only the new text has matches none
            let rows = oldMiddle.count, columns = newMiddle.count, width = columns + 1
            // lengths[row * width + column]: the longest common subsequence of oldMiddle[row...] and newMiddle[column...].
            var lengths = [Int](repeating: 0, count: (rows + 1) * width)
            for row in stride(from: rows - 1, through: 0, by: -1) {
                for column in stride(from: columns - 1, through: 0, by: -1) {
                    lengths[row * width + column] = oldIDs[row] == newIDs[column]
                        ? lengths[(row + 1) * width + column + 1] + 1
                        : max(lengths[(row + 1) * width + column], lengths[row * width + column + 1])
                }
            }
            var row = 0, column = 0
            while row < rows || column < columns {
                if row < rows, column < columns, oldIDs[row] == newIDs[column] {
                    emit(.same, oldMiddle[row]); row += 1; column += 1
                } else if row < rows, column == columns || lengths[(row + 1) * width + column] >= lengths[row * width + column + 1] {
                    emit(.delete, oldMiddle[row]); row += 1
                } else {
                    emit(.insert, newMiddle[column]); column += 1
                }
            }
        }
        for line in old[(old.count - tail)...] { emit(.same, line) }
        return operations
    }
}
