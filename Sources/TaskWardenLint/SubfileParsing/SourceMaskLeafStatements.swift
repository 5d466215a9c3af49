/// Leaf statements beside a site (`lint` and `fix`; in a task's own closure `lint` only, since `fix` names a
/// task after its closure's first call): a statement directly in the braces of a kept member body,
/// on one line, holding no brace, macro, site or kept token, keeps only its first name and the words before it
/// (`try`, `await`, `return`, `let`/`var`); an interpolation's words count as the statement's own:
///
/// ```swift
/// // self.isLoading = true                  →   self
/// // try await store.save(items, to: url)   →   try await store
/// // let feed = api.feed(for: account)      →   let feed
/// ```
///
/// What the rules read there stays:
/// - the number of statements in each list (a task alone in a function that returns a value is returned);
/// - every closure (none is in such a statement), so closure numbers stay;
/// - the names a function binds (`let feed`: a local name shadows a member in ``SelfCapture``);
/// - calls of closures stored in properties (a frame's `frameCalls`): a statement calling a name declared
///   with `var`/`let` anywhere in the file is left whole (decided once the file is read,
///   ``keepStatementsCallingDeclaredNames()``).
///
/// A statement ends at its newline unless its line ends with an operator, comma, dot or open bracket, or the
/// next line goes on with it (`.map(…)`, `?? x`, `as T`); then it is left whole. When this reads a statement
/// wrongly, what is left still holds the same statements (or fails to parse, and the file is parsed whole).
extension SourceMask.Lexer {
    /// Words a kept statement may not start with: keywords whose statement changes meaning once cut (by
    /// ``wordHash(_:)``: words are compared without making strings, and a collision only keeps a statement).
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
    private static let statementPrefixes = WordSet(["try", "await", "return"].map(wordHash))

    /// Words that keep a statement in a task's closure whole: what the rules read there (an error that can
    /// escape, whether a loop suspends or checks for cancellation, uses of `self`). `try` and `await` before
    /// the kept name stay with it (`try await store`): the rules read that an error can escape there and
    /// that the task suspends, not what is called. So does `self` as the kept name (`self?.reload()` →
    /// `self`): the rules read where `self` is used, not which member.
    static let taskWords = WordSet([
        "try", "await", "self", "super", "Task", "isCancelled", "checkCancellation", "throw",
    ].map(wordHash))

    /// After a leading `try`, the calls whose errors ``ThrowReach`` tells apart (a sleep throws only on
    /// cancellation, a task group throws what its children throw): such a statement stays whole.
    static let throwingCallWords = WordSet([
        "sleep", "withThrowingTaskGroup", "withThrowingDiscardingTaskGroup", "next", "waitForAll", "nextResult",
    ].map(wordHash))

    /// Directly in the braces of a member body (or braces inside it) that is not kept whole, or kept whole only
    /// as a task's trailing closure.
    private var atStatementLevel: Bool {
        // `fix` names a task after its closure's first call: there it keeps every statement.
        guard bodyDepth > 0, keptWholeDepth == (lintTrims ? taskClosureDepth : 0), let opener = topOpener else { return false }
        switch opener {
        case .body, .closure, .otherBrace: return true
        default: return false
        }
    }

    /// A byte that starts a token (not a space, newline or comment): it may start a statement, or end its head.
    mutating func noteStatementToken(_ current: UInt8) {
        if compound != nil || caseSection != nil { noteCompoundToken(current) }
        if current == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*") {
            guard statement != nil else { return }
            if byte(index + 1) == UInt8(ascii: "*") { statement!.blankable = false }
            if statement!.depth == stack.count, statement!.commentStart == nil { statement!.commentStart = index }
            return
        }
        guard statement != nil else {
            guard atStatementLevel, current != UInt8(ascii: "}"), current != UInt8(ascii: ";") else { return }
            let startsWord = Self.isIdentifierByte(current) && !(current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9"))
            statement = Statement(depth: stack.count, start: index, awaitingHead: startsWord, blankable: startsWord)
            statement!.isInTask = taskClosureDepth > 0
            statement!.isInClosure = !statement!.isInTask && isInClosureFrame
            return
        }
        guard statement!.blankable, !Self.isIdentifierByte(current) else { return }
        switch statement!.headExtension {
        case .none:
            break
        case .awaitingEquals:
            if current == UInt8(ascii: "=") {
                statement!.headExtension = .awaitingName
            } else {
                statement!.blankable = false
            }
            return
        case .awaitingName:
            // `try?` and `try!` go on to the name; nothing else may stand before it.
            if current != UInt8(ascii: "?") && current != UInt8(ascii: "!") || !(index >= 3 && matches(index - 3, "try")) {
                statement!.blankable = false
            }
            return
        }
        switch current {
        case UInt8(ascii: "?"), UInt8(ascii: "!"):
            // `try?` and `try!` go on to the name.
            if statement!.awaitingHead, index >= 3, byte(index - 1) == UInt8(ascii: "y"), byte(index - 2) == UInt8(ascii: "r"),
               byte(index - 3) == UInt8(ascii: "t") {
                return
            }
        case UInt8(ascii: "#"), UInt8(ascii: "`"):
            statement!.blankable = false
        case UInt8(ascii: ","):
            // `let a = 1, b = 2` binds two names.
            if statement!.depth == stack.count { statement!.blankable = false }
        default:
            break
        }
        if statement!.awaitingHead {
            statement!.awaitingHead = false
            statement!.blankable = false
        }
    }

    /// A word (`start..<index`): a statement's head, a name it calls or uses, or a name declared with
    /// `var`/`let`/`func`.
    mutating func noteStatementWord(_ start: Int, afterDot: Bool, hash: UInt64) {
        let isBinding = index - start == 3 && (matches(start, "let") || matches(start, "var"))
        if declaresNext || namesFunctionNext {
            if isDirectlyInTypeBraces {
                memberNames.insert(hash)
                if declaresNext { propertyNames.insert(hash) }
            } else if declaresNext, bindsSelf(after: index) {
                selfAliases.insert(hash)
            }
        }
        declaresNext = isBinding
        namesFunctionNext = index - start == 4 && matches(start, "func")
        if compound != nil || caseSection != nil { noteCompoundWord(start, afterDot: afterDot, hash: hash) }
        // `{ group in`: a closure's signature, not a statement (its names are the closure's parameters). What
        // follows it on its line is the closure's first statement (`{ [weak self] in self?.reload() }`).
        if index - start == 2, matches(start, "in"), let current = statement, current.depth == stack.count {
            if isClosureSignature(current) {
                statement = nil
            } else {
                statement!.blankable = false
            }
            return
        }
        guard statement != nil, statement!.blankable else { return }
        if statement!.headExtension != .none {
            extendHead(start, afterDot: afterDot, hash: hash)
            return
        }
        if statement!.isInTask {
            let atHead = statement!.awaitingHead && statement!.depth == stack.count
            let isPrefix = atHead && Self.statementPrefixes.contains(hash)
            if isPrefix, index - start == 3, matches(start, "try") { statement!.hasTryPrefix = true }
            // `self` as the kept name stays where it was: its first use and its uses are what the rules read
            // (`self?.reload()` → `self`).
            let isSelf = index - start == 4 && matches(start, "self")
            let isHeadSelf = atHead && !statement!.afterBindingKeyword && isSelf
            // `Model.self` names a type, not the instance (``SelfCapture`` does not count it).
            let isMetatype = afterDot && isSelf
            if (!isPrefix && !isHeadSelf && !isMetatype && Self.taskWords.contains(hash))
                || (statement!.hasTryPrefix && Self.throwingCallWords.contains(hash)) {
                // `let feed = try await api.feed(…)`: `try` and `await` stay with the name after them.
                if !afterDot, statement!.depth == stack.count, Self.extensionPrefixes.contains(hash),
                   let headEnd = statement!.headEnd, assignsAfterHead(from: headEnd, to: start) {
                    statement!.headExtension = .awaitingName
                    if index - start == 3 { statement!.hasTryPrefix = true }
                    return
                }
                statement!.blankable = false
                return
            }
            if statement!.headEnd != nil, !afterDot, !isArgumentLabel(start) { statement!.usedNames.append(hash) }
        }
        if statement!.awaitingHead, statement!.depth == stack.count {
            let candidate = hash
            beginCompound(candidate, at: start)
            noteCaseLabel(at: start)
            if statement!.afterBindingKeyword {
                statement!.awaitingHead = false
                if Self.statementKeywords.contains(candidate) { statement!.blankable = false } else { statement!.headEnd = index }
            } else if isBinding, start == statement!.start {
                statement!.afterBindingKeyword = true
            } else if Self.statementPrefixes.contains(candidate) {
                // `try`, `await`, `return` before the name.
            } else if index - start == 1, bytes[start] == UInt8(ascii: "_"), isAssignment(at: skipSpaces(from: index)) {
                // `_ = …`: trimmed only with the name after `=`.
                statement!.awaitingHead = false
                statement!.headEnd = index
                statement!.needsHeadExtension = true
                statement!.headExtension = .awaitingEquals
            } else {
                statement!.awaitingHead = false
                if Self.statementKeywords.contains(candidate) || isBinding {
                    statement!.blankable = false
                } else {
                    statement!.headEnd = index
                }
            }
        }
        var next = index
        if byte(next) == UInt8(ascii: "?") || byte(next) == UInt8(ascii: "!") { next += 1 }
        if byte(next) == UInt8(ascii: "("), !statement!.isInTask, !statement!.isInClosure {
            statement!.calledNames.append(hash)
        }
    }

    /// Whether `statement`, ending at an `in`, is the signature of the closure whose braces it opens: it starts
    /// right after the `{` with a capture list, a parameter list, an attribute, `_` or a name (not a keyword:
    /// `for item in items` is a statement).
    private func isClosureSignature(_ statement: Statement) -> Bool {
        guard case .closure? = topOpener, skipSpacesAndNewlines(from: stack[stack.count - 1].start + 1) == statement.start else {
            return false
        }
        switch bytes[statement.start] {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "@"): return true
        default:
            var end = statement.start
            while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
            guard end > statement.start else { return false }
            if end - statement.start == 1, bytes[statement.start] == UInt8(ascii: "_") { return true }
            return !Self.statementKeywords.contains(Self.wordHash(bytes, statement.start..<end))
        }
    }

    /// A newline directly in the statement's braces: it ends the statement unless the statement goes on.
    mutating func noteStatementNewline() {
        guard let current = statement, current.depth == stack.count else { return }
        guard current.blankable, current.headEnd != nil, current.headExtension == .none, !current.needsHeadExtension else {
            finishCompound(at: current.commentStart ?? index, newline: index)
            statement = nil
            return
        }
        let codeEnd = current.commentStart ?? index
        if lineGoesOn(before: codeEnd) || nextLineGoesOn(after: index) {
            statement?.blankable = false
        } else {
            finishStatement(at: codeEnd)
        }
    }

    /// `;` or the closing `}` of its braces ends the statement at `end`.
    mutating func finishStatement(at end: Int) {
        guard let current = statement, current.depth == stack.count else { return }
        statement = nil
        finishCompound(at: min(end, current.commentStart ?? end), newline: nil)
        guard current.blankable, let headEnd = current.headEnd, current.headExtension == .none, !current.needsHeadExtension,
              let marks else { return }
        var codeEnd = min(end, current.commentStart ?? end)
        while codeEnd > headEnd, CreationTokenScanner.isSpace(bytes[codeEnd - 1]) { codeEnd -= 1 }
        let whole = current.start..<codeEnd
        guard !marks.hasSite(in: whole), !marks.hasKept(in: whole) else { return }
        if codeEnd - headEnd >= 2 {
            blank(headEnd..<codeEnd)
            if !current.calledNames.isEmpty || !current.usedNames.isEmpty {
                statementCalls.append((headEnd..<codeEnd, current.calledNames, current.usedNames))
            }
        }
        if byte(end) != UInt8(ascii: ";") { noteLeafRemnant(current, whole: whole, headEnd: headEnd) }
    }

    /// A leaf statement trimmed to its name (outside a task's closure, whose statements the task rules read):
    /// the first of its statement list stays when the list holds a site, so the list keeps one statement besides
    /// it if it had any (a task alone in a function that returns a value is returned); the others go whole once
    /// the file is read
    /// (``leaveOutLeafRemnants()``). The parser spends about as long on a statement of one name as on one of
    /// ten tokens.
    private mutating func noteLeafRemnant(_ statement: Statement, whole: Range<Int>, headEnd: Int) {
        guard !statement.isInTask, !stack.isEmpty, standsAlone(whole) else { return }
        var binding: UInt64?
        if statement.afterBindingKeyword {
            var nameStart = headEnd
            while nameStart > whole.lowerBound, Self.isIdentifierByte(bytes[nameStart - 1]) { nameStart -= 1 }
            binding = Self.wordHash(bytes, nameStart..<headEnd)
        }
        guard stack[stack.count - 1].firstLeafRemnant != nil else {
            // Goes too if its braces hold no site (``noteBracesClosing(_:inside:)``).
            stack[stack.count - 1].firstLeafRemnant = (whole, headEnd, binding)
            return
        }
        removableRemnants.append((whole, headEnd, binding))
    }

    /// Whether `whole` is a statement of its own, not a line of one going on over lines (a `guard` whose
    /// conditions stand on lines of their own): the line before does not end with an operator or comma, and the
    /// next does not start with `else`, `catch`, `where` or what goes on with it.
    private func standsAlone(_ whole: Range<Int>) -> Bool {
        if previousLineGoesOn(before: whole.lowerBound) { return false }
        var after = whole.upperBound
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r") else { return true }
        return !nextLineGoesOn(after: after) && !nextLineStarts(after: after, withOneOf: Self.clauseWords)
    }

    /// Words that go on with the statement on the line before (`guard … \n else`, `do { … } \n catch`).
    private static let clauseWords = WordSet(["else", "catch", "where"].map(wordHash))

    /// Braces close: the first leaf statement trimmed in them goes too when they hold no site (no statement of
    /// theirs is a task whose statement count a rule reads).
    mutating func noteBracesClosing(_ level: Level, inside: Range<Int>) {
        guard let first = level.firstLeafRemnant, let marks, !marks.hasSite(in: inside) else { return }
        removableRemnants.append(first)
    }

    /// Once the file is read: the leaf statements noted by ``noteLeafRemnant(_:whole:headEnd:)`` go whole, unless
    /// left whole for the names they call or use, or binding a member's name (a local shadowing a member,
    /// ``SelfCapture``).
    mutating func leaveOutLeafRemnants() {
        for (whole, headEnd, binding) in removableRemnants {
            if let binding, memberNames.contains(binding) { continue }
            if whole.upperBound - headEnd >= 2 {
                // Still trimmed (not left whole by ``keepStatementsCallingDeclaredNames()``).
                guard blankedIndex(of: headEnd..<whole.upperBound) != nil else { continue }
            }
            blankMerging(whole)
        }
    }

    /// Once the file is read, a blanked statement is left whole when
    /// - outside any closure of its function, it calls a name the file declares as a property (it may call a
    ///   closure stored there: a frame's `frameCalls`, which does not look into closures);
    /// - in a task's closure, it uses a name the file declares as a member (an implicit `self`,
    ///   ``SelfCapture``) or binds to `self` (`let strongSelf = self`, ``WeakSelfUnwrap``).
    mutating func keepStatementsCallingDeclaredNames() {
        for (range, calls, uses) in statementCalls
        where calls.contains(where: propertyNames.contains)
            || uses.contains(where: { memberNames.contains($0) || selfAliases.contains($0) }) {
            // Absorbed by a larger blanked range (a closure nothing reads): nothing to keep.
            if let index = blankedIndex(of: range) { blanked.remove(at: index) }
        }
    }

    /// Where `range` itself stands among the blanked ranges (not merged into a larger one), if it does.
    private func blankedIndex(of range: Range<Int>) -> Int? {
        let low = blanked.partitioningIndex { $0.lowerBound >= range.lowerBound }
        return low < blanked.count && blanked[low] == range ? low : nil
    }

    /// Directly in a type's braces (at member level, or in a local type): a `var`, `let` or `func` there
    /// declares a member.
    private var isDirectlyInTypeBraces: Bool {
        guard !stack.isEmpty else { return false }
        if case .typeBody = stack[stack.count - 1].opener { return true }
        return stack[stack.count - 1].type != nil
    }

    /// Whether the innermost frame around the current statement is a closure (not a function, accessor, local
    /// function or `defer`, whose braces stop the search).
    private var isInClosureFrame: Bool {
        for level in stack.reversed() {
            switch level.opener {
            case .closure: return true
            case .body, .typeBody: return false
            default: if level.isLocalDeclaration || level.isDefer { return false }
            }
        }
        return false
    }

    /// `name:` right after `(` or `,` in parentheses: an argument's or a tuple element's label, not a use.
    private func isArgumentLabel(_ start: Int) -> Bool {
        guard byte(index) == UInt8(ascii: ":"), byte(index + 1) != UInt8(ascii: ":"), case .paren? = topOpener else { return false }
        let open = stack[stack.count - 1].start
        var before = start - 1
        while before > open, CreationTokenScanner.isSpace(bytes[before]) { before -= 1 }
        return bytes[before] == UInt8(ascii: "(") || bytes[before] == UInt8(ascii: ",")
    }

    /// `= self` after a bound name (`let strongSelf = self`, `guard let this = self`).
    private func bindsSelf(after end: Int) -> Bool {
        var offset = skipSpaces(from: end)
        guard byte(offset) == UInt8(ascii: "="), byte(offset + 1) != UInt8(ascii: "=") else { return false }
        offset = skipSpaces(from: offset + 1)
        return matches(offset, "self") && !Self.isIdentifierByte(byte(offset + 4))
    }

    func matches(_ start: Int, _ word: StaticString) -> Bool {
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where byte(start + offset) != pointer[offset] { return false }
        return true
    }

    /// Whether the line before the one `start` stands on (blank lines skipped) ends with something that line
    /// continues (``lineGoesOn(before:)``).
    func previousLineGoesOn(before start: Int) -> Bool {
        var end = start
        while end > 0, CreationTokenScanner.isSpace(bytes[end - 1]) { end -= 1 }
        return lineGoesOn(before: end)
    }

    /// Whether the line after the newline at `newline` (blank lines skipped) starts with one of `words` (by
    /// ``wordHash(_:)``).
    func nextLineStarts(after newline: Int, withOneOf words: WordSet) -> Bool {
        var start = newline
        while start < bytes.count, CreationTokenScanner.isSpace(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        return end > start && words.contains(Self.wordHash(bytes, start..<end))
    }

    /// Whether the code before `end` ends its line with something the next line continues (`=`, `&&`, `,`,
    /// `.`, `(`, `??`, `>`).
    func lineGoesOn(before end: Int) -> Bool {
        var last = end - 1
        while last >= 0, bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") { last -= 1 }
        guard last >= 0 else { return false }
        return Self.continuingLineEnds.contains(bytes[last]) || bytes[last] == UInt8(ascii: "?") || bytes[last] == UInt8(ascii: ">")
    }
}
