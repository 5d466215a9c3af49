import Foundation
/// The inventory output of `taskwarden list`: text (one aligned line per site) or JSON
/// (`{"sites": [{"file", "line", "column", "kind", "name", "enclosing", "guessedLabel", "isolation", …}], "summary": {…}}`).
public enum SiteListing {
    struct Document: Encodable {
        var sites: [Item]
        var summary: Summary
    }

    struct Item: Encodable {
        var file: String
        var line: Int
        var column: Int
        var kind: String
        /// The name's source text, or nil.
        var name: String?
        /// "none", "literal", "interpolated" or "other".
        var nameKind: String
        /// The static prefix of an interpolated or literal name.
        var staticPrefix: String?
        var nameAvailable: Bool
        var nameUnavailableReason: String?
        var enclosing: String
        var guessedLabel: String
        var calledThrough: String?
        var createdInside: String?
        /// Where the task runs as far as syntax shows (`MainActor`, `actor`, `nonisolated`), or nil.
        var isolation: String?

        enum CodingKeys: String, CodingKey {
            case file, line, column, kind, name, nameKind, staticPrefix, nameAvailable, nameUnavailableReason
            case enclosing, guessedLabel, calledThrough, createdInside, isolation
        }

        /// `name` and `isolation` are always present (null when unnamed / unknown); other optional fields only
        /// when they apply.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(kind, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(nameKind, forKey: .nameKind)
            try container.encodeIfPresent(staticPrefix, forKey: .staticPrefix)
            try container.encode(nameAvailable, forKey: .nameAvailable)
            try container.encodeIfPresent(nameUnavailableReason, forKey: .nameUnavailableReason)
            try container.encode(enclosing, forKey: .enclosing)
            try container.encode(guessedLabel, forKey: .guessedLabel)
            try container.encodeIfPresent(calledThrough, forKey: .calledThrough)
            try container.encodeIfPresent(createdInside, forKey: .createdInside)
            try container.encode(isolation, forKey: .isolation)
        }
    }

    struct Summary: Encodable {
        var files: Int
        var parsedFiles: Int
        var sites: Int
        var named: Int
        var kinds: [String: Int]
    }

    /// The source text of a site's name argument.
    public static func nameText(_ site: SiteRecord) -> String? { site.nameText }

    static func nameKind(_ name: TaskNameExpression) -> String {
        switch name {
        case .none: "none"
        case .literal: "literal"
        case .interpolated: "interpolated"
        case .other: "other"
        }
    }

    /// What a trace shows for a site without `name:`.
    static func unnamedDescription(_ site: SiteRecord) -> String {
        switch site.kind {
        case .backgroundTaskRegistration, .backgroundTask:
            let identifier = site.firstArgumentText ?? "?"
            return "(identifier \(identifier))"
        case .swiftUITask:
            let file = site.position.file.split(separator: "/").last.map(String.init) ?? site.position.file
            return "(unnamed: SwiftUI shows 'View.task @ …/\(file):\(site.position.line)' from iOS 26.4)"
        default:
            return "(unnamed: profiler shows '\(site.guessedLabel)')"
        }
    }

    public static func json(_ result: LintResult) -> String {
        let sites = result.tree.records
        let document = Document(
            sites: sites.map { site in
                Item(file: site.position.file, line: site.position.line, column: site.position.column,
                     kind: site.kind.rawValue, name: nameText(site), nameKind: nameKind(site.name),
                     staticPrefix: site.name.template?.staticPrefix, nameAvailable: site.nameAvailability.isAvailable,
                     nameUnavailableReason: site.nameAvailability.reason, enclosing: site.enclosingDeclaration,
                     guessedLabel: site.guessedLabel, calledThrough: site.calledThrough, createdInside: site.parentSiteKind?.rawValue,
                     isolation: site.isolation)
            },
            summary: Summary(files: result.statistics.filesFound, parsedFiles: result.statistics.filesParsed, sites: sites.count,
                             named: sites.filter { $0.name.isNamed }.count,
                             kinds: sites.reduce(into: [:]) { $0[$1.kind.rawValue, default: 0] += 1 })
        )
        return JSONWriter.document(document)
    }

    /// `Sources/Shelf.swift:12:9  Task.init  "price-check"  in PriceWatcher.start()`, and for unnamed sites
    /// the label a profiler would guess.
    public static func text(_ result: LintResult) -> String {
        let sites = result.tree.records
        let locations = sites.map { OutputLine.escaped($0.position.description) }
        let locationWidth = locations.map(\.count).max() ?? 0
        let kindWidth = sites.map(\.kind.rawValue.count).max() ?? 0
        var lines: [String] = []
        for (site, location) in zip(sites, locations) {
            let name = nameText(site) ?? unnamedDescription(site)
            lines.append(location.padding(toLength: locationWidth, withPad: " ", startingAt: 0) + "  "
                         + site.kind.rawValue.padding(toLength: kindWidth, withPad: " ", startingAt: 0) + "  "
                         + OutputLine.escaped(name + "  in " + site.enclosingDeclaration))
        }
        let named = sites.filter { $0.name.isNamed }.count
        lines.append("\(counted(sites.count, "creation site")) (\(named) named) in \(counted(result.statistics.filesFound, "file")) (\(result.statistics.filesParsed) parsed)")
        return lines.joined(separator: "\n") + "\n"
    }
}

