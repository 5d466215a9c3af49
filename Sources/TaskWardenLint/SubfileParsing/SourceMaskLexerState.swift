/// The state ``SourceMask/Lexer`` keeps per bracket level and between words.
extension SourceMask.Lexer {
    /// At member level: what the next `{` opens, as far as the words before it say.
    enum Introducer {
        case type(isProtocol: Bool)
        case function
        case variable(sawEquals: Bool)
        case other
    }

    /// Below member level: what the next `{` at this level opens, as far as the words before it say.
    enum LocalIntroducer {
        /// `if`, `guard … else`, `while`, `for`, `switch`, `do`, `catch`, `defer`, `repeat`: a statement's body,
        /// whose closures belong to the enclosing function (so it is never blanked).
        case statement(isRepeat: Bool)
        /// `func`, a local type, an accessor: not blanked.
        case declaration
        /// `let` / `var`, before (`var x: Int {`, a computed variable) or after its `=` (a closure).
        case variable(sawEquals: Bool)
    }

    /// A creation token and where the braces around it open: the statement holding it (which may store the
    /// task, `refreshTask = Task {`) stands between.
    struct SiteHead {
        var site: Int
        var blockStart: Int
    }

    enum Opener {
        case paren, bracket
        /// A type's member braces.
        case typeBody(isProtocol: Bool)
        /// A function-like or computed-property body: blanked at its `}` unless kept.
        case body(isVariable: Bool)
        /// A closure (``Marks`` mode only): blanked at its `}` unless it holds a token, follows one, or sits in
        /// a closure kept whole.
        case closure
        /// Any other braces (statements, bodies nested in bodies).
        case otherBrace

        var isBrace: Bool {
            switch self {
            case .paren, .bracket: return false
            default: return true
            }
        }
    }

    struct Level {
        var opener: Opener
        var start: Int
        /// The enclosing level's pending introducer and last word, restored when this level closes.
        var savedLocal: LocalIntroducer?
        var savedWord: Range<Int>?
        /// A closure kept with everything in it (it follows a creation token, or a word a rule reads whole).
        var keptWhole = false
        /// Kept whole only because it is a task's trailing closure: its leaf statements may still be trimmed,
        /// more strictly (``SourceMaskLeafStatements``).
        var isTaskClosure = false
        /// A site's closure (its trailing closure or one in its arguments: the rules look its bare names up among
        /// the type's members), or a site's argument list: that site.
        var site: SiteHead?
        /// An argument list right after a creation token: its closures are the task's (kept whole).
        var argumentsOfCreation = false
        /// Inside a creation token's argument list (the site's arguments are read: `name:`, the first argument).
        var inCreationArguments = false
        /// A call's argument list below member level that may be blanked at its `)` (lint) when it holds
        /// nothing read: see ``SourceMask/Lexer/isBlankableArgumentList(_:)``.
        var blanksArguments = false
        /// An argument list holding `forTaskWithIdentifier` (a launch handler's registration): its closures, and
        /// the trailing closure after it, are read whole by the background rules.
        var holdsBackgroundSite = false
        /// The body of `repeat`: the `while` after it ends the statement.
        var isRepeatBody = false
        /// The braces of a local function, type or accessor, or of `defer`: a frame of their own (below member
        /// level), not a closure's.
        var isLocalDeclaration = false
        /// The braces of `get`, `set`, `willSet` or `didSet` (``Marks`` mode): blanked like a member's body when
        /// they stand in a member's braces and hold nothing read.
        var isAccessor = false
        /// A closure kept whole only for the modifier it is passed to (``Marks/wholeClosureWords``): the rule reads
        /// it when a site stands in it, so without one it is blanked like any closure.
        var isKeptForModifier = false
        var isDefer = false
        /// The braces of a `switch`: its cases are read (``SourceMaskCompoundStatements``).
        var isSwitchBody = false
        /// The first leaf statement trimmed to its name in these braces (``SourceMaskLeafStatements``).
        var firstLeafRemnant: (whole: Range<Int>, headEnd: Int, binding: UInt64?)?
        /// A type's braces (member-level or local; ``Marks`` mode only): its name and what it holds.
        var type: SourceMask.TypeSkeleton.Header?
        /// A member function's parameter list `(…)` (``Marks`` mode).
        var isParameters = false
        /// A member function's body: the inside of its parameter list, blanked with the body.
        var parameters: Range<Int>?
        /// A member function's or initializer's body (``Marks`` mode): what stands between its parameter list and
        /// its `{` (effects, result type, `where` clause) is blanked with the body.
        var trimsSignatureTail = false
        /// A computed property's body (``Marks`` mode): its type annotation `: Feed`, blanked with the body.
        var annotation: Range<Int>?
        /// A member's body (``Marks`` mode): its attributes and modifiers, blanked with the body.
        var prefix: [Range<Int>] = []
        /// The arguments of an attribute or modifier in a member's prefix (`@available(…)`, `private(set)`):
        /// where the piece starts.
        var prefixPieceStart: Int?
        /// Braces: the statement of the enclosing level they stand in, read on when they close.
        var savedStatement: Statement?
        /// A member's body (``Marks`` mode): its keyword and name, for ``SourceMaskUnreadMembers``.
        var member: PendingMember?
        /// A `func`'s body: where its keyword ends and its name (``SourceMask/MemberBody``).
        var function: PendingFunction?
    }

    /// A member's `func`/`var`/`let` and the name after it (``Marks`` mode, ``SourceMaskUnreadMembers``).
    struct PendingMember {
        var keyword: Int
        var keywordEnd: Int
        var name: Range<Int>?
        /// `init` or `deinit`: nothing looks it up by name, so trimmed it always goes.
        var isNameless = false
    }

    /// A `func` read at member level (or file level): where its keyword ends, and its name once the next word,
    /// standing right after it, was read.
    struct PendingFunction {
        var keywordEnd: Int
        var name: Range<Int>?
        var nameRead = false
    }

    /// A member trimmed to its name: `keyword..<end` is what is left of it (`func load(   )` and its blanks).
    struct TrimmedMember {
        var keyword: Int
        var name: Range<Int>
        var end: Int
        var isNameless: Bool
    }

    /// A statement being read directly in braces below member level (``Marks`` mode): a leaf statement keeps only
    /// its first name (``SourceMask/Lexer/finishStatement(at:)``).
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
        /// In a task's closure, whose every reference the rules read: the names it uses after its kept name
        /// (not after a dot), kept when one is declared in this file (a member, or a local the task uses).
        var isInTask = false
        var usedNames: [UInt64] = []
        /// Its innermost frame is a closure (not a task's): the names it calls are not its function's calls.
        var isInClosure = false
        /// In a task's closure, it starts with `try` (kept with its name, unless it calls what ``ThrowReach``
        /// tells apart).
        var hasTryPrefix = false
        /// Reading `= try await name` after the kept name (``SourceMask/Lexer/HeadExtension``).
        var headExtension: HeadExtension = .none
        /// `_ = …`: `_` alone is no statement, so it is trimmed only with the name after `=` (`_ = try await api`).
        var needsHeadExtension = false
    }

    /// A stored property among a type's members (``Marks`` mode), whose type annotation and initial value nothing
    /// reads: only its name is (``TypeMembers``, `enclosingTypeDeclaresProperty`).
    enum StoredProperty {
        case none
        /// `var`/`let` was read: the next word is the name.
        case awaitingName
        /// The name was read; its `:` or `=` stands at `start`. Blanked from there to the end of its line when
        /// the declaration ends there (``SourceMask/Lexer/endsDeclaration(newlineAt:)``).
        case trimming(start: Int)
    }

    enum Previous { case operand, dot, other }

    /// After a statement's kept name, an assignment whose value starts with a name, kept with it: in a task's
    /// closure `try`/`await` are read there (`let feed = try await api.feed(for: account)` → `let feed = try
    /// await api`), and `_` is no statement alone (`_ = store.save(items)` → `_ = store`).
    enum HeadExtension {
        case none
        /// After `_`: the `=` comes next.
        case awaitingEquals
        /// After `=` (and any `try`, `await`): the next word ends the head.
        case awaitingName
    }

    /// How bodies are chosen: a predicate on member bodies alone, or the token marks (closures too).
    enum Mode {
        case memberBodies(keep: (UnsafeBufferPointer<UInt8>, SourceMask.MemberBody) -> Bool)
        case marks(SourceMask.Marks)
    }
}
