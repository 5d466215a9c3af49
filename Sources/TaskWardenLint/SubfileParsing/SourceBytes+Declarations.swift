/// What the text itself says about declarations and calls, for ``SourceMask/DeclarationTrim`` and
/// ``SourceMask/TypeSkeleton``: where a member's prefix or a type declaration starts, where a stored property's
/// type or value starts, whether parentheses hold a call's arguments and whether nothing in them is read.
extension SourceMask.SourceBytes {
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
        // The code before: its last byte says whether it went on.
        guard let line = codeLine(before: start) else { return true }
        // `*/` ends a documentation comment, not an expression.
        if endsBlockComment(line) { return true }
        return !Self.continuingLineEnds.contains(bytes[line.last])
    }

    /// After a stored property's name ending at `end`: where what is trimmed starts, its `:` or `=`
    /// (`var x: Int`, `let y = Y()`), or the name's end when nothing follows on its line; nil when something else
    /// follows (a pattern, several bindings).
    func storedPropertyTrimStart(afterName end: Int) -> Int? {
        let next = skipSpaces(from: end)
        if byte(next) == UInt8(ascii: ":") { return next }
        if byte(next) == UInt8(ascii: "="), byte(next + 1) != UInt8(ascii: "=") { return next }
        // `@Environment(\.openURL) private var openURL`: nothing to trim but its attributes and modifiers.
        if byte(next) == UInt8(ascii: "\n") || byte(next) == UInt8(ascii: "\r")
            || (byte(next) == UInt8(ascii: "/") && byte(next + 1) == UInt8(ascii: "/")) {
            return end
        }
        return nil
    }

    /// Nothing reads imports: `import os.log` is blanked when it starts its line and ends it (no `;`, no `/*`
    /// that could run on; attributes such as `@testable` before it would otherwise attach to the next
    /// declaration). The range to blank, from the `import` at `start`.
    func importLine(at start: Int) -> Range<Int>? {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") || bytes[lineStart - 1] == UInt8(ascii: "\r") else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            if bytes[end] == UInt8(ascii: ";") { return nil }
            if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "*") { return nil }
            end += 1
        }
        return start..<end
    }

    /// Modifiers a type declaration that goes whole may carry (``removableDeclarationStart(keyword:)``).
    private static let removableTypeModifiers = WordSet([
        "private", "fileprivate", "internal", "public", "open", "package", "final", "indirect",
    ].map(wordHash))

    /// Where a member-level type declaration whose keyword starts at `start` begins, when it may go whole with
    /// its body (``SourceMask/TypeSkeleton``): only spaces and the modifiers above stand before the keyword on its
    /// line, and the last code before that line (blank lines and comments skipped) ends something else — a `}`,
    /// `{` or `;`, an import or `#` directive line, or nothing (the file's start). Otherwise nil: an attribute
    /// (`@MainActor`, on its line or any line above) left behind would attach to the next declaration.
    func removableDeclarationStart(keyword start: Int) -> Int? {
        var declarationStart = start
        while true {
            var last = declarationStart - 1
            while last >= 0, bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") { last -= 1 }
            if last < 0 || bytes[last] == UInt8(ascii: "\n") || bytes[last] == UInt8(ascii: "\r") { break }
            guard Self.isIdentifierByte(bytes[last]) else { return nil }
            var wordStart = last
            while wordStart > 0, Self.isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
            guard Self.removableTypeModifiers.contains(hash(wordStart..<(last + 1))) else { return nil }
            declarationStart = wordStart
        }
        // The code before, from the nearest: a `*/` goes back to its `/*`.
        var before = declarationStart
        while let line = codeLine(before: before) {
            if endsBlockComment(line) {
                guard let open = blockCommentStart(before: line.last - 1) else { return nil }
                before = open
                continue
            }
            if byte(line.first) == UInt8(ascii: "#") || matches(line.first, "import ") { return declarationStart }
            // A line of an attribute, or one holding a `//` that may hide what it ends with, keeps the declaration.
            guard byte(line.first) != UInt8(ascii: "@"), !bytes[line.first...line.last].contains(UInt8(ascii: "/")) else { return nil }
            return [UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: ";")].contains(bytes[line.last]) ? declarationStart : nil
        }
        return declarationStart
    }

    /// Whether the `(` at `open` starts a call's arguments: right after a name that is not a keyword, a
    /// macro (`#available`, `#expect`) or an attribute, or after `)`, `]`, `?`, `!`, `>` (`handlers[0](x)`,
    /// `delegate?(x)`, `Array<Int>(x)`); not the parameters of a local function or a `let (a, b)` pattern
    /// (`localPending`: what the enclosing level's next `{` opens).
    func callsWithArguments(at open: Int, localPending: SourceMask.Scopes.LocalIntroducer?) -> Bool {
        switch localPending {
        case .declaration?, .variable(sawEquals: false)?: return false
        default: break
        }
        let before = byte(open - 1)
        if [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: ">")].contains(before) {
            return true
        }
        guard Self.isIdentifierByte(before) else { return false }
        var start = open - 1
        while start > 0, Self.isIdentifierByte(bytes[start - 1]) { start -= 1 }
        if start > 0, bytes[start - 1] == UInt8(ascii: "#") || bytes[start - 1] == UInt8(ascii: "@") { return false }
        return !Self.nonCallWords.contains(hash(start..<open)) || !Self.isNonCallWord(text(start..<open))
    }

    /// Words before `(` that do not call anything (by hash, then spelled: a collision only keeps a list).
    private static let nonCallWordList = [
        "if", "while", "guard", "for", "case", "let", "var", "in", "return", "switch", "catch", "where", "is", "as",
        "try", "await", "throw", "throws", "rethrows", "else", "repeat", "do", "defer", "some", "any", "func",
        "init", "subscript", "yield", "then", "async", "inout", "consume", "copy", "each", "nonisolated", "unowned",
        "isolated", "sending", "borrowing", "consuming",
    ]
    private static let nonCallWords = WordSet(nonCallWordList.map(wordHash))
    private static func isNonCallWord(_ word: String) -> Bool { nonCallWordList.contains(word) }

    /// An argument list nothing reads: flat (no nested parentheses, so no call a frame's stored-closure calls
    /// could miss; no closure, whose number counts; no `#` macro or condition) and binding no name.
    func isBlankableArgumentList(_ arguments: Range<Int>) -> Bool {
        for offset in arguments {
            switch bytes[offset] {
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "#"): return false
            case UInt8(ascii: "l"), UInt8(ascii: "v"):
                // `let` / `var` as a word.
                if offset + 3 <= arguments.upperBound, !Self.isIdentifierByte(byte(offset - 1)),
                   !Self.isIdentifierByte(byte(offset + 3)),
                   (bytes[offset + 1] == UInt8(ascii: "e") && bytes[offset + 2] == UInt8(ascii: "t"))
                    || (bytes[offset + 1] == UInt8(ascii: "a") && bytes[offset + 2] == UInt8(ascii: "r")) {
                    return false
                }
            default: break
            }
        }
        return true
    }

    /// Where the `{` of a labelled trailing closure (`label: {`) starting at `start` (after spaces and line breaks)
    /// opens; nil when something else follows.
    func labelledClosure(after start: Int) -> Int? {
        var cursor = skipSpacesAndNewlines(from: start)
        let word = cursor
        while cursor < bytes.count, Self.isIdentifierByte(bytes[cursor]) { cursor += 1 }
        guard cursor > word else { return nil }
        cursor = skipSpaces(from: cursor)
        guard byte(cursor) == UInt8(ascii: ":") else { return nil }
        cursor = skipSpacesAndNewlines(from: cursor + 1)
        return byte(cursor) == UInt8(ascii: "{") ? cursor : nil
    }

    /// A modifier on a line of its own with a flat argument list and no closure after it (`.padding(.horizontal)`,
    /// `.font(.title)` under a view), whose parentheses are `open` and `close`: the whole call, which goes unless
    /// a reader reads call arguments, since only modifiers holding a closure are read (`.onEvent { … }`). It must
    /// follow a call, subscript, closure or string (`)`, `]`, `}`, `"`) on a line that is not a `#if`, so what is
    /// left is the same chain without it; never on a site itself (`creationEnd`: `Task { … }.store(in: &bag)`
    /// keeps the handle).
    func standaloneModifier(open: Int, close: Int, creationEnd: Int?, marks: SourceMask.Marks) -> Range<Int>? {
        guard Self.isIdentifierByte(byte(open - 1)) else { return nil }
        var nameStart = open - 1
        while nameStart > 0, Self.isIdentifierByte(bytes[nameStart - 1]) { nameStart -= 1 }
        let dot = nameStart - 1
        guard byte(dot) == UInt8(ascii: "."), byte(dot - 1) != UInt8(ascii: "."), isFirstOnItsLine(dot) else { return nil }
        // What follows on the line: nothing, or a comment; and no closure on the next line.
        var after = skipSpaces(from: close + 1)
        if byte(after) == UInt8(ascii: "/"), byte(after + 1) == UInt8(ascii: "/") { after = skipLine(from: after) }
        guard after >= bytes.count || byte(after) == UInt8(ascii: "\n") || byte(after) == UInt8(ascii: "\r") else { return nil }
        var next = after
        while next < bytes.count, CreationTokenScanner.isSpace(bytes[next]) { next += 1 }
        guard byte(next) != UInt8(ascii: "{") else { return nil }
        // What it modifies ends a call, subscript, closure or string, not on a `#if` line.
        var before = dot - 1
        while before >= 0, CreationTokenScanner.isSpace(bytes[before]) { before -= 1 }
        guard before >= 0, [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\"")].contains(bytes[before]),
              !isOnDirectiveLine(before), before != creationEnd else { return nil }
        let call = dot..<(close + 1)
        guard isBlankableArgumentList((open + 1)..<close), !marks.hasSite(in: call), !marks.hasKept(in: call) else { return nil }
        return call
    }
}
