/// Everything name derivation knows about one creation site. Built by the fixer from syntax; plain data here.
///
/// ```swift
/// // .onAppear { Task { await model.loadWantlist() } } inside WantlistView.body
/// TaskNameContext(
///     declarationPath: DeclarationPath(parsing: "WantlistView.body"),
///     anchors: [.init(.action, "onAppear")],
///     operation: "loadWantlist",
///     isViewContent: true
/// )
/// ```
public struct TaskNameContext: Sendable, Hashable {
    /// Enclosing declarations, outermost first.
    public var declarationPath: DeclarationPath
    /// What the task's closure sits in, outermost first: storage it is assigned to (`refreshTask = Task {…}`),
    /// actions or modifiers whose closure holds it (`.onAppear`, `Button(action:)`, `.refreshable`), a
    /// button's title, the `case` of a `switch` it is created in.
    public var anchors: [Anchor]
    /// What the task's body does: its calls and the one that dominates.
    public var body: TaskBody
    /// A word for the creation kind worth adding on a clash (`detached`, `immediate`).
    public var kindWord: String?
    /// The site is inside a SwiftUI view's content (a `body` or another `some View` property).
    public var isViewContent: Bool
    /// The site creates one task per item (inside a loop or a task group's loop).
    public var isPerItem: Bool
    /// Used only when there is no enclosing declaration (top-level code).
    public var fileName: String?
    /// Whether the task runs when its function runs, or later, from a closure the function hands on.
    public var placement: Placement = .direct
    /// The enclosing function is a test (`func testKeepAlive()`, `@Test func keepAlive()`).
    public var isTestMethod: Bool = false
    /// The task is created only on some paths of its function (in an `if`, a `guard`'s `else`, a `switch` case):
    /// it is part of the function's work at most, so the function's name does not stand for it.
    public var isConditional: Bool = false
    /// The task is created in a `defer` (`defer { Task { try? await server.shutdown() } }`): it cleans up after
    /// its function's work, and is never what a test checks.
    public var isCleanup: Bool = false
    /// The site is made inside another task's closure in the same function (a child of `Task { withTaskGroup
    /// { … } }`): that task does the function's work, this one a piece of it.
    public var isInsideTask: Bool = false
    /// The site is in a test method that makes other tasks too (a server beside its client): each is one part
    /// of the test's scenario, told apart by the part it plays.
    public var sharesTestWithOtherTasks: Bool = false
    /// What the loop a per-item site is made in goes through (`otherRootShares` of `for share in
    /// otherRootShares`), if it is a name.
    public var loopSequence: String?
    /// The task only runs a closure the enclosing function was given: a forwarding helper.
    public var forwarding: ForwardingHelper?
    /// The property the body's dominant call's result is assigned to (`resolvedPath` in
    /// `resolvedPath = await ignoreFilePath()`), if the body assigns it so.
    public var resultProperty: String?
    /// Enclosing types declared as holding tests (`class TestDebounce: XCTestCase`, a `@Suite`): named after
    /// their subject, as `DebounceTests` is.
    public var testTypes: Set<String> = []
    /// The task is all its function does (its one statement): `func refresh() { Task { … } }`.
    /// Only then does the function's name say what the task does; elsewhere it says where the task is made.
    /// (Read only for a task made directly, unconditionally and outside another task; false for the rest.)
    public var isWholeOfFunction: Bool = false

    public init(
        declarationPath: DeclarationPath,
        anchors: [Anchor] = [],
        body: TaskBody = TaskBody(),
        kindWord: String? = nil,
        isViewContent: Bool = false,
        isPerItem: Bool = false,
        fileName: String? = nil
    ) {
        self.declarationPath = declarationPath
        self.anchors = anchors
        self.body = body
        self.kindWord = kindWord
        self.isViewContent = isViewContent
        self.isPerItem = isPerItem
        self.fileName = fileName
    }

    /// A context whose body's only call is `operation` (`loadWantlist`, or `AuthIdentity.load` for a static call).
    public init(
        declarationPath: DeclarationPath, anchors: [Anchor] = [], operation: String?, kindWord: String? = nil,
        isViewContent: Bool = false, isPerItem: Bool = false, fileName: String? = nil
    ) {
        self.init(declarationPath: declarationPath, anchors: anchors, body: .firstCall(operation), kindWord: kindWord,
                  isViewContent: isViewContent, isPerItem: isPerItem, fileName: fileName)
    }

    /// When a task's closure runs relative to the function that creates it.
    ///
    /// Nothing here depends on the other statements of the function: a sub-file parse keeps too little of them
    /// (a statement may be cut to its first name, a run of them to one, a `case` beside the site blanked) for
    /// their number or kind to decide a name the same way in every parse.
    public enum Placement: String, Sendable, Hashable {
        /// The task is created when the function runs.
        case direct
        /// The task is created in a closure the function hands to someone else to run later (an observer, a
        /// completion handler, an alert action, a closure kept in a property): the function only sets it up.
        case callback
    }

    /// Something a task's closure sits in.
    public struct Anchor: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// A variable or property the task is stored in.
            case storage
            /// A modifier, action or call whose closure holds the task.
            case action
            /// The user-visible title of the control whose action holds the task (`Button("Sync Now")`).
            case title
            /// The enum case of the `switch` case the task is created in (`case .refreshButtonTapped:`).
            case caseLabel
            /// What a modifier watches (`isExclusive` in `.onChange(of: viewModel.isExclusive)`).
            case trigger
        }
        public var kind: Kind
        public var name: String
        public init(_ kind: Kind, _ name: String) {
            self.kind = kind
            self.name = name
        }
    }
}

/// A function that only passes a closure it was given on to a task: `func spawn(_ op: …) { Task { await op() } }`.
/// One fixed name there would label every caller's work alike; the name belongs to the callers.
public struct ForwardingHelper: Sendable, Hashable {
    /// The helper as the inventory writes it: `withTimeout(_:operation:)`.
    public var helper: String
    /// The parameter whose closure the task runs.
    public var parameter: String

    public init(helper: String, parameter: String) {
        self.helper = helper
        self.parameter = parameter
    }

    /// What a person should do instead of a fixed name.
    public var advice: String {
        "add a name: String? parameter to \(helper) and pass it here, so each caller names its own work"
    }
}
