extension SourceMask {
    /// The structure pass of sub-file parsing: which brackets are open and what each opens — at member level (file
    /// level or directly in a type's braces) the declaration a `{` opens, below it whether braces are a
    /// statement's body, a local declaration's or a closure's — and where the sites stand: the closure or
    /// argument list after a creation token, and the closures read whole. It blanks nothing; the other passes
    /// ask it where they are.
    ///
    /// ```swift
    /// // struct A { func f() { items.map { $0 } } }
    /// // `{` after `struct A` opens .typeBody, after `func f()` .body, after `map` .closure
    /// ```
    struct Scopes {
        let source: SourceBytes
        let marks: Marks?
        private(set) var stack: [Level] = []
        /// Nesting of `(`, `[` and generic `<` together, and of `[` alone, and the deepest of each.
        private var bracketDepth = 0
        private var angleDepth = 0
        private var squareDepth = 0
        private(set) var maximumDepth = 0
        private(set) var maximumSquareDepth = 0
        /// At member level: what the next `{` opens, as far as the words before it say.
        private(set) var pending: Introducer?
        /// Below member level: what the next `{` at this level opens.
        private(set) var localPending: LocalIntroducer?
        /// Where the last word read at this level stands (the modifier a closure is passed to: `.modify(of: x) {`).
        private(set) var lastWord: Range<Int>?
        /// The stack depth of the last creation token read, until a `{` at that level takes it.
        private var creationDepth: Int?
        /// Open closures kept whole; open member bodies; open site closures whose statements may be cut.
        private(set) var keptWholeDepth = 0
        private(set) var bodyDepth = 0
        private(set) var siteClosureDepth = 0
        /// The last thing read closed a `repeat` body.
        private var afterRepeatBody = false
        /// After `case` or `catch` below member level, until its `:`, `=`, `in` or `{`: parentheses there are
        /// patterns binding names (`case let .loaded(feed)`), not calls.
        private(set) var inPattern = false
        /// The depth of a `switch` whose braces come next.
        private var pendingSwitchDepth: Int?
        /// On an `import` line.
        private(set) var afterImport = false
        /// The last creation token read, until its closures open, and whether a reader reads its closure whole.
        private(set) var pendingSite: SiteHead?
        private var pendingSiteReadsWhole = false
        /// The first site not before the last word read (``isSite(_:)``).
        private var siteCursor = 0
        /// Where the last site's own closure or arguments closed: a modifier there is read (`Task { … }.store(in:)`).
        private(set) var creationEnd: Int?
        /// Where the last argument list labelled by a site read whole closed (``Level/holdsWholeReadSite``).
        private var wholeReadArgumentsEnd: Int?
        /// The closures of sites (a site's trailing closure, closures in its arguments) and their sites, in the
        /// order they close: a reader may look members up by the bare names used there (``UnreadMembers``).
        private(set) var siteClosures: [(closure: Range<Int>, site: SiteHead)] = []
        /// The last `func` read at member level, until its body opens.
        private var pendingFunction: PendingFunction?
        /// Whether a reader reads labelled closures (``MaskReads/labelledClosures``): only then are calls
        /// followed across their closures (``callStart(ofClosureAt:)``).
        private let followsCalls: Bool
        /// For each open brace, where the call it is passed to begins its arguments and closures: its `(` when the
        /// closure follows one, the first trailing closure's `{` for a later one (`} label: {`), else its own `{`.
        private var callStarts: [Int] = []
        /// The last `(…)` closed, and the last `{…}` closed with where its call began: what a trailing closure
        /// after them belongs to.
        private var lastParen: (start: Int, end: Int)?
        private(set) var lastBrace: (callStart: Int, end: Int)?

        init(source: SourceBytes, marks: Marks?) {
            self.source = source
            self.marks = marks
            followsCalls = marks.map { !$0.reads.labelledClosures.isEmpty } ?? false
        }

        var context: Context {
            Context(atMemberLevel: atMemberLevel, keptWholeDepth: keptWholeDepth, inPattern: inPattern, localPending: localPending)
        }

        /// At file level or directly inside a type's braces, outside brackets.
        var atMemberLevel: Bool {
            guard let opener = topOpener else { return true }
            if case .typeBody = opener { return true }
            return false
        }

        /// The innermost level's opener, read without copying the level (asked at every token).
        var topOpener: Opener? {
            stack.isEmpty ? nil : stack[stack.count - 1].opener
        }

        var depth: Int { stack.count }

        /// Directly in a (non-protocol) type's braces, where members are trimmed.
        var inTypeBody: Bool {
            if case .typeBody(isProtocol: false)? = topOpener { return true }
            return false
        }

        /// Whether the innermost frame around what is read is a closure (not a function, accessor, local
        /// function or `defer`, whose braces stop the search).
        var isInClosureFrame: Bool {
            for level in stack.reversed() {
                switch level.opener {
                case .closure: return true
                case .body, .typeBody: return false
                default: if level.isLocalDeclaration || level.isDefer { return false }
                }
            }
            return false
        }

        /// Whether the level at `position` is the braces of a member property (computed, or with observers).
        func isMemberVariableBraces(_ position: Int) -> Bool {
            guard position >= 0, position < stack.count else { return false }
            if position > 0 {
                guard case .typeBody = stack[position - 1].opener else { return false }
            }
            switch stack[position].opener {
            case .body(isVariable: true), .closure: return true
            default: return false
            }
        }

        private func isLastWord(_ word: StaticString) -> Bool {
            guard let lastWord, lastWord.count == word.utf8CodeUnitCount else { return false }
            return source.matches(lastWord.lowerBound, word)
        }

        /// Enters a level: the new level starts with nothing pending.
        private mutating func push(_ level: Level) {
            stack.append(level)
            localPending = nil
            lastWord = nil
            if level.keptWhole { keptWholeDepth += 1 }
            if level.isSiteClosure { siteClosureDepth += 1 }
            if case .body = level.opener { bodyDepth += 1 }
        }

        /// Leaves a level, restoring what the enclosing level had pending.
        private mutating func pop() -> Level? {
            guard let top = stack.popLast() else { return nil }
            localPending = top.savedLocal
            lastWord = top.savedWord
            if top.keptWhole { keptWholeDepth -= 1 }
            if top.isSiteClosure { siteClosureDepth -= 1 }
            if case .body = top.opener { bodyDepth -= 1 }
            if let depth = creationDepth, depth > stack.count { creationDepth = nil }
            return top
        }

        /// `(` or `[` opens a level.
        mutating func openBracket(_ token: Token) -> Level {
            let isParen = token.byte == UInt8(ascii: "(")
            var level = Level(opener: isParen ? .paren : .bracket, start: token.start, savedLocal: localPending, savedWord: lastWord)
            level.argumentsOfCreation = isParen && creationDepth == stack.count
            if level.argumentsOfCreation { level.site = pendingSite }
            if let outer = stack.last { level.inCreationArguments = outer.argumentsOfCreation || outer.inCreationArguments }
            push(level)
            bracketDepth += 1
            if !isParen {
                squareDepth += 1
                maximumSquareDepth = max(maximumSquareDepth, squareDepth)
            }
            maximumDepth = max(maximumDepth, bracketDepth + angleDepth)
            return level
        }

        /// `)` or `]` closes a level: the level, or nil when it does not match.
        mutating func closeBracket(_ token: Token) -> Level? {
            guard let top = pop() else { return nil }
            switch (top.opener, token.byte) {
            case (.paren, UInt8(ascii: ")")), (.bracket, UInt8(ascii: "]")): break
            default: return nil
            }
            bracketDepth -= 1
            if token.byte == UInt8(ascii: "]") { squareDepth -= 1 }
            if top.argumentsOfCreation { creationEnd = token.start }
            if top.holdsWholeReadSite { wholeReadArgumentsEnd = token.start }
            if followsCalls, token.byte == UInt8(ascii: ")") { lastParen = (top.start, token.start) }
            return top
        }

        /// `{` opens a level.
        mutating func openBrace(at index: Int) -> Opening {
            angleDepth = 0
            inPattern = false
            let wasAtMemberLevel = atMemberLevel
            let introducer = pending
            var opener = Opener.otherBrace
            var level = Level(opener: .otherBrace, start: index, savedLocal: nil, savedWord: nil)
            var isLabelledClosure = false
            var closureCallStart = index
            let followsCreation = creationDepth == stack.count
            let inCreationArguments = stack.last?.argumentsOfCreation == true
            if creationDepth == stack.count { creationDepth = nil }
            if wasAtMemberLevel {
                switch pending {
                case .type(let isProtocol)?: opener = .typeBody(isProtocol: isProtocol)
                case .function?: opener = .body(isVariable: false)
                case .variable(sawEquals: false)?: opener = .body(isVariable: true)
                case .variable(sawEquals: true)?: if marks != nil { opener = .closure }
                default: break
                }
                pending = nil
            } else if let marks {
                switch localPending {
                case .statement(let isRepeat)?:
                    level.isRepeatBody = isRepeat
                    level.isDefer = isLastWord("defer")
                    level.isSwitchBody = pendingSwitchDepth == stack.count
                case .declaration?, .variable(sawEquals: false)?:
                    level.isLocalDeclaration = true
                    level.isAccessor = isLastWord("get") || isLastWord("set") || isLastWord("willSet") || isLastWord("didSet")
                case .variable(sawEquals: true)?, nil:
                    opener = .closure
                }
                localPending = nil
                let word = stack.last.map { if case .paren = $0.opener { return $0.savedWord } else { return lastWord } } ?? lastWord
                if let word, !marks.reads.modifierClosures.isEmpty, marks.reads.modifierClosures.contains(source.hash(word)) {
                    level.keptWhole = true
                    level.isKeptForModifier = true
                }
                if followsCalls { closureCallStart = callStart(ofClosureAt: index) }
                if let lastWord, !marks.reads.labelledClosures.isEmpty, marks.reads.labelledClosures.contains(source.hash(lastWord)) {
                    level.keptWhole = true
                    isLabelledClosure = true
                    // `Button { … } label: { … }`: a later trailing closure, read with its call.
                    if closureCallStart < index { level.isKeptForCall = true }
                }
            }
            // A site's trailing closure (not one passed in its arguments, whose text a record keeps), whose
            // statements may be cut unless a reader reads the closure whole (``Marks/wholeClosureSites``).
            let isSiteClosure = !level.keptWhole && followsCreation && !inCreationArguments && !followsWholeReadSite
            // A closure of a call whose argument a site read whole labels, in its arguments or after them.
            // (In top-level code too, where braces read as a member's.)
            if stack.last?.holdsWholeReadSite == true
                || wholeReadArgumentsEnd.map({ source.skipSpacesAndNewlines(from: $0 + 1) == index }) == true {
                level.keptWhole = true
            }
            if case .closure = opener, followsCreation || inCreationArguments {
                level.keptWhole = true
                level.site = inCreationArguments ? stack.last?.site : pendingSite
            }
            // In top-level code a site's braces read as a member's, not as a closure: a closure a reader reads
            // whole (``Marks/wholeClosureSites``) is kept whole there all the same.
            if followsCreation, !inCreationArguments, followsWholeReadSite { level.keptWhole = true }
            level.opener = opener
            level.savedLocal = localPending
            level.savedWord = lastWord
            if case .closure = opener { level.isSiteClosure = isSiteClosure }
            // A labelled closure a reader reads is kept whole although no site stands in it.
            if isLabelledClosure { level.isKeptForModifier = false }
            if pendingSwitchDepth == stack.count { pendingSwitchDepth = nil }
            if case .body(isVariable: false) = opener { level.function = pendingFunction }
            if wasAtMemberLevel { pendingFunction = nil }
            afterRepeatBody = false
            if followsCalls { callStarts.append(closureCallStart) }
            push(level)
            return Opening(level: level, atMemberLevel: wasAtMemberLevel, introducer: introducer, isLabelledClosure: isLabelledClosure)
        }

        /// `}` closes a level: the level, or nil when none is open.
        mutating func closeBrace(at index: Int) -> Level? {
            guard let top = pop() else { return nil }
            if followsCalls, let callStart = callStarts.popLast() { lastBrace = (callStart, index) }
            if top.isSiteClosure { creationEnd = index }
            if case .closure = top.opener, let site = top.site { siteClosures.append((top.start..<(index + 1), site)) }
            angleDepth = 0
            return top
        }

        /// After a `}` was handled.
        mutating func finishClosing(_ top: Level) {
            if atMemberLevel { pending = nil }
            afterRepeatBody = top.isRepeatBody
        }

        /// Where the call a closure opening at `index` is passed to begins (``Level/callStart``): the `(` it
        /// follows, the call's first trailing closure when it follows another with a label (`} label: {`), else
        /// `index` itself. Spaces and line breaks may stand between; anything else (a comment) ends the call.
        private func callStart(ofClosureAt index: Int) -> Int {
            var before = index - 1
            while before >= 0, CreationTokenScanner.isSpace(source[before]) { before -= 1 }
            if let lastParen, before == lastParen.end { return lastParen.start }
            guard before > 0, source[before] == UInt8(ascii: ":"), let lastBrace else { return index }
            before -= 1
            while before >= 0, source[before] == UInt8(ascii: " ") || source[before] == UInt8(ascii: "\t") { before -= 1 }
            let labelEnd = before
            while before >= 0, SourceBytes.isIdentifierByte(source[before]) { before -= 1 }
            guard before < labelEnd else { return index }
            while before >= 0, CreationTokenScanner.isSpace(source[before]) { before -= 1 }
            return before == lastBrace.end ? lastBrace.callStart : index
        }

        /// Whether the pending site's closure is read whole (``Marks/wholeClosureSites``).
        private var followsWholeReadSite: Bool { pendingSite != nil && pendingSiteReadsWhole }

        /// A line ends.
        mutating func newline() {
            // Generic argument lists rarely span lines; `a<b` comparisons must not add up.
            angleDepth = 0
            // `let x: T` ends here (`case let .a(x):` too); a computed `var x: T {` opens on its own line.
            if case .variable(sawEquals: false)? = localPending { localPending = nil }
            afterImport = false
        }

        /// `;` ends a statement or declaration.
        mutating func semicolon() {
            inPattern = false
            if atMemberLevel { pending = nil }
            localPending = nil
            creationDepth = nil
            angleDepth = 0
        }

        /// `=`: a variable's value follows (`var x = {`: a closure, not a computed property).
        mutating func equals(at index: Int) {
            inPattern = false
            let isAssignment = source.byte(index + 1) != UInt8(ascii: "=")
            if atMemberLevel, case .variable = pending, isAssignment { pending = .variable(sawEquals: true) }
            if case .variable? = localPending, isAssignment { localPending = .variable(sawEquals: true) }
            angleDepth = 0
        }

        /// `<` after a name opens a generic argument list (as far as nesting is counted); `>` closes one.
        mutating func angle(_ token: Token) {
            if token.byte == UInt8(ascii: "<") {
                if SourceBytes.isIdentifierByte(source.byte(token.start - 1)) {
                    angleDepth += 1
                    maximumDepth = max(maximumDepth, bracketDepth + angleDepth)
                }
            } else if angleDepth > 0 {
                angleDepth -= 1
            }
        }

        /// `:` ends a pattern.
        mutating func colon() { inPattern = false }

        /// Whether a `,` here separates the bindings of one member-level declaration.
        var isMemberLevelComma: Bool { atMemberLevel && angleDepth == 0 }

        /// `#if`, `#else`, …: a member-level declaration's introducer does not cross it.
        mutating func conditionDirective() {
            if atMemberLevel { pending = nil }
        }

        /// Whether a creation token starts in `range`; words are read in order, so a cursor into the sorted sites
        /// replaces a search per word.
        private mutating func isSite(_ range: Range<Int>) -> Bool {
            guard let sites = marks?.sites else { return false }
            while siteCursor < sites.count, sites[siteCursor] < range.lowerBound { siteCursor += 1 }
            return siteCursor < sites.count && sites[siteCursor] < range.upperBound
        }

        /// A word: a site, a function's name, and the keywords that say what the next `{` opens.
        mutating func word(_ token: Token) -> HeaderEffect {
            let wasAfterRepeatBody = afterRepeatBody
            afterRepeatBody = false
            let (start, end) = (token.start, token.end)
            if isSite(max(0, start - 1)..<end) {
                creationDepth = stack.count
                pendingSite = SiteHead(site: start, blockStart: stack.last { $0.opener.isBrace }.map { $0.start + 1 } ?? 0)
                // The token may start inside the word (`addTask`) or at the dot before it (`.task`).
                pendingSiteReadsWhole = marks?.readsClosureWhole(ofSiteIn: max(0, start - 1)..<end) ?? false
                // A site token labelling an argument (`register(forWhat: …) { … }`) whose closure is read whole:
                // its call's closures, in its arguments and after them, are read whole.
                if pendingSiteReadsWhole, case .paren? = topOpener, source.byte(source.skipSpaces(from: end)) == UInt8(ascii: ":") {
                    stack[stack.count - 1].holdsWholeReadSite = true
                }
            }
            if var function = pendingFunction, !function.nameRead {
                function.nameRead = true
                // The name follows `func` directly (not an operator or a backticked name).
                if !token.afterDot, source.skipSpaces(from: function.keywordEnd) == start { function.name = start..<end }
                pendingFunction = function
            }
            let length = end - start
            guard length >= 2, length <= 15 else {
                if !token.afterDot { lastWord = nil }
                return .none
            }
            lastWord = start..<end
            guard let keyword = token.keyword else { return .none }
            guard atMemberLevel else {
                return marks != nil ? localWord(keyword, at: token, wasAfterRepeatBody: wasAfterRepeatBody) : .none
            }
            switch keyword {
            case .class:
                // `protocol P: class {` stays a protocol.
                if case .type(isProtocol: true)? = pending { return .none }
                pending = .type(isProtocol: false)
                return .begin(member: true)
            case .struct, .enum, .actor, .extension:
                pending = .type(isProtocol: false)
                return .begin(member: true)
            case .protocol:
                pending = .type(isProtocol: true)
                return .begin(member: true)
            case .func, .`init`, .deinit, .subscript:
                pending = .function
                pendingFunction = keyword == .func ? PendingFunction(keywordEnd: end) : nil
                return .cancel
            case .var, .let:
                pending = .variable(sawEquals: false)
                return .cancel
            case .precedencegroup, .macro, .import, .typealias, .case, .associatedtype, .operator:
                pending = .other
                if keyword == .import { afterImport = true }
                return .cancel
            default:
                return .none
            }
        }


        /// Below member level: the words that decide whether the next `{` opens a closure.
        private mutating func localWord(_ keyword: Keyword, at token: Token, wasAfterRepeatBody: Bool) -> HeaderEffect {
            let next = source.byte(source.skipSpaces(from: token.end))
            // `for:` and `in:` are argument labels, not keywords.
            if next == UInt8(ascii: ":") { return .none }
            switch keyword {
            case .while:
                // `repeat { … } while x` ends a statement; it opens no body.
                if !wasAfterRepeatBody { localPending = .statement(isRepeat: false) }
            case .repeat:
                localPending = .statement(isRepeat: true)
            case .if, .guard, .for, .switch, .do, .catch, .else, .defer:
                localPending = .statement(isRepeat: false)
                if keyword == .switch { pendingSwitchDepth = stack.count }
                if keyword == .catch { inPattern = true }
            case .case:
                inPattern = true
            case .in:
                inPattern = false
            case .class, .struct, .enum, .actor, .protocol, .extension:
                localPending = .declaration
                return .begin(member: false)
            case .func, .macro:
                localPending = .declaration
                return .cancel
            case .get, .set, .willSet, .didSet, .`init`, .deinit, .subscript, ._read, ._modify:
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "(") { localPending = .declaration }
            case .let, .var:
                if localPending == nil { localPending = .variable(sawEquals: false) }
            default:
                break
            }
            return .none
        }
    }
}
