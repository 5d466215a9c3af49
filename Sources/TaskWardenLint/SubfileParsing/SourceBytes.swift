/// A file's bytes as the passes of sub-file parsing read them, with the questions they ask of the text itself
/// (never of what a pass has read): where a line or a word ends, whether a line goes on, what can hide a brace.
/// Immutable, so every pass may hold it.
///
/// ```swift
/// let text = Array("let a = 1 +\n    2".utf8)
/// text.withUnsafeBufferPointer { SourceMask.SourceBytes($0).lineGoesOn(before: 11) }   // true
/// ```
extension SourceMask {
    struct SourceBytes {
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var count: Int { bytes.count }

        subscript(offset: Int) -> UInt8 { bytes[offset] }

        /// The byte at `offset`, 0 outside the file.
        func byte(_ offset: Int) -> UInt8 { offset >= 0 && offset < bytes.count ? bytes[offset] : 0 }

        func matches(_ start: Int, _ word: StaticString) -> Bool {
            let pointer = word.utf8Start
            for offset in 0..<word.utf8CodeUnitCount where byte(start + offset) != pointer[offset] { return false }
            return true
        }

        /// Whether the word `start..<end` is `word`.
        func isWord(_ start: Int, _ end: Int, _ word: StaticString) -> Bool {
            end - start == word.utf8CodeUnitCount && matches(start, word)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        func hash(_ range: Range<Int>) -> UInt64 { Self.wordHash(bytes, range) }

        /// The end of the identifier starting at `start`.
        func wordEnd(from start: Int) -> Int {
            var end = start
            while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
            return end
        }

        func skipSpaces(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            return end
        }

        func skipSpacesAndNewlines(from start: Int) -> Int {
            var end = start
            while end < bytes.count, CreationTokenScanner.isSpace(bytes[end]) { end += 1 }
            return end
        }

        func skipLine(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }

        /// Whether a member-level declaration ends at the newline at `newline`: its line does not end in an
        /// operator, comma, dot or open bracket, and the next line does not go on with it (`.shared`, `?? x`,
        /// `as! T`): it starts a declaration (a word, an attribute, `#if`, a comment) or closes the type. When this
        /// answers wrongly, what is left fails to parse and the file is parsed whole.
        func endsDeclaration(newlineAt newline: Int) -> Bool {
            var before = newline - 1
            while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
            guard before >= 0, !Self.continuingLineEnds.contains(bytes[before]) else { return false }
            return !nextLineGoesOn(after: newline)
        }

        /// Whether the line after the newline at `newline` (blank lines skipped) goes on with what stands before
        /// it: it does not start with a word (other than `as`/`is`), an attribute, `#`, a backtick or `}`. Comment
        /// lines are skipped like blank ones: a modifier commented out in a chain (`Text(title)`, `// .bold()`,
        /// `.task { … }`) does not end the chain.
        func nextLineGoesOn(after newline: Int) -> Bool {
            let after = nextCodeStart(after: newline)
            guard after < bytes.count else { return false }
            let first = bytes[after]
            if [UInt8(ascii: "@"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "`")].contains(first) { return false }
            guard Self.isIdentifierByte(first) else { return true }
            let end = wordEnd(from: after)
            return end - after == 2 && (matches(after, "as") || matches(after, "is"))
        }

        /// The first byte of code after `position`: spaces, blank lines and comments skipped (block comments nest,
        /// as Swift's do). `bytes.count` when none is left.
        func nextCodeStart(after position: Int) -> Int {
            var after = position
            while true {
                while after < bytes.count, CreationTokenScanner.isSpace(bytes[after]) { after += 1 }
                guard after + 1 < bytes.count, bytes[after] == UInt8(ascii: "/") else { return after }
                if bytes[after + 1] == UInt8(ascii: "/") {
                    while after < bytes.count, bytes[after] != UInt8(ascii: "\n"), bytes[after] != UInt8(ascii: "\r") { after += 1 }
                } else if bytes[after + 1] == UInt8(ascii: "*") {
                    guard let end = Tokenizer.skipBlockComment(bytes, from: after) else { return bytes.count }
                    after = end
                } else {
                    return after
                }
            }
        }

        /// Last characters of a line that the next line continues (`=`, `+`, `&&`, `,`, `.`, `(`, …).
        static let continuingLineEnds: Set<UInt8> = Set("=+-*/%&|^<,.:~([\\".utf8)

        /// Whether the code before `end` ends its line with something the next line continues (`=`, `&&`, `,`,
        /// `.`, `(`, `??`, `>`).
        func lineGoesOn(before end: Int) -> Bool {
            var last = end - 1
            while last >= 0, bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") { last -= 1 }
            guard last >= 0 else { return false }
            return Self.continuingLineEnds.contains(bytes[last]) || bytes[last] == UInt8(ascii: "?") || bytes[last] == UInt8(ascii: ">")
        }

        /// Whether the line before the one `start` stands on (blank lines skipped) ends with something that line
        /// continues (``lineGoesOn(before:)``).
        func previousLineGoesOn(before start: Int) -> Bool {
            var end = start
            while end > 0, CreationTokenScanner.isSpace(bytes[end - 1]) { end -= 1 }
            return lineGoesOn(before: end)
        }

        /// Whether the line after the newline at `newline` (blank and comment lines skipped) starts with one of `words` (by
        /// ``wordHash(_:_:)``).
        func nextLineStarts(after newline: Int, withOneOf words: WordSet) -> Bool {
            let start = nextCodeStart(after: newline)
            let end = wordEnd(from: start)
            return end > start && words.contains(hash(start..<end))
        }

        /// The nearest code before `position`: what stands before it on its line, else the nearest line above that
        /// is neither blank nor a `//` comment; its first and last bytes other than spaces. Nil at the file's start.
        func codeLine(before position: Int) -> (first: Int, last: Int)? {
            var end = position
            while true {
                var start = end
                while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
                let first = skipSpaces(from: start)
                var last = end - 1
                while last >= first, CreationTokenScanner.isSpace(bytes[last]) { last -= 1 }
                if last >= first, !(bytes[first] == UInt8(ascii: "/") && byte(first + 1) == UInt8(ascii: "/")) { return (first, last) }
                guard start > 0 else { return nil }
                // Before the newline that ends the line above.
                end = start - 1
            }
        }

        /// Whether the code of `line` ends with `*/`.
        func endsBlockComment(_ line: (first: Int, last: Int)) -> Bool {
            line.last > line.first && bytes[line.last] == UInt8(ascii: "/") && bytes[line.last - 1] == UInt8(ascii: "*")
        }

        /// The `/*` of the block comment whose `*/` starts at `close` (not nested), if any.
        func blockCommentStart(before close: Int) -> Int? {
            var cursor = close - 1
            while cursor > 0 {
                if bytes[cursor - 1] == UInt8(ascii: "/"), bytes[cursor] == UInt8(ascii: "*") { return cursor - 1 }
                if bytes[cursor - 1] == UInt8(ascii: "*"), bytes[cursor] == UInt8(ascii: "/") { return nil }
                cursor -= 1
            }
            return nil
        }

        /// Whether the line holding `position` is a `#if`/`#else`/`#endif` (or other `#`) line.
        func isOnDirectiveLine(_ position: Int) -> Bool {
            var lineStart = position
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
            return byte(skipSpaces(from: lineStart)) == UInt8(ascii: "#")
        }

        /// Whether only spaces stand before `position` on its line.
        func isFirstOnItsLine(_ position: Int) -> Bool {
            var cursor = position - 1
            while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
            return cursor < 0 || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r")
        }

        /// A plain `=` at `offset`: not `==`, `!=`, `+=`, `<=` or the like.
        func isAssignment(at offset: Int) -> Bool {
            guard byte(offset) == UInt8(ascii: "="), byte(offset + 1) != UInt8(ascii: "=") else { return false }
            let before = byte(offset - 1)
            return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || Self.isIdentifierByte(before)
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || byte >= 0x80
        }

        /// Calls `body` with each word (a run of identifier bytes) of `range`, in order; `body` returns false to stop.
        static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>) -> Bool) {
            var position = range.lowerBound
            while position < range.upperBound {
                guard isIdentifierByte(bytes[position]) else {
                    position += 1
                    continue
                }
                let start = position
                while position < range.upperBound, isIdentifierByte(bytes[position]) { position += 1 }
                guard body(start..<position) else { return }
            }
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
}
