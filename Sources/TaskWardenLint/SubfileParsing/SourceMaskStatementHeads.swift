/// What a leaf statement's kept head may hold besides its first name (``SourceMaskLeafStatements``), and what
/// an interpolation in it counts as:
///
/// ```swift
/// // let feed = try await api.feed(for: id)     →   let feed = try await api     (in a task's closure)
/// // _ = store.save(items)                      →   _ = store
/// // log.error("failed: \(error)")              →   log
/// ```
///
/// In a task's closure the rules read that an error can escape (`try`) and that the task suspends (`await`),
/// wherever they stand in a statement: after the kept name and a plain `=` they stay with the name after them
/// (``HeadExtension``), and anywhere else they keep the statement whole. `_` alone is no statement, so `_ = …`
/// keeps the name after `=`. An interpolation's words are the statement's own: names it uses and calls (a
/// member or a property keeps it whole once the file is read), and in a task's closure the words the rules read.
extension SourceMask.Lexer {
    static let selfHash = wordHash("self")

    /// Words that may stand between `=` and the name kept after it.
    static let extensionPrefixes = WordSet(["try", "await"].map(wordHash))

    /// A word after the kept name and `=` (``HeadExtension``): `try` and `await` go on, the first other word is
    /// kept as the end of the head (`let feed = try await api`), unless it is a keyword or a word the task rules
    /// read (`self` excepted, kept in place as at the head).
    mutating func extendHead(_ start: Int, afterDot: Bool, hash: UInt64) {
        guard statement!.headExtension == .awaitingName, !afterDot, statement!.depth == stack.count else {
            statement!.blankable = false
            return
        }
        if Self.extensionPrefixes.contains(hash) {
            if statement!.isInTask, index - start == 3 { statement!.hasTryPrefix = true }
            return
        }
        let isSelf = index - start == 4 && matches(start, "self")
        guard !Self.statementKeywords.contains(hash), isSelf || !statement!.isInTask || !Self.taskWords.contains(hash) else {
            statement!.blankable = false
            return
        }
        statement!.headExtension = .none
        statement!.needsHeadExtension = false
        statement!.headEnd = index
    }

    /// Whether the bytes from the kept name's end to `end` are a member path going on from it (`.title`, `?.`,
    /// `!`) and a plain `=`: an assignment, whose value may keep `try`, `await` and a name.
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

    /// A plain `=` at `offset`: not `==`, `!=`, `+=`, `<=` or the like.
    func isAssignment(at offset: Int) -> Bool {
        guard byte(offset) == UInt8(ascii: "="), byte(offset + 1) != UInt8(ascii: "=") else { return false }
        let before = byte(offset - 1)
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || Self.isIdentifierByte(before)
    }

    /// A string literal in a statement. An interpolation may use anything: a compound statement or case holding
    /// one stays; a leaf statement stays when the literal holds a brace (a closure), or a word the task rules
    /// read (in a task's closure), and otherwise counts the literal's words (every word, the text's too, which
    /// only keeps more) as names it uses and calls, like the words after its kept name.
    mutating func noteStatementString(_ literal: Range<Int>) {
        guard statement != nil || compound != nil || caseSection != nil else { return }
        guard literal.dropLast().contains(where: { bytes[$0] == UInt8(ascii: "\\")
            && (bytes[$0 + 1] == UInt8(ascii: "(") || bytes[$0 + 1] == UInt8(ascii: "#")) }) else { return }
        compound = nil
        caseSection?.stopped = true
        guard statement != nil, statement!.blankable, statement!.headEnd != nil, statement!.headExtension == .none,
              !bytes[literal].contains(UInt8(ascii: "{")) else {
            statement?.blankable = false
            return
        }
        let isInTask = statement!.isInTask
        let recordsCalls = !isInTask && !statement!.isInClosure
        var words: [(hash: UInt64, afterDot: Bool, called: Bool)] = []
        Self.forEachWord(in: bytes, literal) { word in
            var before = word.lowerBound - 1
            while before > literal.lowerBound, bytes[before] == UInt8(ascii: " ") { before -= 1 }
            var after = word.upperBound
            if byte(after) == UInt8(ascii: "?") || byte(after) == UInt8(ascii: "!") { after += 1 }
            words.append((Self.wordHash(bytes, word), bytes[before] == UInt8(ascii: "."), byte(after) == UInt8(ascii: "(")))
            return true
        }
        for word in words where !(word.afterDot && word.hash == Self.selfHash) {
            if isInTask, Self.taskWords.contains(word.hash) || Self.throwingCallWords.contains(word.hash) {
                statement!.blankable = false
                return
            }
            if isInTask, !word.afterDot { statement!.usedNames.append(word.hash) }
            if recordsCalls, word.called { statement!.calledNames.append(word.hash) }
        }
    }
}
