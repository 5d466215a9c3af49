/// `async-let-unnamed` (off by default): `async let` children cannot be named.
public struct AsyncLetUnnamedRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "async-let-unnamed",
        summary: "An async let child task cannot be named; use a task group where names matter.",
        rationale: """
            SE-0469 gives `async let` no `name:`: its child shows up under the label of the function (or closure) \
            that declares it, next to every other child declared there. Where a trace must tell the children \
            apart, start them with `withTaskGroup` and `addTask(name:)` instead. Off by default because most \
            `async let` pairs are short and obvious; enable it with `"rules": {"async-let-unnamed": "warning"}`.
            Cannot see: whether the children are ever slow enough to matter in a trace.
            """,
        defaultSeverity: .warning,
        isEnabledByDefault: false,
        triggeringExamples: [
            RuleExample("""
                func loadAlbum(id: Album.ID) async throws -> AlbumPage {
                    ↓async let tracks = fetchTracks(id), ↓cover = fetchCover(id)
                    return try await AlbumPage(tracks: tracks, cover: cover)
                }
                """, configuration: Self.enabled),
        ],
        nonTriggeringExamples: [
            RuleExample("async let tracks = fetchTracks(id)"),
            RuleExample("let tracks = try await fetchTracks(id)", configuration: Self.enabled),
        ]
    )

    static var enabled: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.rules["async-let-unnamed"] = .on(.warning)
        return configuration
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard site.kind == .asyncLet else { return nil }
            let binding = site.asyncLetBinding?.pattern.trimmedText ?? "child"
            return finding(at: site, message: "async let '\(binding)' cannot be named; a profiler labels it '\(site.guessedLabel)'. Use withTaskGroup and addTask(name:) where the name matters")
        }
    }
}
