import SwiftSyntax
import TaskNaming

/// A creation site as data, without its syntax: what ``CreationSite`` holds as its ``CreationSite/record``, and
/// all a file served from the results cache has of its sites. Tree-wide consumers (`task-name-duplicate`,
/// `task-label-collision`, `taskwarden where`, `taskwarden list`) read ``TreeAnalysis/records``, so a cached file
/// and a parsed file look the same to them.
///
/// ```swift
/// let file = FileAnalysis(path: "Shelf.swift", source: "func load() { Task { await sync() } }")
/// let record = file.sites[0].record
/// record.guessedLabel // "load()"
/// ```
public struct SiteRecord: Sendable, Hashable, Codable {
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
    /// The UTF-8 length of the site's token (a finding's length at the site).
    public var tokenLength: Int
    /// The `name:` argument's source text, when the site is named.
    public var nameText: String?
    /// Where the `name:` argument's expression starts, and the length of its first line.
    public var namePosition: SourcePosition?
    public var nameLength: Int
    /// The first argument's source text (a background task's identifier), for the inventory.
    public var firstArgumentText: String?
    /// Where the task runs as far as syntax shows (``TaskIsolation``): a global actor's name, `actor`,
    /// `nonisolated`, or nil.
    public var isolation: String?
    /// When the nearest frame around the site is a function rather than a closure: the closures stored in
    /// properties of its own type that it calls (``StoredClosureCalls``), whatever their names.
    public var frameCalls: [String]?
    /// The names of the types and extensions around the site (used to decide whether `Task` is shadowed).
    var enclosingTypeNames: [String]
    /// True when the site was recognised from an unqualified `Task` (which a same-module type may shadow).
    var usesUnqualifiedTask: Bool

    /// True when the site is unnamed although its kind accepts `name:` here.
    public var isNameable: Bool { name == .none && nameAvailability.isAvailable }
}

extension Rule {
    /// A finding of this rule at a site's record (the site's token).
    public func finding(at site: SiteRecord, message: String, related: [RelatedLocation] = []) -> Finding {
        finding(at: site.position, length: site.tokenLength, message: message, related: related)
    }
}
