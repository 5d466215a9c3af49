/// `task-name-duplicate`: the same name (or the same interpolated shape) at two creation sites.
public struct TaskNameDuplicateRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-name-duplicate",
        summary: "Two creation sites use the same task name, so a trace row cannot tell them apart.",
        rationale: """
            A name exists to lead from a trace row back to one place in the code. Two sites with the same name \
            (for interpolated names: the same static text and the same places for interpolations, e.g. \
            `price:\\(…)`) make every row ambiguous again. Both sites are reported, each pointing at the other \
            (at most five named, the rest counted). Rename one (`taskwarden where NAME` lists every site with a name).
            Cannot see: names that are not string literals, and trees linted separately.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                func onLaunch() { Task(name: ↓"cloud-sync") { await sync() } }
                func onForeground() { Task(name: ↓"cloud-sync") { await sync() } }
                """),
            RuleExample("""
                group.addTask(name: ↓"price:\\(release.id)") { await check(release) }
                group.addTask(name: ↓"price:\\(other.id)") { await check(other) }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                Task(name: "cloud-sync-launch") { await sync() }
                Task(name: "cloud-sync-foreground") { await sync() }
                """),
            RuleExample("""
                group.addTask(name: "price:\\(release.id)") { await check(release) }
                group.addTask(name: "price:\\(release.id):retry") { await check(release) }
                """),
            RuleExample("for name in names { Task(name: name) { await run() } }"),
        ]
    )

    /// Runs once over the tree's records (parsed and cached files alike): each named site against the others
    /// with its name's key.
    public func findings(in tree: TreeAnalysis) -> [Finding] {
        var results: [Finding] = []
        for record in tree.records {
            guard let key = record.name.duplicateKey, let namePosition = record.namePosition else { continue }
            let named = tree.records(named: key)
            let total = named.reduce(0) { $0 + ($1.position != record.position ? 1 : 0) }
            guard total > 0 else { continue }
            let shown = Array(named.lazy.filter { $0.position != record.position }.prefix(RelatedSiteList.limit))
            let others = RelatedSiteList(others: shown.map(\.position), total: total)
            let kinds = Dictionary(shown.map { ($0.position, $0.kind) }, uniquingKeysWith: { first, _ in first })
            let list = others.text { "the \(kinds[$0]!.rawValue) at \($0)" }
            results.append(finding(
                at: namePosition, length: record.nameLength,
                message: "task name '\(key)' is also used by \(list); give each creation site its own name",
                related: others.shown.map { RelatedLocation(position: $0, message: "also named '\(key)' here") }
            ))
        }
        return results
    }
}
