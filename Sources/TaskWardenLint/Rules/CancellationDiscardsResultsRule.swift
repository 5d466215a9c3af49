import SwiftSyntax

/// `cancellation-discards-results` (opt-in): a `return` on `Task.isCancelled` that drops gathered results.
public struct CancellationDiscardsResultsRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "cancellation-discards-results",
        summary: "A loop gathers results for later use, but a return on Task.isCancelled throws them away.",
        rationale: """
            Checking `Task.isCancelled` in a loop is good; returning from the whole function there also skips \
            the code after the loop that would have delivered, cached or saved what the loop already gathered. \
            Often that is wanted (the results are stale), but for work that is expensive to redo — price checks, \
            uploads, imports — it throws away everything done so far. Use `break` to leave the loop and still \
            deliver the partial results, or return them (`return prices`).
            Reported for a `var` declared before a loop in the same block, added to in the loop (`append`, \
            `insert`, `+=`, `merge`, subscript assignment) and used after it, when the loop has \
            `if Task.isCancelled { return … }` or `guard !Task.isCancelled else { return … }` whose value does not \
            mention it. Not reported when the body returns the same empty value (`[]`, `[:]`, `nil`) on another \
            path too: "nothing when cancelled" is then its contract. Off by default (opt in with \
            `"rules": {"cancellation-discards-results": "warning"}`): dropping stale results is often the right \
            call, and only you know.
            Cannot see: results kept through other names or side effects, and `try Task.checkCancellation()`, \
            which throws instead of returning.
            """,
        defaultSeverity: .warning,
        isEnabledByDefault: false,
        triggeringExamples: [
            RuleExample("""
                func run(releaseIDs: [Int]) async {
                    var fetched: [Int: Double] = [:]
                    for id in releaseIDs {
                        if Task.isCancelled { ↓return }
                        fetched[id] = await client.price(for: id)
                    }
                    await cache.store(fetched)
                }
                """, configuration: Self.enabled),
            RuleExample("""
                func importCollection(_ rows: [Row]) async -> [Album] {
                    var albums: [Album] = []
                    for row in rows {
                        guard !Task.isCancelled else { ↓return [] }
                        albums.append(await parse(row))
                    }
                    return albums
                }
                """, configuration: Self.enabled),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                func run(releaseIDs: [Int]) async {
                    var fetched: [Int: Double] = [:]
                    for id in releaseIDs {
                        if Task.isCancelled { break }
                        fetched[id] = await client.price(for: id)
                    }
                    await cache.store(fetched)
                }
                """, configuration: Self.enabled),
            RuleExample("""
                func importCollection(_ rows: [Row]) async -> [Album] {
                    var albums: [Album] = []
                    for row in rows {
                        if Task.isCancelled { return albums }
                        albums.append(await parse(row))
                    }
                    return albums
                }
                """, configuration: Self.enabled),
            // Found in real apps: the closure returns empty when it has nothing to search too, so an empty answer
            // on cancellation is its contract.
            RuleExample("""
                func symbolInfo(_ names: [String]) async -> [[String: [Symbol]]] {
                    await workspaces.concurrentMap { workspace -> [String: [Symbol]] in
                        guard let index = await workspace.index else { return [:] }
                        var symbolsByName: [String: [Symbol]] = [:]
                        for name in names {
                            if Task.isCancelled { return [:] }
                            symbolsByName[name] = index.symbols(named: name)
                        }
                        return symbolsByName.filter { !$0.value.isEmpty }
                    }
                }
                """, configuration: Self.enabled),
            RuleExample("""
                func showAll(_ rows: [Row]) async {
                    for row in rows {
                        if Task.isCancelled { return }
                        await show(row)
                    }
                }
                """, configuration: Self.enabled),
        ],
        // The rule reads every body that checks for cancellation, with or without a site, in files that create
        // no task too (a loop checking for cancellation usually runs in a task created elsewhere).
        reads: SyntaxReads(fileTokens: ["isCancelled"], anywhere: .init(bodiesWith: ["isCancelled"]))
    )

    /// The rule is off by default; its examples turn it on.
    static var enabled: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.rules["cancellation-discards-results"] = .on(.warning)
        return configuration
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        guard file.source.contains("isCancelled") else { return [] }
        var results: [Finding] = []
        for node in SyntaxSearch.all(Syntax.self, in: Syntax(file.tree)) {
            let body: Syntax?
            if let function = node.as(FunctionDeclSyntax.self) { body = function.body.map(Syntax.init) }
            else if let closure = node.as(ClosureExprSyntax.self) { body = Syntax(closure) }
            else if let accessor = node.as(AccessorDeclSyntax.self) { body = accessor.body.map(Syntax.init) }
            else { body = nil }
            guard let body else { continue }
            for found in CancellationDiscardAnalysis.findings(in: body) {
                let use = file.position(of: found.skippedUse)
                results.append(finding(
                    at: file.position(of: found.exit),
                    message: "returning here on cancellation skips line \(use.line), which uses the '\(found.accumulator)' gathered so far; break out of the loop to keep the partial results, or return them",
                    related: [RelatedLocation(position: use, message: "the use of '\(found.accumulator)' that is skipped")]))
            }
        }
        return results
    }
}
