/// What can hide a brace, each skipped as a whole by ``SourceMask/Lexer`` (string literals with interpolations,
/// nested block comments, extended regex literals), and the other byte helpers that read none of its state.
extension SourceMask.Lexer {
    /// Words after which an expression (and so a regex literal) may start.
    static let expressionKeywords: Set<String> = [
        "return", "case", "in", "try", "await", "if", "guard", "while", "where", "throw", "else", "is", "as",
        "let", "var", "switch", "repeat", "defer", "do", "some", "any", "yield", "then",
    ]

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
    /// it: it does not start with a word (other than `as`/`is`), an attribute, `#`, a backtick, a comment or `}`.
    func nextLineGoesOn(after newline: Int) -> Bool {
        var after = newline
        while after < bytes.count, CreationTokenScanner.isSpace(bytes[after]) { after += 1 }
        guard after < bytes.count else { return false }
        let first = bytes[after]
        if first == UInt8(ascii: "/") {
            let second = after + 1 < bytes.count ? bytes[after + 1] : 0
            return second != UInt8(ascii: "/") && second != UInt8(ascii: "*")
        }
        if [UInt8(ascii: "@"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "`")].contains(first) { return false }
        guard Self.isIdentifierByte(first) else { return true }
        var end = after
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        return end - after == 2 && (matches(after, "as") || matches(after, "is"))
    }

    /// Last characters of a line that the next line continues (`=`, `+`, `&&`, `,`, `.`, `(`, …).
    static let continuingLineEnds: Set<UInt8> = Set("=+-*/%&|^<,.:~([\\".utf8)

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

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte >= 0x80
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
