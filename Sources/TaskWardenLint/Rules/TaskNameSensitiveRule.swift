import TaskNaming

/// `task-name-sensitive`: an interpolation in a task name looks like personal or secret data, or like a
/// value that changes every run.
public struct TaskNameSensitiveRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-name-sensitive",
        summary: "A task name interpolates personal or secret data, or an unstable value.",
        rationale: """
            Task names end up in traces, crash reports, LLDB thread names and log lines that leave the device. \
            An email, user name, token, password, title, URL or barcode in a name leaks it; a `Date()`, `.now`, \
            `UUID()` or timestamp makes every name unique, so rows cannot be grouped or searched. Interpolate \
            stable, non-personal identifiers (a database ID, a position) instead.
            The word lists are `naming.sensitiveWords` and `naming.unstableWords` in .taskwarden.json; a word \
            matches whole words of the interpolated expression (`userName` matches `profile.userName`).
            Cannot see: what a variable with a harmless name holds (`let id = user.email`).
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("Task(name: ↓\"welcome:\\(account.email)\") { await sendWelcome() }"),
            RuleExample("group.addTask(name: ↓\"album:\\(album.title)\") { await load(album) }"),
            RuleExample("Task(name: ↓\"price-check:\\(Date.now)\") { await check() }"),
            RuleExample("Task(name: ↓\"upload:\\(UUID())\") { await upload() }"),
            RuleExample("Task(name: ↓\"scan:\\(item.barcode)\") { await lookUp(item) }"),
        ],
        nonTriggeringExamples: [
            RuleExample("Task(name: \"price:\\(probe.releaseID)\") { await check() }"),
            RuleExample("Task(name: \"track-match:\\(albumID):\\(position)\") { await match() }"),
            RuleExample("Task(name: \"album:\\(album.subtitleCount)\") { await load() }"),
            RuleExample("""
                Task(name: "welcome:\\(account.email)") { await sendWelcome() }
                """, configuration: Self.withoutEmail),
        ]
    )

    static var withoutEmail: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.naming.sensitiveWords = ["token"]
        return configuration
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        // Building the detector splits every listed phrase into words: only files with interpolated names need it.
        var built: SensitiveInterpolationDetector?
        return file.sites.compactMap { site in
            guard case .interpolated(let template) = site.name, let argument = site.nameArgument else { return nil }
            let detector = built ?? file.configuration.naming.detector
            built = detector
            var reasons: [String] = []
            for hole in template.holes {
                var sensitive: [String] = []
                var unstable: [String] = []
                for found in detector.findings(in: hole) {
                    switch found {
                    case .sensitive(let phrase): sensitive.append(phrase)
                    case .unstable(let phrase): unstable.append(phrase)
                    }
                }
                if !sensitive.isEmpty {
                    reasons.append("'\\(\(hole))' looks like personal or secret data (\(sensitive.joined(separator: ", ")))")
                }
                if !unstable.isEmpty {
                    reasons.append("'\\(\(hole))' changes every run (\(unstable.joined(separator: ", ")))")
                }
            }
            guard !reasons.isEmpty else { return nil }
            return finding(
                at: file.position(of: argument.expression), length: file.lineLength(of: argument.expression),
                message: "task name '\(template.shape)': " + reasons.joined(separator: "; ") + "; interpolate a stable, non-personal identifier instead"
            )
        }
    }
}
