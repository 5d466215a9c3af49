import Testing
@testable import TaskWardenLint

/// A loop that never suspends cannot be stopped by cancelling its task: the advice must not say "cancel it".
@Suite struct UnownedTaskLoopAdviceTests {
    static func messages(_ code: String) -> [String] {
        LintEngine(rules: [UnownedTaskLoopRule()], parallel: false)
            .run(sources: [("Spinner.swift", code)], configuration: LintConfiguration()).findings.map(\.message)
    }

    @Test func aLoopWithoutSuspensionGetsAdviceThatHelps() {
        let messages = Self.messages("func spin() { Task.detached { while true { frame += 1; render(frame) } } }")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("even cancelling it would not stop it") == true)
        #expect(messages.first?.contains("keep the handle and cancel it") == false)
    }

    @Test func aLoopThatSuspendsOrChecksCancellationKeepsTheCancelAdvice() {
        for code in [
            "func beat() { Task { while true { await ping() } } }",
            "func crunch() { Task.detached { while !Task.isCancelled { crunchNextBlock() } } }",
            "func poll() { Task { while true { try Task.checkCancellation(); step() } } }",
        ] {
            let messages = Self.messages(code)
            #expect(messages.count == 1, "\(code)")
            #expect(messages.first?.contains("keep the handle and cancel it") == true, "\(code)")
        }
    }
}
