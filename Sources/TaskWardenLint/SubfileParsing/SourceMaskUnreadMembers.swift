/// Members nothing names (``SourceMask/Marks`` mode, `lint` and `fix`, which reads only the declarations around
/// a site): a trimmed member (`func load(   )`, `var items`, `var title {   }`) is read by its name only (an
/// initializer or deinitializer trimmed, `init(   )`, by nothing: it always goes), and only where a rule looks it
/// up:
/// - ``SelfCapture`` and ``WeakSelfUnwrap`` look up the bare names of a site's closures among the type's
///   members (an implicit `self`);
/// - ``TaskCall`` looks up the bare name a stored task is assigned to (`refreshTask = Task {`), in the braces
///   around a site whose closure loops (the only tasks whose target ``TaskSelfCycleRule`` reads);
/// - a frame's stored-closure calls look up each called name (`onQuiesced()`, `self.onQuiesced?()`) among the
///   type's properties.
///
/// A member none of these names is left out whole, with `static` or `class` before it:
///
/// ```swift
/// // final class Feed {                        final class Feed {
/// //     var items                                                      (`items` is read only outside tasks)
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
            // `.init(…)` is a stored property's value (`let subject: Subject = .init()`), not a member.
            guard byte(start - 1) != UInt8(ascii: ".") else { return }
            pendingMember = inTypeBody ? PendingMember(keyword: start, keywordEnd: index, name: start..<index, isNameless: true) : nil
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

    /// Once every other range is blanked: leaves out the trimmed members no rule looks up.
    mutating func leaveOutUnreadMembers() {
        guard !trimmedMembers.isEmpty else { return }
        // Only words as long as some member's name are counted.
        var lengths: UInt64 = 0
        for member in trimmedMembers where !member.isNameless { lengths |= 1 << UInt64(min(member.name.count, 63)) }
        let reads = memberReads(lengths: lengths)
        var spans: [Range<Int>] = []
        for member in trimmedMembers {
            if member.isNameless {
                guard blankedRange(containing: member.keyword) == nil else { continue }
            } else {
                // A member inside a type body blanked whole is not in the kept text.
                guard blankedRange(containing: member.name.lowerBound) == nil else { continue }
                // A function is looked up only by a bare name; a property also when called after a dot.
                let isFunction = member.name.lowerBound - member.keyword > 4 && matches(member.keyword, "func")
                let hash = Self.wordHash(bytes, member.name)
                guard !(isFunction ? reads.bare : reads.byProperty).contains(hash) else { continue }
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

    /// The words (by hash) whose length is in `lengths` (a bit per length, 63 for longer) that the kept text
    /// reads as members: bare in a site's closure or before a looping site in its braces (`bare`), and these or
    /// called anywhere (`byProperty`: `onQuiesced()`, `self.onQuiesced?()`, `onEvent { … }`). The trimmed members'
    /// own names are not counted.
    private func memberReads(lengths: UInt64) -> (bare: WordSet, byProperty: WordSet) {
        let regions = memberLookupRegions()
        var bare = WordSet()
        var byProperty = WordSet()
        var position = 0
        var next = 0
        var region = 0
        // Words are read in order: a cursor into the declarations' names (sorted) replaces a set lookup a word.
        let declarations = trimmedMembers.map(\.name.lowerBound).sorted()
        var declaration = 0
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
                while declaration < declarations.count, declarations[declaration] < start { declaration += 1 }
                if declaration < declarations.count, declarations[declaration] == start { continue }
                while region < regions.count, regions[region].upperBound <= start { region += 1 }
                let inRegion = region < regions.count && regions[region].lowerBound <= start
                if inRegion, isBare(start) {
                    let hash = Self.wordHash(bytes, start..<position)
                    bare.insert(hash)
                    byProperty.insert(hash)
                } else if isCalled(after: position) {
                    byProperty.insert(Self.wordHash(bytes, start..<position))
                }
            }
            guard next < blanked.count else { break }
            position = max(position, blanked[next].upperBound)
            next += 1
        }
        return (bare, byProperty)
    }

    /// Whether the word at `start` stands without a dot before it (blanked text skipped).
    private func isBare(_ start: Int) -> Bool {
        let before = previousKeptByte(before: start)
        return before < 0 || bytes[before] != UInt8(ascii: ".")
    }

    /// Where the rules look bare names up among the type's members, sorted and merged: the sites' closures,
    /// and for a site whose closure holds a loop (`while`, `for`, `repeat`), the braces around it up to the
    /// site (the statement assigning the task stands there).
    private func memberLookupRegions() -> [Range<Int>] {
        var regions: [Range<Int>] = []
        for (closure, site) in siteClosures {
            regions.append(closure)
            if site.blockStart < site.site, containsLoopWord(closure) { regions.append(site.blockStart..<site.site) }
        }
        regions.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in regions {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Whether `while`, `for` or `repeat` stands as a word in `range` (strings and comments included).
    private func containsLoopWord(_ range: Range<Int>) -> Bool {
        var found = false
        Self.forEachWord(in: bytes, range) { word in
            switch word.count {
            case 3 where matches(word.lowerBound, "for"): found = true
            case 5 where matches(word.lowerBound, "while"): found = true
            case 6 where matches(word.lowerBound, "repeat"): found = true
            default: break
            }
            return !found
        }
        return found
    }

    /// Whether the word ending at `end` is called: `(`, `?(`, `!(` or `{` follows (spaces, newlines and blanked
    /// text skipped).
    private func isCalled(after end: Int) -> Bool {
        var cursor = nextKeptByte(from: end)
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") || bytes[cursor] == UInt8(ascii: "!") {
            cursor = nextKeptByte(from: cursor + 1)
        }
        return cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "(") || bytes[cursor] == UInt8(ascii: "{"))
    }

    /// The first byte from `position` on that is neither blanked nor a space; the end of the bytes if none.
    private func nextKeptByte(from position: Int) -> Int {
        var cursor = position
        while cursor < bytes.count {
            if let range = blankedRange(containing: cursor) {
                cursor = range.upperBound
            } else if CreationTokenScanner.isSpace(bytes[cursor]) {
                cursor += 1
            } else {
                return cursor
            }
        }
        return cursor
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
