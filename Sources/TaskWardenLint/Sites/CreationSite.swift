import SwiftSyntax
import TaskNaming

/// One place in source where a task is created: its data (``record``) and the syntax behind it.
///
/// Discovery (``CreationSiteDiscovery``) finds every site of a file in one syntax pass; rules read the sites
/// and, where they need more, the syntax behind them (``node``, ``closure``, ``nameArgument``). Every data field
/// of the record reads as a field of the site (`site.kind` is `site.record.kind`); the record alone is what a
/// file served from the results cache contributes, so tree-wide consumers read records and never syntax.
///
/// ```swift
/// let file = FileAnalysis(path: "Shelf.swift", source: "func load() { Task { await sync() } }")
/// file.sites[0].kind          // .taskInit
/// file.sites[0].guessedLabel  // "load()"
/// ```
@dynamicMemberLookup
public struct CreationSite: Sendable, CustomStringConvertible {
    /// The site as data (position, kind, name, labels, …): the same whether the file was parsed or cached.
    public internal(set) var record: SiteRecord

    /// The call (`FunctionCallExprSyntax`) or, for `async let`, the `VariableDeclSyntax`.
    public let node: Syntax
    /// The token at the record's position.
    public let token: TokenSyntax
    /// The task's body when it is written as a closure (trailing or `operation:`/`launchHandler:` argument).
    public let closure: ClosureExprSyntax?
    /// The `name:` argument, when present.
    public let nameArgument: LabeledExprSyntax?
    /// For `async let`: the binding this site stands for.
    public let asyncLetBinding: PatternBindingSyntax?

    /// A field of the site's record: `site.position`, `site.kind`, `site.guessedLabel`, `site.isNameable`, ….
    public subscript<Value>(dynamicMember field: KeyPath<SiteRecord, Value>) -> Value {
        record[keyPath: field]
    }

    /// The call, for every kind except `async let`.
    public var call: FunctionCallExprSyntax? { node.as(FunctionCallExprSyntax.self) }

    public var description: String {
        "\(record.position) \(record.kind.rawValue) name=\(record.name) in \(record.enclosingDeclaration)"
    }
}
