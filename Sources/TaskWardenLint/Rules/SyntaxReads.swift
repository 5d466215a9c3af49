/// What a reader of the syntax tree — a rule, site discovery, `fix`'s naming — reads of a file, declared once
/// as data.
///
/// Lint parses a masked copy of each file: the same bytes and lines, with what nothing reads blanked
/// (``ParsePlan``). What is kept is derived from these declarations alone — the union of site discovery's
/// (``CreationSiteDiscovery/reads``), of every rule a configuration of the run turns on, and of `fix`'s naming
/// (``SiteNamingContext/reads``) — so a rule sees in the masked copy exactly what it would see in the whole file,
/// as long as it declares what it reads. A rule that reads only the sites and their records declares nothing.
///
/// Which files are parsed (``fileTokens``, ``functionIndex``) follows every registered rule, whatever the
/// settings; what is kept inside them follows the rules a configuration turns on.
///
/// ```swift
/// // A rule that reads whether a task's closure checks for cancellation, and every `.cancel()` call of the file:
/// let reads = SyntaxReads(
///     siteClosure: .init(controlFlow: true, statementsWith: ["Task", "isCancelled", "checkCancellation"]),
///     anywhere: .init(memberCalls: ["cancel"]))
/// ```
///
/// Words are Swift identifiers, matched as whole words. If what a new rule reads has no field here, add the field
/// (and teach sub-file parsing to keep it); never a rule's word to the masking layer.
public struct SyntaxReads: Sendable, Equatable {
    /// Byte sequences that make a file worth parsing although it holds no creation site (`setTaskCompleted`).
    /// Keep them specific: every file holding one is parsed.
    public var fileTokens: [String]
    /// What is read in a site's own closure (a task's body).
    public var siteClosure: SiteClosure
    /// What is read around a site: the statements and declarations of the frames that enclose it.
    public var aroundSite: AroundSite
    /// What is read wherever it stands in a parsed file.
    public var anywhere: Anywhere
    /// A tree-wide index of every function of some files (which functions do what, directly or through the
    /// functions they call), or nil. Rules that declare one are run once per tree and their findings are
    /// cached per tree.
    public var functionIndex: FunctionIndex?

    public init(fileTokens: [String] = [], siteClosure: SiteClosure = SiteClosure(), aroundSite: AroundSite = AroundSite(),
                anywhere: Anywhere = Anywhere(), functionIndex: FunctionIndex? = nil) {
        self.fileTokens = fileTokens
        self.siteClosure = siteClosure
        self.aroundSite = aroundSite
        self.anywhere = anywhere
        self.functionIndex = functionIndex
    }

    /// What is read in a site's own closure. Without any of it, the closure is kept (its nested closures and sites
    /// too) but each statement in it may be cut down to its first name (`self.isLoading = true` → `self`).
    public struct SiteClosure: Sendable, Equatable {
        /// Its compound statements (`if`, `guard`, `switch`, `for`, `while`, `do`), whole: loops, conditions, catches.
        public var controlFlow: Bool
        /// Words read where they stand, as bare words (not after a dot: `Model.self` is no `self`): a statement is
        /// cut down only as far as it keeps them (`try await store.save(items)` → `try await store`); elsewhere
        /// the statement stays whole.
        public var words: Set<String>
        /// Words whose statements are read whole, wherever the word stands in them (after a dot too:
        /// `Task.isCancelled`).
        public var statementsWith: Set<String>
        /// Calls read whole where they are tried (`try await group.next()`, `try await clock.sleep(for:)`): a
        /// statement that tries (`try` before its first name, or after its `=`) and holds one of these words stays
        /// whole.
        public var triedCalls: Set<String>
        /// Bare names that are members of the file's types (an implicit `self`): a statement using one stays
        /// whole, and the members so named stay declared.
        public var memberNames: Bool
        /// Names bound to one of these words (`let strongSelf = self`): a statement using such a name stays whole.
        public var aliasesOf: Set<String>
        /// The closures of sites of these kinds are read as written: nothing in them is cut (a background task's
        /// launch handler; every kind, for `fix`, which names a task after its closure's first call).
        public var readWhole: Set<CreationSiteKind>

        public init(controlFlow: Bool = false, words: Set<String> = [], statementsWith: Set<String> = [],
                    triedCalls: Set<String> = [], memberNames: Bool = false, aliasesOf: Set<String> = [],
                    readWhole: Set<CreationSiteKind> = []) {
            self.controlFlow = controlFlow
            self.words = words
            self.statementsWith = statementsWith
            self.triedCalls = triedCalls
            self.memberNames = memberNames
            self.aliasesOf = aliasesOf
            self.readWhole = readWhole
        }
    }

    /// What is read around a site. The declarations enclosing a site, its frames (the functions and closures a
    /// profiler labels it after), their closures' numbers, `#if` conditions and attributes are always kept;
    /// the statements beside a site are cut down to their first name unless something here keeps them.
    public struct AroundSite: Sendable, Equatable {
        /// Calls of names the file declares as properties, in a site's frames (a closure stored in a property
        /// and called there), and those properties.
        public var storedClosureCalls: Bool
        /// The names a site's function binds (`let items`, `if let feed`, `for item in`) that a member also
        /// has: a local shadowing a member.
        public var localBindings: Bool
        /// An `if`, `guard`, `switch` or `for` beside a site that holds one of these words stays whole.
        public var controlFlowWords: Set<String>
        /// The bare name a site is stored in (`pollTask = Task { … }`) when the site's closure holds a loop, and
        /// the member so named.
        public var loopingTaskStorage: Bool
        /// Argument lists of calls beside a site (`Button("Sync Now")`), and modifiers on lines of their own.
        public var callArguments: Bool
        /// Argument lists of the calls a site stands in, in their arguments or in a closure passed after them
        /// (`Button("Sync Now") { Task { … } }`, `.onChange(of: query) { … }`), and modifiers on lines of their
        /// own whose name is capitalised; the other argument lists beside a site go as without ``callArguments``.
        public var siteCallArguments: Bool
        /// Closures passed with one of these argument labels (`label:`), whole: in an argument list always, as a
        /// trailing closure (`Button { … } label: { … }`) when a site stands in the call.
        public var labelledClosures: Set<String>
        /// A closure passed to one of these modifiers (`onChange`), whole when a site stands in it.
        public var modifierClosures: Set<String>
        /// The other declarations of a site's enclosing type (its extensions in the file), looked up by name.
        public var enclosingTypes: Bool

        public init(storedClosureCalls: Bool = false, localBindings: Bool = false, controlFlowWords: Set<String> = [],
                    loopingTaskStorage: Bool = false, callArguments: Bool = false, siteCallArguments: Bool = false,
                    labelledClosures: Set<String> = [],
                    modifierClosures: Set<String> = [], enclosingTypes: Bool = false) {
            self.storedClosureCalls = storedClosureCalls
            self.localBindings = localBindings
            self.controlFlowWords = controlFlowWords
            self.loopingTaskStorage = loopingTaskStorage
            self.callArguments = callArguments
            self.siteCallArguments = siteCallArguments
            self.labelledClosures = labelledClosures
            self.modifierClosures = modifierClosures
            self.enclosingTypes = enclosingTypes
        }
    }

    /// What is read wherever it stands in a parsed file, beside a site or not.
    public struct Anywhere: Sendable, Equatable {
        /// A function body, accessor or closure holding one of these words (a whole word) is read whole.
        public var bodiesWith: Set<String>
        /// A member call of one of these names (`.cancel(` or `.cancel {`, not `return .cancel`) is read with its
        /// statement and the closures and body around it.
        public var memberCalls: Set<String>
        /// Plain string literals among a type's members (`static let id = "…"`), with the types holding them.
        public var stringConstants: Bool
        /// Type declarations of these names.
        public var typesNamed: Set<String>

        public init(bodiesWith: Set<String> = [], memberCalls: Set<String> = [], stringConstants: Bool = false,
                    typesNamed: Set<String> = []) {
            self.bodiesWith = bodiesWith
            self.memberCalls = memberCalls
            self.stringConstants = stringConstants
            self.typesNamed = typesNamed
        }
    }

    /// A tree-wide index of every function of the files holding one of ``fileTokens``: each function's name and
    /// signature, and whatever in its body holds one of ``words`` or names a function that does (in any indexed
    /// file). The rest of those files is read as any file is.
    public struct FunctionIndex: Sendable, Equatable {
        /// Files holding one of these are indexed. One ending in `(` counts only before an unlabelled argument
        /// (`.backgroundTask(.appRefresh(…))`, not `runner.backgroundTask(withName:)`).
        public var fileTokens: [String]
        /// The words that make a function body matter to the index (a word ending with one counts:
        /// `x.fooExpirationHandler` holds `ExpirationHandler`).
        public var words: [String]

        public init(fileTokens: [String], words: [String]) {
            self.fileTokens = fileTokens
            self.words = words
        }
    }
}
