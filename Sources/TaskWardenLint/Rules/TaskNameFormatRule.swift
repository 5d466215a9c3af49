import TaskNaming

/// `task-name-format`: a name's static part is not lowercase kebab-case with `:`-separated identity
/// segments, or is too long.
public struct TaskNameFormatRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-name-format",
        summary: "A task name is not lowercase kebab-case with ':'-separated identity, or is too long.",
        rationale: """
            Names are trace row labels and search keys. A stable lowercase kebab-case purpose (`price-check`, \
            `cloud-sync-debounce`) reads well in a narrow column and greps reliably; per-item identity goes after \
            a colon (`price:\\(releaseID)`), so every row of one kind of work starts with the same prefix. \
            The static part is limited to `naming.maxLength` characters (default 48).
            Cannot see: the values of interpolations or of names that are not string literals (those are not \
            checked).
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("Task(name: ↓\"PriceCheck\") { await check() }"),
            RuleExample("Task(name: ↓\"price check\") { await check() }"),
            RuleExample("group.addTask(name: ↓\"\\(kind)-sync\") { await sync(kind) }"),
            RuleExample("Task(name: ↓\"wantlist-refresh-after-cloud-sync-and-price-check\") { await refresh() }"),
            RuleExample("Task.detached(name: ↓\"thumbnail::render\") { await render() }"),
        ],
        nonTriggeringExamples: [
            RuleExample("Task(name: \"price-check\") { await check() }"),
            RuleExample("group.addTask(name: \"price:\\(release.id)\") { await check(release) }"),
            RuleExample("group.addTask(name: \"track-match:\\(albumID):\\(position)\") { await match() }"),
            RuleExample("Task(name: taskName) { await check() }"),
            RuleExample("Task { await check() }"),
        ]
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard let template = site.name.template, let argument = site.nameArgument else { return nil }
            let problems = TaskNameConvention.problems(in: template, maximumLength: file.configuration.naming.maxLength)
            guard !problems.isEmpty else { return nil }
            return finding(
                at: file.position(of: argument.expression), length: file.lineLength(of: argument.expression),
                message: "task name '\(template.shape)' breaks the naming convention: " + problems.map(\.description).joined(separator: "; ")
            )
        }
    }
}
