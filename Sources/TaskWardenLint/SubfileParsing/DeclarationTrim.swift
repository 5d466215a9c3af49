extension SourceMask {
    /// The pass that trims what nothing reads around the members sub-file parsing blanks: members are read by
    /// their names only where no site stands in them, so a blanked function keeps `func load(   )` (its result
    /// type, effects, braces, attributes and modifiers go; `static` and `class` stay, they tell type members from
    /// instance members), a stored property keeps `var items` (its type and value go, unless a string constant a
    /// reader reads, several bindings or a value the next line goes on with), a blanked computed property loses its
    /// type. Imports go. Below member level, unless a reader reads call arguments
    /// (``SyntaxReads/AroundSite/callArguments``), a call's flat argument list beside a site goes, and a modifier
    /// on a line of its own. Whatever this gets wrong leaves a copy that fails to parse, and the file is then
    /// parsed whole. It records the members it trimmed (``UnreadMembers`` leaves out those nothing names).
    ///
    /// ```swift
    /// // @MainActor @objc private func refresh(_ sender: Any) -> Bool { … }   →   func refresh(   )
    /// // @Published private(set) var items: [Item] = []                     →   var items
    /// // log.debug("reloading", id)                                         →   log.debug(             )
    /// ```
    struct DeclarationTrim {
        let source: SourceBytes
        let marks: Marks
        /// A stored property being read at member level.
        private var storedProperty = StoredProperty.none
        /// The attributes and modifiers read before the next member of a type, the `@` of an attribute whose name
        /// comes next, a piece whose `(…)` comes next, and the pieces of the member whose keyword was read.
        private var prefix: [Range<Int>] = []
        private var attributeStart: Int?
        private var pendingPieceStart: Int?
        private var declarationPrefix: [Range<Int>] = []
        /// After `func`/`init`/`subscript` at member level: the next `(` opens its parameters, whose inside is
        /// remembered until its body opens.
        private var awaitingParameters = false
        private var parameters: Range<Int>?
        /// The pending member is a `func` or `init` (not a `subscript`, whose result type the parser needs).
        private var parametersHaveTail = false
        /// The member whose `func`/`var`/`let` was read last, and the members trimmed to their names.
        private var pendingMember: PendingMember?
        private(set) var trimmedMembers: [TrimmedMember] = []
        /// What this pass remembers of each open level.
        private var frames: [Frame] = []
        /// An argument list whose call may take the closure opening at `brace`, when a reader reads the arguments
        /// of calls a site stands in (``MaskReads/siteCallArguments``).
        private var deferredArguments: (arguments: Range<Int>, brace: Int)?
        /// The argument lists before open braces (by where the braces open), blanked when their braces close
        /// without a site.
        private var argumentsBeforeBraces: [(arguments: Range<Int>, brace: Int)] = []

        init(source: SourceBytes, marks: Marks) {
            self.source = source
            self.marks = marks
        }

        struct Frame {
            /// A call's argument list below member level that may be blanked at its `)` when it holds nothing
            /// read (``isBlankableArgumentList(_:)``).
            var blanksArguments = false
            /// A member function's parameter list `(…)`.
            var isParameters = false
            /// The arguments of an attribute or modifier in a member's prefix (`@available(…)`, `private(set)`):
            /// where the piece starts.
            var prefixPieceStart: Int?
            /// A member function's body: the inside of its parameter list, blanked with the body.
            var parameters: Range<Int>?
            /// A member function's or initializer's body: what stands between its parameter list and its `{`
            /// (effects, result type, `where` clause) is blanked with the body, braces included.
            var trimsSignatureTail = false
            /// A computed property's body: its type annotation `: Feed`, blanked with the body.
            var annotation: Range<Int>?
            /// A member's body: its attributes and modifiers, blanked with the body.
            var prefix: [Range<Int>] = []
            /// A member's body: its keyword and name.
            var member: PendingMember?
        }

        /// A member's `func`/`var`/`let` and the name after it.
        struct PendingMember {
            var keyword: Int
            var keywordEnd: Int
            var name: Range<Int>?
            /// `init` or `deinit`: nothing looks it up by name, so trimmed it always goes.
            var isNameless = false
        }

        /// A member trimmed to its name: `keyword..<end` is what is left of it (`func load(   )` and its blanks).
        struct TrimmedMember {
            var keyword: Int
            var name: Range<Int>
            var end: Int
            var isNameless: Bool
        }

        /// A stored property among a type's members, whose type annotation and initial value nothing reads: a
        /// reader looks a member up by its name only.
        enum StoredProperty {
            case none
            /// `var`/`let` was read: the next word is the name.
            case awaitingName
            /// The name was read; its `:` or `=` stands at `start`. Blanked from there to the end of its line when
            /// the declaration ends there (``SourceBytes/endsDeclaration(newlineAt:)``).
            case trimming(start: Int)
        }

        private func keeps(_ range: Range<Int>) -> Bool { marks.hasSite(in: range) || marks.hasKept(in: range) }

        private mutating func forgetPrefix() {
            prefix = []
            attributeStart = nil
            pendingPieceStart = nil
        }

        private mutating func forgetParameters() {
            awaitingParameters = false
            parameters = nil
        }

        private mutating func addPrefixPiece(_ piece: Range<Int>) {
            if source[piece.upperBound - 1] != UInt8(ascii: ")"), source.byte(piece.upperBound) == UInt8(ascii: "(") {
                pendingPieceStart = piece.lowerBound
            } else {
                prefix.append(piece)
            }
        }

        /// A trimmed member's attributes and modifiers are blanked with it.
        private func blankPrefix(_ pieces: [Range<Int>], into output: inout MaskRanges) {
            for piece in pieces where !keeps(piece) { output.blankMerging(piece) }
        }

        // MARK: Tokens

        /// A line ends: a stored property's type and value are blanked when the declaration ends there.
        mutating func newline(at index: Int, scopes: Scopes, into output: inout MaskRanges) {
            guard case .trimming(let start) = storedProperty, scopes.atMemberLevel else { return }
            storedProperty = .none
            let range = start..<index
            guard source.endsDeclaration(newlineAt: index), !keeps(range) else { return }
            blankPrefix(declarationPrefix, into: &output)
            declarationPrefix = []
            if !range.isEmpty { output.blank(range) }
            noteTrimmedMember(pendingMember, end: index)
            pendingMember = nil
        }

        /// A string literal in a stored property's type or value, when a reader reads string constants
        /// (``SyntaxReads/Anywhere/stringConstants``). An interpolated one is a value like any other, trimmed
        /// with it: a constant is a plain literal. A plain literal that is the whole value and ends the
        /// declaration stays with the name, and the attributes, modifiers and type go (`@Published private var
        /// title: String = ""` → `var title = ""`); any other keeps the declaration whole.
        mutating func string(_ literal: Range<Int>, scopes: Scopes, into output: inout MaskRanges) {
            // Without a reader of string constants, a string is a value like any other.
            guard marks.reads.stringConstants, case .trimming(let start) = storedProperty else { return }
            if source.bytes[literal].indices.contains(where: { source[$0] == UInt8(ascii: "\\") && source.byte($0 + 1) == UInt8(ascii: "(") }) {
                return
            }
            storedProperty = .none
            guard scopes.atMemberLevel else { return }
            var equals = literal.lowerBound - 1
            while equals > start, source[equals] == UInt8(ascii: " ") || source[equals] == UInt8(ascii: "\t") { equals -= 1 }
            guard source.isAssignment(at: equals) else { return }
            var after = source.skipSpaces(from: literal.upperBound)
            if source.byte(after) == UInt8(ascii: "/"), source.byte(after + 1) == UInt8(ascii: "/") { after = source.skipLine(from: after) }
            guard after < source.count, source[after] == UInt8(ascii: "\n") || source[after] == UInt8(ascii: "\r"),
                  source.endsDeclaration(newlineAt: after) else { return }
            let annotation = start..<equals
            guard !keeps(annotation) else { return }
            blankPrefix(declarationPrefix, into: &output)
            declarationPrefix = []
            if source.byte(start) == UInt8(ascii: ":") { output.blank(annotation) }
        }

        /// A raw string keeps its declaration whole.
        mutating func rawString() { storedProperty = .none }

        /// `#if`, a macro or another `#name` ends what was read before it.
        mutating func directive() {
            storedProperty = .none
            forgetPrefix()
        }

        /// A backticked name is no stored property's plain name.
        mutating func backtick() {
            if case .awaitingName = storedProperty { storedProperty = .none }
        }

        /// `@` may start an attribute of the next member.
        mutating func at(_ index: Int, scopes: Scopes) {
            if scopes.inTypeBody, source.startsPrefix(at: index, previousPieceEnd: prefix.last?.upperBound) { attributeStart = index }
        }

        /// `,` at member level: `var a = 1, b = 2` binds several names, left whole.
        mutating func memberLevelComma() { storedProperty = .none }

        /// `;` ends a declaration.
        mutating func semicolon(scopes: Scopes) {
            if scopes.atMemberLevel { pendingMember = nil }
            storedProperty = .none
            forgetPrefix()
            forgetParameters()
        }

        /// `(` or `[` opened `level`, below `outer` (the scopes as they stood before it).
        mutating func openBracket(_ token: Token, level: Scopes.Level, outer: Scopes.Context) {
            var frame = Frame()
            let isParen = token.byte == UInt8(ascii: "(")
            if isParen, !marks.reads.callArguments, !outer.atMemberLevel, outer.keptWholeDepth == 0, !outer.inPattern,
               !level.argumentsOfCreation, !level.inCreationArguments {
                frame.blanksArguments = source.callsWithArguments(at: token.start, localPending: outer.localPending)
            }
            frame.isParameters = awaitingParameters && isParen && outer.atMemberLevel
            // `var (a, b) = …`: a pattern, not a name.
            if case .awaitingName = storedProperty { storedProperty = .none }
            frame.prefixPieceStart = isParen ? pendingPieceStart : nil
            pendingPieceStart = nil
            awaitingParameters = false
            frames.append(frame)
        }

        /// `)` or `]` at `index` closed `level`.
        mutating func closeBracket(at index: Int, level: Scopes.Level, scopes: Scopes, into output: inout MaskRanges) {
            let frame = frames.removeLast()
            let start = level.start
            if frame.isParameters { parameters = (start + 1)..<index }
            if frame.blanksArguments {
                // `Text(verbatim: title)`, `.padding(.horizontal, 16)`: arguments nothing reads.
                let arguments = (start + 1)..<index
                if let modifier = source.standaloneModifier(open: start, close: index, creationEnd: scopes.creationEnd, marks: marks) {
                    // `.Case(…)` on a line of its own may be a control a site's title is read from.
                    let nameStart = modifier.lowerBound + 1
                    if !marks.reads.siteCallArguments || !(source.byte(nameStart) >= UInt8(ascii: "A") && source.byte(nameStart) <= UInt8(ascii: "Z")) {
                        output.blank(modifier)
                    }
                } else if arguments.count >= 3, source.isBlankableArgumentList(arguments), !keeps(arguments) {
                    if !marks.reads.siteCallArguments {
                        output.blank(arguments)
                    } else {
                        // `Button("Sync Now") { … }`: read if a site stands in the closure after them.
                        let next = source.skipSpacesAndNewlines(from: index + 1)
                        switch source.byte(next) {
                        case UInt8(ascii: "{"): deferredArguments = (arguments, next)
                        case UInt8(ascii: "/"): break  // a comment before what may be a closure: kept
                        default: output.blank(arguments)
                        }
                    }
                }
            }
            if let pieceStart = frame.prefixPieceStart { prefix.append(pieceStart..<(index + 1)) }
        }

        /// `{` opened at `index` (`opening`: what it opens, and the scopes as they stood before it).
        mutating func openBrace(at index: Int, opening: Scopes.Opening) {
            var annotation: Range<Int>?
            if opening.atMemberLevel {
                // A computed property, observers, or a closure as the value: not a plain stored property.
                if case .trimming(let start) = storedProperty, case .variable(sawEquals: false)? = opening.introducer,
                   source.byte(start) == UInt8(ascii: ":") {
                    annotation = start..<index
                }
                storedProperty = .none
            }
            var frame = Frame()
            if let deferred = deferredArguments {
                deferredArguments = nil
                if deferred.brace == index { argumentsBeforeBraces.append(deferred) }
            }
            let opener = opening.level.opener
            if case .body(isVariable: false) = opener {
                frame.parameters = parameters
                frame.trimsSignatureTail = parametersHaveTail
            }
            if case .body(isVariable: true) = opener { frame.annotation = annotation }
            if opening.atMemberLevel {
                if case .body = opener { frame.member = pendingMember }
                pendingMember = nil
                if case .body = opener, frame.trimsSignatureTail || frame.annotation != nil { frame.prefix = declarationPrefix }
                declarationPrefix = []
                forgetPrefix()
            }
            forgetParameters()
            frames.append(frame)
        }

        /// The braces `braces` closed and were handled: the argument list before them (``argumentsBeforeBraces``)
        /// goes unless a site stands in them, or waits for the call's next closure (`} label: {`).
        mutating func closedBraces(_ braces: Range<Int>, into output: inout MaskRanges) {
            guard let last = argumentsBeforeBraces.last, last.brace == braces.lowerBound else { return }
            argumentsBeforeBraces.removeLast()
            let arguments = last.arguments
            guard !marks.hasSite(in: braces) else { return }
            if let next = source.labelledClosure(after: braces.upperBound) {
                deferredArguments = (arguments, next)
            } else {
                output.blankMerging(arguments)
            }
        }

        /// `}` closed a level: what this pass remembered of it.
        mutating func closeBrace() -> Frame {
            storedProperty = .none
            forgetPrefix()
            return frames.removeLast()
        }

        /// After a `}` was handled.
        mutating func finishClosing() { forgetParameters() }

        /// A member body nothing reads is blanked (`frame`: what this pass remembered of it, whose braces are
        /// `open` and `close`): its attributes and modifiers, its parameters, its signature's tail and its
        /// annotation go first, then the body (with its braces for a function or initializer: `func load(   )`).
        ///
        /// Returns whether the parameters hold a site or something read (`logger: … = { Task { … } }`): they are
        /// kept, and the member is then not trimmed to its name.
        @discardableResult
        func blankMember(_ frame: Frame, open: Int, close: Int, into output: inout MaskRanges) -> Bool {
            blankPrefix(frame.prefix, into: &output)
            var keptParameters = false
            // Nothing reads the parameters of a function without a site (frames are labelled only where a site
            // is): `func load(   ) async throws -> Feed {   }`.
            if let parameters = frame.parameters {
                if !parameters.isEmpty {
                    keptParameters = keeps(parameters)
                    if !keptParameters { output.blank(parameters) }
                }
                // `) async throws -> Feed where T: P {`: nothing reads the signature of a function without a site.
                let tail = (parameters.upperBound + 1)..<open
                if frame.trimsSignatureTail, tail.count > 1, !keeps(tail) { output.blank(tail) }
            }
            // `var title: String {   }` reads as `var title {   }`: only the name is looked up.
            if let annotation = frame.annotation, !keeps(annotation) { output.blank(annotation) }
            // A function's or initializer's body goes with its braces: `func load(   )`.
            output.blank(frame.trimsSignatureTail ? open..<(close + 1) : (open + 1)..<close)
            return keptParameters
        }

        /// The member a blanked declaration belonged to is trimmed to its name, ending at `end`.
        mutating func noteTrimmedMember(_ member: PendingMember?, end: Int) {
            guard let member, let name = member.name else { return }
            trimmedMembers.append(TrimmedMember(keyword: member.keyword, name: name, end: end, isNameless: member.isNameless))
        }

        // MARK: Words

        /// A word (`token`) at any level; `scopes` as they stand after it.
        mutating func word(_ token: Token, scopes: Scopes, into output: inout MaskRanges) {
            let (start, end) = (token.start, token.end)
            if scopes.atMemberLevel { memberWord(token, inTypeBody: scopes.inTypeBody) }
            if case .awaitingName = storedProperty {
                storedProperty = source.storedPropertyTrimStart(afterName: end).map { .trimming(start: $0) } ?? .none
            }
            if let attribute = attributeStart {
                attributeStart = nil
                // `@Dependency<Intent>(\.$value)`: a generic attribute is left whole.
                if attribute + 1 == start, source.byte(end) != UInt8(ascii: "<") { addPrefixPiece(attribute..<end) }
            } else if token.afterDot, let last = prefix.last, source[last.lowerBound] == UInt8(ascii: "@"), last.upperBound + 1 == start {
                // `@FocusState.Binding`: the attribute's name goes on.
                prefix.removeLast()
                addPrefixPiece(last.lowerBound..<end)
            }
            guard let keyword = token.keyword, scopes.atMemberLevel else { return }
            if scopes.inTypeBody, keyword.isTrimmedModifier, source.startsPrefix(at: start, previousPieceEnd: prefix.last?.upperBound) {
                addPrefixPiece(start..<end)
                return
            }
            switch keyword {
            case .class:
                pendingMember = nil
            case .struct, .enum, .actor, .extension, .protocol:
                pendingMember = nil
                forgetPrefix()
            case .func, .`init`, .deinit, .subscript:
                if keyword == .subscript { pendingMember = nil }
                forgetParameters()
                awaitingParameters = true
                parametersHaveTail = keyword == .func || keyword == .`init`
                declarationPrefix = parametersHaveTail ? prefix : []
                forgetPrefix()
            case .var, .let:
                forgetParameters()
                declarationPrefix = prefix
                forgetPrefix()
                // Only in a type's braces: at file level, `let x = handle` in top-level code is a statement.
                if let top = scopes.topOpener, case .typeBody(isProtocol: false) = top { storedProperty = .awaitingName }
            case .precedencegroup, .macro, .import, .typealias, .case, .associatedtype, .operator:
                pendingMember = nil
                forgetPrefix()
                // `import class UIKit.UIView` names no type of this file.
                if keyword == .import, scopes.depth == 0, let line = source.importLine(at: start) { output.blank(line) }
            default:
                break
            }
        }

        /// At member level: a word, which may be `func`/`var`/`let` or the name after one.
        private mutating func memberWord(_ token: Token, inTypeBody isInTypeBody: Bool) {
            let (start, index) = (token.start, token.end)
            let length = index - start
            if (length == 4 && source.matches(start, "func")) || (length == 3 && (source.matches(start, "var") || source.matches(start, "let"))) {
                pendingMember = isInTypeBody ? PendingMember(keyword: start, keywordEnd: index) : nil
                return
            }
            if (length == 4 && source.matches(start, "init")) || (length == 6 && source.matches(start, "deinit")) {
                // `.init(…)` is a stored property's value (`let subject: Subject = .init()`), not a member.
                guard source.byte(start - 1) != UInt8(ascii: ".") else { return }
                pendingMember = isInTypeBody ? PendingMember(keyword: start, keywordEnd: index, name: start..<index, isNameless: true) : nil
                return
            }
            guard let member = pendingMember, member.name == nil else { return }
            // The name follows its keyword directly (not an operator, a backticked name or a pattern).
            if source.skipSpaces(from: member.keywordEnd) == start, !(source[start] >= UInt8(ascii: "0") && source[start] <= UInt8(ascii: "9")) {
                pendingMember?.name = start..<index
            } else {
                pendingMember = nil
            }
        }
    }
}
