extension SourceMask {
    /// What the passes of sub-file parsing blank, as sorted, disjoint byte ranges: the one output every pass
    /// writes to, handed to each as an argument.
    ///
    /// ```swift
    /// var ranges = SourceMask.MaskRanges()
    /// ranges.blank(4..<10)
    /// ranges.blankMerging(2..<6)   // [2..<10]
    /// ```
    struct MaskRanges {
        private(set) var ranges: [Range<Int>] = []

        /// Blanks `range`, which starts after (or covers) everything blanked so far: the ranges it covers go.
        mutating func blank(_ range: Range<Int>) {
            while let last = ranges.last, last.lowerBound >= range.lowerBound { ranges.removeLast() }
            ranges.append(range)
        }

        /// Adds `range` anywhere, merging those it overlaps or touches.
        mutating func blankMerging(_ range: Range<Int>) {
            var merged = range
            let low = ranges.partitioningIndex { $0.upperBound >= range.lowerBound }
            var end = low
            while end < ranges.count, ranges[end].lowerBound <= merged.upperBound {
                merged = min(merged.lowerBound, ranges[end].lowerBound)..<max(merged.upperBound, ranges[end].upperBound)
                end += 1
            }
            ranges.replaceSubrange(low..<end, with: [merged])
        }

        /// A member-level comment after what is blanked so far, unless a blanked range already covers it.
        mutating func blankComment(_ range: Range<Int>) {
            if let last = ranges.last, last.upperBound >= range.upperBound { return }
            ranges.append(range)
        }

        /// Unblanks everything blanked so far from `start` on (a body read whole after all).
        mutating func keep(from start: Int) {
            while let last = ranges.last, last.lowerBound >= start { ranges.removeLast() }
        }

        /// Where `range` itself stands (not merged into a larger one), if it does.
        func index(of range: Range<Int>) -> Int? {
            let low = ranges.partitioningIndex { $0.lowerBound >= range.lowerBound }
            return low < ranges.count && ranges[low] == range ? low : nil
        }

        mutating func remove(at index: Int) { ranges.remove(at: index) }

        /// The blanked range holding `position`, if any.
        func range(containing position: Int) -> Range<Int>? {
            let low = ranges.partitioningIndex { $0.upperBound > position }
            return low < ranges.count && ranges[low].contains(position) ? ranges[low] : nil
        }

        /// Replaces every range (whole type bodies chosen once the file is read, ``TypeSkeleton/finish(blanked:keepingSiteTypes:keepingTypesNamed:)``).
        mutating func replace(with ranges: [Range<Int>]) { self.ranges = ranges }

        /// The last byte before `position` that is neither blanked nor a space; -1 at the start.
        func previousKeptByte(before position: Int, in source: SourceBytes) -> Int {
            var cursor = position - 1
            while cursor >= 0 {
                if let range = range(containing: cursor) {
                    cursor = range.lowerBound - 1
                } else if CreationTokenScanner.isSpace(source[cursor]) {
                    cursor -= 1
                } else {
                    return cursor
                }
            }
            return -1
        }

        /// The first byte from `position` on that is neither blanked nor a space; the end of the bytes if none.
        func nextKeptByte(from position: Int, in source: SourceBytes) -> Int {
            var cursor = position
            while cursor < source.count {
                if let range = range(containing: cursor) {
                    cursor = range.upperBound
                } else if CreationTokenScanner.isSpace(source[cursor]) {
                    cursor += 1
                } else {
                    return cursor
                }
            }
            return cursor
        }
    }
}
