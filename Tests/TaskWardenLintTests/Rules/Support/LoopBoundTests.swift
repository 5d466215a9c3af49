import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct LoopBoundTests {
    func shapes(_ body: String) -> [UnboundedLoop.Shape] {
        let closure = SyntaxFixtures.taskClosure("Task {\n\(body)\n}")!
        return LoopBound.unboundedLoops(in: closure).map(\.shape)
    }

    @Test func recognisesTheUnboundedForms() {
        #expect(shapes("while true { await poll() }") == [.whileTrue])
        #expect(shapes("while !Task.isCancelled { await poll() }") == [.whileNotCancelled])
        #expect(shapes("repeat { await poll() } while !Task.isCancelled") == [.repeatWhile])
        #expect(shapes("for await _ in NotificationCenter.default.notifications(named: .x) { reload() }") == [.forAwaitUnboundedStream])
        #expect(shapes("for await value in $albums.values { show(value) }") == [.forAwaitUnboundedStream])
        #expect(shapes("for await update in Transaction.updates { await handle(update) }") == [.forAwaitUnboundedStream])
    }

    @Test func cancellationOnlyExitsDoNotBoundALoop() {
        #expect(shapes("while true { if Task.isCancelled { break }; await poll() }") == [.whileTrue])
        #expect(shapes("while true { guard !Task.isCancelled else { return }; try await Task.sleep(for: .seconds(5)) }") == [.whileTrue])
    }

    @Test func loopsThatCanEndAreBounded() {
        #expect(shapes("while true { guard let page = await next() else { break }; show(page) }").isEmpty)
        #expect(shapes("while true { if done { return } }").isEmpty)
        #expect(shapes("while attempts < 3 { attempts += 1 }").isEmpty)
        #expect(shapes("repeat { n += 1 } while n < 10").isEmpty)
        #expect(shapes("for await line in url.lines { print(line) }").isEmpty)
        #expect(shapes("for album in albums { await price(album) }").isEmpty)
        #expect(shapes("outer: while true { for x in xs { if x { break outer } } }").isEmpty)
    }

    @Test func aBreakOutOfAnInnerSwitchOrLoopDoesNotBound() {
        #expect(shapes("while true { switch await next() { case .a: break; default: show() } }") == [.whileTrue])
        #expect(shapes("while true { for x in xs { if x { break } } }") == [.whileTrue])
    }

    @Test func nestedClosuresAreNotPartOfTheBody() {
        #expect(shapes("let poll = { while true { } }; poll()").isEmpty)
        #expect(shapes("while true { let f = { return }; await poll() }") == [.whileTrue])
    }
}
