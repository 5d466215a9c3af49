/// What the text itself says about statements, for ``SourceMask/LeafStatements`` and
/// ``SourceMask/CompoundStatements``: the keywords a cut statement may not start with, the words that may
/// stand before its kept name, and where a statement stands alone.
extension SourceMask.SourceBytes {
    /// Words a kept statement may not start with: keywords whose statement changes meaning once cut (by
    /// ``wordHash(_:_:)``: words are compared without making strings, and a collision only keeps a statement).
    static let statementKeywords = WordSet([
        "if", "guard", "for", "while", "repeat", "switch", "case", "default", "do", "catch", "defer", "throw",
        "break", "continue", "fallthrough", "func", "import", "class", "struct", "enum", "actor", "protocol",
        "extension", "typealias", "associatedtype", "init", "deinit", "subscript", "operator", "precedencegroup",
        "static", "private", "fileprivate", "internal", "public", "open", "package", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "convenience", "required", "indirect",
        "nonisolated", "isolated", "async", "unsafe", "consume", "copy", "discard", "each", "some", "any",
        "borrowing", "consuming", "inout", "sending", "prefix", "postfix", "infix", "macro", "distributed",
        "get", "set", "willSet", "didSet", "then", "yield", "_read", "_modify", "super", "Self", "nil", "true",
        "false", "in", "is", "as", "where", "else", "_",
    ].map(wordHash))

    /// Words that may stand before the kept name.
    static let statementPrefixes = WordSet(["try", "await", "return"].map(wordHash))

    /// Words that may stand between `=` and the name kept after it.
    static let extensionPrefixes = WordSet(["try", "await"].map(wordHash))

    /// Words that go on with the statement on the line before (`guard … \n else`, `do { … } \n catch`).
    static let clauseWords = WordSet(["else", "catch", "where"].map(wordHash))

    /// Whether the statement starting at `start`, ending at an `in`, is the signature of the closure whose braces
    /// `scopes` are in: it starts right after the `{` with a capture list, a parameter list, an attribute, `_` or
    /// a name (not a keyword: `for item in items` is a statement).
    func isClosureSignature(_ start: Int, closure scopes: SourceMask.Scopes) -> Bool {
        guard case .closure? = scopes.topOpener, skipSpacesAndNewlines(from: scopes.stack[scopes.depth - 1].start + 1) == start else {
            return false
        }
        switch bytes[start] {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "@"): return true
        default:
            let end = wordEnd(from: start)
            guard end > start else { return false }
            if end - start == 1, bytes[start] == UInt8(ascii: "_") { return true }
            return !Self.statementKeywords.contains(hash(start..<end))
        }
    }

    /// Whether the word `start..<end`, followed by `:` right after `(` or `,` in parentheses, is an argument's or a
    /// tuple element's label, not a use.
    func isArgumentLabel(_ start: Int, end: Int, scopes: SourceMask.Scopes) -> Bool {
        guard byte(end) == UInt8(ascii: ":"), byte(end + 1) != UInt8(ascii: ":"), case .paren? = scopes.topOpener else { return false }
        let open = scopes.stack[scopes.depth - 1].start
        var before = start - 1
        while before > open, CreationTokenScanner.isSpace(bytes[before]) { before -= 1 }
        return bytes[before] == UInt8(ascii: "(") || bytes[before] == UInt8(ascii: ",")
    }

    /// Whether the bytes from a kept name's end to `end` are a member path going on from it (`.title`, `?.`, `!`)
    /// and a plain `=`: an assignment, whose value may keep `try`, `await` and a name.
    func assignsAfterHead(from headEnd: Int, to end: Int) -> Bool {
        var offset = headEnd
        var sawEquals = false
        while offset < end {
            let current = bytes[offset]
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            case UInt8(ascii: "="):
                guard !sawEquals, isAssignment(at: offset) else { return false }
                sawEquals = true
            case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"):
                if sawEquals { return false }
            default:
                if sawEquals || !Self.isIdentifierByte(current) { return false }
            }
            offset += 1
        }
        return sawEquals
    }

    /// Whether `whole` is a statement of its own, not a line of one going on over lines (a `guard` whose
    /// conditions stand on lines of their own): the line before does not end with an operator or comma, and the
    /// next does not start with `else`, `catch`, `where` or what goes on with it.
    func standsAlone(_ whole: Range<Int>) -> Bool {
        if previousLineGoesOn(before: whole.lowerBound) { return false }
        var after = whole.upperBound
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r") else { return true }
        return !nextLineGoesOn(after: after) && !nextLineStarts(after: after, withOneOf: Self.clauseWords)
    }

    /// Whether `= word` follows `end` (a bound name), with the word one of `targets` (`let current = owner`,
    /// `guard let this = owner`).
    func bindsOne(of targets: WordSet, after end: Int) -> Bool {
        var offset = skipSpaces(from: end)
        guard byte(offset) == UInt8(ascii: "="), byte(offset + 1) != UInt8(ascii: "=") else { return false }
        offset = skipSpaces(from: offset + 1)
        let wordEnd = wordEnd(from: offset)
        return wordEnd > offset && targets.contains(hash(offset..<wordEnd))
    }
}
