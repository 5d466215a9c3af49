extension SourceMask {
    /// The byte-level lexer of ``SourceMask``: tracks brackets, at member level (file level or directly in a
    /// type's braces) which declaration a `{` opens, and below it which braces open a closure.
    struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        let mode: Mode
        var blanked: [Range<Int>] = []
        private(set) var maximumDepth = 0
        private(set) var maximumSquareDepth = 0
        private var squareDepth = 0
        var stack: [Level] = []
        private var bracketDepth = 0
        private var angleDepth = 0
        private var pending: Introducer?
        var localPending: LocalIntroducer?
        /// Where the last word read at this level stands (the modifier a closure is passed to: `.onChange(of: x) {`).
        private var lastWord: Range<Int>?
        /// The stack depth of the last creation token read, until a `{` at that level takes it.
        private var creationDepth: Int?
        /// Open closures kept whole.
        var keptWholeDepth = 0
        /// The last thing read closed a `repeat` body.
        private var afterRepeatBody = false
        private var previous = Previous.other
        var index = 0
        /// Which type bodies nothing reads (``Marks`` mode only).
        private var skeleton = TypeSkeleton()
        /// On an `import` line.
        private var afterImport = false
        /// After `func`/`init`/`subscript` at member level (``Marks`` mode): the next `(` opens its parameters,
        /// whose inside is remembered until its body opens.
        private var awaitingParameters = false
        private var parameters: Range<Int>?
        /// The pending member is a `func` or `init` (not a `subscript`, whose result type the parser needs).
        private var parametersHaveTail = false
        // The state below without `private` is also read and set by the trims in SourceMaskDeclarationTrim.swift.
        /// A stored property being read at member level (``Marks`` mode).
        var storedProperty = StoredProperty.none
        /// The attributes and modifiers read before the next member of a type (``Marks`` mode), the `@` of an
        /// attribute whose name comes next, a piece whose `(…)` comes next, and the pieces of the member whose
        /// keyword was read (``SourceMaskDeclarationTrim``).
        var prefix: [Range<Int>] = []
        var attributeStart: Int?
        var pendingPieceStart: Int?
        var declarationPrefix: [Range<Int>] = []
        /// After `case` or `catch` below member level, until its `:`, `=`, `in` or `{`: parentheses there are
        /// patterns binding names (`case let .loaded(feed)`), not calls.
        private var inPattern = false
        /// Lint, not `fix` (which reads a task's closure and what stands around a site to name it): leaf
        /// statements in a task's closure keep their first name (``SourceMaskLeafStatements``), and standalone
        /// modifiers go. Leaf statements beside a site and members nothing names (``SourceMaskUnreadMembers``)
        /// go in both: `fix` reads only the code around a site, not beside it.
        let lintTrims: Bool
        /// Open member bodies (functions, accessors, computed properties), and tasks' trailing closures.
        var bodyDepth = 0
        var taskClosureDepth = 0
        /// The statement read in the innermost braces (below member level).
        var statement: Statement?
        /// Blanked statements and the names they call.
        var statementCalls: [(range: Range<Int>, calls: [UInt64], uses: [UInt64])] = []
        /// Names declared with `var`/`let` directly in a type's braces (its properties), with `func` too (its
        /// members), and names bound to `self` (`let strongSelf = self`).
        var propertyNames = WordSet()
        var memberNames = WordSet()
        var selfAliases = WordSet()
        /// The next word is declared (after `var`, `let`, or a member-level comma), or is a function's name.
        var declaresNext = false
        var namesFunctionNext = false
        /// The member whose `func`/`var`/`let` was read last, and the members trimmed to their names.
        var pendingMember: PendingMember?
        /// Where the last task's closure or arguments closed: a modifier there is read (`Task { … }.store(in:)`).
        var creationEnd: Int?
        /// Where the last argument list holding `forTaskWithIdentifier` closed (``Level/holdsBackgroundSite``).
        var backgroundArgumentsEnd: Int?
        var trimmedMembers: [TrimmedMember] = []
        /// The closures of sites (a task's trailing closure, closures in its arguments) and their sites, in the
        /// order they close: the rules look members up by the bare names used there (``SourceMaskUnreadMembers``).
        var siteClosures: [(closure: Range<Int>, site: SiteHead)] = []
        /// The last creation token read, until its closures open.
        var pendingSite: SiteHead?
        /// The first site not before the last word read (``isSite(_:)``).
        private var siteCursor = 0
        /// The last `func` read at member level, until its body opens.
        private var pendingFunction: PendingFunction?
        /// The compound statement being read, and those read whole (``SourceMaskCompoundStatements``).
        var compound: Compound?
        var finishedCompounds: [FinishedCompound] = []
        /// Leaf statements trimmed to their names that may go whole (``SourceMaskLeafStatements``).
        var removableRemnants: [(whole: Range<Int>, headEnd: Int, binding: UInt64?)] = []
        /// The case of a switch being read, and the depth of a `switch` whose braces come next.
        var caseSection: Compound?
        private var pendingSwitchDepth: Int?

        init(bytes: UnsafeBufferPointer<UInt8>, mode: Mode) {
            self.bytes = bytes
            self.mode = mode
            if case .marks(let marks) = mode { self.marks = marks } else { marks = nil }
            lintTrims = marks.map { !$0.keepsNamingContext } ?? false
            hasMarks = marks.map { _ in true } ?? false
            trimsDeclarations = hasMarks
        }

        /// The marks of ``Mode/marks(_:)`` (stored: asked for at every byte).
        let marks: Marks?
        /// Whether there are marks: asked at every byte, where `marks != nil` would pick `Optional`'s `==` for
        /// an `Equatable` wrapped type and copy the marks' arrays each time (half of the pass's time).
        let hasMarks: Bool

        /// Members without a site are trimmed to their names (``Marks`` mode: `lint` and `fix`).
        let trimsDeclarations: Bool

        func byte(_ offset: Int) -> UInt8 { offset >= 0 && offset < bytes.count ? bytes[offset] : 0 }

        private func isLastWord(_ word: StaticString) -> Bool {
            guard let lastWord, lastWord.count == word.utf8CodeUnitCount else { return false }
            return matches(lastWord.lowerBound, word)
        }

        /// ``expressionKeywords`` and ``trimmedModifiers`` by ``wordHash(_:)``: most keywords are neither, and a
        /// hash is compared before a string is looked up.
        static let expressionKeywordHashes = WordSet(expressionKeywords.map(wordHash))
        static let trimmedModifierHashes = WordSet(trimmedModifiers.map(wordHash))

        /// Every word ``word()`` acts on (by ``wordHash(_:)``; a collision only makes a string to compare).
        static let lexerKeywords = WordSet((expressionKeywords.union(trimmedModifiers).union([
            "while", "repeat", "if", "guard", "for", "switch", "do", "catch", "else", "defer", "case", "in", "class",
            "struct", "enum", "actor", "protocol", "extension", "func", "macro", "get", "set", "willSet", "didSet",
            "init", "deinit", "subscript", "_read", "_modify", "let", "var", "precedencegroup", "import", "typealias",
            "associatedtype", "operator",
        ])).map(wordHash))

        /// At file level or directly inside a type's braces, outside brackets.
        var atMemberLevel: Bool {
            guard let opener = topOpener else { return true }
            if case .typeBody = opener { return true }
            return false
        }

        /// The innermost level's opener, read without copying the level (asked at every byte and word; a level
        /// holds arrays, which a copy retains).
        var topOpener: Opener? {
            stack.isEmpty ? nil : stack[stack.count - 1].opener
        }

        /// Lexes the whole buffer; the reason it gave up, or nil.
        mutating func run() -> Uncertainty? {
            if byte(0) == UInt8(ascii: "#"), byte(1) == UInt8(ascii: "!") { index = skipLine(from: 0) }
            while index < bytes.count {
                let current = bytes[index]
                if hasMarks, current > 0x20 { noteStatementToken(current) }
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    index += 1
                    continue
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if compound != nil { noteCompoundNewline() }
                    if statement != nil { noteStatementNewline() }
                    if case .trimming(let start) = storedProperty, atMemberLevel { finishStoredProperty(from: start) }
                    // Generic argument lists rarely span lines; `a<b` comparisons must not add up.
                    angleDepth = 0
                    // `let x: T` ends here (`case let .a(x):` too); a computed `var x: T {` opens on its own line.
                    if case .variable(sawEquals: false)? = localPending { localPending = nil }
                    afterImport = false
                    index += 1
                    continue
                case UInt8(ascii: "/"):
                    if byte(index + 1) == UInt8(ascii: "/") {
                        let end = skipLine(from: index)
                        blankComment(index..<end)
                        index = end
                        continue
                    }
                    if byte(index + 1) == UInt8(ascii: "*") {
                        guard let end = Self.skipBlockComment(bytes, from: index) else { return .unterminatedLiteral }
                        blankComment(index..<end)
                        index = end
                        continue
                    }
                    if let failure = slash() { return failure }
                    continue
                case UInt8(ascii: "\""):
                    guard let end = Self.skipString(bytes, from: index, hashes: 0) else { return .unterminatedLiteral }
                    noteStatementString(index..<end)
                    noteString()
                    noteStoredPropertyString(index..<end)
                    index = end
                    previous = .operand
                    continue
                case UInt8(ascii: "#"):
                    if let failure = hash() { return failure }
                    continue
                case UInt8(ascii: "`"):
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                    guard byte(end) == UInt8(ascii: "`") else { return .unexpectedCharacter }
                    if case .awaitingName = storedProperty { storedProperty = .none }
                    if skeleton.isReadingHeader {
                        skeleton.read(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
                    }
                    index = end + 1
                    previous = .operand
                    continue
                case UInt8(ascii: "'"):
                    return .unexpectedCharacter
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    var level = Level(opener: current == UInt8(ascii: "(") ? .paren : .bracket, start: index,
                                      savedLocal: localPending, savedWord: lastWord)
                    level.argumentsOfCreation = current == UInt8(ascii: "(") && creationDepth == stack.count
                    if level.argumentsOfCreation { level.site = pendingSite }
                    if let outer = stack.last { level.inCreationArguments = outer.argumentsOfCreation || outer.inCreationArguments }
                    if current == UInt8(ascii: "("), let marks, !marks.keepsNamingContext, !atMemberLevel, keptWholeDepth == 0,
                       !inPattern, !level.argumentsOfCreation, !level.inCreationArguments {
                        level.blanksArguments = callsWithArguments(at: index)
                    }
                    level.isParameters = awaitingParameters && current == UInt8(ascii: "(") && atMemberLevel
                    // `var (a, b) = …`: a pattern, not a name.
                    if case .awaitingName = storedProperty { storedProperty = .none }
                    level.prefixPieceStart = current == UInt8(ascii: "(") ? pendingPieceStart : nil
                    pendingPieceStart = nil
                    awaitingParameters = false
                    skeleton.endName()
                    push(level)
                    bracketDepth += 1
                    if current == UInt8(ascii: "[") {
                        squareDepth += 1
                        maximumSquareDepth = max(maximumSquareDepth, squareDepth)
                    }
                    maximumDepth = max(maximumDepth, bracketDepth + angleDepth)
                    previous = .other
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    guard let top = pop() else { return .unbalancedBrackets }
                    switch (top.opener, current) {
                    case (.paren, UInt8(ascii: ")")), (.bracket, UInt8(ascii: "]")): break
                    default: return .unbalancedBrackets
                    }
                    bracketDepth -= 1
                    if current == UInt8(ascii: "]") { squareDepth -= 1 }
                    if top.isParameters { parameters = (top.start + 1)..<index }
                    if top.argumentsOfCreation { creationEnd = index }
                    if top.holdsBackgroundSite { backgroundArgumentsEnd = index }
                    if top.blanksArguments {
                        // `Text(verbatim: title)`, `.padding(.horizontal, 16)`: arguments nothing reads.
                        let arguments = (top.start + 1)..<index
                        if let modifier = standaloneModifier(open: top.start, close: index) {
                            blank(modifier)
                        } else if arguments.count >= 3, isBlankableArgumentList(arguments), let marks,
                           !marks.hasSite(in: arguments), !marks.hasKept(in: arguments) {
                            blank(arguments)
                        }
                    }
                    if let pieceStart = top.prefixPieceStart { prefix.append(pieceStart..<(index + 1)) }
                    previous = .operand
                case UInt8(ascii: "{"):
                    openBrace()
                case UInt8(ascii: "}"):
                    if let failure = closeBrace() { return failure }
                case UInt8(ascii: ";"):
                    finishStatement(at: index)
                    if atMemberLevel { pendingMember = nil }
                    inPattern = false
                    storedProperty = .none
                    forgetPrefix()
                    if atMemberLevel { pending = nil }
                    skeleton.cancelHeader()
                    forgetParameters()
                    localPending = nil
                    creationDepth = nil
                    angleDepth = 0
                    previous = .other
                case UInt8(ascii: "="):
                    inPattern = false
                    let isAssignment = byte(index + 1) != UInt8(ascii: "=")
                    if atMemberLevel, case .variable = pending, isAssignment {
                        pending = .variable(sawEquals: true)
                    }
                    if case .variable? = localPending, isAssignment { localPending = .variable(sawEquals: true) }
                    skeleton.endName()
                    angleDepth = 0
                    previous = .other
                case UInt8(ascii: "<"):
                    if Self.isIdentifierByte(byte(index - 1)) {
                        angleDepth += 1
                        maximumDepth = max(maximumDepth, bracketDepth + angleDepth)
                    }
                    skeleton.endName()
                    previous = .other
                case UInt8(ascii: ">"):
                    if angleDepth > 0 { angleDepth -= 1 }
                    previous = .other
                case UInt8(ascii: "."):
                    previous = .dot
                case UInt8(ascii: "!"), UInt8(ascii: "?"):
                    // Postfix after an operand (`x!`, `y?`) keeps the operand; otherwise an operator.
                    if !(Self.isIdentifierByte(byte(index - 1)) || [UInt8(ascii: ")"), UInt8(ascii: "]")].contains(byte(index - 1))) {
                        previous = .other
                    }
                default:
                    if Self.isIdentifierByte(current) {
                        word()
                        continue
                    }
                    if current == UInt8(ascii: "@"), trimsDeclarations, inTypeBody,
                       startsPrefix(at: index, previousPieceEnd: prefix.last?.upperBound) {
                        attributeStart = index
                    }
                    // `:`, `,` and operators end a type's name.
                    skeleton.endName()
                    if current == UInt8(ascii: ":") { inPattern = false }
                    // `var a = 1, b = 2`: several bindings are left whole.
                    if current == UInt8(ascii: ","), atMemberLevel, angleDepth == 0 {
                        storedProperty = .none
                        declaresNext = true
                    }
                    previous = .other
                }
                index += 1
            }
            guard stack.isEmpty else { return .unbalancedBrackets }
            if hasMarks {
                keepStatementsCallingDeclaredNames()
                leaveOutLeafRemnants()
                blankCompoundStatements()
                blanked = skeleton.finish(blanked: blanked)
                leaveOutUnreadMembers()
            }
            return nil
        }

        /// Enters a level: the new level starts with nothing pending.
        private mutating func push(_ level: Level) {
            stack.append(level)
            localPending = nil
            lastWord = nil
            if level.keptWhole { keptWholeDepth += 1 }
            if level.isTaskClosure { taskClosureDepth += 1 }
            if case .body = level.opener { bodyDepth += 1 }
        }

        /// Leaves a level, restoring what the enclosing level had pending.
        private mutating func pop() -> Level? {
            guard let top = stack.popLast() else { return nil }
            localPending = top.savedLocal
            lastWord = top.savedWord
            if top.keptWhole { keptWholeDepth -= 1 }
            if top.isTaskClosure { taskClosureDepth -= 1 }
            if case .body = top.opener { bodyDepth -= 1 }
            if let depth = creationDepth, depth > stack.count { creationDepth = nil }
            return top
        }

        /// In ``Marks`` mode, a comment at member level (file headers, documentation) is not parsed: the
        /// suppression directives are read from the source, not from the tree.
        private mutating func blankComment(_ range: Range<Int>) {
            guard hasMarks, atMemberLevel, range.count >= 2 else { return }
            // Already covered (a comment after a blanked `import`).
            if let last = blanked.last, last.upperBound >= range.upperBound { return }
            blanked.append(range)
        }

        private mutating func openBrace() {
            angleDepth = 0
            inPattern = false
            var opener = Opener.otherBrace
            var isRepeatBody = false
            var isLocalDeclaration = false
            var isAccessor = false
            var isKeptForModifier = false
            var isDefer = false
            var isSwitchBody = false
            var keptWhole = false
            let followsCreation = creationDepth == stack.count
            let inCreationArguments = stack.last?.argumentsOfCreation == true
            if creationDepth == stack.count { creationDepth = nil }
            var annotation: Range<Int>?
            if atMemberLevel {
                // A computed property, observers, or a closure as the value: not a plain stored property.
                if case .trimming(let start) = storedProperty, case .variable(sawEquals: false)? = pending,
                   byte(start) == UInt8(ascii: ":") {
                    annotation = start..<index
                }
                storedProperty = .none
                switch pending {
                case .type(let isProtocol)?: opener = .typeBody(isProtocol: isProtocol)
                case .function?: opener = .body(isVariable: false)
                case .variable(sawEquals: false)?: opener = .body(isVariable: true)
                case .variable(sawEquals: true)?: if hasMarks { opener = .closure }
                default: break
                }
                pending = nil
            } else if let marks {
                switch localPending {
                case .statement(let isRepeat)?:
                    isRepeatBody = isRepeat
                    isDefer = isLastWord("defer")
                    isSwitchBody = pendingSwitchDepth == stack.count
                case .declaration?, .variable(sawEquals: false)?:
                    isLocalDeclaration = true
                    isAccessor = isLastWord("get") || isLastWord("set") || isLastWord("willSet") || isLastWord("didSet")
                case .variable(sawEquals: true)?, nil:
                    opener = .closure
                }
                localPending = nil
                let word = stack.last.map { if case .paren = $0.opener { return $0.savedWord } else { return lastWord } } ?? lastWord
                if let word, !marks.wholeClosureWords.isEmpty,
                   marks.wholeClosureWords.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self)) {
                    keptWhole = true
                    isKeptForModifier = true
                }
                // `fix` names a control's task after its `label:` closure.
                if marks.keepsNamingContext, isLastWord("label") { keptWhole = true }
            }
            // A task's trailing closure (not one passed in its arguments, whose text a record keeps). A background
            // task's launch handler (`register(forTaskWithIdentifier:…) { task in … }`, `.backgroundTask(…) { … }`)
            // is read whole by the background rules (what it calls, hands the task to, awaits).
            let isTaskClosure = !keptWhole && followsCreation && !inCreationArguments && !followsBackgroundSite
            // A launch handler passed to `register(forTaskWithIdentifier:…)`, in its arguments or after them.
            // (In top-level code too, where the lexer reads braces as a member's.)
            if stack.last?.holdsBackgroundSite == true
                || backgroundArgumentsEnd.map({ skipSpacesAndNewlines(from: $0 + 1) == index }) == true {
                keptWhole = true
            }
            var site: SiteHead?
            if case .closure = opener, followsCreation || inCreationArguments {
                keptWhole = true
                site = inCreationArguments ? stack.last?.site : pendingSite
            }
            var level = Level(opener: opener, start: index, savedLocal: localPending, savedWord: lastWord)
            level.keptWhole = keptWhole
            level.site = site
            if case .closure = opener { level.isTaskClosure = isTaskClosure }
            level.isRepeatBody = isRepeatBody
            level.isLocalDeclaration = isLocalDeclaration
            level.isAccessor = isAccessor
            // `fix` keeps a `label:` closure whole although no site stands in it.
            level.isKeptForModifier = isKeptForModifier && !(marks?.keepsNamingContext == true && isLastWord("label"))
            level.isDefer = isDefer
            level.isSwitchBody = isSwitchBody
            if pendingSwitchDepth == stack.count { pendingSwitchDepth = nil }
            if case .body(isVariable: false) = opener {
                level.function = pendingFunction
                level.parameters = parameters
                level.trimsSignatureTail = parametersHaveTail && trimsDeclarations
            }
            if case .body(isVariable: true) = opener { level.annotation = annotation }
            if atMemberLevel {
                if case .body = opener { level.member = pendingMember }
                pendingMember = nil
                pendingFunction = nil
                if case .body = opener, level.trimsSignatureTail || level.annotation != nil { level.prefix = declarationPrefix }
                declarationPrefix = []
                forgetPrefix()
            }
            forgetParameters()
            if hasMarks {
                level.type = skeleton.takeHeader()
                if case .typeBody = opener, level.type == nil { level.type = TypeSkeleton.Header(words: []) }
            }
            afterRepeatBody = false
            if compound != nil || caseSection != nil {
                var isClosure = false
                if case .closure = opener { isClosure = true }
                noteCompoundBrace(isClosure: isClosure)
            }
            // A statement holding braces is left whole; it goes on once they close.
            statement?.blankable = false
            level.savedStatement = statement
            statement = nil
            push(level)
            previous = .other
        }

        private mutating func closeBrace() -> Uncertainty? {
            finishStatement(at: index)
            if caseSection != nil { finishCaseSection(at: index) }
            guard let top = pop() else { return .unbalancedBrackets }
            statement = top.savedStatement
            if let current = compound, current.depth > stack.count { compound = nil }
            if let current = caseSection, current.depth > stack.count { caseSection = nil }
            if top.isTaskClosure { creationEnd = index }
            if case .closure = top.opener, let site = top.site { siteClosures.append((top.start..<(index + 1), site)) }
            noteBracesClosing(top, inside: (top.start + 1)..<index)
            angleDepth = 0
            storedProperty = .none
            forgetPrefix()
            let inside = (top.start + 1)..<index
            if let header = top.type, let marks { closeType(header, opener: top.opener, inside: inside, marks: marks) }
            switch top.opener {
            case .paren, .bracket:
                return .unbalancedBrackets
            case .body(let isVariable):
                let inProtocol: Bool
                if let outer = stack.last, case .typeBody(let isProtocol) = outer.opener { inProtocol = isProtocol } else { inProtocol = false }
                let blankable = !inProtocol && inside.count >= SourceMask.minimumBlankedLength && !(isVariable && hasObservers(inside))
                // ``MemberBody`` mode hears of every body (a short one names what its function calls too).
                if !blankable, case .memberBodies(let keep) = mode { _ = keep(bytes, memberBody(inside, of: top, isBlankable: false)) }
                if blankable, !keeps(inside, body: top) {
                    blankPrefix(top.prefix)
                    // Nothing reads the parameters of a function without a site (frames are labelled only
                    // where a site is): `func load(   ) async throws -> Feed {   }`.
                    if let parameters = top.parameters {
                        if !parameters.isEmpty, !keeps(parameters) { blank(parameters) }
                        // `) async throws -> Feed where T: P {`: nothing reads the signature of a function without a site.
                        let tail = (parameters.upperBound + 1)..<top.start
                        if top.trimsSignatureTail, tail.count > 1, !keeps(tail) { blank(tail) }
                    }
                    // `var title: String {   }` reads as `var title {   }`: only the name is looked up.
                    if let annotation = top.annotation, !keeps(annotation) { blank(annotation) }
                    // A function's or initializer's body goes with its braces: `func load(   )`.
                    blank(top.trimsSignatureTail ? top.start..<(index + 1) : inside)
                    noteTrimmedMember(top.member, end: index + 1)
                } else {
                    keepWholeIfRead(inside)
                }
            case .closure:
                if !top.keptWhole || top.isKeptForModifier, keptWholeDepth == 0 {
                    blankUnlessRead(inside)
                } else {
                    keepWholeIfRead(inside)
                }
            case .otherBrace where top.isAccessor && keptWholeDepth == 0 && isMemberVariableBraces(stack.count - 1):
                // An accessor of a member property is a frame of its own, like a member function's body.
                blankUnlessRead(inside)
            default:
                break
            }
            if atMemberLevel { pending = nil }
            forgetParameters()
            afterRepeatBody = top.isRepeatBody
            previous = .operand
            return nil
        }

        /// Whether the pending site is a background task's (`forTaskWithIdentifier`, `backgroundTask(`): the
        /// token scan finds both at their `Task`.
        private var followsBackgroundSite: Bool {
            guard let site = pendingSite?.site else { return false }
            return (site >= 3 && matches(site - 3, "for")) || (site >= 10 && matches(site - 10, "background"))
        }

        /// Blanks braces below member level (a closure, an accessor) that are long enough and hold no site, kept
        /// token or observer; else keeps them whole if a rule reads them.
        private mutating func blankUnlessRead(_ inside: Range<Int>) {
            if inside.count >= SourceMask.minimumBlankedLength, !hasObservers(inside), let marks, !marks.hasSite(in: inside),
               !marks.hasKept(in: inside) {
                blank(inside)
            } else {
                keepWholeIfRead(inside)
            }
        }

        /// Whether the level at `position` is the braces of a member property (computed, or with observers).
        private func isMemberVariableBraces(_ position: Int) -> Bool {
            guard position >= 0, position < stack.count else { return false }
            if position > 0 {
                guard case .typeBody = stack[position - 1].opener else { return false }
            }
            switch stack[position].opener {
            case .body(isVariable: true), .closure: return true
            default: return false
            }
        }

        /// Type braces close: ``TypeSkeleton`` records them, the enclosing type inherits their words (and their
        /// string constants when they are its member).
        private mutating func closeType(_ header: TypeSkeleton.Header, opener: Opener, inside: Range<Int>, marks: Marks) {
            var candidate: (isProtocol: Bool, isMemberOfType: Bool)?
            if case .typeBody(let isProtocol) = opener {
                var isMemberOfType = false
                if let outer = stack.last, case .typeBody = outer.opener { isMemberOfType = true }
                candidate = (isProtocol, isMemberOfType)
            }
            let inherited = skeleton.close(header, inside: inside, holdsSite: marks.hasSite(in: inside),
                                           holdsKept: marks.hasKept(in: inside), candidate: candidate)
            guard let outer = stack.lastIndex(where: { $0.type != nil }) else { return }
            stack[outer].type?.nestedWords.formUnion(inherited.words)
            if inherited.holdsString { stack[outer].type?.holdsString = true }
        }

        private mutating func forgetParameters() {
            awaitingParameters = false
            parameters = nil
        }

        /// A string literal among a type's members may be a constant the background rules read.
        private mutating func noteString() {
            guard hasMarks, let top = stack.last, case .typeBody = top.opener, top.type != nil else { return }
            stack[stack.count - 1].type?.holdsString = true
        }

        /// Whether `inside` holds `didSet` or `willSet` (found once per file in ``Marks`` mode: nested closures
        /// would otherwise be scanned once per level).
        private func hasObservers(_ inside: Range<Int>) -> Bool {
            if let marks { return marks.hasObservers(in: inside) }
            return ["didSet", "willSet"].contains { CreationTokenScanner.contains(bytes, Array($0.utf8), from: inside.lowerBound, to: inside.upperBound) }
        }

        /// Whether a member body (`body`, whose braces hold `inside`), or a range of one, holds something that
        /// must be parsed.
        func keeps(_ inside: Range<Int>, body: Level? = nil) -> Bool {
            switch mode {
            case .memberBodies(let keep):
                return keep(bytes, memberBody(inside, of: body, isBlankable: true))
            case .marks(let marks):
                return marks.hasSite(in: inside) || marks.hasKept(in: inside)
            }
        }

        /// What ``Mode/memberBodies(keep:)`` is told of a member body.
        private func memberBody(_ inside: Range<Int>, of level: Level?, isBlankable: Bool) -> SourceMask.MemberBody {
            SourceMask.MemberBody(inside: inside, isFunction: level?.function != nil, name: level?.function?.name, isBlankable: isBlankable,
                                  keyword: level?.function.map { $0.keywordEnd - 4 })
        }

        /// Blanks `inside`, which covers anything blanked in it before.
        mutating func blank(_ inside: Range<Int>) {
            while let last = blanked.last, last.lowerBound >= inside.lowerBound { blanked.removeLast() }
            blanked.append(inside)
        }

        /// A body or closure holding a rule's kept token is read whole by that rule: nothing in it is blanked.
        private mutating func keepWholeIfRead(_ inside: Range<Int>) {
            guard let marks, marks.hasKeptWhole(in: inside) else { return }
            while let last = blanked.last, last.lowerBound >= inside.lowerBound { blanked.removeLast() }
            removableRemnants.removeAll { $0.whole.lowerBound >= inside.lowerBound }
            finishedCompounds.removeAll { $0.range.lowerBound >= inside.lowerBound }
        }

        /// Whether a creation token starts in `range`; words are read in order, so a cursor into the sorted sites
        /// replaces a search per word.
        private mutating func isSite(_ range: Range<Int>) -> Bool {
            guard let sites = marks?.sites else { return false }
            while siteCursor < sites.count, sites[siteCursor] < range.lowerBound { siteCursor += 1 }
            return siteCursor < sites.count && sites[siteCursor] < range.upperBound
        }

        /// An identifier or keyword (or a number): declaration introducers matter at member level, statement
        /// keywords below it.
        private mutating func word() {
            let start = index
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            let afterDot = previous == .dot
            let wasAfterRepeatBody = afterRepeatBody
            afterRepeatBody = false
            previous = .operand
            if isSite(max(0, start - 1)..<index) {
                creationDepth = stack.count
                pendingSite = SiteHead(site: start, blockStart: stack.last { $0.opener.isBrace }.map { $0.start + 1 } ?? 0)
                if index - start == 21, matches(start, "forTaskWithIdentifier"), case .paren? = topOpener {
                    stack[stack.count - 1].holdsBackgroundSite = true
                }
            }
            if var function = pendingFunction, !function.nameRead {
                function.nameRead = true
                // The name follows `func` directly (not an operator or a backticked name).
                if !afterDot, skipSpaces(from: function.keywordEnd) == start { function.name = start..<index }
                pendingFunction = function
            }
            // Hashed once: the statement trims and the keyword test below compare hashes, not strings.
            let hash = Self.wordHash(bytes, start..<index)
            if hasMarks { noteStatementWord(start, afterDot: afterDot, hash: hash) }
            if hasMarks, atMemberLevel { noteMemberWord(start) }
            if case .awaitingName = storedProperty { storedProperty = trimmingStart(afterName: index) }
            if let attribute = attributeStart {
                attributeStart = nil
                // `@Dependency<Intent>(\.$value)`: a generic attribute is left whole.
                if attribute + 1 == start, byte(index) != UInt8(ascii: "<") { addPrefixPiece(attribute..<index) }
            } else if afterDot, let last = prefix.last, bytes[last.lowerBound] == UInt8(ascii: "@"), last.upperBound + 1 == start {
                // `@FocusState.Binding`: the attribute's name goes on.
                prefix.removeLast()
                addPrefixPiece(last.lowerBound..<index)
            }
            if skeleton.isReadingHeader {
                skeleton.read(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
            let length = index - start
            guard length >= 2, length <= 15 else {
                if !afterDot { lastWord = nil }
                return
            }
            lastWord = start..<index
            // Only keywords matter below: other words (most of them) are not made into strings.
            guard !afterDot, Self.lexerKeywords.contains(hash) else { return }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if Self.expressionKeywordHashes.contains(hash), Self.expressionKeywords.contains(text) { previous = .other }
            guard atMemberLevel else {
                if hasMarks { localWord(text, wasAfterRepeatBody: wasAfterRepeatBody) }
                return
            }
            if trimsDeclarations, inTypeBody, Self.trimmedModifierHashes.contains(hash), Self.trimmedModifiers.contains(text),
               startsPrefix(at: start, previousPieceEnd: prefix.last?.upperBound) {
                addPrefixPiece(start..<index)
                return
            }
            switch text {
            case "class":
                pendingMember = nil
                // `protocol P: class {` stays a protocol.
                if case .type(isProtocol: true)? = pending { break }
                pending = .type(isProtocol: false)
                if hasMarks, !afterImport { skeleton.beginHeader(declarationStart: removableDeclarationStart(keyword: start)) }
            case "struct", "enum", "actor", "extension":
                pendingMember = nil
                forgetPrefix()
                pending = .type(isProtocol: false)
                if hasMarks, !afterImport { skeleton.beginHeader(declarationStart: removableDeclarationStart(keyword: start)) }
            case "protocol":
                pendingMember = nil
                forgetPrefix()
                pending = .type(isProtocol: true)
                if hasMarks, !afterImport { skeleton.beginHeader(declarationStart: removableDeclarationStart(keyword: start)) }
            case "func", "init", "deinit", "subscript":
                if text == "subscript" { pendingMember = nil }
                pending = .function
                pendingFunction = text == "func" ? PendingFunction(keywordEnd: index) : nil
                skeleton.cancelHeader()
                forgetParameters()
                awaitingParameters = hasMarks
                parametersHaveTail = text == "func" || text == "init"
                declarationPrefix = parametersHaveTail ? prefix : []
                forgetPrefix()
            case "var", "let":
                pending = .variable(sawEquals: false)
                skeleton.cancelHeader()
                forgetParameters()
                declarationPrefix = prefix
                forgetPrefix()
                // Only in a type's braces: at file level, `let x = handle` in top-level code is a statement.
                if trimsDeclarations, let top = stack.last, case .typeBody(isProtocol: false) = top.opener {
                    storedProperty = .awaitingName
                }
            case "precedencegroup", "macro", "import", "typealias", "case", "associatedtype", "operator":
                pendingMember = nil
                forgetPrefix()
                pending = .other
                skeleton.cancelHeader()
                // `import class UIKit.UIView` names no type of this file.
                if text == "import" {
                    afterImport = true
                    if trimsDeclarations, stack.isEmpty { blankImport(at: start) }
                }
            default: break
            }
        }

        /// Below member level: the words that decide whether the next `{` opens a closure.
        private mutating func localWord(_ text: String, wasAfterRepeatBody: Bool) {
            let next = byte(skipSpaces(from: index))
            // `for:` and `in:` are argument labels, not keywords.
            if next == UInt8(ascii: ":") { return }
            switch text {
            case "while":
                // `repeat { … } while x` ends a statement; it opens no body.
                if !wasAfterRepeatBody { localPending = .statement(isRepeat: false) }
            case "repeat":
                localPending = .statement(isRepeat: true)
            case "if", "guard", "for", "switch", "do", "catch", "else", "defer":
                localPending = .statement(isRepeat: false)
                if text == "switch" { pendingSwitchDepth = stack.count }
                if text == "catch" { inPattern = true }
            case "case":
                inPattern = true
            case "in":
                inPattern = false
            case "class", "struct", "enum", "actor", "protocol", "extension":
                localPending = .declaration
                skeleton.beginHeader()
            case "func", "macro":
                localPending = .declaration
                skeleton.cancelHeader()
            case "get", "set", "willSet", "didSet", "init", "deinit", "subscript", "_read", "_modify":
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "(") { localPending = .declaration }
            case "let", "var":
                if localPending == nil { localPending = .variable(sawEquals: false) }
            default:
                break
            }
        }

        /// `#if`/`#else`/`#endif` (member boundaries), raw strings `#"…"#`, extended regex `#/…/#`, macros.
        private mutating func hash() -> Uncertainty? {
            var hashes = 0
            while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
            let next = byte(index + hashes)
            if next == UInt8(ascii: "\"") {
                guard let end = Self.skipString(bytes, from: index + hashes, hashes: hashes) else { return .unterminatedLiteral }
                noteString()
                storedProperty = .none
                index = end
                previous = .operand
                return nil
            }
            if next == UInt8(ascii: "/") {
                guard let end = Self.skipExtendedRegex(bytes, from: index + hashes + 1, hashes: hashes) else { return .unterminatedLiteral }
                index = end
                previous = .operand
                return nil
            }
            index += hashes
            if hashes == 1, Self.isIdentifierByte(next) {
                let start = index
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                let directive = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                storedProperty = .none
                forgetPrefix()
                if ["if", "elseif", "else", "endif"].contains(directive) {
                    if atMemberLevel { pending = nil }
                    skeleton.loseHeader()
                    previous = .other
                } else {
                    previous = .operand
                }
            }
            return nil
        }

        /// A `/` that is not a comment: division (after an operand) or, where an expression starts, a regex
        /// literal ending on the same line. A regex holding a brace or quote is too risky to guess about.
        private mutating func slash() -> Uncertainty? {
            let next = byte(index + 1)
            if previous == .operand || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "=")
                || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                index += 1
                previous = .other
                return nil
            }
            var end = index + 1
            var inClass = false
            var risky = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                let current = bytes[end]
                if current == UInt8(ascii: "\\") { end += 2; continue }
                if [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(current) { risky = true }
                if current == UInt8(ascii: "[") { inClass = true }
                if current == UInt8(ascii: "]") { inClass = false }
                if current == UInt8(ascii: "/"), !inClass { break }
                end += 1
            }
            guard byte(end) == UInt8(ascii: "/") else {
                // No closing slash on the line: an operator (a custom one such as `</>`).
                index += 1
                previous = .other
                return nil
            }
            if risky { return .ambiguousSlash }
            index = end + 1
            previous = .operand
            return nil
        }
    }
}
