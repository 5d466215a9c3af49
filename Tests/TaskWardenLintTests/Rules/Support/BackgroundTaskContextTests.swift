import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct BackgroundTaskContextTests {
    static let ids = """
        enum RefreshIDs {
            static let prices = "com.recordshelf.price-refresh"
            static let covers = "com.recordshelf.cover-prefetch"
        }
        enum TaskID: String { case wantlist = "com.recordshelf.wantlist-refresh" }
        let legacyID = "com.recordshelf.legacy-sync"
        struct MockScheduler { var identifier: String = "mock-identifier" }
        """
    static let uses = """
        enum Registrar {
            static let own = "com.recordshelf.own"
            static func registerAll() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: RefreshIDs.prices, using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskID.wantlist.rawValue, using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: legacyID, using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.own, using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.recordshelf.literal", using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "\\(prefix).dynamic", using: nil) { task in handle(task) }
            }
            static func register(identifier: String) {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in handle(task) }
            }
        }
        """

    @Test func resolvesLiteralsAndConstantsButNotParameters() throws {
        let result = LintEngine(parallel: false).run(sources: [("IDs.swift", Self.ids), ("Registrar.swift", Self.uses)])
        let context = try #require(BackgroundTaskContext(tree: result.tree))
        let values = context.uses.filter { $0.kind == .registered }.map(\.value)
        #expect(values == ["com.recordshelf.price-refresh", "com.recordshelf.wantlist-refresh", "com.recordshelf.legacy-sync",
                           "com.recordshelf.own", "com.recordshelf.literal", nil, nil])
    }

    @Test func aTreeWithoutBackgroundCodeHasNoContext() {
        let result = LintEngine(parallel: false).run(sources: [("A.swift", "func f() { Task { await g() } }")])
        #expect(BackgroundTaskContext(tree: result.tree) == nil)
    }

    @Test func byteScanFindsTokens() {
        let tokens = ["setTaskCompleted", "BGTaskScheduler"].map { Array($0.utf8) }
        #expect(BackgroundTaskContext.containsAny("x.setTaskCompleted(success: true)", tokens))
        #expect(!BackgroundTaskContext.containsAny("setTaskComplete BGTask", tokens))
        #expect(!BackgroundTaskContext.containsAny("", tokens))
    }
}
