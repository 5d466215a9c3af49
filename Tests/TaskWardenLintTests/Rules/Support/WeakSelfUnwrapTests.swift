import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct WeakSelfUnwrapTests {
    func findings(_ closureSource: String) -> [WeakSelfUnwrapBeforeLoop] {
        let source = "final class Shelf {\nfunc refresh() async {}\nfunc start() {\n\(closureSource)\n}\n}"
        let closure = SyntaxFixtures.taskClosure(source)!
        return WeakSelfUnwrap.findings(in: closure, types: TypeIndex(closure.root))
    }

    @Test func unwrapOnceBeforeTheLoopIsFound() {
        let guardSelf = findings("Task { [weak self] in\n guard let self else { return }\n while !Task.isCancelled { await refresh() }\n}")
        #expect(guardSelf.count == 1 && guardSelf.first?.name == "self")
        #expect(findings("Task { [weak self] in\n guard let self = self else { return }\n while true { await self.refresh() }\n}").count == 1)
        #expect(findings("Task { [weak self] in\n if let self { while true { await self.refresh() } }\n}").count == 1)
        let strongSelf = findings("Task { [weak self] in\n guard let strongSelf = self else { return }\n for await _ in NotificationCenter.default.notifications(named: .x) { await strongSelf.refresh() }\n}")
        #expect(strongSelf.first?.name == "strongSelf")
        #expect(findings("Task { [weak self] in\n let strongSelf = self\n while true { await strongSelf?.refresh() }\n}").count == 1)
    }

    @Test func unwrapPerIterationIsFine() {
        #expect(findings("Task { [weak self] in\n while !Task.isCancelled {\n guard let self else { return }\n await self.refresh()\n }\n}").isEmpty)
        #expect(findings("Task { [weak self] in\n while true {\n try? await Task.sleep(for: .seconds(60))\n await self?.refresh()\n }\n}").isEmpty)
    }

    @Test func boundedLoopsAndStrongCapturesAreNotThisRule() {
        #expect(findings("Task { [weak self] in\n guard let self else { return }\n for album in albums { await self.refresh() }\n}").isEmpty)
        #expect(findings("Task {\n guard let me = Optional(self) else { return }\n while true { await me.refresh() }\n}").isEmpty)
        #expect(findings("Task { [weak self] in\n guard let self else { return }\n await refresh()\n}").isEmpty)
    }

    @Test func aLoopThatDoesNotUseTheStrongReferenceIsNotReported() {
        #expect(findings("Task { [weak self] in\n guard let self else { return }\n await refresh()\n while true { await tick() }\n}").isEmpty)
    }
}
