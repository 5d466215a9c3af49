import SwiftSyntax
import TaskNaming

/// A creation site as data: every data field of ``CreationSite`` plus what the tree-wide consumers
/// (`task-name-duplicate`, `task-label-collision`, `taskwarden where`, `taskwarden list`) would otherwise read
/// from syntax. The results cache stores records, so a file served from it and a parsed file look the same to
/// those consumers, which read ``TreeAnalysis/records`` and never syntax.
///
/// ```swift
/// let file = FileAnalysis(path: "Shelf.swift", source: "func load() { Task { await sync() } }")
/// let record = SiteRecord(file.sites[0], in: file)
/// record.guessedLabel // "load()"
/// ```
public struct SiteRecord: Sendable, Hashable, Codable {
    public var position: SourcePosition
    public var kind: CreationSiteKind
    public var name: TaskNameExpression
    public var nameAvailability: NameAvailability
    public var enclosingDeclaration: String
    public var guessedLabel: String
    public var calledThrough: String?
    public var parentSiteKind: CreationSiteKind?
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
    /// Where the task runs as far as syntax shows (``CreationSite/isolation``).
    public var isolation: String?
    /// When the nearest frame around the site is a function rather than a closure: the closures stored in
    /// properties of its own type that it calls (``StoredClosureCalls``), whatever their names.
    public var frameCalls: [String]?
    var enclosingTypeNames: [String]
    var usesUnqualifiedTask: Bool

    /// The site's record; `frameCalls` is computed by ``FrameCallIndex`` (once per frame), `lookups` serve all
    /// the sites of the file.
    init(_ site: CreationSite, in file: FileAnalysis, frameCalls: [String]?, lookups: SiteLookups) {
        position = site.position
        kind = site.kind
        name = site.name
        nameAvailability = site.nameAvailability
        enclosingDeclaration = site.enclosingDeclaration
        guessedLabel = site.guessedLabel
        calledThrough = site.calledThrough
        parentSiteKind = site.parentSiteKind
        isInsideLoop = site.isInsideLoop
        tokenLength = site.token.trimmedLength.utf8Length
        nameText = site.name == .none ? nil : site.nameArgument?.expression.trimmedText
        namePosition = site.nameArgument.map { file.position(of: $0.expression) }
        nameLength = site.nameArgument.map { file.lineLength(of: $0.expression) } ?? 1
        firstArgumentText = site.call?.arguments.first?.expression.trimmedText
        isolation = site.isolation(lookups: lookups)
        self.frameCalls = frameCalls
        enclosingTypeNames = site.enclosingTypeNames
        usesUnqualifiedTask = site.usesUnqualifiedTask
    }

    /// True when the site is unnamed although its kind accepts `name:` here.
    public var isNameable: Bool { name == .none && nameAvailability.isAvailable }
}

/// The records of a parsed file's sites, walking each function frame once to see which stored closures it calls.
enum FrameCallIndex {
    static func records(of file: FileAnalysis) -> [SiteRecord] {
        var callsByFrame: [SyntaxIdentifier: [String]] = [:]
        let lookups = SiteLookups(file)
        return file.sites.map { site in
            var calls: [String]?
            if let frame = DeclarationContext.nearestFrame(above: site.node), !frame.is(ClosureExprSyntax.self) {
                if let known = callsByFrame[frame.id] {
                    calls = known
                } else {
                    let found = StoredClosureCalls.calledStoredClosures(by: frame, types: file.types).sorted()
                    callsByFrame[frame.id] = found
                    calls = found
                }
            }
            return SiteRecord(site, in: file, frameCalls: calls, lookups: lookups)
        }
    }
}

extension Rule {
    /// A finding of this rule at a site's record (the site's token).
    public func finding(at site: SiteRecord, message: String, related: [RelatedLocation] = []) -> Finding {
        finding(at: site.position, length: site.tokenLength, message: message, related: related)
    }
}
