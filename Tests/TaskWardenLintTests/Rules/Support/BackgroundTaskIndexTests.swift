import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct BackgroundTaskIndexTests {
    let scheduling = SyntaxFixtures.parse("""
    enum RefreshScheduling {
        static func scheduleNextPriceRefresh() {
            let request = BGAppRefreshTaskRequest(identifier: RefreshIDs.prices)
            try? BGTaskScheduler.shared.submit(request)
        }
        static func planAhead() { scheduleNextPriceRefresh() }
    }
    """)
    let handling = SyntaxFixtures.parse("""
    final class PriceRefresher {
        func handle(_ task: BGAppRefreshTask) {
            task.expirationHandler = { work.cancel() }
            finish(task)
        }
        func finish(_ task: BGTask) { task.setTaskCompleted(success: true) }
        func unrelated() { print("hi") }
    }
    """)

    @Test func factsFlowThroughCallsAcrossFiles() {
        let index = BackgroundTaskIndex(files: [scheduling, handling])
        #expect(index.factsByName["scheduleNextPriceRefresh"] == [.submits])
        #expect(index.factsByName["planAhead"] == [.submits])
        #expect(index.factsByName["handle"] == [.setsExpiration, .completes, .takesAppRefreshTask])
        #expect(index.factsByName["unrelated"] == [])
        #expect(index.defines("finish") && !index.defines("elsewhere"))
        #expect(index.appRefreshRequestIdentifiers == ["RefreshIDs.prices"])
    }

    func closure(_ source: String) -> ClosureExprSyntax {
        SyntaxFixtures.all(ClosureExprSyntax.self, in: source).first!
    }

    @Test func submissionBeforeTheFirstAwait() {
        let index = BackgroundTaskIndex(files: [scheduling, handling])
        #expect(index.submitsBeforeFirstAwait(in: closure("x { RefreshScheduling.planAhead(); await refreshPrices() }")))
        #expect(index.submitsBeforeFirstAwait(in: closure("x { await RefreshScheduling.planAhead() }")))
        #expect(!index.submitsBeforeFirstAwait(in: closure("x { await refreshPrices(); RefreshScheduling.planAhead() }")))
        #expect(!index.submitsBeforeFirstAwait(in: closure("x { await refreshPrices() }")))
        #expect(index.submitsBeforeFirstAwait(in: closure("x { try? BGTaskScheduler.shared.submit(next) }")))
    }

    @Test func unseenCallsAreThoseThatMightDoTheWork() {
        let index = BackgroundTaskIndex(files: [scheduling, handling])
        let body = closure("x { task in logger.info(\"go\"); self.handle(task); process(task); helper(); other.thing() }")
        let unseen = index.unseenCalls(in: body, handing: "task").map { BackgroundTaskIndex.baseName(of: $0)! }
        #expect(unseen == ["process", "helper"])
    }

    @Test func callsOnATypeMatchOnlyThatTypesFunctions() {
        let index = BackgroundTaskIndex(files: [scheduling, handling])
        #expect(index.defines("PriceRefresher.handle") && !index.defines("LegacyRefresher.handle"))
        let body = closure("x { task in LegacyRefresher.handle(task); PriceRefresher.finish(task) }")
        let unseen = index.unseenCalls(in: body, handing: "task").map { BackgroundTaskIndex.key(of: $0)! }
        #expect(unseen == ["LegacyRefresher.handle"])
        #expect(index.reachableFacts(from: body) == [.completes])
    }
}
