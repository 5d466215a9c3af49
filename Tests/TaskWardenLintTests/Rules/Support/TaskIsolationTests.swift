import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct TaskIsolationTests {
    func isolation(_ source: String, kind: CreationSiteKind = .taskInit, callee: String = "Task") -> String? {
        let call = SyntaxFixtures.call(callee, in: source)!
        return TaskIsolation.of(kind: kind, closure: call.trailingClosure, at: call, lookups: SiteLookups(types: TypeIndex(call.root)))
    }

    @Test func actorInstanceMethodsDependOnCapturingSelf() {
        #expect(isolation("actor PriceCache { var prices: [Int] = []; func warm() { Task { await self.load() } } }") == "actor")
        #expect(isolation("actor PriceCache { var prices: [Int] = []; func warm() { Task { prices.removeAll() } } }") == "actor")
        #expect(isolation("actor PriceCache { func warm() { Task { await Network.fetch() } } }") == "nonisolated")
        #expect(isolation("actor PriceCache { static func warm() { Task { await Network.fetch() } } }") == "nonisolated")
        // `[weak self]` binds an optional copy, not the isolated actor: the task runs off it (checked against the
        // compiler: calling an actor-isolated method there without await does not compile); `[unowned self]` and
        // `[self]` capture the actor itself.
        #expect(isolation("actor PriceCache { func warm() { Task { [weak self] in await self?.load() } } }") == "nonisolated")
        #expect(isolation("actor PriceCache { func warm() { Task { [unowned self] in load() } } }") == "actor")
        #expect(isolation("actor PriceCache { func warm() { Task { [self] in load() } } }") == "actor")
        #expect(isolation("actor PriceCache {}\nextension PriceCache { func warm() { Task { await self.load() } } }") == "actor")
    }

    @Test func closuresRunningOnTheCallersIsolation() {
        // A continuation's body, a task group's body and a cancellation handler's operation run on the method's
        // isolation, so a task created there inherits it.
        #expect(isolation("actor A { var n = 0; func f() async { await withCheckedContinuation { c in Task { n += 1 } } } }") == "actor")
        #expect(isolation("actor A { func f() async throws { try await withCheckedThrowingContinuation { c in Task { await Network.fetch() } } } }") == "nonisolated")
        #expect(isolation("actor A { var n = 0; func f() async { await withUnsafeContinuation { c in Task { self.n += 1 } } } }") == "actor")
        #expect(isolation("actor A { var n = 0; func f() async { await withTaskGroup(of: Void.self) { group in Task { n += 1 } } } }") == "actor")
        #expect(isolation("actor A { var n = 0; func f() async { await withTaskCancellationHandler { Task { n += 1 } } onCancel: { } } }") == "actor")
        #expect(isolation("@MainActor final class Shelf { func f() async { await withCheckedContinuation { c in Task { await load() } } } }") == "MainActor")
        // `onCancel:` runs wherever the cancellation comes from.
        #expect(isolation("actor A { var n = 0; func f() async { await withTaskCancellationHandler { } onCancel: { Task { await self.g() } } } }") == nil)
        let inContinuation = SyntaxFixtures.call("Task", in: "actor A { func f() async { await withCheckedContinuation { c in Task { } } } }")!
        #expect(TaskIsolation.isInActorInstanceMember(inContinuation, types: TypeIndex(inContinuation.root)))
    }

    @Test func globalActorsAndExplicitForms() {
        #expect(isolation("@MainActor final class Shelf { func f() { Task { await load() } } }") == "MainActor")
        #expect(isolation("final class Shelf { @MainActor func f() { Task { await load() } } }") == "MainActor")
        #expect(isolation("struct AlbumList: View { var body: some View { Text(\"\").task { } }\n func f() { Task { } } }") == "MainActor")
        #expect(isolation("actor A { func f() { Task { @MainActor in show() } } }") == "MainActor")
        #expect(isolation("actor A { nonisolated func f() { Task { await self.g() } } }") == "nonisolated")
        #expect(isolation("func f() { Task.detached { await g() } }", kind: .taskDetached, callee: "Task.detached") == "nonisolated")
    }

    @Test func unknownWhereSyntaxCannotTell() {
        #expect(isolation("final class Shelf: BaseController { func f() { Task { await load() } } }") == nil)
        #expect(isolation("final class Shelf { func f() { queue.async { Task { await load() } } } }") == nil)
        #expect(isolation("extension Elsewhere { func f() { Task { await load() } } }") == nil)
        #expect(isolation("final class Shelf: Sendable { func f() { Task { await load() } } }") == "nonisolated")
    }

    @Test func actorInstanceMemberDetection() {
        let inMethod = SyntaxFixtures.call("Task", in: "actor A { func f() { Task { } } }")!
        let inStatic = SyntaxFixtures.call("Task", in: "actor A { static func f() { Task { } } }")!
        let inClass = SyntaxFixtures.call("Task", in: "final class A { func f() { Task { } } }")!
        #expect(TaskIsolation.isInActorInstanceMember(inMethod, types: TypeIndex(inMethod.root)))
        #expect(!TaskIsolation.isInActorInstanceMember(inStatic, types: TypeIndex(inStatic.root)))
        #expect(!TaskIsolation.isInActorInstanceMember(inClass, types: TypeIndex(inClass.root)))
    }
}
