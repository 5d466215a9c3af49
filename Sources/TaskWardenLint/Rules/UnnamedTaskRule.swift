/// `unnamed-task`: a site whose kind accepts `name:` at the deployment targets passes none.
public struct UnnamedTaskRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unnamed-task",
        summary: "A task that could be named has no name: a profiler will guess its label.",
        rationale: """
            Instruments and other profilers label an unnamed task after the nearest symbolicated frame where it \
            was created. Several tasks created in one function then share one label, tasks created inside tasks \
            show up as the runtime's thunk, and a task created in a closure that another function calls is \
            labelled after that caller, so it looks exactly like a different task. SE-0469 (Swift 6.2) lets you \
            pass `name:` at creation: do it (`taskwarden fix` inserts the names it reads whole from the code and \
            proposes the rest for review).
            Reported only where `name:` exists at your deployment targets: `Task(name:)`/`Task.detached(name:)` \
            back-deploy to iOS 13 / macOS 10.15, and so do `addTask(name:)`/`addTaskUnlessCancelled(name:)` on \
            `TaskGroup`/`ThrowingTaskGroup`; the discarding groups' need iOS 17 / macOS 14 / tvOS 17 / watchOS 10 \
            (like the groups themselves); only the overloads that also take `executorPreference:` need iOS 18 / \
            macOS 15 / tvOS 18 / watchOS 11 / visionOS 2 (the table is read from the toolchain's \
            `_Concurrency.swiftinterface`; an enclosing `if #available`, `guard #available` or `@available` \
            raises the floor), and SwiftUI's `.task` is exempt by default because it names itself `View.task @ File:LINE` from \
            iOS 26.4 (set `naming.exemptSwiftUITask` to false to include it). `async let` cannot be named (see \
            `async-let-unnamed`).
            Cannot see: names passed through wrapper functions of your own (a helper that forwards `name:` to \
            `Task` is itself the creation site), and deployment targets set only in an .xcconfig file.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                final class CloudSyncMonitor {
                    func scheduleReconcileRetry() {
                        ↓Task { await reconcileIfReady() }
                    }
                }
                """),
            RuleExample("""
                func refreshPrices(for releases: [Release]) async {
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases {
                            group.↓addTask { await PriceCheck.run(release) }
                        }
                    }
                }
                """),
            RuleExample("group.↓addTask { await PriceCheck.run(release) }", configuration: Self.iOS17),
            RuleExample("let thumbnail = ↓Task<Data, any Error>.detached(priority: .utility) { try await render() }"),
            RuleExample("let warmUp = ↓Task.init(operation: loadWantlist)"),
            RuleExample("""
                @available(iOS 18, *)
                func sync(_ group: inout DiscardingTaskGroup) {
                    group.↓addTaskUnlessCancelled { await upload() }
                }
                """, configuration: Self.iOS17),
            RuleExample("""
                struct AlbumList: View {
                    var body: some View { List {}.↓task { await load() } }
                }
                """, configuration: Self.includeSwiftUITask),
        ],
        nonTriggeringExamples: [
            RuleExample("Task(name: \"cloud-sync-reconcile-retry\") { await reconcileIfReady() }"),
            RuleExample("group.addTask(name: \"price:\\(release.id)\") { await PriceCheck.run(release) }"),
            RuleExample("group.addTask(executorPreference: pool) { await PriceCheck.run(release) }", configuration: Self.iOS17),
            RuleExample("struct AlbumList: View { var body: some View { List {}.task { await load() } } }"),
            RuleExample("async let cover = loadCover()"),
            RuleExample("enum Effect { case task(taskID: Int) }\nlet effect = Effect.task(taskID: 3)"),
            RuleExample("let effect = Effect.task { await send(.loaded) }"),
        ],
        corrections: [
            RuleCorrection(before: "Task { await reconcileIfReady() }", after: "Task(name: \"cloud-sync-reconcile-retry\") { await reconcileIfReady() }"),
            RuleCorrection(before: "group.addTask(priority: .low) { … }", after: "group.addTask(name: \"price-check\", priority: .low) { … }"),
        ]
    )

    static var iOS17: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.deploymentTargets = DeploymentTargets([.iOS: PlatformVersion([17, 0])])
        return configuration
    }

    static var includeSwiftUITask: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.naming.exemptSwiftUITask = false
        return configuration
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard site.isNameable else { return nil }
            if site.kind == .swiftUITask, file.configuration.naming.exemptSwiftUITask { return nil }
            return finding(at: site, message: "\(site.kind.rawValue) has no name; a profiler would label it '\(site.guessedLabel)'. Pass name: (taskwarden fix can insert one)")
        }
    }
}
