/// What lint's sub-file parsing trims from a member declaration it blanks, beyond its body: the attributes and
/// modifiers before it (``SourceMask/Lexer`` collects them as "prefix pieces"), read by nothing but the
/// declarations around a site, which are never trimmed. `static` and `class` stay: they tell instance members
/// (``TypeMembers/instanceMemberNames(around:)``) from type members.
///
/// ```swift
/// // @MainActor @objc private func refresh(   )      →      func refresh(   )
/// // @Published private(set) var items: [Item] = []   →      var items
/// ```
extension SourceMask.Lexer {
    /// Modifiers nothing reads on a trimmed member (`static`, `class` and `prefix`/`postfix`/`infix` stay).
    static let trimmedModifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "final", "override", "required",
        "convenience", "dynamic", "lazy", "weak", "unowned", "nonisolated", "mutating", "nonmutating",
    ]

    /// Whether an attribute or modifier starting at `start` begins a member declaration's prefix: it follows
    /// the previous piece on the same line (`previousPieceEnd`), or it starts its line and the line before
    /// (comment lines skipped) ended something (not an operator, comma or dot: no expression goes on into it).
    func startsPrefix(at start: Int, previousPieceEnd: Int?) -> Bool {
        if let end = previousPieceEnd, end <= start,
           bytes[end..<start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            return true
        }
        var cursor = start - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
        guard cursor < 0 || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r") else { return false }
        // The line before that is not blank and not a `//` comment: its last byte says whether it went on.
        while cursor >= 0 {
            let lineEnd = cursor
            var lineStart = lineEnd
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
            var first = lineStart
            while first < lineEnd, [0x20, 0x09].contains(bytes[first]) { first += 1 }
            let isComment = first + 1 < lineEnd && bytes[first] == UInt8(ascii: "/") && bytes[first + 1] == UInt8(ascii: "/")
            if first < lineEnd, !isComment {
                var last = lineEnd - 1
                while last >= lineStart, [0x20, 0x09, 0x0D].contains(bytes[last]) { last -= 1 }
                // `*/` ends a documentation comment, not an expression.
                if last > lineStart, bytes[last] == UInt8(ascii: "/"), bytes[last - 1] == UInt8(ascii: "*") { return true }
                return !Self.continuingLineEnds.contains(bytes[last])
            }
            cursor = lineStart - 1
        }
        return true
    }

    /// Adds `range` to the sorted, disjoint `blanked` ranges, absorbing those it covers; nothing when a range
    /// already covers it.
    static func insert(_ range: Range<Int>, into blanked: inout [Range<Int>]) {
        var low = 0
        var high = blanked.count
        while low < high {
            let middle = (low + high) / 2
            if blanked[middle].lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        if low > 0, blanked[low - 1].upperBound >= range.upperBound { return }
        var end = low
        while end < blanked.count, blanked[end].upperBound <= range.upperBound { end += 1 }
        blanked.replaceSubrange(low..<end, with: [range])
    }
}
