import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct SelfCaptureTests {
    func capture(_ closureSource: String, members: String = "func refresh() {}\nvar albums: [Int] = []") -> SelfCapture {
        let source = "final class Shelf {\n\(members)\nfunc start(limit: Int) {\n\(closureSource)\n}\n}"
        return SelfCapture(of: SyntaxFixtures.taskClosure(source)!)
    }

    @Test func explicitSelfIsAStrongCapture() {
        #expect(capture("Task { await self.refresh() }").capturesStrongly)
        #expect(capture("Task { [self] in await refresh() }").capturesStrongly)
    }

    @Test func implicitSelfThroughMembersIsSeen() {
        let result = capture("Task { await refresh() }")
        #expect(result.capturesStrongly)
        #expect(result.explicitReferences.isEmpty && result.implicitReferences.count == 1)
    }

    @Test func weakAndUnownedAreNotStrong() {
        #expect(capture("Task { [weak self] in await self?.refresh() }").listEntry == .weak)
        #expect(!capture("Task { [weak self] in await self?.refresh() }").capturesStrongly)
        #expect(!capture("Task { [unowned self] in await self.refresh() }").capturesStrongly)
    }

    @Test func noSelfAndShadowedNamesAreNotCaptures() {
        #expect(!capture("Task { await Shelf.load() }").mentionsSelf)
        #expect(!capture("Task { let albums = await load(); print(albums) }").mentionsSelf)
        #expect(!capture("Task { print(limit) }").mentionsSelf)
        #expect(!capture("Task { other.refresh() }").mentionsSelf)
        #expect(!capture("Task { await withTaskGroup(of: Void.self) { group in group.addTask { await Shelf.load() } } }").mentionsSelf)
    }

    @Test func selfInANestedClosureIsCapturedByTheTask() {
        #expect(capture("Task { items.forEach { self.show($0) } }").capturesStrongly)
    }
}
