import SwiftSyntax

/// `task-in-on-appear`: a `Task` started from `.onAppear` / `.onChange` where `.task` would own it.
public struct TaskInOnAppearRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-in-on-appear",
        summary: "A Task started in .onAppear/.onChange outlives the view; .task/.task(id:) would cancel it.",
        rationale: """
            A `Task { … }` started in `.onAppear` keeps running after the view disappears, and one started in \
            `.onChange(of:)` keeps running after the value changes again — two searches race and the older one \
            can overwrite the newer result. SwiftUI's `.task { … }` starts the same work when the view appears and \
            cancels it when the view disappears; `.task(id: value) { … }` also cancels and restarts it when the \
            value changes. Move the work there.
            Reported only when the task is created directly in the modifier's closure and its handle is dropped; \
            a task stored in state and cancelled elsewhere (for example in `.onDisappear`) is owned and is fine. \
            For `.onChange`, only when the task depends on the value: the action uses the old or new value it is \
            given other than to decide whether to start the task (comparing the old value with the new one only \
            says it changed: that decides nothing), or the task reads the observed value itself. \
            An action that ignores them, or only tests them (`if newPhase == .active { Task { … } }`, \
            `guard isOn else { return }`), is a trigger for a side effect (saving a setting, handling one stream \
            event, refreshing when the app becomes active) that must run to the end, and `.task(id:)` would \
            cancel it.
            Cannot see: whether the work is meant to outlive the view (then store the handle, or say so with \
            `_ = Task { … }`).
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                struct AlbumSearchView: View {
                    @State private var results: [Album] = []
                    var body: some View {
                        List(results) { AlbumRow(album: $0) }
                            .onAppear {
                                ↓Task { results = await AlbumSearch.recent() }
                            }
                    }
                }
                """),
            RuleExample("""
                struct AlbumSearchView: View {
                    @State private var query = ""
                    @State private var results: [Album] = []
                    var body: some View {
                        List(results) { AlbumRow(album: $0) }
                            .onChange(of: query) { _, newQuery in
                                ↓Task { results = await AlbumSearch.search(newQuery) }
                            }
                    }
                }
                """),
            RuleExample("Text(release.title).onAppear(perform: { ↓Task { await prices.load(release) } })"),
            // Found in real apps: `old != new` only says the value changed; the reload that follows works on the
            // new value, and races the next change.
            RuleExample("""
                List(conversations) { ConversationRow($0) }
                    .onChange(of: client) { oldValue, newValue in
                        guard oldValue.id != newValue.id else { return }
                        dataSource.reset()
                        ↓Task { await fetchConversations() }
                    }
                """),
            // A gated task that reads the value it observes still races the next change.
            RuleExample("""
                List(results) { AlbumRow(album: $0) }
                    .onChange(of: query) { _, newQuery in
                        guard !newQuery.isEmpty else { return }
                        ↓Task { results = await AlbumSearch.search(query) }
                    }
                """),
            RuleExample("""
                List(results) { AlbumRow(album: $0) }
                    .onChange(of: filter) { _, newFilter in
                        if case .genre(let genre) = newFilter {
                            ↓Task { results = await AlbumSearch.byGenre(genre) }
                        }
                    }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("List(results) { AlbumRow(album: $0) }.task(id: query) { results = await AlbumSearch.search(query) }"),
            RuleExample("""
                List(results) { AlbumRow(album: $0) }
                    .onAppear { loadTask = Task { results = await AlbumSearch.recent() } }
                    .onDisappear { loadTask?.cancel() }
                """),
            RuleExample("Button(\"Refresh\") { Task { await prices.refresh() } }.onAppear { analytics.log(\"shown\") }"),
            RuleExample("Text(release.title).onAppear { _ = Task { await analytics.flush() } }"),
            RuleExample("Toggle(\"Notify\", isOn: $notify).onChange(of: notify) { _, _ in Task { await settings.save() } }"),
            RuleExample("List(events) { Row($0) }.onChange(of: watcher.latestEvent?.id) { if let event = watcher.latestEvent { Task { await handle(event) } } }"),
            // Found in real apps: the new value only gates a one-shot side effect, which must run to the end.
            RuleExample("""
                ContentView()
                    .onChange(of: scenePhase) { _, newPhase in
                        if newPhase == .active {
                            Task { await notifications.refreshBadge() }
                        }
                    }
                """),
            RuleExample("""
                Toggle("Sync", isOn: $syncEnabled)
                    .onChange(of: syncEnabled) { _, isOn in
                        guard isOn else { return }
                        Task { await cloudSync.pushPendingChanges() }
                    }
                """),
        ],
        // Whether an .onChange action uses its parameters reads the whole action, closures nested in it
        // included; of an .onAppear action only the path from the task up to it is read.
        reads: SyntaxReads(aroundSite: .init(modifierClosures: ["onChange"]))
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard site.kind.isUnstructured, let call = site.call, TaskHandleUse.of(call).isDiscarded,
                  let modifier = SwiftUIModifierClosure.enclosingModifier(of: call) else { return nil }
            // An .onChange action that ignores the new value, or only decides by it whether to start the task, is a
            // trigger for a side effect (save, handle an event, refresh on becoming active) that must finish;
            // .task(id:) would cancel it. Only work that depends on the value races.
            if modifier == "onChange", let action = SwiftUIModifierClosure.enclosingClosure(of: call),
               !SwiftUIModifierClosure.taskDependsOnChangedValue(action, task: site.closure) {
                return nil
            }
            let advice = modifier == "onChange"
                ? ".onChange keeps the old task running when the value changes again; use .task(id: value) { … }, which cancels the previous run"
                : ".onAppear does not cancel it when the view disappears; use .task { … }, which does"
            return finding(at: site, message: "\(site.kind.rawValue) started in .\(modifier) outlives it: \(advice)")
        }
    }
}
