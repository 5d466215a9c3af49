import SwiftSyntax

/// `background-task-no-expiration`: a launch handler without an expiration path, or that never completes.
public struct BackgroundTaskNoExpirationRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "background-task-no-expiration",
        summary: "A BGTaskScheduler launch handler never sets expirationHandler, or never calls setTaskCompleted.",
        rationale: """
            The system can end a background task's time at any moment (sometimes early). Without an \
            `expirationHandler` the work is not told to stop, and the app is suspended mid-write; the system \
            also records the task as not finished in time and gives the app less background time later. A handler \
            that never calls `setTaskCompleted(success:)` keeps the task open until the system kills the app. Set \
            `task.expirationHandler` to cancel the work and complete the task, and complete it exactly once when \
            the work ends.
            Both are found when written in the launch handler (including closures nested in it, such as a `Task` \
            it starts) or in a function of the linted tree that the handler calls (across files, by name).
            Cannot see: functions outside the linted tree or in files without background-task code. When the \
            handler hands the task to such a function, or stores it somewhere, the rule stays silent. SwiftUI's \
            `.backgroundTask` is not checked: it completes and expires tasks itself.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                BGTaskScheduler.shared.↓register(forTaskWithIdentifier: "app.recordshelf.thumbnail-cleanup", using: nil) { task in
                    Task {
                        await ThumbnailStore.shared.removeOrphans()
                        task.setTaskCompleted(success: true)
                    }
                }
                """),
            RuleExample("""
                BGTaskScheduler.shared.↓register(forTaskWithIdentifier: "app.recordshelf.cover-prefetch", using: nil) { task in
                    task.expirationHandler = { ThumbnailStore.shared.cancelPrefetch() }
                    ThumbnailStore.shared.prefetchCovers()
                }
                """),
            RuleExample("""
                enum CleanupScheduler {
                    static func register() {
                        BGTaskScheduler.shared.↓register(forTaskWithIdentifier: "app.recordshelf.thumbnail-cleanup", using: nil) { task in
                            self.cleanUp(task as! BGProcessingTask)
                        }
                    }
                    static func cleanUp(_ task: BGProcessingTask) {
                        ThumbnailStore.shared.removeOrphans()
                        task.setTaskCompleted(success: true)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                enum PriceRefreshScheduler {
                    static func register() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.price-refresh", using: nil) { task in
                            handlePriceRefresh(task as! BGAppRefreshTask)
                        }
                    }
                    static func handlePriceRefresh(_ task: BGAppRefreshTask) {
                        let work = Task { task.setTaskCompleted(success: await PriceChecker.shared.refresh()) }
                        task.expirationHandler = { work.cancel(); task.setTaskCompleted(success: false) }
                    }
                }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.legacy-sync", using: nil) { task in
                    SyncCoordinator.shared.run(task)
                }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.legacy-sync", using: nil) { task in
                    self.pendingTask = task
                    self.startSync()
                }
                """),
        ],
        reads: BackgroundTaskContext.reads
    )

    public func findings(in tree: TreeAnalysis) -> [Finding] {
        guard let index = tree.background?.index else { return [] }
        var results: [Finding] = []
        for file in tree.files {
            for site in file.sites where site.kind == .backgroundTaskRegistration {
                guard let closure = BackgroundTaskContext.closure(of: site),
                      let parameter = BackgroundTaskContext.firstParameterName(of: closure) else { continue }
                let names = BackgroundTaskContext.aliases(of: parameter, in: closure)
                if BackgroundTaskContext.taskEscapes(names, in: closure) { continue }
                if names.contains(where: { !index.unseenCalls(in: closure, handing: $0).isEmpty }) { continue }
                let facts = index.reachableFacts(from: closure)
                if !facts.contains(.setsExpiration) {
                    results.append(finding(at: site, message: "this launch handler never sets the task's expirationHandler (nor does any function it hands the task to), so the work is not stopped when time runs out; set task.expirationHandler to cancel the work and call setTaskCompleted(success: false)"))
                }
                if !facts.contains(.completes) {
                    results.append(finding(at: site, message: "this launch handler never calls setTaskCompleted(success:) (nor does any function it hands the task to), so the task stays open until the system kills the app; complete it exactly once when the work ends"))
                }
            }
        }
        return results
    }
}
