import SwiftSyntax

/// `background-task-manual-completion`: `setTaskCompleted` inside SwiftUI's `.backgroundTask`.
public struct BackgroundTaskManualCompletionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "background-task-manual-completion",
        summary: "setTaskCompleted is called inside a SwiftUI .backgroundTask closure, which completes the task itself.",
        rationale: """
            SwiftUI's `.backgroundTask` completes the background task when its closure returns and cancels the \
            closure when the task expires. Calling `setTaskCompleted(success:)` by hand completes it a second time \
            — or completes it while the closure is still working, so the system may suspend the app mid-write. \
            Return from the closure instead; to report failure, just return (SwiftUI has no success flag).
            Cannot see: a completion made by a function the closure calls (only calls written in the closure, \
            including closures nested in it, are checked).
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
        ]
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.flatMap { site -> [Finding] in
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
}
