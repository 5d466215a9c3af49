import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct ThrowReachTests {
    func escapes(_ body: String) -> Bool {
        let closure = SyntaxFixtures.taskClosure("Task {\n\(body)\n}")!
        return ThrowReach.firstEscapingThrow(in: closure) != nil
    }

    @Test func uncaughtTryAndThrowEscape() {
        #expect(escapes("try await sync()"))
        #expect(escapes("throw SyncError.offline"))
        #expect(escapes("for try await page in pages { show(page) }"))
        #expect(escapes("do { try await sync() } catch let error as URLError { log(error) }"))
        #expect(escapes("do { try await sync() } catch is CancellationError { }"))
        #expect(escapes("do { try await sync() } catch { try await fallback() }"))
        #expect(escapes("do { try await sync() }"))
    }

    @Test func caughtOrOptionalTriesDoNotEscape() {
        #expect(!escapes("try? await sync()"))
        #expect(!escapes("try! load()"))
        #expect(!escapes("do { try await sync() } catch { log(error) }"))
        #expect(!escapes("do { try await sync() } catch let error { log(error) }"))
        #expect(!escapes("do { try await sync() } catch let e as URLError { log(e) } catch { log(error) }"))
        #expect(!escapes("await refresh()"))
    }

    @Test func cancellationOnlyThrowsCanBeLeftOut() {
        let closure = SyntaxFixtures.taskClosure("Task {\ntry await Task.sleep(for: .seconds(1))\ntry Task.checkCancellation()\n}")!
        #expect(ThrowReach.firstEscapingThrow(in: closure) != nil)
        #expect(ThrowReach.firstEscapingThrow(in: closure, ignoringCancellationOnly: true) == nil)
        let mixed = SyntaxFixtures.taskClosure("Task {\ntry await Task.sleep(for: .seconds(1))\ntry await upload()\n}")!
        #expect(ThrowReach.firstEscapingThrow(in: mixed, ignoringCancellationOnly: true) != nil)
    }

    @Test func nestedBodiesAreSkipped() {
        #expect(!escapes("let load = { try fetch() }; _ = load"))
        #expect(!escapes("func inner() throws { try fetch() }"))
    }

    @Test func catchAllRecognition() {
        let clauses = SyntaxFixtures.all(CatchClauseSyntax.self, in: """
        do {} catch {}
        do {} catch let error {}
        do {} catch _ {}
        do {} catch let error as URLError {}
        do {} catch is CancellationError {}
        do {} catch let error where error is URLError {}
        """)
        #expect(clauses.map(ThrowReach.isCatchAll) == [true, true, true, false, false, false])
    }
}
