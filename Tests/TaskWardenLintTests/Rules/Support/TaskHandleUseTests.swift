import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct TaskHandleUseTests {
    func use(_ source: String, callee: String = "Task") -> TaskHandleUse {
        TaskHandleUse.of(SyntaxFixtures.call(callee, in: source)!)
    }

    @Test func aStatementOnItsOwnIsADiscard() {
        #expect(use("func f() { Task { await g() }; other() }").isDiscarded)
        #expect(use("func f() { Task.detached { await g() } }", callee: "Task.detached").isDiscarded)
        #expect(use("Button(\"Sync\") { Task { await sync() } }").isDiscarded)
        #expect(use(".onAppear { Task { await load() } }").isDiscarded)
    }

    @Test func explicitDiscards() {
        guard case .explicitlyDiscarded = use("func f() { _ = Task { try await g() } }") else { Issue.record(); return }
        guard case .explicitlyDiscarded = use("func f() { let _ = Task { try await g() } }") else { Issue.record(); return }
    }

    @Test func keptHandles() {
        guard case .stored(let target) = use("func f() { self.sync = Task { await g() } }") else { Issue.record(); return }
        #expect(target.trimmedDescription == "self.sync")
        guard case .stored = use("func f() { let task = Task { await g() } }") else { Issue.record(); return }
        guard case .returned = use("func f() -> Task<Void, Never> { return Task { await g() } }") else { Issue.record(); return }
        guard case .returned = use("func f() -> Task<Void, Never> { Task { await g() } }") else { Issue.record(); return }
        guard case .passed = use("func f() { tasks.append(Task { await g() }) }") else { Issue.record(); return }
        guard case .passed = use("func f() { let all = [Task { await g() }] }") else { Issue.record(); return }
        guard case .awaited = use("func f() async throws { try await Task { try await g() }.value }") else { Issue.record(); return }
        guard case .awaited = use("func f() async { _ = await Task { try await g() }.result }") else { Issue.record(); return }
        guard case .closureResult = use("let tasks = ids.map { id in Task { await g(id) } }") else { Issue.record(); return }
        guard case .closureResult = use("let make = { Task { await g() } }") else { Issue.record(); return }
        // Kept only to cancel: nobody reads the result or the error.
        guard case .keptForCancellation = use("func f() { Task { await g() }.cancel() }") else { Issue.record(); return }
        guard case .keptForCancellation = use("func f() { Task { try await g() }.store(in: &bag) }") else { Issue.record(); return }
        guard case .other = use("func f() { Task { await g() }.isCancelled }") else { Issue.record(); return }
    }
}
