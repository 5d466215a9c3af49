import SwiftSyntax

/// `task-label-collision` (info): unnamed tasks that a profiler would give the same label.
public struct TaskLabelCollisionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-label-collision",
        summary: "Unnamed tasks that a profiler would give the same label look like one kind of work.",
        rationale: """
            An unnamed task is labelled after the frame that created it: the enclosing function, or `closure #N \
            in …`. Two unnamed tasks created in one function share that label; and a task created in a closure \
            stored in a property (`monitor.onQuiesced = { Task { … } }`) is labelled after whatever calls the \
            closure, so it looks exactly like the tasks that caller creates itself (recognised when a function \
            calls a closure property its own type declares). Each site is reported with the others. Name the \
            tasks (`unnamed-task`, `taskwarden fix`).
            Only tasks of one program can meet in one trace, so sites are compared only when their files can be \
            linked into one program: the SwiftPM target holding each file and the targets depending on it (from \
            the nearest `Package.swift`), else the Xcode targets compiling it (`project.pbxproj`: listed sources \
            and synchronized folders; a framework counts for the targets that depend on it), else the top-level \
            folder when it is an app of its own (it holds an `AppDelegate.swift`, `main.swift` or `…App.swift`, \
            like NetNewsWire's `Mac/` and `iOS/`). Files none of these places are compared with every file.
            Cannot see: closures called from outside the linted tree, inlining decisions of the optimiser, and \
            frames a profiler fails to symbolicate (those show the runtime's thunk instead).
            """,
        defaultSeverity: .info,
        triggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        ↓Task { await cloudSync.listen() }
                        ↓Task.detached { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                final class CloudSyncMonitor {
                    var onQuiesced: () -> Void = {}
                    func reconcileIfReady() {
                        if isQuiet { onQuiesced() } else { ↓Task { await retry() } }
                    }
                }
                func launch(monitor: CloudSyncMonitor) {
                    monitor.onQuiesced = { ↓Task { await backfillMasterYears() } }
                }
                """),
            // Code shared by both apps (`Shared/`) can meet either app's tasks in a trace.
            RuleExample("""
                // Shared/AppDelegate+Refresh.swift, linked into Mac/ and iOS/ (both hold an AppDelegate.swift)
                extension AppDelegate {
                    func applicationDidBecomeActive() { ↓Task { await refreshAll() } }
                }
                """, supportingFiles: [
                    "Mac/AppDelegate.swift": "final class AppDelegate {}\nextension AppDelegate { func applicationDidBecomeActive() { Task { await sync() } } }",
                    "iOS/AppDelegate.swift": "final class AppDelegate {}",
                ], fileName: "Shared/AppDelegate+Refresh.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        Task(name: "cloud-sync-listen") { await cloudSync.listen() }
                        Task.detached(name: "library-warm-up") { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                func one() { Task { await a() } }
                func two() { Task { await b() } }
                """),
            // Found in real apps: two apps in one repository (NetNewsWire's `Mac/` and `iOS/`) never share a trace.
            RuleExample("""
                // Mac/AppDelegate.swift; iOS/AppDelegate.swift has the same code
                final class AppDelegate {
                    func applicationDidBecomeActive() { Task { await refreshAll() } }
                }
                """, supportingFiles: ["iOS/AppDelegate.swift": """
                final class AppDelegate {
                    func applicationDidBecomeActive() { Task { await refreshAll() } }
                }
                """], fileName: "Mac/AppDelegate.swift"),
            // Found in real apps: a closure passed as an argument (`set:`) is called by the framework, not by
            // an unrelated function that happens to be called `set`.
            RuleExample("""
                final class Store {
                    func set(_ value: Int) {}
                    func save() { set(1); Task { await persist() } }
                }
                let binding = Binding(get: { 0 }, set: { _ in Task { await refresh() } })
                """),
        ]
    )

    private static func isLabelled(_ site: CreationSite) -> Bool {
        site.name == .none && (site.kind.isUnstructured || site.kind.isGroupChild || site.kind == .asyncLet)
    }

    /// Runs once over the whole tree: groups unnamed sites by guessed label, then moves sites created in
    /// stored closures into the group of the function that calls the closure.
    public func findings(in tree: TreeAnalysis) -> [Finding] {
        let labelled = tree.sites.filter(Self.isLabelled)
        let storedNames = Set(labelled.compactMap(\.calledThrough))
        // Each function (frame) with unnamed sites is walked once to see which stored closures it calls.
        var callersByName: [String: Set<String>] = [:]
        if !storedNames.isEmpty {
            var walked: Set<SyntaxIdentifier> = []
            for site in labelled where site.calledThrough == nil {
                guard let frame = DeclarationContext.nearestFrame(above: site.node), !frame.is(ClosureExprSyntax.self),
                      walked.insert(frame.id).inserted
                else { continue }
                for name in StoredClosureCalls.called(storedNames, by: frame) {
                    callersByName[name, default: []].insert(site.guessedLabel)
                }
            }
        }
        var groups: [String: [CreationSite]] = [:]
        for site in labelled {
            if let stored = site.calledThrough, let callers = callersByName[stored], !callers.isEmpty {
                for caller in callers.sorted() { groups[caller, default: []].append(site) }
            } else {
                groups[site.guessedLabel, default: []].append(site)
            }
        }
        var results: [Finding] = []
        let scope = tree.programScope
        for (label, sites) in groups where sites.count > 1 {
            for site in sites {
                let others = sites.filter {
                    $0.position != site.position && scope.shareProgram($0.position.file, site.position.file)
                }
                guard !others.isEmpty else { continue }
                let list = others.map(\.position.description).joined(separator: ", ")
                let how = site.calledThrough != nil && site.guessedLabel != label
                    ? " (it is created in a closure stored as '\(site.calledThrough!)', which '\(label)' calls)" : ""
                results.append(finding(
                    at: site,
                    message: "a profiler would label this unnamed task '\(label)'\(how), the same as \(list); name them to tell them apart",
                    related: others.map { RelatedLocation(position: $0.position, message: "also labelled '\(label)'") }
                ))
            }
        }
        return results
    }
}
