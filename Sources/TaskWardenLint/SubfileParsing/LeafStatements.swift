extension SourceMask {
    /// The pass that cuts leaf statements beside a site down to their first name: a statement directly in the
    /// braces of a kept member body, on one line, holding no brace, macro, site or kept token, keeps only its
    /// first name and the words before it (`try`, `await`, `return`, `let`/`var`); an interpolation's words
    /// count as the statement's own:
    ///
    /// ```swift
    /// // self.isLoading = true                  →   self
    /// // try await store.save(items, to: url)   →   try await store
    /// // let feed = api.feed(for: account)      →   let feed
    /// ```
    ///
    /// In a site's own closure the readers' words stay (``MaskReads``): a word read where it stands is kept where
    /// the cut keeps it (before the kept name, as the kept name, or after its `=`: `let feed = try await api`),
    /// elsewhere it keeps the statement whole, and so does a word whose statement is read, a tried call a reader
    /// reads, a member's bare name (``SyntaxReads/SiteClosure/memberNames``) or an alias a reader reads.
    ///
    /// What else is read around a site stays:
    /// - the number of statements in each list (a site alone in a function that returns a value is returned):
    ///   the first statement cut in a list holding a site stays, the others go whole once the file is read;
    /// - every closure (none is in such a statement), so closure numbers stay;
    /// - the names a function binds that a member also has (``SyntaxReads/AroundSite/localBindings``);
    /// - calls of closures stored in properties (``SyntaxReads/AroundSite/storedClosureCalls``): a statement
    ///   calling a name the file declares with `var`/`let` is left whole, decided once the file is read.
    ///
    /// A statement ends at its newline unless its line ends with an operator, comma, dot or open bracket, or the
    /// next line goes on with it (`.map(…)`, `?? x`, `as T`); then it is left whole. When this reads a statement
    /// wrongly, what is left still holds the same statements (or fails to parse, and the file is parsed whole).
    struct LeafStatements {
        let source: SourceBytes
        let marks: Marks
        private var reads: MaskReads { marks.reads }
        /// The statement read in the innermost braces.
        private var statement: Statement?
        /// Cut statements and the names they call and use, decided once the file is read.
        private var statementCalls: [(range: Range<Int>, calls: [UInt64], uses: [UInt64])] = []
        /// Leaf statements cut to their names that may go whole.
        private var removableRemnants: [Remnant] = []
        /// What this pass remembers of each open level.
        private var frames: [Frame] = []

        init(source: SourceBytes, marks: Marks) {
            self.source = source
            self.marks = marks
        }

        typealias Remnant = (whole: Range<Int>, headEnd: Int, binding: UInt64?)

        struct Frame {
            /// Braces: the statement of the enclosing level they stand in, read on when they close.
            var savedStatement: Statement?
            /// The first leaf statement cut to its name in these braces.
            var firstLeafRemnant: Remnant?
        }

        /// A statement being read directly in braces below member level.
        struct Statement {
            /// The stack depth of the braces it stands in.
            var depth: Int
            var start: Int
            /// Still reading the words before the name that is kept (`try`, `await`, `return`, `let`).
            var awaitingHead = true
            /// After `let` or `var`: the next word is the name kept.
            var afterBindingKeyword = false
            /// Where the kept name ends: the rest of the statement is blanked.
            var headEnd: Int?
            /// Nothing seen so far forbids blanking it (a brace, a macro, an interpolation, a second line).
            var blankable: Bool
            /// Where a `//` comment on its line starts: the code ends before it.
            var commentStart: Int?
            /// The names it calls (`onQuiesced(`, `.reload(`): kept when one is a property of this file.
            var calledNames: [UInt64] = []
            /// In a site's closure: the names it uses after its kept name (not after a dot), kept when one is a
            /// member or an alias.
            var isInSiteClosure = false
            var usedNames: [UInt64] = []
            /// Its innermost frame is a closure (not a site's): the names it calls are not its function's calls.
            var isInClosure = false
            /// In a site's closure, it tries (`try` before its kept name or after its `=`): a tried call a reader
            /// reads keeps it whole.
            var tries = false
            /// Reading `= try await name` after the kept name.
            var headExtension: HeadExtension = .none
            /// `_ = …`: `_` alone is no statement, so it is cut only with the name after `=` (`_ = try await api`).
            var needsHeadExtension = false
        }

        /// After a statement's kept name, an assignment whose value starts with a name, kept with it.
        enum HeadExtension {
            case none
            /// After `_`: the `=` comes next.
            case awaitingEquals
            /// After `=` (and any `try`, `await`): the next word ends the head.
            case awaitingName
        }

        /// Directly in the braces of a member body (or braces inside it) that is not kept whole, or kept whole only
        /// as a site's closure whose statements may be cut.
        private func atStatementLevel(_ scopes: Scopes) -> Bool {
            guard scopes.bodyDepth > 0, scopes.keptWholeDepth == scopes.siteClosureDepth, let opener = scopes.topOpener else { return false }
            switch opener {
            case .body, .closure, .otherBrace: return true
            default: return false
            }
        }

        // MARK: Levels

        mutating func openBracket() { frames.append(Frame()) }

        mutating func closeBracket() { frames.removeLast() }

        /// Braces open: a statement holding them is left whole; it goes on once they close.
        mutating func openBrace() {
            statement?.blankable = false
            frames.append(Frame(savedStatement: statement))
            statement = nil
        }

        /// Braces holding `inside` close: the enclosing statement goes on, and the first leaf statement cut in them
        /// goes too when they hold no site (no statement of theirs is a site whose statement count is read).
        mutating func closeBrace(inside: Range<Int>) {
            let frame = frames.removeLast()
            statement = frame.savedStatement
            guard let first = frame.firstLeafRemnant, !marks.hasSite(in: inside) else { return }
            removableRemnants.append(first)
        }

        /// A body or closure from `start` on is read whole after all: nothing in it is cut.
        mutating func keepWhole(from start: Int) {
            removableRemnants.removeAll { $0.whole.lowerBound >= start }
        }

        // MARK: Tokens

        /// A byte that starts a token at `index` (not a space, newline or comment): it may start a statement, or
        /// end its head.
        mutating func token(_ current: UInt8, at index: Int, scopes: Scopes) {
            if current == UInt8(ascii: "/"), source.byte(index + 1) == UInt8(ascii: "/") || source.byte(index + 1) == UInt8(ascii: "*") {
                guard statement != nil else { return }
                if source.byte(index + 1) == UInt8(ascii: "*") { statement!.blankable = false }
                if statement!.depth == scopes.depth, statement!.commentStart == nil { statement!.commentStart = index }
                return
            }
            guard statement != nil else {
                guard atStatementLevel(scopes), current != UInt8(ascii: "}"), current != UInt8(ascii: ";") else { return }
                let startsWord = SourceBytes.isIdentifierByte(current) && !(current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9"))
                statement = Statement(depth: scopes.depth, start: index, awaitingHead: startsWord, blankable: startsWord)
                statement!.isInSiteClosure = scopes.siteClosureDepth > 0
                statement!.isInClosure = !statement!.isInSiteClosure && scopes.isInClosureFrame
                return
            }
            guard statement!.blankable, !SourceBytes.isIdentifierByte(current) else { return }
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
                if current != UInt8(ascii: "?") && current != UInt8(ascii: "!") || !(index >= 3 && source.matches(index - 3, "try")) {
                    statement!.blankable = false
                }
                return
            }
            switch current {
            case UInt8(ascii: "?"), UInt8(ascii: "!"):
                // `try?` and `try!` go on to the name.
                if statement!.awaitingHead, index >= 3, source.byte(index - 1) == UInt8(ascii: "y"),
                   source.byte(index - 2) == UInt8(ascii: "r"), source.byte(index - 3) == UInt8(ascii: "t") {
                    return
                }
            case UInt8(ascii: "#"), UInt8(ascii: "`"):
                statement!.blankable = false
            case UInt8(ascii: ","):
                // `let a = 1, b = 2` binds two names.
                if statement!.depth == scopes.depth { statement!.blankable = false }
            default:
                break
            }
            if statement!.awaitingHead {
                statement!.awaitingHead = false
                statement!.blankable = false
            }
        }

        /// A word (`token`): a statement's head, or a name it calls or uses.
        mutating func word(_ token: Token, scopes: Scopes, compounds: inout CompoundStatements) {
            let (start, index, hash, afterDot) = (token.start, token.end, token.hash, token.afterDot)
            // `{ group in`: a closure's signature, not a statement (its names are the closure's parameters). What
            // follows it on its line is the closure's first statement (`{ [weak self] in self?.reload() }`).
            if index - start == 2, source.matches(start, "in"), let current = statement, current.depth == scopes.depth {
                if source.isClosureSignature(current.start, closure: scopes) {
                    statement = nil
                } else {
                    statement!.blankable = false
                }
                return
            }
            guard statement != nil, statement!.blankable else { return }
            if statement!.headExtension != .none {
                extendHead(token, scopes: scopes)
                return
            }
            if statement!.isInSiteClosure {
                let atHead = statement!.awaitingHead && statement!.depth == scopes.depth
                let isPrefix = atHead && SourceBytes.statementPrefixes.contains(hash)
                if isPrefix, index - start == 3, source.matches(start, "try") { statement!.tries = true }
                // A word read where it stands is kept where the cut keeps it: before the kept name (`try await
                // store`) or as the kept name (`self?.reload()` → `self`). After a dot it is a member's name.
                let isReadWord = !afterDot && reads.closureWords.contains(hash)
                let isKeptInPlace = isPrefix || (atHead && !statement!.afterBindingKeyword)
                if (isReadWord && !isKeptInPlace) || reads.closureStatementWords.contains(hash)
                    || (statement!.tries && reads.closureTriedCalls.contains(hash)) {
                    // `let feed = try await api.feed(…)`: `try` and `await` stay with the name after them.
                    if isReadWord, statement!.depth == scopes.depth, SourceBytes.extensionPrefixes.contains(hash),
                       let headEnd = statement!.headEnd, source.assignsAfterHead(from: headEnd, to: start) {
                        statement!.headExtension = .awaitingName
                        if index - start == 3 { statement!.tries = true }
                        return
                    }
                    statement!.blankable = false
                    return
                }
                if statement!.headEnd != nil, !afterDot, !source.isArgumentLabel(start, end: index, scopes: scopes) {
                    statement!.usedNames.append(hash)
                }
            }
            if statement!.awaitingHead, statement!.depth == scopes.depth {
                let isBinding = source.isWord(start, index, "let") || source.isWord(start, index, "var")
                compounds.begin(hash, at: start, end: index, statement: statement!, scopes: scopes)
                compounds.caseLabel(at: start, end: index, statement: statement!, scopes: scopes)
                if statement!.afterBindingKeyword {
                    statement!.awaitingHead = false
                    if SourceBytes.statementKeywords.contains(hash) { statement!.blankable = false } else { statement!.headEnd = index }
                } else if isBinding, start == statement!.start {
                    statement!.afterBindingKeyword = true
                } else if SourceBytes.statementPrefixes.contains(hash) {
                    // `try`, `await`, `return` before the name.
                } else if index - start == 1, source[start] == UInt8(ascii: "_"), source.isAssignment(at: source.skipSpaces(from: index)) {
                    // `_ = …`: cut only with the name after `=`.
                    statement!.awaitingHead = false
                    statement!.headEnd = index
                    statement!.needsHeadExtension = true
                    statement!.headExtension = .awaitingEquals
                } else {
                    statement!.awaitingHead = false
                    if SourceBytes.statementKeywords.contains(hash) || isBinding {
                        statement!.blankable = false
                    } else {
                        statement!.headEnd = index
                    }
                }
            }
            var next = index
            if source.byte(next) == UInt8(ascii: "?") || source.byte(next) == UInt8(ascii: "!") { next += 1 }
            if source.byte(next) == UInt8(ascii: "("), !statement!.isInSiteClosure, !statement!.isInClosure {
                statement!.calledNames.append(hash)
            }
        }

        /// A word after the kept name and `=` (``HeadExtension``): `try` and `await` go on, the first other word is
        /// kept as the end of the head (`let feed = try await api`), unless it is a keyword or a word whose statement
        /// a reader reads.
        private mutating func extendHead(_ token: Token, scopes: Scopes) {
            let (start, index, hash) = (token.start, token.end, token.hash)
            guard statement!.headExtension == .awaitingName, !token.afterDot, statement!.depth == scopes.depth else {
                statement!.blankable = false
                return
            }
            if SourceBytes.extensionPrefixes.contains(hash) {
                if statement!.isInSiteClosure, index - start == 3 { statement!.tries = true }
                return
            }
            // A word read where it stands may be the kept name; one whose statement is read keeps it whole.
            guard !SourceBytes.statementKeywords.contains(hash), !statement!.isInSiteClosure || !reads.closureStatementWords.contains(hash) else {
                statement!.blankable = false
                return
            }
            statement!.headExtension = .none
            statement!.needsHeadExtension = false
            statement!.headEnd = index
        }

        /// A string literal in a statement. An interpolation may use anything: a compound statement or case holding
        /// one stays; a leaf statement stays when the literal holds a brace (a closure), or a word a reader reads
        /// (in a site's closure), and otherwise counts the literal's words (every word, the text's too, which only
        /// keeps more) as names it uses and calls, like the words after its kept name.
        mutating func string(_ literal: Range<Int>, compounds: inout CompoundStatements) {
            guard statement != nil || compounds.isReading else { return }
            guard literal.dropLast().contains(where: { source[$0] == UInt8(ascii: "\\")
                && (source[$0 + 1] == UInt8(ascii: "(") || source[$0 + 1] == UInt8(ascii: "#")) }) else { return }
            compounds.interpolation()
            guard statement != nil, statement!.blankable, statement!.headEnd != nil, statement!.headExtension == .none,
                  !source.bytes[literal].contains(UInt8(ascii: "{")) else {
                statement?.blankable = false
                return
            }
            let isInSiteClosure = statement!.isInSiteClosure
            let recordsCalls = !isInSiteClosure && !statement!.isInClosure
            var words: [(hash: UInt64, afterDot: Bool, called: Bool)] = []
            SourceBytes.forEachWord(in: source.bytes, literal) { word in
                var before = word.lowerBound - 1
                while before > literal.lowerBound, source[before] == UInt8(ascii: " ") { before -= 1 }
                var after = word.upperBound
                if source.byte(after) == UInt8(ascii: "?") || source.byte(after) == UInt8(ascii: "!") { after += 1 }
                words.append((source.hash(word), source[before] == UInt8(ascii: "."), source.byte(after) == UInt8(ascii: "(")))
                return true
            }
            for word in words {
                if isInSiteClosure, (!word.afterDot && reads.closureWords.contains(word.hash)) || reads.closureStatementWords.contains(word.hash)
                    || reads.closureTriedCalls.contains(word.hash) {
                    statement!.blankable = false
                    return
                }
                if isInSiteClosure, !word.afterDot { statement!.usedNames.append(word.hash) }
                if recordsCalls, word.called { statement!.calledNames.append(word.hash) }
            }
        }

        /// A newline at `index`, directly in the statement's braces: it ends the statement unless the statement
        /// goes on.
        mutating func newline(at index: Int, scopes: Scopes, compounds: inout CompoundStatements, into output: inout MaskRanges) {
            guard let current = statement, current.depth == scopes.depth else { return }
            guard current.blankable, current.headEnd != nil, current.headExtension == .none, !current.needsHeadExtension else {
                compounds.finish(at: current.commentStart ?? index, newline: index, scopes: scopes)
                statement = nil
                return
            }
            let codeEnd = current.commentStart ?? index
            if source.lineGoesOn(before: codeEnd) || source.nextLineGoesOn(after: index) {
                statement?.blankable = false
            } else {
                finish(at: codeEnd, scopes: scopes, compounds: &compounds, into: &output)
            }
        }

        /// `;` or the closing `}` of its braces ends the statement at `end`.
        mutating func finish(at end: Int, scopes: Scopes, compounds: inout CompoundStatements, into output: inout MaskRanges) {
            guard let current = statement, current.depth == scopes.depth else { return }
            statement = nil
            compounds.finish(at: min(end, current.commentStart ?? end), newline: nil, scopes: scopes)
            guard current.blankable, let headEnd = current.headEnd, current.headExtension == .none, !current.needsHeadExtension
            else { return }
            var codeEnd = min(end, current.commentStart ?? end)
            while codeEnd > headEnd, CreationTokenScanner.isSpace(source[codeEnd - 1]) { codeEnd -= 1 }
            let whole = current.start..<codeEnd
            guard !marks.hasSite(in: whole), !marks.hasKept(in: whole) else { return }
            if codeEnd - headEnd >= 2 {
                output.blank(headEnd..<codeEnd)
                if !current.calledNames.isEmpty || !current.usedNames.isEmpty {
                    statementCalls.append((headEnd..<codeEnd, current.calledNames, current.usedNames))
                }
            }
            if source.byte(end) != UInt8(ascii: ";") { noteRemnant(current, whole: whole, headEnd: headEnd, scopes: scopes) }
        }

        /// A leaf statement cut to its name (outside a site's closure, whose statements the readers read): the first
        /// of its statement list stays when the list holds a site, so the list keeps one statement besides it if it
        /// had any; the others go whole once the file is read (``finish(names:into:)``). The parser spends about
        /// as long on a statement of one name as on one of ten tokens.
        private mutating func noteRemnant(_ statement: Statement, whole: Range<Int>, headEnd: Int, scopes: Scopes) {
            guard !statement.isInSiteClosure, scopes.depth > 0, source.standsAlone(whole) else { return }
            var binding: UInt64?
            if statement.afterBindingKeyword {
                var nameStart = headEnd
                while nameStart > whole.lowerBound, SourceBytes.isIdentifierByte(source[nameStart - 1]) { nameStart -= 1 }
                binding = source.hash(nameStart..<headEnd)
            }
            guard frames[frames.count - 1].firstLeafRemnant != nil else {
                // Goes too if its braces hold no site (``closeBrace(inside:)``).
                frames[frames.count - 1].firstLeafRemnant = (whole, headEnd, binding)
                return
            }
            removableRemnants.append((whole, headEnd, binding))
        }

        /// Once the file is read (`names`: what it declares):
        /// - a cut statement is left whole when, outside any closure of its function, it calls a name the file
        ///   declares as a property (it may call a closure stored there), or, in a site's closure, it uses a name
        ///   the file declares as a member or an alias a reader reads (as the readers declare);
        /// - the cut statements noted by ``noteRemnant(_:whole:headEnd:scopes:)`` go whole, unless left whole
        ///   above, or binding a member's name (a local shadowing a member) when a reader reads those.
        func finish(names: DeclaredNames, into output: inout MaskRanges) {
            for (range, calls, uses) in statementCalls
            where (reads.storedClosureCalls && calls.contains(where: names.properties.contains))
                || uses.contains(where: { (reads.closureMemberNames && names.members.contains($0)) || names.aliases.contains($0) }) {
                // Absorbed by a larger blanked range (a closure nothing reads): nothing to keep.
                if let index = output.index(of: range) { output.remove(at: index) }
            }
            for (whole, headEnd, binding) in removableRemnants {
                if reads.localBindings, let binding, names.members.contains(binding) { continue }
                if whole.upperBound - headEnd >= 2 {
                    // Still cut (not left whole above).
                    guard output.index(of: headEnd..<whole.upperBound) != nil else { continue }
                }
                output.blankMerging(whole)
            }
        }
    }
}
