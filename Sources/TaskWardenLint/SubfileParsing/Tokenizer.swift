extension SourceMask {
    /// The first pass of sub-file parsing: a file's bytes as tokens, each literal that can hide a brace read as
    /// one token (string literals with interpolations `\(…)` holding nested strings, raw and multi-line strings,
    /// nested block comments, regex literals `#/…/#` and `/…/` where an expression starts, backticked names).
    /// Spaces and tabs are skipped. Whenever it cannot be sure what it reads (an unterminated literal, a `'`, a
    /// `/` that may start a regex holding a brace or a quote) it stops and says why: the file is parsed whole.
    ///
    /// ```swift
    /// var tokenizer = SourceMask.Tokenizer(SourceMask.SourceBytes(buffer))   // buffer: `f("{") // }`
    /// try tokenizer.next()   // word `f`, then `(`, a string, `)`, a line comment, then nil
    /// ```
    struct Tokenizer {
        let source: SourceBytes
        private(set) var index = 0
        private var previous = Previous.other

        /// What the last token was, for telling a regex literal from a division and a member name from a word.
        enum Previous { case operand, dot, other }

        init(_ source: SourceBytes) {
            self.source = source
            if source.byte(0) == UInt8(ascii: "#"), source.byte(1) == UInt8(ascii: "!") { index = source.skipLine(from: 0) }
        }

        /// The next token, nil at the end of the file; throws the reason when it cannot be sure what it reads.
        mutating func next() throws(Uncertainty) -> Token? {
            let bytes = source.bytes
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            guard index < bytes.count else { return nil }
            let start = index
            let current = bytes[index]
            func token(_ kind: Token.Kind, to end: Int, then next: Previous?) -> Token {
                index = end
                if let next { previous = next }
                return Token(kind: kind, start: start, end: end, byte: current)
            }
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return token(.newline, to: start + 1, then: nil)
            case UInt8(ascii: "/"):
                if source.byte(start + 1) == UInt8(ascii: "/") { return token(.lineComment, to: source.skipLine(from: start), then: nil) }
                if source.byte(start + 1) == UInt8(ascii: "*") {
                    guard let end = Self.skipBlockComment(bytes, from: start) else { throw .unterminatedLiteral }
                    return token(.blockComment, to: end, then: nil)
                }
                return try slash()
            case UInt8(ascii: "\""):
                guard let end = Self.skipString(bytes, from: start, hashes: 0) else { throw .unterminatedLiteral }
                return token(.string, to: end, then: .operand)
            case UInt8(ascii: "#"):
                return try hash()
            case UInt8(ascii: "`"):
                var end = start + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                guard source.byte(end) == UInt8(ascii: "`") else { throw .unexpectedCharacter }
                return token(.backtick, to: end + 1, then: .operand)
            case UInt8(ascii: "'"):
                throw .unexpectedCharacter
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                return token(.open, to: start + 1, then: .other)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                return token(.close, to: start + 1, then: .operand)
            case UInt8(ascii: ";"):
                return token(.semicolon, to: start + 1, then: .other)
            case UInt8(ascii: "="):
                return token(.equals, to: start + 1, then: .other)
            case UInt8(ascii: "<"):
                return token(.lessThan, to: start + 1, then: .other)
            case UInt8(ascii: ">"):
                return token(.greaterThan, to: start + 1, then: .other)
            case UInt8(ascii: "."):
                return token(.dot, to: start + 1, then: .dot)
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                // Postfix after an operand (`x!`, `y?`) keeps the operand; otherwise an operator.
                let before = source.byte(start - 1)
                let isPostfix = SourceBytes.isIdentifierByte(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
                return token(.bangOrQuestion, to: start + 1, then: isPostfix ? nil : .other)
            default:
                guard SourceBytes.isIdentifierByte(current) else { return token(.other, to: start + 1, then: .other) }
                return word()
            }
        }

        /// An identifier or keyword (or a number). A keyword (not after a dot) is named: the passes act on
        /// keywords, and after some of them an expression (and so a regex literal) may start.
        private mutating func word() -> Token {
            let start = index
            let end = source.wordEnd(from: start)
            index = end
            let afterDot = previous == .dot
            previous = .operand
            var token = Token(kind: .word, start: start, end: end, byte: source[start])
            token.hash = source.hash(start..<end)
            token.afterDot = afterDot
            if !afterDot, end - start >= 2, end - start <= 15, let keyword = Keyword(token.hash, source, start..<end) {
                token.keyword = keyword
                if keyword.startsExpression { previous = .other }
            }
            return token
        }

        /// `#if`/`#else`/`#endif` (member boundaries), raw strings `#"…"#`, extended regex `#/…/#`, macros.
        private mutating func hash() throws(Uncertainty) -> Token {
            let start = index
            var hashes = 0
            while source.byte(start + hashes) == UInt8(ascii: "#") { hashes += 1 }
            let next = source.byte(start + hashes)
            if next == UInt8(ascii: "\"") {
                guard let end = Self.skipString(source.bytes, from: start + hashes, hashes: hashes) else { throw .unterminatedLiteral }
                index = end
                previous = .operand
                return Token(kind: .rawString, start: start, end: end, byte: UInt8(ascii: "#"))
            }
            if next == UInt8(ascii: "/") {
                guard let end = Self.skipExtendedRegex(source.bytes, from: start + hashes + 1, hashes: hashes) else {
                    throw .unterminatedLiteral
                }
                index = end
                previous = .operand
                return Token(kind: .regex, start: start, end: end, byte: UInt8(ascii: "#"))
            }
            index = start + hashes
            guard hashes == 1, SourceBytes.isIdentifierByte(next) else {
                return Token(kind: .hashes, start: start, end: index, byte: UInt8(ascii: "#"))
            }
            let nameStart = index
            index = source.wordEnd(from: nameStart)
            let name = nameStart..<index
            let isCondition = source.isWord(name.lowerBound, name.upperBound, "if") || source.isWord(name.lowerBound, name.upperBound, "elseif")
                || source.isWord(name.lowerBound, name.upperBound, "else") || source.isWord(name.lowerBound, name.upperBound, "endif")
            previous = isCondition ? .other : .operand
            return Token(kind: isCondition ? .conditionDirective : .directive, start: start, end: index, byte: UInt8(ascii: "#"))
        }

        /// A `/` that is not a comment: division (after an operand) or, where an expression starts, a regex
        /// literal ending on the same line. A regex holding a brace or quote is too risky to guess about.
        private mutating func slash() throws(Uncertainty) -> Token {
            let start = index
            let next = source.byte(start + 1)
            if previous == .operand || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "=")
                || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                index += 1
                previous = .other
                return Token(kind: .slash, start: start, end: index, byte: UInt8(ascii: "/"))
            }
            var end = start + 1
            var inClass = false
            var risky = false
            while end < source.count, source[end] != UInt8(ascii: "\n") {
                let current = source[end]
                if current == UInt8(ascii: "\\") { end += 2; continue }
                if [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(current) { risky = true }
                if current == UInt8(ascii: "[") { inClass = true }
                if current == UInt8(ascii: "]") { inClass = false }
                if current == UInt8(ascii: "/"), !inClass { break }
                end += 1
            }
            guard source.byte(end) == UInt8(ascii: "/") else {
                // No closing slash on the line: an operator (a custom one such as `</>`).
                index += 1
                previous = .other
                return Token(kind: .slash, start: start, end: index, byte: UInt8(ascii: "/"))
            }
            if risky { throw .ambiguousSlash }
            index = end + 1
            previous = .operand
            return Token(kind: .regex, start: start, end: index, byte: UInt8(ascii: "/"))
        }

        /// `/* … */` with nesting; the index after it, or nil when unterminated.
        static func skipBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            var depth = 0
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                } else {
                    index += 1
                }
            }
            return nil
        }

        /// A string literal opening at `start` (its first `"`), with `hashes` `#` before it; the index after its
        /// closing delimiter, or nil when it does not end where Swift would end it.
        static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, hashes: Int) -> Int? {
            let quote = UInt8(ascii: "\"")
            let multiLine = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
            var index = start + (multiLine ? 3 : 1)
            func hashesFollow(_ at: Int) -> Bool {
                guard at + hashes <= bytes.count else { return false }
                for offset in 0..<hashes where bytes[at + offset] != UInt8(ascii: "#") { return false }
                return true
            }
            while index < bytes.count {
                let current = bytes[index]
                if current == UInt8(ascii: "\\"), hashesFollow(index + 1) {
                    let after = index + 1 + hashes
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                        guard let end = skipInterpolation(bytes, from: after + 1) else { return nil }
                        index = end
                    } else {
                        index = after + 1
                    }
                    continue
                }
                if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                    if !multiLine { return nil }
                } else if current == quote {
                    if multiLine {
                        if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote, hashesFollow(index + 3) {
                            return index + 3 + hashes
                        }
                    } else if hashesFollow(index + 1) {
                        return index + 1 + hashes
                    }
                }
                index += 1
            }
            return nil
        }

        /// The code of an interpolation after its `(`: nested parentheses, strings and comments; the index after
        /// its closing `)`.
        static func skipInterpolation(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            var depth = 1
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "("):
                    depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: "\""):
                    guard let end = skipString(bytes, from: index, hashes: 0) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    if index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") {
                        guard let end = skipString(bytes, from: index + hashes, hashes: hashes) else { return nil }
                        index = end
                        continue
                    }
                    index += hashes
                    continue
                case UInt8(ascii: "/"):
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                        guard let end = skipBlockComment(bytes, from: index) else { return nil }
                        index = end
                        continue
                    }
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { return nil }
                case UInt8(ascii: "'"):
                    return nil
                default:
                    break
                }
                index += 1
            }
            return nil
        }

        /// `#/ … /#` (any number of `#`) after its opening `/`; the index after it.
        static func skipExtendedRegex(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, hashes: Int) -> Int? {
            var index = start
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
                if bytes[index] == UInt8(ascii: "/") {
                    var count = 0
                    while count < hashes, index + 1 + count < bytes.count, bytes[index + 1 + count] == UInt8(ascii: "#") { count += 1 }
                    if count == hashes { return index + 1 + hashes }
                }
                index += 1
            }
            return nil
        }
    }

    /// One token of ``Tokenizer``: what it is and where it stands.
    struct Token {
        enum Kind {
            case newline, lineComment, blockComment
            /// A `/` that is an operator (division or a custom operator).
            case slash
            case regex, string, rawString
            /// `#if`, `#elseif`, `#else`, `#endif`.
            case conditionDirective
            /// Any other `#name` (a macro, `#available`, `#selector`).
            case directive
            /// `#` not followed by a name.
            case hashes
            /// A backticked name.
            case backtick
            /// `(`, `[` or `{`, and their closing `)`, `]`, `}`.
            case open, close
            case semicolon, equals, lessThan, greaterThan, dot
            /// `!` or `?`: postfix after an operand, or an operator.
            case bangOrQuestion
            case word
            /// Any other byte: punctuation, operators, `@`, `:`, `,`.
            case other
        }

        var kind: Kind
        var start: Int
        var end: Int
        /// The token's first byte.
        var byte: UInt8
        /// A word's hash (``SourceBytes/wordHash(_:_:)``).
        var hash: UInt64 = 0
        /// A word right after a `.`: a member's name, never a keyword.
        var afterDot = false
        /// A word that is a keyword the passes act on.
        var keyword: Keyword?

        var range: Range<Int> { start..<end }
    }
}
