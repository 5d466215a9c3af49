import SwiftSyntax
import TaskNaming

/// One place in source where a task is created.
///
/// Discovery (``CreationSiteDiscovery``) finds every site of a file in one syntax pass; rules read the sites
/// and, where they need more, the syntax behind them (``node``, ``closure``, ``nameArgument``).
///
/// ```swift
/// let file = FileAnalysis(path: "Shelf.swift", source: "func load() { Task { await sync() } }")
/// file.sites[0].kind          // .taskInit
/// file.sites[0].guessedLabel  // "load()"
/// ```
public struct CreationSite: Sendable, CustomStringConvertible {
    /// Where the token that names the creation is: `Task` for the `Task…` forms, the member name (`addTask`,
    /// `task`, `backgroundTask`, `register`) for member forms, `async` for the first binding of an `async let`
    /// (later bindings of the same declaration point at their pattern).
    public var position: SourcePosition
    public var kind: CreationSiteKind
    /// The `name:` argument as written.
    public var name: TaskNameExpression
    /// Whether `name:` can be passed here, at the deployment targets raised by any `#available` around it.
    public var nameAvailability: NameAvailability
    /// The innermost named declaration: `CloudSyncMonitor.scheduleReconcileRetry()`.
    public var enclosingDeclaration: String
    /// The label a profiler guesses when the task is unnamed: the nearest enclosing function, or
    /// `closure #N in …` when created inside a closure.
    public var guessedLabel: String
    /// When the site sits in a closure stored in a property (`monitor.onQuiesced = { … }`), the property's
    /// name: whoever calls the closure is the frame a profiler sees, so the guessed label can be a different
    /// function altogether.
    public var calledThrough: String?
    /// The kind of the task whose closure this site sits in, if any (a task created inside another task).
    public var parentSiteKind: CreationSiteKind?
    /// True when the site sits in a `for`/`while`/`repeat` loop or a `forEach`/`map` closure inside its
    /// enclosing declaration (per-item work).
    public var isInsideLoop: Bool

    /// The call (`FunctionCallExprSyntax`) or, for `async let`, the `VariableDeclSyntax`.
    public let node: Syntax
    /// The token at ``position``.
    public let token: TokenSyntax
    /// The task's body when it is written as a closure (trailing or `operation:`/`launchHandler:` argument).
    public let closure: ClosureExprSyntax?
    /// The `name:` argument, when present.
    public let nameArgument: LabeledExprSyntax?
    /// For `async let`: the binding this site stands for.
    public let asyncLetBinding: PatternBindingSyntax?

    /// The call, for every kind except `async let`.
    public var call: FunctionCallExprSyntax? { node.as(FunctionCallExprSyntax.self) }

    /// True when the site is unnamed although its kind accepts `name:` here.
    public var isNameable: Bool { name == .none && nameAvailability.isAvailable }

    /// The names of the types and extensions around the site (used to decide whether `Task` is shadowed).
    let enclosingTypeNames: [String]
    /// True when the site was recognised from an unqualified `Task` (which a same-module type may shadow).
    let usesUnqualifiedTask: Bool

    init(
        position: SourcePosition, kind: CreationSiteKind, name: TaskNameExpression, nameAvailability: NameAvailability,
        enclosingDeclaration: String, guessedLabel: String, calledThrough: String?, parentSiteKind: CreationSiteKind?,
        isInsideLoop: Bool, node: Syntax, token: TokenSyntax, closure: ClosureExprSyntax?,
        nameArgument: LabeledExprSyntax?, asyncLetBinding: PatternBindingSyntax?,
        enclosingTypeNames: [String], usesUnqualifiedTask: Bool
    ) {
        self.position = position
        self.kind = kind
        self.name = name
        self.nameAvailability = nameAvailability
        self.enclosingDeclaration = enclosingDeclaration
        self.guessedLabel = guessedLabel
        self.calledThrough = calledThrough
        self.parentSiteKind = parentSiteKind
        self.isInsideLoop = isInsideLoop
        self.node = node
        self.token = token
        self.closure = closure
        self.nameArgument = nameArgument
        self.asyncLetBinding = asyncLetBinding
        self.enclosingTypeNames = enclosingTypeNames
        self.usesUnqualifiedTask = usesUnqualifiedTask
    }

    public var description: String {
        "\(position) \(kind.rawValue) name=\(name) in \(enclosingDeclaration)"
    }
}
