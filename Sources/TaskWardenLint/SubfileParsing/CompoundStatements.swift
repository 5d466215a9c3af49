extension SourceMask {
    /// The pass that cuts compound statements beside a site: an `if`, `guard`, `switch` or `for` directly in the
    /// braces of a kept body that holds no site, no kept token and no closure keeps one name of its head, so the
    /// statement list keeps its count:
    ///
    /// ```swift
    /// // switch action {                        →   action
    /// // case .refresh: reload()
    /// // case .clear(let all): clear(all)
    /// // }
    /// ```
    ///
    /// What is read there stays:
    /// - closure numbers: a statement holding a closure (or a macro, an interpolation, a backtick) is left whole;
    /// - `defer` (a frame of its own), local functions and types, and the words a reader reads in the control flow
    ///   around a site (``SyntaxReads/AroundSite/controlFlowWords``);
    /// - the names it binds (`if let items`, `case let .loaded(feed)`, `for item in`) when one is a member's and a
    ///   reader reads local bindings; the properties it calls when a reader reads stored-closure calls.
    ///
    /// In a site's own closure nothing is cut when a reader reads anything there. A switch holding a site keeps its
    /// cases that hold one; each other case holding none of the above goes whole.
    ///
    /// Only the outermost compound statement is tracked; its head must end on its first line (a head going on over
    /// lines is left alone), and so is a statement whose line ends with an operator or comma, or that the next line
    /// may go on with (`else`, `catch` or `while`, or a `{` on a line of its own after a head going on over lines).
    struct CompoundStatements {
        let source: SourceBytes
        let marks: Marks
        /// The compound statement being read, the case of a switch being read, and those read whole.
        private var compound: Compound?
        private var caseSection: Compound?
        private var finished: [Finished] = []

        init(source: SourceBytes, marks: Marks) {
            self.source = source
            self.marks = marks
        }

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
            /// Something read stands in it: it stays whole.
            var stopped = false
            var calledNames: [UInt64] = []
            var boundNames: [UInt64] = []
        }

        /// A compound statement (or a case of a switch) read whole and nothing in it stopped it: blanked but for
        /// `kept` (nothing of a case) once the file is read.
        struct Finished {
            var range: Range<Int>
            var kept: Range<Int>
            var calledNames: [UInt64]
            var boundNames: [UInt64]
        }

        private static let keywords = WordSet(["if", "guard", "switch", "for"].map(SourceBytes.wordHash))

        /// Words that keep a compound statement whole: `defer` (a frame of its own), local functions and types.
        private static let stoppers = WordSet([
            "defer", "func", "class", "struct", "enum", "actor", "protocol", "extension", "typealias",
        ].map(SourceBytes.wordHash))

        /// Words that are not the name kept (keywords, and words before a name).
        private static let skippedWords = WordSet(["let", "var", "try", "await"].map(SourceBytes.wordHash))
            .union(SourceBytes.statementKeywords)

        private static let patternEndWords = WordSet(["in", "where", "else"].map(SourceBytes.wordHash))

        /// Words that go on with a compound statement on the line before (`} \n else {`, `repeat { … } \n while`).
        private static let continuingWords = WordSet(["else", "catch", "while"].map(SourceBytes.wordHash))

        /// A compound statement or a case is being read.
        var isReading: Bool { compound != nil || caseSection != nil }

        /// The first word (`word`, `start..<end`) of `statement` at its depth: an `if`, `guard`, `switch` or `for`
        /// starts a compound statement (in a site's closure, only when nothing is read there).
        mutating func begin(_ word: UInt64, at start: Int, end: Int, statement: LeafStatements.Statement, scopes: Scopes) {
            guard compound == nil, !statement.isInSiteClosure || !marks.reads.keepsClosureControlFlow, statement.start == start,
                  Self.keywords.contains(word) else { return }
            compound = Compound(start: start, depth: statement.depth, isInClosure: statement.isInClosure)
            // `for item in items`: the pattern after `for` binds.
            compound!.binds = end - start == 3
        }

        /// A word inside the compound statement or case being read.
        mutating func word(_ token: Token) {
            guard isReading else { return }
            let (start, index, hash, afterDot) = (token.start, token.end, token.hash, token.afterDot)
            let isStopper = Self.stoppers.contains(hash) || marks.reads.controlFlowWords.contains(hash)
            let isName = !afterDot && !Self.skippedWords.contains(hash)
                && !(source[start] >= UInt8(ascii: "0") && source[start] <= UInt8(ascii: "9")) && source[start] != UInt8(ascii: "$")
            let isBinder = !afterDot && (source.isWord(start, index, "let") || source.isWord(start, index, "var"))
            let endsPattern = !afterDot && Self.patternEndWords.contains(hash)
            var next = index
            if source.byte(next) == UInt8(ascii: "?") || source.byte(next) == UInt8(ascii: "!") { next += 1 }
            let isCall = source.byte(next) == UInt8(ascii: "(")
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
        mutating func token(_ current: UInt8) {
            guard isReading else { return }
            let stops = current == UInt8(ascii: "#") || current == UInt8(ascii: "`")
            let endsPattern = !SourceBytes.isIdentifierByte(current) && !"(),.?!".utf8.contains(current)
            func read(_ tracked: inout Compound) {
                if stops { tracked.stopped = true }
                if endsPattern { tracked.binds = false }
            }
            if compound != nil { read(&compound!) }
            if caseSection != nil { read(&caseSection!) }
        }

        /// A body or closure from `start` on is read whole after all: no compound statement in it is cut.
        mutating func keepWhole(from start: Int) {
            finished.removeAll { $0.range.lowerBound >= start }
        }

        /// An interpolation may hold anything: the compound statement is left alone, the case stays.
        mutating func interpolation() {
            compound = nil
            caseSection?.stopped = true
        }

        /// Braces open inside the compound statement (`depth`: the stack's before they open): a closure stops it
        /// (closures are numbered in their frame); its first body ends its head.
        mutating func openBrace(isClosure: Bool, depth: Int) {
            guard isReading else { return }
            if isClosure { caseSection?.stopped = true }
            guard let current = compound else { return }
            if isClosure {
                compound = nil
            } else if current.depth == depth {
                compound!.inHead = false
                compound!.binds = false
            }
        }

        /// Braces closed (`depth`: the stack's after they closed).
        mutating func closeBrace(depth: Int) {
            if let current = compound, current.depth > depth { compound = nil }
            if let current = caseSection, current.depth > depth { caseSection = nil }
        }

        /// A newline at the compound statement's depth before its first body: its head goes on, so it is left alone.
        mutating func newline(scopes: Scopes) {
            if let current = compound, current.inHead, current.depth == scopes.depth { compound = nil }
        }

        /// The statement ends at `end`; `newline` when a newline ended it (the next line may still go on with it).
        mutating func finish(at end: Int, newline: Int?, scopes: Scopes) {
            guard let current = compound, current.depth == scopes.depth else { return }
            compound = nil
            guard !current.stopped, !current.inHead, let kept = current.kept else { return }
            if let newline, source.lineGoesOn(before: end) || nextWordContinuesStatement(after: newline) { return }
            var codeEnd = end
            while codeEnd > kept.upperBound, CreationTokenScanner.isSpace(source[codeEnd - 1]) { codeEnd -= 1 }
            let range = current.start..<codeEnd
            guard !marks.hasSite(in: range), !marks.hasKept(in: range) else { return }
            finished.append(Finished(range: range, kept: kept, calledNames: current.calledNames, boundNames: current.boundNames))
        }

        /// A statement starting with `case` or `default` (`start..<end`) directly in a switch's braces ends the case
        /// being read, and `case` starts the next: a case holding no site and nothing read goes whole (a switch
        /// holding a site keeps its other cases otherwise; those bind names and may call properties, checked like a
        /// compound statement's once the file is read).
        mutating func caseLabel(at start: Int, end: Int, statement: LeafStatements.Statement, scopes: Scopes) {
            guard statement.start == start, statement.depth == scopes.depth,
                  !statement.isInSiteClosure || !marks.reads.keepsClosureControlFlow,
                  let top = scopes.stack.last, top.isSwitchBody else { return }
            let isCase = source.isWord(start, end, "case")
            guard isCase || source.isWord(start, end, "default") else { return }
            // `guard …,\n case .a = x`: a condition going on over lines, not a label.
            if source.previousLineGoesOn(before: start) {
                caseSection?.stopped = true
                return
            }
            finishCase(at: start, scopes: scopes)
            if isCase { caseSection = Compound(start: start, depth: scopes.depth, inHead: false, isInClosure: statement.isInClosure) }
        }

        /// The case being read ends before `end` (the next label, or the switch's `}`).
        mutating func finishCase(at end: Int, scopes: Scopes) {
            guard let current = caseSection, current.depth == scopes.depth else { return }
            caseSection = nil
            guard !current.stopped else { return }
            var codeEnd = end
            while codeEnd > current.start, CreationTokenScanner.isSpace(source[codeEnd - 1]) { codeEnd -= 1 }
            let range = current.start..<codeEnd
            guard !marks.hasSite(in: range), !marks.hasKept(in: range) else { return }
            finished.append(Finished(range: range, kept: current.start..<current.start, calledNames: current.calledNames,
                                     boundNames: current.boundNames))
        }

        /// Whether the next line goes on with the statement: it starts with `else`, `catch` or `while`, with what
        /// cannot start a statement (`{` would become the kept name's trailing closure), or with a comment, which
        /// could hide either.
        private func nextWordContinuesStatement(after newline: Int) -> Bool {
            if source.nextLineGoesOn(after: newline) { return true }
            var after = newline
            while after < source.count, CreationTokenScanner.isSpace(source[after]) { after += 1 }
            return source.byte(after) == UInt8(ascii: "/") || source.nextLineStarts(after: newline, withOneOf: Self.continuingWords)
        }

        /// Once the file is read (`names`: what it declares): each compound statement that binds no member's name
        /// and calls no property (as far as the readers read those) is blanked but for its kept name.
        func finish(names: DeclaredNames, into output: inout MaskRanges) {
            for statement in finished
            where !(marks.reads.storedClosureCalls && statement.calledNames.contains(where: names.properties.contains))
                && !(marks.reads.localBindings && statement.boundNames.contains(where: names.members.contains)) {
                if statement.kept.lowerBound > statement.range.lowerBound {
                    output.blankMerging(statement.range.lowerBound..<statement.kept.lowerBound)
                }
                if statement.range.upperBound > statement.kept.upperBound {
                    output.blankMerging(statement.kept.upperBound..<statement.range.upperBound)
                }
            }
        }
    }
}
