import SwiftSyntax

/// `background-task-manual-completion`: completing a background task by hand, done wrong: `setTaskCompleted`
/// inside SwiftUI's `.backgroundTask`, or a `BGTaskScheduler` launch handler that returns without it.
public struct BackgroundTaskManualCompletionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "background-task-manual-completion",
        summary: "setTaskCompleted inside SwiftUI's .backgroundTask, or a launch handler that returns without it.",
        rationale: """
            SwiftUI's `.backgroundTask` completes the background task when its closure returns and cancels the \
            closure when the task expires. Calling `setTaskCompleted(success:)` by hand completes it a second time \
            — or completes it while the closure is still working, so the system may suspend the app mid-write. \
            Return from the closure instead; to report failure, just return (SwiftUI has no success flag).
            A `BGTaskScheduler` launch handler is the opposite: nothing completes its task but a call to \
            `setTaskCompleted(success:)`. A handler that returns early — `guard let self else { return }`, a failed \
            cast — before it completes the task or hands it on leaves the task open until the system kills the \
            app, which also gives the app less background time later. Complete it before returning \
            (`task.setTaskCompleted(success: false)`). Reported only for handlers that complete or hand on their \
            task on another path (one that never does is `background-task-no-expiration`'s).
            Cannot see: a completion made by a function the `.backgroundTask` closure calls (only calls written in \
            the closure, including closures nested in it, are checked), and exits of a handler through code it \
            calls.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample("""
                WindowGroup { AlbumGrid() }
                    .backgroundTask(.appRefresh("app.recordshelf.release-alerts")) {
                        ReleaseAlerts.scheduleNext()
                        await ReleaseAlerts.shared.checkNewReleases()
                        await ReleaseAlerts.shared.currentTask?.↓setTaskCompleted(success: true)
                    }
                """),
            // Found in real apps: when self is gone, the handler returns and nothing completes the task.
            RuleExample("""
                final class DatasetsFetcher {
                    func registerRefresh() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.datasets", using: nil) { [weak self] task in
                            guard let self else { ↓return }
                            guard shouldRefresh() else {
                                task.setTaskCompleted(success: true)
                                return
                            }
                            refresh(task)
                        }
                    }
                }
                """, message: "returns here without completing the task"),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.sync", using: .main) { task in
                    guard let task = task as? BGAppRefreshTask else {
                        log("unexpected task")
                        ↓return
                    }
                    SyncEngine.shared.handle(task)
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                WindowGroup { AlbumGrid() }
                    .backgroundTask(.appRefresh("app.recordshelf.release-alerts")) {
                        ReleaseAlerts.scheduleNext()
                        await ReleaseAlerts.shared.checkNewReleases()
                    }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.legacy-sync", using: nil) { task in
                    task.expirationHandler = {}
                    task.setTaskCompleted(success: true)
                }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.datasets", using: nil) { [weak self] task in
                    guard let self else {
                        task.setTaskCompleted(success: false)
                        return
                    }
                    refresh(task)
                }
                """),
            RuleExample("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.recordshelf.datasets", using: nil) { task in
                    Refresher.shared.handle(task)
                    guard Refresher.shared.needsFollowUp else { return }
                    Refresher.shared.scheduleFollowUp()
                }
                """),
        ],
        // A launch handler as written: every `return` and `setTaskCompleted` in it, and where its task goes.
        reads: SyntaxReads(siteClosure: .init(readWhole: [.backgroundTask, .backgroundTaskRegistration]))
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.flatMap { site -> [Finding] in
            if site.kind == .backgroundTaskRegistration { return earlyExits(of: site, in: file) }
            guard site.kind == .backgroundTask, let closure = BackgroundTaskContext.closure(of: site) else { return [] }
            return SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(closure)).compactMap { call in
                guard BackgroundTaskIndex.baseName(of: call) == "setTaskCompleted" else { return nil }
                let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName ?? call.calledExpression.as(DeclReferenceExprSyntax.self)
                return finding(
                    at: file.position(of: token.map(Syntax.init) ?? Syntax(call)),
                    message: "SwiftUI's .backgroundTask completes the task when this closure returns; calling setTaskCompleted here completes it twice or too early. Remove the call and return from the closure instead",
                    related: [RelatedLocation(position: site.position, message: "the .backgroundTask that owns completion")])
            }
        }
    }

    /// A launch handler's `return`s that leave its task open (``LaunchHandlerExits``).
    private func earlyExits(of site: CreationSite, in file: FileAnalysis) -> [Finding] {
        guard let closure = BackgroundTaskContext.closure(of: site),
              let parameter = BackgroundTaskContext.firstParameterName(of: closure) else { return [] }
        let names = BackgroundTaskContext.aliases(of: parameter, in: closure)
        return LaunchHandlerExits.openExits(in: closure, task: names).map { exit in
            let when = Self.condition(around: exit).map { " when \($0)" } ?? ""
            return finding(
                at: file.position(of: exit), length: exit.returnKeyword.trimmedLength.utf8Length,
                message: "this launch handler returns here without completing the task\(when): nothing else will, so the system keeps it open until it kills the app. Call \(parameter).setTaskCompleted(success: false) before returning",
                related: [RelatedLocation(position: site.position, message: "the launch handler")])
        }
    }

    /// `'let self' fails` for the `guard let self else` around `exit`, `'x == nil' holds` for an `if`.
    private static func condition(around exit: ReturnStmtSyntax) -> String? {
        var current = Syntax(exit).parent
        while let node = current, !node.is(ClosureExprSyntax.self) {
            if let guardStatement = node.as(GuardStmtSyntax.self), OwnBody.isWithin(exit, guardStatement.body) {
                return "'\(Self.shortened(guardStatement.conditions.trimmedDescription))' fails"
            }
            if let ifExpression = node.as(IfExprSyntax.self), OwnBody.isWithin(exit, ifExpression.body) {
                return "'\(Self.shortened(ifExpression.conditions.trimmedDescription))' holds"
            }
            current = node.parent
        }
        return nil
    }

    private static func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
