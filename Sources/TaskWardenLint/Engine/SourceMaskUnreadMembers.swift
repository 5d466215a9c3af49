/// Members nothing names (``SourceMask/Marks`` mode, `lint` and `fix`, which reads only the declarations around
/// a site): a trimmed member (`func load(   )`, `var items`, `var title {   }`)
/// is read by its name only (an initializer or deinitializer trimmed, `init(   )`, by nothing: it always goes), and only where the kept text names it: ``SelfCapture`` and ``TaskCall`` look
/// up a bare name of a task's closure among the type's members, a frame's stored-closure calls look up a
/// called name among its properties. A member whose name occurs nowhere else in what is left of the file is
/// left out whole, with `static` or `class` before it:
///
/// ```swift
/// // final class Feed {                        final class Feed {
/// //     var items                                                      (nothing names `items`)
/// //     var session                               var session
/// //     func decode(   )                                               (nor `decode`)
/// //     func start() { Task { await session.refresh() } }          func start() { Task { await session.refresh() } }
/// ```
///
/// Words are counted in the kept text, strings and comments included (more names can only keep more members).
/// A member is left out only when what stands before it, once blanked text is skipped, ends something: a
/// brace, a `;`, another trimmed member or a `#if` line; never an attribute left in place, which would move
/// onto the next member.
extension SourceMask.Lexer {
    /// At member level: a word, which may be `func`/`var`/`let` or the name after one.
    mutating func noteMemberWord(_ start: Int) {
        let length = index - start
        if (length == 4 && matches(start, "func")) || (length == 3 && (matches(start, "var") || matches(start, "let"))) {
            pendingMember = inTypeBody ? PendingMember(keyword: start, keywordEnd: index) : nil
            return
        }
        if (length == 4 && matches(start, "init")) || (length == 6 && matches(start, "deinit")) {
            let isMember = inTypeBody && byte(start - 1) != UInt8(ascii: ".")
            pendingMember = isMember ? PendingMember(keyword: start, keywordEnd: index, name: start..<index, isNameless: true) : nil
            return
        }
        guard let member = pendingMember, member.name == nil else { return }
        // The name follows its keyword directly (not an operator, a backticked name or a pattern).
        if skipSpaces(from: member.keywordEnd) == start, !(bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9")) {
            pendingMember?.name = start..<index
        } else {
            pendingMember = nil
        }
    }

    /// The pending member's trimmed remnant ends at `end`.
    mutating func noteTrimmedMember(_ member: PendingMember?, end: Int) {
        guard let member, let name = member.name else { return }
        trimmedMembers.append(TrimmedMember(keyword: member.keyword, name: name, end: end, isNameless: member.isNameless))
    }

    /// Once every other range is blanked: leaves out the trimmed members nothing else names.
    mutating func leaveOutUnreadMembers() {
        guard !trimmedMembers.isEmpty else { return }
        // Only words as long as some member's name are counted.
        var lengths: UInt64 = 0
        for member in trimmedMembers where !member.isNameless { lengths |= 1 << UInt64(min(member.name.count, 63)) }
        let (counts, bareCounts) = wordCounts(lengths: lengths)
        var own: [UInt64: Int] = [:]
        var hashes: [UInt64?] = []
        for member in trimmedMembers {
            // A member inside a type body blanked whole is not in the kept text.
            guard blankedRange(containing: member.name.lowerBound) == nil, !member.isNameless else {
                hashes.append(nil)
                continue
            }
            let hash = Self.wordHash(bytes, member.name)
            own[hash, default: 0] += 1
            hashes.append(hash)
        }
        var spans: [Range<Int>] = []
        for (member, hash) in zip(trimmedMembers, hashes) {
            if member.isNameless {
                guard blankedRange(containing: member.keyword) == nil else { continue }
            } else {
                // A function is looked up only by a bare name (an implicit `self`); a property also after a dot
                // (`self.onQuiesced()`, a stored closure a frame calls).
                let isFunction = member.name.lowerBound - member.keyword > 4 && matches(member.keyword, "func")
                guard let hash, (isFunction ? bareCounts : counts)[hash, default: 0] <= own[hash, default: 0] else { continue }
            }
            guard let start = startOfLeftOutMember(member) else { continue }
            spans.append(start..<member.end)
        }
        for span in spans { blankMerging(span) }
    }

    /// Where a member left out starts (its `static` or `class` included), or nil when what stands before it
    /// might belong to it.
    private func startOfLeftOutMember(_ member: TrimmedMember) -> Int? {
        var start = member.keyword
        while true {
            let cursor = previousKeptByte(before: start)
            guard cursor >= 0 else { return start }
            if Self.isIdentifierByte(bytes[cursor]) {
                var wordStart = cursor
                while wordStart > 0, Self.isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
                if (cursor - wordStart == 5 && matches(wordStart, "static")) || (cursor - wordStart == 4 && matches(wordStart, "class")) {
                    start = wordStart
                    continue
                }
            }
            if [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";")].contains(bytes[cursor]) { return start }
            if isInTrimmedMember(cursor) { return start }
            return isOnDirectiveLine(cursor) ? start : nil
        }
    }

    /// Whether `position` stands in a trimmed member's remnant (they are recorded in source order).
    private func isInTrimmedMember(_ position: Int) -> Bool {
        let low = trimmedMembers.partitioningIndex { $0.end > position }
        return low < trimmedMembers.count && trimmedMembers[low].keyword <= position
    }

    /// The last byte before `position` that is neither blank, blanked nor a space; -1 at the start.
    private func previousKeptByte(before position: Int) -> Int {
        var cursor = position - 1
        while cursor >= 0 {
            if let range = blankedRange(containing: cursor) {
                cursor = range.lowerBound - 1
            } else if CreationTokenScanner.isSpace(bytes[cursor]) {
                cursor -= 1
            } else {
                return cursor
            }
        }
        return -1
    }

    /// The blanked range holding `position`, if any.
    func blankedRange(containing position: Int) -> Range<Int>? {
        let low = blanked.partitioningIndex { $0.upperBound > position }
        return low < blanked.count && blanked[low].contains(position) ? blanked[low] : nil
    }

    /// How often each word (by hash) whose length is in `lengths` (a bit per length, 63 for longer) occurs in
    /// the text left after blanking, and how often not after a dot.
    private func wordCounts(lengths: UInt64) -> (all: [UInt64: Int], bare: [UInt64: Int]) {
        var counts: [UInt64: Int] = [:]
        var bare: [UInt64: Int] = [:]
        var position = 0
        var next = 0
        while position < bytes.count {
            let limit = next < blanked.count ? blanked[next].lowerBound : bytes.count
            while position < limit {
                guard Self.isIdentifierByte(bytes[position]) else {
                    position += 1
                    continue
                }
                let start = position
                while position < limit, Self.isIdentifierByte(bytes[position]) { position += 1 }
                guard lengths & (1 << UInt64(min(position - start, 63))) != 0 else { continue }
                let hash = Self.wordHash(bytes, start..<position)
                counts[hash, default: 0] += 1
                let before = previousKeptByte(before: start)
                if before < 0 || bytes[before] != UInt8(ascii: ".") { bare[hash, default: 0] += 1 }
            }
            guard next < blanked.count else { break }
            position = max(position, blanked[next].upperBound)
            next += 1
        }
        return (counts, bare)
    }

    /// FNV-1a over a word's bytes: equal words hash equally, and names are compared without making strings
    /// (a collision only keeps a member or a statement).
    static func wordHash(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in word { hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3 }
        return hash
    }

    static func wordHash(_ text: String) -> UInt64 {
        Array(text.utf8).withUnsafeBufferPointer { wordHash($0, 0..<$0.count) }
    }
}
