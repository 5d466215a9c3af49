/// What ``SourceMask/Scopes`` says about the levels of brackets it tracks: what each opens and what is known of
/// it (types only; the pass keeps its state in ``SourceMask/Scopes``).
extension SourceMask.Scopes {
    /// What a level of brackets is.
    enum Opener {
        case paren, bracket
        /// A type's member braces.
        case typeBody(isProtocol: Bool)
        /// A function-like or computed-property body.
        case body(isVariable: Bool)
        /// A closure (``Marks`` mode only).
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

    /// At member level: what the next `{` opens, as far as the words before it say.
    enum Introducer {
        case type(isProtocol: Bool)
        case function
        case variable(sawEquals: Bool)
        case other
    }

    /// Below member level: what the next `{` at this level opens.
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

    /// A `func` read at member level (or file level): where its keyword ends, and its name once the next word,
    /// standing right after it, was read.
    struct PendingFunction {
        var keywordEnd: Int
        var name: Range<Int>?
        var nameRead = false
    }

    struct Level {
        var opener: Opener
        var start: Int
        /// The enclosing level's pending introducer and last word, restored when this level closes.
        var savedLocal: LocalIntroducer?
        var savedWord: Range<Int>?
        /// A closure kept with everything in it (it follows a creation token, or a reader reads it whole).
        var keptWhole = false
        /// A site's own trailing closure whose statements may be cut (``LeafStatements``).
        var isSiteClosure = false
        /// A site's closure (its trailing closure or one in its arguments), or a site's argument list: that site.
        var site: SiteHead?
        /// An argument list right after a creation token: its closures are the site's (kept whole).
        var argumentsOfCreation = false
        /// Inside a creation token's argument list.
        var inCreationArguments = false
        /// An argument list labelled by a site token whose closure a reader reads whole
        /// (``Marks/wholeClosureSites``): its closures, and the trailing closure after it, are kept whole.
        var holdsWholeReadSite = false
        /// The body of `repeat`: the `while` after it ends the statement.
        var isRepeatBody = false
        /// The braces of a local function, type or accessor, or of `defer`: a frame of their own (below member
        /// level), not a closure's.
        var isLocalDeclaration = false
        /// The braces of `get`, `set`, `willSet` or `didSet` (``Marks`` mode).
        var isAccessor = false
        /// A closure kept whole only for the modifier it is passed to (``MaskReads/modifierClosures``): read when
        /// a site stands in it, so without one it is blanked like any closure.
        var isKeptForModifier = false
        /// A trailing closure passed with a label a reader reads (``MaskReads/labelledClosures``) after another
        /// closure of the same call (`Button { … } label: { … }`): read only when a site stands in the call,
        /// so without one it is blanked like any closure.
        var isKeptForCall = false
        var isDefer = false
        /// The braces of a `switch`: its cases are read (``CompoundStatements``).
        var isSwitchBody = false
        /// A `func`'s body: where its keyword ends and its name (``SourceMask/MemberBody``).
        var function: PendingFunction?
    }

    /// What a `(` or `[` is opened in: the scopes as they stood before it.
    struct Context {
        var atMemberLevel: Bool
        var keptWholeDepth: Int
        var inPattern: Bool
        var localPending: LocalIntroducer?
    }

    /// What a `{` opens, and the level it pushed. `atMemberLevel` and `introducer` are as they stood before it.
    struct Opening {
        var level: Level
        var atMemberLevel: Bool
        var introducer: Introducer?
        /// A closure passed with a label a reader reads (``MaskReads/labelledClosures``).
        var isLabelledClosure: Bool
    }

    /// What a keyword does to a type's header being read (``TypeSkeleton``).
    enum HeaderEffect {
        case none
        /// A type keyword: its header follows (`member`: at member level).
        case begin(member: Bool)
        /// Another declaration starts: a type keyword before it introduced no type.
        case cancel
    }
}
