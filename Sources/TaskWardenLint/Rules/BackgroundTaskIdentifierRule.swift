import Foundation
import SwiftSyntax

/// `background-task-identifier`: identifiers missing from Info.plist, listed but never registered, or
/// registered twice.
public struct BackgroundTaskIdentifierRule: Rule {
    public init() {}

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array><string>app.recordshelf.price-refresh</string></array>
        </dict></plist>
        """

    public let description = RuleDescription(
        id: "background-task-identifier",
        summary: "A background-task identifier is missing from Info.plist, listed there but never registered, or registered twice.",
        rationale: """
            `BGTaskScheduler` only accepts identifiers listed in Info.plist under \
            `BGTaskSchedulerPermittedIdentifiers`: registering another one fails (returns false) and submitting it \
            throws `notPermitted`, so the work silently never runs. An identifier listed there that nothing \
            registers usually means a rename left the old name behind — and a request still scheduled under it \
            crashes the app at launch. Registering one identifier twice crashes the app.
            Identifiers are read from string literals and from constants with one literal value in the linted \
            tree (`static let refreshID = "…"`, enum raw values), in any of its files — also one that creates \
            no task. Info.plist files (XML or binary) are found \
            under the linted paths; wildcard entries (`app.export.*`) match by prefix.
            Cannot see: identifiers passed in as parameters (a wrapper around `register`), identifiers built at run time (`"\\(bundleID).refresh"`), constants defined outside the \
            tree, and Info.plist files outside the linted paths — with no Info.plist found, missing identifiers \
            are not reported. Registrations in different branches of one `#if` are not counted as duplicates.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: ↓"app.recordshelf.cover-prefetch", using: nil) { task in
                    CoverPrefetch.handle(task)
                }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
                    PriceRefresh.handle(task)
                }
                """, supportingFiles: ["Info.plist": plist]),
            RuleExample("""
                enum LegacySync {
                    static let id = "app.recordshelf.price-refresh"
                    static func registerAll() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: ↓id, using: nil) { task in handle(task) }
                    }
                    static func registerAgain() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: ↓LegacySync.id, using: nil) { task in handle(task) }
                    }
                }
                """, supportingFiles: ["Info.plist": plist]),
            // The constant may live in a file of its own, which creates no task.
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: ↓Ids.coverRefresh, using: nil) { task in
                    CoverRefresh.handle(task)
                }
                """, supportingFiles: ["Info.plist": plist, "Ids.swift": """
                    enum Ids {
                        static let coverRefresh = "app.recordshelf.cover-refresh"
                    }
                    """]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
                    PriceRefresh.handle(task)
                }
                try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "app.recordshelf.price-refresh"))
                """, supportingFiles: ["Info.plist": plist]),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.cover-prefetch", using: nil) { task in
                    CoverPrefetch.handle(task)
                }
                """),
            RuleExample("""
                #if os(iOS)
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in handle(task) }
                #else
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: .main) { task in handle(task) }
                #endif
                """, supportingFiles: ["Info.plist": plist]),
            RuleExample("""
                extension BGTaskScheduler: BackgroundScheduling {
                    func register(forTaskWithIdentifier identifier: String, launchHandler: @escaping (BGTask) -> Void) -> Bool {
                        register(forTaskWithIdentifier: identifier, using: nil, launchHandler: launchHandler)
                    }
                }
                struct MockScheduling { var identifier = "mock-identifier" }
                """, supportingFiles: ["Info.plist": plist]),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "\\(Bundle.main.bundleIdentifier!).refresh", using: nil) { task in
                    handle(task)
                }
                """, supportingFiles: ["Info.plist": plist]),
        ],
        reads: BackgroundTaskContext.reads
    )

    /// The permitted identifiers of one Info.plist, with where each is written.
    struct PermittedList {
        let path: String
        let identifiers: [String]
        let contents: String
    }

    public func findings(in tree: TreeAnalysis) -> [Finding] {
        guard let context = tree.background?.context else { return [] }
        var results: [Finding] = []
        var lists: [PermittedList] = []
        var someUnreadable = false
        for plist in tree.propertyLists {
            do {
                guard let identifiers = try Self.permittedIdentifiers(of: plist) else { continue }
                lists.append(PermittedList(path: plist.path, identifiers: identifiers, contents: plist.contents))
            } catch {
                someUnreadable = true
                results.append(finding(
                    at: SourcePosition(file: plist.path, line: 1, column: 1, utf8Offset: 0),
                    message: "cannot check background task identifiers against \(error.description); fix the file so the permitted identifiers can be read"))
            }
        }
        let permitted = lists.flatMap(\.identifiers)

        // Used but not permitted (only when the tree has Info.plist files to look in, and all could be read).
        if !tree.propertyLists.isEmpty, !someUnreadable {
            for use in context.uses {
                guard let value = use.value, !Self.isPermitted(value, by: permitted) else { continue }
                let where_ = lists.isEmpty ? "no Info.plist under the linted paths has BGTaskSchedulerPermittedIdentifiers" : "it is not listed in BGTaskSchedulerPermittedIdentifiers (\(lists.map(\.path).joined(separator: ", ")))"
                results.append(finding(at: use.position, message: "background task identifier '\(value)' is \(use.kind.rawValue) but \(where_), so the system refuses it; add it to Info.plist or fix the spelling"))
            }
        }

        // Registered twice.
        let registrations = context.uses.filter { $0.kind == .registered || $0.kind == .swiftUI }
        let byValue = Dictionary(grouping: registrations.filter { $0.value != nil }, by: { $0.value! })
        for (value, group) in byValue where group.count > 1 {
            for use in group {
                let others = group.filter { $0.position != use.position && !Self.inExclusiveBranches(use.expression, $0.expression) }
                guard !others.isEmpty else { continue }
                results.append(finding(
                    at: use.position,
                    message: "background task identifier '\(value)' is registered more than once (also at \(others.map { "\($0.position.file):\($0.position.line)" }.joined(separator: ", "))); registering an identifier twice crashes the app",
                    related: others.map { RelatedLocation(position: $0.position, message: "the other registration") }))
            }
        }

        // Permitted but never registered (only when every registration's identifier is known).
        if !registrations.isEmpty || !context.uses.isEmpty, registrations.allSatisfy({ $0.value != nil }) {
            let registered = Set(registrations.compactMap(\.value))
            for list in lists {
                for identifier in list.identifiers where !identifier.hasSuffix("*") && !registered.contains(identifier) {
                    results.append(finding(
                        at: Self.position(of: identifier, in: list),
                        message: "'\(identifier)' is listed in BGTaskSchedulerPermittedIdentifiers but nothing in the linted tree registers it; remove it, or register a handler (a request still scheduled under an unregistered identifier crashes the app at launch)"))
                }
            }
        }
        return results
    }

    /// The identifiers an Info.plist permits (nil: it has no such key). Read from disk when the file exists (a
    /// binary plist's bytes do not survive as text), else from the contents the engine holds.
    static func permittedIdentifiers(of plist: PropertyListFile) throws(PermittedIdentifiers.ReadError) -> [String]? {
        if FileManager.default.fileExists(atPath: plist.path) {
            return try PermittedIdentifiers.read(from: URL(fileURLWithPath: plist.path))
        }
        return try PermittedIdentifiers.parse(Data(plist.contents.utf8), path: plist.path)
    }

    static func isPermitted(_ value: String, by permitted: [String]) -> Bool {
        permitted.contains { entry in
            entry == value || (entry.hasSuffix("*") && value.hasPrefix(String(entry.dropLast())))
        }
    }

    /// The line of `<string>identifier</string>` in an XML plist (line 1 for a binary one).
    static func position(of identifier: String, in list: PermittedList) -> SourcePosition {
        let needle = "<string>\(identifier)</string>"
        guard let range = list.contents.range(of: needle) else {
            return SourcePosition(file: list.path, line: 1, column: 1, utf8Offset: 0)
        }
        let before = list.contents[..<range.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
        return SourcePosition(file: list.path, line: line, column: column, utf8Offset: before.utf8.count)
    }

    /// Whether two expressions sit in different clauses of the same `#if`.
    static func inExclusiveBranches(_ first: ExprSyntax, _ second: ExprSyntax) -> Bool {
        guard first.root.id == second.root.id else { return false }
        var clause = Syntax(first).parent
        while let candidate = clause {
            if let ifClause = candidate.as(IfConfigClauseSyntax.self),
               let list = ifClause.parent?.as(IfConfigClauseListSyntax.self),
               let other = list.first(where: { OwnBody.isWithin(second, $0) }), other.id != ifClause.id {
                return true
            }
            clause = candidate.parent
        }
        return false
    }
}
