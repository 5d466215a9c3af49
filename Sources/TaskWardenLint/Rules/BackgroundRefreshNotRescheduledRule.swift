import SwiftSyntax

/// `background-refresh-not-rescheduled`: an app-refresh handler that does not submit the next request first.
public struct BackgroundRefreshNotRescheduledRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "background-refresh-not-rescheduled",
        summary: "An app-refresh handler does not submit the next refresh request before its first await.",
        rationale: """
            An app-refresh request runs once. The handler must submit the next one, and it should do so first: \
            the system may expire the task at the first suspension (budgets are around 30 seconds), the app may \
            be killed, or the work may throw — and if the next request was to be submitted afterwards, the chain \
            of refreshes silently stops until the user opens the app again.
            Checked: SwiftUI `.backgroundTask(.appRefresh(…))` closures, and `BGTaskScheduler.register` launch \
            handlers for app-refresh tasks (the handler mentions `BGAppRefreshTask`, hands the task to a function \
            taking one, or the identifier is submitted with `BGAppRefreshTaskRequest`). A submission counts when \
            the closure calls `submit(_:)`/`submitTaskRequest(_:)`, or calls a function of the linted tree that \
            does (across files, by name, and by type for `Type.function()` calls), before its first `await` — an awaited call that submits counts too.
            Cannot see: functions outside the linted tree or in files without background-task code; when the \
            handler calls such a function and no submission is visible at all, the rule stays silent.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                struct RecordShelfApp: App {
                    var body: some Scene {
                        WindowGroup { AlbumGrid() }
                            .↓backgroundTask(.appRefresh("app.recordshelf.wantlist-refresh")) {
                                await WantlistRefresher.shared.refresh()
                                WantlistRefresher.scheduleNext()
                            }
                    }
                }
                enum WantlistRefresher {
                    static func scheduleNext() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "app.recordshelf.wantlist-refresh"))
                    }
                }
                """),
            RuleExample("""
                enum PriceRefresh {
                    static func register() {
                        BGTaskScheduler.shared.↓register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
                            guard let task = task as? BGAppRefreshTask else { return }
                            task.expirationHandler = { PriceChecker.shared.cancel() }
                            Task {
                                await PriceChecker.shared.refreshWantlistPrices()
                                scheduleNextPriceRefresh()
                                task.setTaskCompleted(success: true)
                            }
                        }
                    }
                    static func scheduleNextPriceRefresh() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "app.recordshelf.price-refresh"))
                    }
                }
                """),
            RuleExample("""
                WindowGroup { AlbumGrid() }
                    .↓backgroundTask(.appRefresh("app.recordshelf.wantlist-refresh")) {
                        await WantlistPrices.refreshAll()
                    }
                enum WantlistPrices {
                    static func refreshAll() async {
                        let prices = await PriceChecker.shared.fetch()
                        try? await PriceStore.shared.save(prices)
                        BGTaskScheduler.shared.getPendingTaskRequests { print($0) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                WindowGroup { AlbumGrid() }
                    .backgroundTask(.appRefresh("app.recordshelf.wantlist-refresh")) {
                        WantlistRefresher.scheduleNext()
                        await WantlistRefresher.shared.refresh()
                    }
                enum WantlistRefresher {
                    static func scheduleNext() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "app.recordshelf.wantlist-refresh"))
                    }
                }
                """),
            RuleExample("""
                enum PriceRefresh {
                    static func register() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
                            handle(task as! BGAppRefreshTask)
                        }
                    }
                    static func handle(_ task: BGAppRefreshTask) {
                        schedule()
                        task.expirationHandler = {}
                        Task { await refresh(); task.setTaskCompleted(success: true) }
                    }
                    static func schedule() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "app.recordshelf.price-refresh"))
                    }
                }
                """),
            RuleExample("""
                WindowGroup { AlbumGrid() }
                    .backgroundTask(.appRefresh("app.recordshelf.wantlist-refresh")) {
                        await refreshEngine.runScheduledRefresh()
                    }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.thumbnail-cleanup", using: nil) { task in
                    cleanUp(task as! BGProcessingTask)
                }
                """),
        ],
        reads: BackgroundTaskContext.reads
    )

    public func findings(in tree: TreeAnalysis) -> [Finding] {
        guard let (context, index) = tree.background.map({ ($0.context, $0.index) }) else { return [] }
        var results: [Finding] = []
        for file in tree.files {
            for site in file.sites {
                guard let closure = BackgroundTaskContext.closure(of: site) else { continue }
                let identifier: ExprSyntax?
                switch site.kind {
                case .backgroundTask:
                    guard let refreshIdentifier = BackgroundTaskContext.appRefreshIdentifier(of: site) else { continue }
                    identifier = refreshIdentifier
                case .backgroundTaskRegistration:
                    identifier = site.call?.arguments.first(where: { $0.label?.text == "forTaskWithIdentifier" })?.expression
                    guard isAppRefresh(closure: closure, identifier: identifier, context: context, index: index) else { continue }
                default:
                    continue
                }
                guard !index.submitsBeforeFirstAwait(in: closure) else { continue }
                let submitsLater = index.reachableFacts(from: closure).contains(.submits)
                if !submitsLater, !index.unseenCalls(in: closure, handing: BackgroundTaskContext.firstParameterName(of: closure), anyReceiver: true).isEmpty {
                    continue
                }
                let what = identifier.map { " for \($0.trimmedText)" } ?? ""
                let message = submitsLater
                    ? "this app-refresh handler\(what) submits the next request only after its first await; if the task expires, throws or the app is killed before then, refreshes stop for good. Submit the next request first"
                    : "this app-refresh handler\(what) never submits the next request, so after this run no refresh is scheduled; submit the next BGAppRefreshTaskRequest first thing in the handler"
                results.append(finding(at: site, message: message))
            }
        }
        return results
    }

    private func isAppRefresh(closure: ClosureExprSyntax, identifier: ExprSyntax?, context: BackgroundTaskContext, index: BackgroundTaskIndex) -> Bool {
        let text = closure.statements.description
        if text.contains("BGAppRefreshTask") { return true }
        if let identifier, index.appRefreshRequestIdentifiers.contains(OwnBody.compactText(identifier)) { return true }
        if let identifier, let value = context.resolve(identifier),
           context.uses.contains(where: { use in
               use.kind == .submitted && use.value == value
                   && use.expression.parent?.parent?.parent?.as(FunctionCallExprSyntax.self).map { OwnBody.compactText($0.calledExpression).hasSuffix("BGAppRefreshTaskRequest") } == true
           }) {
            return true
        }
        let scan = BackgroundTaskIndex.scan(closure)
        return scan.calledNames.contains { index.factsByName[$0]?.contains(.takesAppRefreshTask) == true }
    }
}
