/// What sub-file parsing trims around what ``SourceMask/Lexer`` blanks (``SourceMask/Marks`` mode):
/// members are read by their names only (``TypeMembers``, `enclosingTypeDeclaresProperty`) where no site stands
/// in them, so a blanked function keeps `func load(   )` (its result type, effects, braces, attributes and
/// modifiers go; `static` and `class` stay, they tell type members from instance members), a stored property
/// keeps `var items` (its type and value go, unless a string constant, several bindings or a value the next
/// line goes on with), a blanked computed property loses its type. Imports go. Below member level, in lint
/// (not ``SourceMask/Marks/keepsNamingContext``: `fix` names a task after a button's title), a call's flat
/// argument list beside a site goes (``isBlankableArgumentList(_:)``). Whatever this gets wrong leaves a copy
/// that fails to parse, and the file is then parsed whole.
///
/// ```swift
/// // @MainActor @objc private func refresh(_ sender: Any) -> Bool { … }   →   func refresh(   )
/// // @Published private(set) var items: [Item] = []                     →   var items
/// // log.debug("reloading", id)                                         →   log.debug(             )
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
        // The code before: its last byte says whether it went on.
        guard let line = codeLine(before: start) else { return true }
        // `*/` ends a documentation comment, not an expression.
        if endsBlockComment(line) { return true }
        return !Self.continuingLineEnds.contains(bytes[line.last])
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
    private func endsBlockComment(_ line: (first: Int, last: Int)) -> Bool {
        line.last > line.first && bytes[line.last] == UInt8(ascii: "/") && bytes[line.last - 1] == UInt8(ascii: "*")
    }

    /// Adds `range` anywhere to the sorted, disjoint `blanked` ranges, merging those it overlaps or touches (``blank(_:)``
    /// adds after the ranges read so far).
    mutating func blankMerging(_ range: Range<Int>) {
        var merged = range
        let low = blanked.partitioningIndex { $0.upperBound >= range.lowerBound }
        var end = low
        while end < blanked.count, blanked[end].lowerBound <= merged.upperBound {
            merged = min(merged.lowerBound, blanked[end].lowerBound)..<max(merged.upperBound, blanked[end].upperBound)
            end += 1
        }
        blanked.replaceSubrange(low..<end, with: [merged])
    }

    mutating func forgetPrefix() {
        prefix = []
        attributeStart = nil
        pendingPieceStart = nil
    }

    mutating func addPrefixPiece(_ piece: Range<Int>) {
        if bytes[piece.upperBound - 1] != UInt8(ascii: ")"), byte(piece.upperBound) == UInt8(ascii: "(") {
            pendingPieceStart = piece.lowerBound
        } else {
            prefix.append(piece)
        }
    }

    /// A trimmed member's attributes and modifiers are blanked with it.
    mutating func blankPrefix(_ pieces: [Range<Int>]) {
        for piece in pieces where !keeps(piece) { blankMerging(piece) }
    }

    /// Directly in a (non-protocol) type's braces, where members are trimmed.
    var inTypeBody: Bool {
        if case .typeBody(isProtocol: false)? = topOpener { return true }
        return false
    }

    /// Nothing reads imports: `import os.log` is blanked when it starts its line and ends it (no `;`, no
    /// `/*` that could run on; attributes such as `@testable` before it would otherwise attach to the next
    /// declaration).
    mutating func blankImport(at start: Int) {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") || bytes[lineStart - 1] == UInt8(ascii: "\r") else { return }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            if bytes[end] == UInt8(ascii: ";") { return }
            if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "*") { return }
            end += 1
        }
        blank(start..<end)
    }

    /// After a stored property's name: trimmed from its `:` or `=` on (`var x: Int`, `let y = Y()`).
    func trimmingStart(afterName end: Int) -> StoredProperty {
        let next = skipSpaces(from: end)
        if byte(next) == UInt8(ascii: ":") { return .trimming(start: next) }
        if byte(next) == UInt8(ascii: "="), byte(next + 1) != UInt8(ascii: "=") { return .trimming(start: next) }
        // `@Environment(\.openURL) private var openURL`: nothing to trim but its attributes and modifiers.
        if byte(next) == UInt8(ascii: "\n") || byte(next) == UInt8(ascii: "\r")
            || (byte(next) == UInt8(ascii: "/") && byte(next + 1) == UInt8(ascii: "/")) {
            return .trimming(start: end)
        }
        return .none
    }

    /// A newline at member level after a stored property's `:` or `=`: its type and value are blanked when
    /// the declaration ends on this line, and holds no token a rule reads.
    mutating func finishStoredProperty(from start: Int) {
        storedProperty = .none
        let range = start..<index
        guard endsDeclaration(newlineAt: index), let marks, !marks.hasSite(in: range), !marks.hasKept(in: range)
        else { return }
        blankPrefix(declarationPrefix)
        declarationPrefix = []
        if !range.isEmpty { blank(range) }
        noteTrimmedMember(pendingMember, end: index)
        pendingMember = nil
    }

    /// A string literal in a stored property's type or value. An interpolated one is a value like any other,
    /// trimmed with it: the background rules resolve identifiers through plain literals only. A plain literal
    /// that is the whole value and ends the declaration stays with the name (the background rules read it), and
    /// the attributes, modifiers and type go (`@Published private var title: String = ""` → `var title = ""`);
    /// any other keeps the declaration whole.
    mutating func noteStoredPropertyString(_ literal: Range<Int>) {
        guard case .trimming(let start) = storedProperty else { return }
        if bytes[literal].indices.contains(where: { bytes[$0] == UInt8(ascii: "\\") && byte($0 + 1) == UInt8(ascii: "(") }) { return }
        storedProperty = .none
        guard let marks, atMemberLevel else { return }
        var equals = literal.lowerBound - 1
        while equals > start, bytes[equals] == UInt8(ascii: " ") || bytes[equals] == UInt8(ascii: "\t") { equals -= 1 }
        guard isAssignment(at: equals) else { return }
        var after = skipSpaces(from: literal.upperBound)
        if byte(after) == UInt8(ascii: "/"), byte(after + 1) == UInt8(ascii: "/") { after = skipLine(from: after) }
        guard after < bytes.count, bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r"),
              endsDeclaration(newlineAt: after) else { return }
        let annotation = start..<equals
        guard !marks.hasSite(in: annotation), !marks.hasKept(in: annotation) else { return }
        blankPrefix(declarationPrefix)
        declarationPrefix = []
        if byte(start) == UInt8(ascii: ":") { blank(annotation) }
    }

    /// Modifiers a type declaration that goes whole may carry (``removableDeclarationStart(keyword:)``).
    private static let removableTypeModifiers = WordSet([
        "private", "fileprivate", "internal", "public", "open", "package", "final", "indirect",
    ].map(wordHash))

    /// Where a member-level type declaration whose keyword starts at `start` begins, when it may go whole with
    /// its body (``TypeSkeleton``): only spaces and the modifiers above stand before the keyword on its line,
    /// and the last code before that line (blank lines and comments skipped) ends something else — a `}`, `{`
    /// or `;`, an import or `#` directive line, or nothing (the file's start). Otherwise nil: an attribute
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
            guard Self.removableTypeModifiers.contains(Self.wordHash(bytes, wordStart..<(last + 1))) else { return nil }
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

    /// The `/*` of the block comment whose `*/` starts at `close` (not nested), if any.
    private func blockCommentStart(before close: Int) -> Int? {
        var cursor = close - 1
        while cursor > 0 {
            if bytes[cursor - 1] == UInt8(ascii: "/"), bytes[cursor] == UInt8(ascii: "*") { return cursor - 1 }
            if bytes[cursor - 1] == UInt8(ascii: "*"), bytes[cursor] == UInt8(ascii: "/") { return nil }
            cursor -= 1
        }
        return nil
    }

    /// Whether the `(` at `open` starts a call's arguments: right after a name that is not a keyword, a
    /// macro (`#available`, `#expect`) or an attribute, or after `)`, `]`, `?`, `!`, `>` (`handlers[0](x)`,
    /// `delegate?(x)`, `Array<Int>(x)`); not the parameters of a local function or a `let (a, b)` pattern.
    func callsWithArguments(at open: Int) -> Bool {
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
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<open]), as: UTF8.self)
        return !Self.nonCallWords.contains(name)
    }

    /// Words before `(` that do not call anything.
    static let nonCallWords: Set<String> = [
        "if", "while", "guard", "for", "case", "let", "var", "in", "return", "switch", "catch", "where", "is", "as",
        "try", "await", "throw", "throws", "rethrows", "else", "repeat", "do", "defer", "some", "any", "func",
        "init", "subscript", "yield", "then", "async", "inout", "consume", "copy", "each", "nonisolated", "unowned",
        "isolated", "sending", "borrowing", "consuming",
    ]

    /// A modifier on a line of its own with a flat argument list and no closure after it (`.padding(.horizontal)`,
    /// `.font(.title)` under a view): the whole call goes, in lint, since only modifiers holding a closure are
    /// read (`.onAppear { … }`). It must follow a call, subscript, closure or string (`)`, `]`, `}`, `"`) on a
    /// line that is not a `#if`, so what is left is the same chain without it; never on a task itself
    /// (`Task { … }.store(in: &bag)` keeps the handle).
    func standaloneModifier(open: Int, close: Int) -> Range<Int>? {
        guard lintTrims, let marks, Self.isIdentifierByte(byte(open - 1)) else { return nil }
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

    private func isFirstOnItsLine(_ position: Int) -> Bool {
        var cursor = position - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
        return cursor < 0 || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r")
    }

    /// Whether the line holding `position` is a `#if`/`#else`/`#endif` (or other `#`) line.
    func isOnDirectiveLine(_ position: Int) -> Bool {
        var lineStart = position
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        return byte(skipSpaces(from: lineStart)) == UInt8(ascii: "#")
    }

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
}
