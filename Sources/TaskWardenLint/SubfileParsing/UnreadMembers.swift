extension SourceMask {
    /// The last pass of sub-file parsing: members nothing names go. A trimmed member (`func load(   )`,
    /// `var items`, `var title {   }`, ``DeclarationTrim``) is read by its name only (an initializer or
    /// deinitializer trimmed, `init(   )`, by nothing: it always goes), and only where a reader looks it up:
    /// - by a bare name in a site's closure (an implicit `self`, ``SyntaxReads/SiteClosure/memberNames``);
    /// - by the bare name before a site whose closure loops, in the braces around it (the property such a site is
    ///   stored in, `pollTask = Task { while true { … } }`, ``SyntaxReads/AroundSite/loopingTaskStorage``);
    /// - by a name called anywhere (`onQuiesced()`, `self.onQuiesced?()`: properties only,
    ///   ``SyntaxReads/AroundSite/storedClosureCalls``).
    ///
    /// A member none of these names is left out whole, with `static` or `class` before it:
    ///
    /// ```swift
    /// // final class Feed {                        final class Feed {
    /// //     var items                                                      (`items` is named only outside sites)
    /// //     var session                               var session
    /// //     func decode(   )                                               (nor `decode`)
    /// //     func start() { Task { await session.refresh() } }          func start() { Task { await session.refresh() } }
    /// ```
    ///
    /// Words are counted in the kept text, strings and comments included (more names can only keep more members).
    /// A member is left out only when what stands before it, once blanked text is skipped, ends something: a
    /// brace, a `;`, another trimmed member or a `#if` line; never an attribute left in place, which would move
    /// onto the next member.
    struct UnreadMembers {
        let source: SourceBytes
        let reads: MaskReads
        /// The members trimmed to their names, in source order.
        let trimmedMembers: [DeclarationTrim.TrimmedMember]
        /// The sites' closures and their sites, in the order they close.
        let siteClosures: [(closure: Range<Int>, site: Scopes.SiteHead)]

        /// Once every other range is blanked: leaves out the trimmed members no reader looks up.
        func leaveOut(from output: inout MaskRanges) {
            guard !trimmedMembers.isEmpty else { return }
            // Only words as long as some member's name are counted.
            var lengths: UInt64 = 0
            for member in trimmedMembers where !member.isNameless { lengths |= 1 << UInt64(min(member.name.count, 63)) }
            let lookups = memberLookups(lengths: lengths, output: output)
            var spans: [Range<Int>] = []
            for member in trimmedMembers {
                if member.isNameless {
                    guard output.range(containing: member.keyword) == nil else { continue }
                } else {
                    // A member inside a type body blanked whole is not in the kept text.
                    guard output.range(containing: member.name.lowerBound) == nil else { continue }
                    // A function is looked up only by a bare name; a property also when called after a dot.
                    let isFunction = member.name.lowerBound - member.keyword > 4 && source.matches(member.keyword, "func")
                    let hash = source.hash(member.name)
                    guard !(isFunction ? lookups.bare : lookups.byProperty).contains(hash) else { continue }
                }
                guard let start = startOfLeftOutMember(member, output: output) else { continue }
                spans.append(start..<member.end)
            }
            for span in spans { output.blankMerging(span) }
        }

        /// Where a member left out starts (its `static` or `class` included), or nil when what stands before it
        /// might belong to it.
        private func startOfLeftOutMember(_ member: DeclarationTrim.TrimmedMember, output: MaskRanges) -> Int? {
            var start = member.keyword
            while true {
                let cursor = output.previousKeptByte(before: start, in: source)
                guard cursor >= 0 else { return start }
                if SourceBytes.isIdentifierByte(source[cursor]) {
                    var wordStart = cursor
                    while wordStart > 0, SourceBytes.isIdentifierByte(source[wordStart - 1]) { wordStart -= 1 }
                    if (cursor - wordStart == 5 && source.matches(wordStart, "static")) || (cursor - wordStart == 4 && source.matches(wordStart, "class")) {
                        start = wordStart
                        continue
                    }
                }
                if [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";")].contains(source[cursor]) { return start }
                if isInTrimmedMember(cursor) { return start }
                return source.isOnDirectiveLine(cursor) ? start : nil
            }
        }

        /// Whether `position` stands in a trimmed member's remnant (they are recorded in source order).
        private func isInTrimmedMember(_ position: Int) -> Bool {
            let low = trimmedMembers.partitioningIndex { $0.end > position }
            return low < trimmedMembers.count && trimmedMembers[low].keyword <= position
        }

        /// The words (by hash) whose length is in `lengths` (a bit per length, 63 for longer) that the kept text
        /// reads as members: bare where a reader looks bare names up (`bare`), and these or called anywhere when a
        /// reader reads stored-closure calls (`byProperty`: `onQuiesced()`, `self.onQuiesced?()`, `onEvent { … }`).
        /// The trimmed members' own names are not counted.
        private func memberLookups(lengths: UInt64, output: MaskRanges) -> (bare: WordSet, byProperty: WordSet) {
            let regions = lookupRegions()
            let blanked = output.ranges
            var bare = WordSet()
            var byProperty = WordSet()
            var position = 0
            var next = 0
            var region = 0
            // Words are read in order: a cursor into the declarations' names (sorted) replaces a set lookup a word.
            let declarations = trimmedMembers.map(\.name.lowerBound).sorted()
            var declaration = 0
            while position < source.count {
                let limit = next < blanked.count ? blanked[next].lowerBound : source.count
                while position < limit {
                    guard SourceBytes.isIdentifierByte(source[position]) else {
                        position += 1
                        continue
                    }
                    let start = position
                    while position < limit, SourceBytes.isIdentifierByte(source[position]) { position += 1 }
                    guard lengths & (1 << UInt64(min(position - start, 63))) != 0 else { continue }
                    while declaration < declarations.count, declarations[declaration] < start { declaration += 1 }
                    if declaration < declarations.count, declarations[declaration] == start { continue }
                    while region < regions.count, regions[region].upperBound <= start { region += 1 }
                    let inRegion = region < regions.count && regions[region].lowerBound <= start
                    if inRegion, isBare(start, output: output) {
                        let hash = source.hash(start..<position)
                        bare.insert(hash)
                        byProperty.insert(hash)
                    } else if reads.storedClosureCalls, isCalled(after: position, output: output) {
                        byProperty.insert(source.hash(start..<position))
                    }
                }
                guard next < blanked.count else { break }
                position = max(position, blanked[next].upperBound)
                next += 1
            }
            return (bare, byProperty)
        }

        /// Whether the word at `start` stands without a dot before it (blanked text skipped).
        private func isBare(_ start: Int, output: MaskRanges) -> Bool {
            let before = output.previousKeptByte(before: start, in: source)
            return before < 0 || source[before] != UInt8(ascii: ".")
        }

        /// Where bare names are looked up among the type's members, sorted and merged: the sites' closures (when a
        /// reader reads members' bare names there), and for a site whose closure holds a loop (`while`, `for`,
        /// `repeat`), the braces around it up to the site (when a reader reads where such a site is stored).
        private func lookupRegions() -> [Range<Int>] {
            var regions: [Range<Int>] = []
            for (closure, site) in siteClosures {
                if reads.closureMemberNames { regions.append(closure) }
                if reads.loopingTaskStorage, site.blockStart < site.site, containsLoopWord(closure) {
                    regions.append(site.blockStart..<site.site)
                }
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
            SourceBytes.forEachWord(in: source.bytes, range) { word in
                switch word.count {
                case 3 where source.matches(word.lowerBound, "for"): found = true
                case 5 where source.matches(word.lowerBound, "while"): found = true
                case 6 where source.matches(word.lowerBound, "repeat"): found = true
                default: break
                }
                return !found
            }
            return found
        }

        /// Whether the word ending at `end` is called: `(`, `?(`, `!(` or `{` follows (spaces, newlines and blanked
        /// text skipped).
        private func isCalled(after end: Int, output: MaskRanges) -> Bool {
            var cursor = output.nextKeptByte(from: end, in: source)
            if cursor < source.count, source[cursor] == UInt8(ascii: "?") || source[cursor] == UInt8(ascii: "!") {
                cursor = output.nextKeptByte(from: cursor + 1, in: source)
            }
            return cursor < source.count && (source[cursor] == UInt8(ascii: "(") || source[cursor] == UInt8(ascii: "{"))
        }
    }
}
