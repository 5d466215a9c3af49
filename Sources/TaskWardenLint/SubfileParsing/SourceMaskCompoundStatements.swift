/// Compound statements beside a site (`lint` and `fix`, never in a task's closure): an `if`, `guard`, `switch`
/// or `for` directly in the braces of a kept body that holds no site, no kept token and no closure keeps one
/// name of its head, so the statement list keeps its count:
///
/// ```swift
/// // switch action {                        →   action
/// // case .refresh: reload()
/// // case .clear(let all): clear(all)
/// // }
/// ```
///
/// What the rules read there stays:
/// - closure numbers: a statement holding a closure (or a macro, an interpolation, a backtick) is left whole;
/// - the names it binds, which ``SelfCapture`` takes for locals shadowing members (`if let items`,
///   `case let .loaded(feed)`, `for item in`): a statement binding a name the file declares as a member stays;
/// - stored closures its function calls (`frameCalls`): a statement outside a closure calling a name the file
///   declares as a property stays;
/// - `self`, `super`, `defer` (numbered in its frame), local functions and types: such a statement stays.
///
/// A switch holding a site keeps its cases that hold one; each other case holding none of the above goes whole
/// (``noteCaseLabel(at:)``).
///
/// Only the outermost compound statement is tracked; its head must end on its first line (a head going on over
/// lines is left alone), and so is a statement whose line ends with an operator or comma, or that the next line
/// may go on with (`else`, `catch` or `while`, or a `{` on a line of its own after a head going on over lines).
extension SourceMask.Lexer {
    /// A compound statement being read.
    struct Compound {
        var start: Int
        var depth: Int
        /// Before the `{` of its first body: the name kept is read from the head.
        var inHead = true
        var kept: Range<Int>?
        /// Its frame is a closure: what it calls is not its function's calls.
        var isInClosure: Bool
        /// After `let`, `var` or `for`, until the pattern ends: the words read are bound names.
        var binds = false
        /// Something the rules read stands in it: it stays whole.
        var stopped = false
        var calledNames: [UInt64] = []
        var boundNames: [UInt64] = []
    }

    /// A compound statement (or a case of a switch) read whole and nothing in it stopped it: blanked but for
    /// `kept` (nothing of a case) once the file is read.
    struct FinishedCompound {
        var range: Range<Int>
        var kept: Range<Int>
        var calledNames: [UInt64]
        var boundNames: [UInt64]
    }

    private static let compoundKeywords = WordSet(["if", "guard", "switch", "for"].map(wordHash))

    /// Words that keep a compound statement whole (see the type's documentation).
    private static let compoundStoppers = WordSet([
        "self", "super", "defer", "func", "class", "struct", "enum", "actor", "protocol", "extension", "typealias",
    ].map(wordHash))

    /// Words that are not the name kept (keywords, and words before a name).
    private static let compoundSkippedWords = WordSet(["let", "var", "try", "await"].map(wordHash))
        .union(statementKeywords)

    private static let patternEndWords = WordSet(["in", "where", "else"].map(wordHash))

    /// The first word of a statement at `statement`'s depth: an `if`, `guard`, `switch` or `for` outside a task's
    /// closure starts a compound statement.
    mutating func beginCompound(_ word: UInt64, at start: Int) {
        guard compound == nil, let current = statement, !current.isInTask, current.start == start,
              Self.compoundKeywords.contains(word) else { return }
        compound = Compound(start: start, depth: current.depth, isInClosure: current.isInClosure)
        // `for item in items`: the pattern after `for` binds.
        compound!.binds = index - start == 3
    }

    /// A word inside the compound statement or case being read.
    mutating func noteCompoundWord(_ start: Int, afterDot: Bool, hash: UInt64) {
        let isStopper = Self.compoundStoppers.contains(hash)
        let isName = !afterDot && !Self.compoundSkippedWords.contains(hash)
            && !(bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9")) && bytes[start] != UInt8(ascii: "$")
        let isBinder = !afterDot && index - start == 3 && (matches(start, "let") || matches(start, "var"))
        let endsPattern = !afterDot && Self.patternEndWords.contains(hash)
        var next = index
        if byte(next) == UInt8(ascii: "?") || byte(next) == UInt8(ascii: "!") { next += 1 }
        let isCall = byte(next) == UInt8(ascii: "(")
        func read(_ tracked: inout Compound) {
            if isStopper { tracked.stopped = true }
            guard !afterDot, !tracked.stopped else { return }
            if tracked.inHead, tracked.kept == nil, isName { tracked.kept = start..<index }
            if isBinder {
                tracked.binds = true
            } else if endsPattern {
                tracked.binds = false
            } else if tracked.binds {
                tracked.boundNames.append(hash)
            }
            if isCall, !tracked.isInClosure { tracked.calledNames.append(hash) }
        }
        if compound != nil { read(&compound!) }
        if caseSection != nil { read(&caseSection!) }
    }

    /// A byte starting a token inside the compound statement or case: a macro, a raw string or a backtick stops
    /// it; what cannot stand in a pattern ends its bound names.
    mutating func noteCompoundToken(_ current: UInt8) {
        let stops = current == UInt8(ascii: "#") || current == UInt8(ascii: "`")
        let endsPattern = !Self.isIdentifierByte(current) && !"(),.?!".utf8.contains(current)
        func read(_ tracked: inout Compound) {
            if stops { tracked.stopped = true }
            if endsPattern { tracked.binds = false }
        }
        if compound != nil { read(&compound!) }
        if caseSection != nil { read(&caseSection!) }
    }

    /// Braces open inside the compound statement: a closure stops it (closures are numbered in their frame); its
    /// first body ends its head.
    mutating func noteCompoundBrace(isClosure: Bool) {
        if isClosure { caseSection?.stopped = true }
        guard let current = compound else { return }
        if isClosure {
            compound = nil
        } else if current.depth == stack.count {
            compound!.inHead = false
            compound!.binds = false
        }
    }

    /// A newline at the compound statement's depth before its first body: its head goes on, so it is left alone.
    mutating func noteCompoundNewline() {
        if let current = compound, current.inHead, current.depth == stack.count { compound = nil }
    }

    /// The statement ends at `end`; `newline` when a newline ended it (the next line may still go on with it).
    mutating func finishCompound(at end: Int, newline: Int?) {
        guard let current = compound, current.depth == stack.count else { return }
        compound = nil
        guard !current.stopped, !current.inHead, let kept = current.kept, let marks else { return }
        if let newline, lineGoesOn(before: end) || nextWordContinuesStatement(after: newline) { return }
        var codeEnd = end
        while codeEnd > kept.upperBound, CreationTokenScanner.isSpace(bytes[codeEnd - 1]) { codeEnd -= 1 }
        let range = current.start..<codeEnd
        guard !marks.hasSite(in: range), !marks.hasKept(in: range) else { return }
        finishedCompounds.append(FinishedCompound(range: range, kept: kept, calledNames: current.calledNames,
                                                  boundNames: current.boundNames))
    }

    /// Once the file is read: each compound statement that binds no member's name and calls no property is
    /// blanked but for its kept name.
    mutating func blankCompoundStatements() {
        for finished in finishedCompounds
        where !finished.calledNames.contains(where: propertyNames.contains)
            && !finished.boundNames.contains(where: memberNames.contains) {
            if finished.kept.lowerBound > finished.range.lowerBound {
                blankMerging(finished.range.lowerBound..<finished.kept.lowerBound)
            }
            if finished.range.upperBound > finished.kept.upperBound {
                blankMerging(finished.kept.upperBound..<finished.range.upperBound)
            }
        }
    }

    /// A statement starting with `case` or `default` directly in a switch's braces ends the case being read, and
    /// `case` starts the next: a case holding no site and nothing the rules read goes whole (a switch holding a
    /// site keeps its other cases otherwise; those bind names and may call properties, checked like a compound
    /// statement's once the file is read).
    mutating func noteCaseLabel(at start: Int) {
        guard let current = statement, current.start == start, current.depth == stack.count, !current.isInTask,
              let top = stack.last, top.isSwitchBody else { return }
        let isCase = index - start == 4 && matches(start, "case")
        guard isCase || (index - start == 7 && matches(start, "default")) else { return }
        // `guard …,\n case .a = x`: a condition going on over lines, not a label.
        if previousLineGoesOn(before: start) {
            caseSection?.stopped = true
            return
        }
        finishCaseSection(at: start)
        if isCase { caseSection = Compound(start: start, depth: stack.count, inHead: false, isInClosure: current.isInClosure) }
    }

    /// The case being read ends before `end` (the next label, or the switch's `}`).
    mutating func finishCaseSection(at end: Int) {
        guard let current = caseSection, current.depth == stack.count else { return }
        caseSection = nil
        guard !current.stopped, let marks else { return }
        var codeEnd = end
        while codeEnd > current.start, CreationTokenScanner.isSpace(bytes[codeEnd - 1]) { codeEnd -= 1 }
        let range = current.start..<codeEnd
        guard !marks.hasSite(in: range), !marks.hasKept(in: range) else { return }
        finishedCompounds.append(FinishedCompound(range: range, kept: current.start..<current.start,
                                                  calledNames: current.calledNames, boundNames: current.boundNames))
    }

    /// Whether the next line goes on with the statement: it starts with `else`, `catch` or `while`, with what
    /// cannot start a statement (`{` would become the kept name's trailing closure), or with a comment, which
    /// could hide either.
    private func nextWordContinuesStatement(after newline: Int) -> Bool {
        if nextLineGoesOn(after: newline) { return true }
        var after = newline
        while after < bytes.count, CreationTokenScanner.isSpace(bytes[after]) { after += 1 }
        return byte(after) == UInt8(ascii: "/") || nextLineStarts(after: newline, withOneOf: Self.continuingWords)
    }

    /// Words that go on with a compound statement on the line before (`} \n else {`, `repeat { … } \n while`).
    private static let continuingWords = WordSet(["else", "catch", "while"].map(wordHash))
}
