import SwiftSyntax

/// `unowned-task-loop`: an endless loop in a task whose handle nobody keeps.
public struct UnownedTaskLoopRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unowned-task-loop",
        summary: "An endless loop runs in a task whose handle is dropped: nothing can ever cancel it.",
        rationale: """
            A loop that ends only on cancellation (`while !Task.isCancelled`, `while true`, `for await` over an \
            endless stream) in a task whose handle is thrown away runs until the process exits: nobody holds the \
            handle, so nobody can call `cancel()`, and an unstructured task inherits no cancellation from its \
            creator. Each call of the creating function adds one more: created at rate λ and never ending, λt of \
            them are alive after time t. Keep the handle and cancel it when the owner goes away, use SwiftUI's \
            `.task` (cancelled with the view), or run the loop in a structured child task. \
            Cancellation is cooperative, though: a loop that never suspends (no `await`) and never checks \
            `Task.isCancelled` cannot be stopped by cancelling its task, and it holds a thread of the shared \
            cooperative pool for good. There the advice is to give the loop an exit (check `Task.isCancelled` or \
            a stop flag in it) and to run blocking work on a thread of its own, not in a task.
            Not reported when the handle is assigned, returned, passed on or awaited, or when `_ = Task { … }` \
            says the drop is intended.
            Cannot see: async sequences it does not know to be endless (an `AsyncStream` you finish yourself is \
            treated as bounded), and loops that end on a condition it cannot read.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                func startHeartbeat(_ uploader: CloudUploader) {
                    ↓Task.detached {
                        while true {
                            await uploader.sendHeartbeat()
                            try? await Task.sleep(for: .seconds(60))
                        }
                    }
                }
                """),
            RuleExample("""
                func observeWantlist() {
                    ↓Task {
                        for await _ in NotificationCenter.default.notifications(named: .wantlistDidChange) {
                            await reload()
                        }
                    }
                }
                """),
            RuleExample("""
                func trackPrices() {
                    ↓Task {
                        repeat {
                            await refreshPrices()
                        } while !Task.isCancelled
                    }
                }
                """),
            // Found in real apps: no suspension point, so cancelling would not stop it either.
            RuleExample("""
                func startSpinner() {
                    ↓Task.detached {
                        while true {
                            frame = (frame + 1) % frames.count
                            render(frames[frame])
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("func f() { heartbeat = Task { while true { await ping() } } }"),
            RuleExample("func f() { Task { for page in pages { await show(page) } } }"),
            RuleExample("func f() { Task { while let page = await pager.next() { show(page) } } }"),
            RuleExample("func f() { Task { for await line in url.lines { parse(line) } } }"),
            RuleExample("func f() { _ = Task { while true { await ping() } } }"),
            RuleExample("func f() -> Task<Void, Never> { Task { while true { await ping() } } }"),
        ],
        // The loops of the task's closure and how they end (LoopBound: `while true`, `!Task.isCancelled`,
        // `for await` over a stream, `break` and `return`), its awaits, and what the handle is used for.
        reads: SyntaxReads(siteClosure: .init(controlFlow: true, words: ["await", "try"],
                                              statementsWith: ["Task", "isCancelled", "checkCancellation"]))
    )

    /// Whether cancelling the task can stop `loop`: it suspends (an `await`, where cancellation-aware calls
    /// can end it) or checks `Task.isCancelled` / `Task.checkCancellation()` itself.
    static func canBeCancelled(_ loop: Syntax) -> Bool {
        if !OwnBody.nodes(ofKinds: [.awaitExpr], in: loop).isEmpty { return true }
        if let forLoop = loop.as(ForStmtSyntax.self), forLoop.awaitKeyword != nil { return true }
        let text = OwnBody.compactText(loop)
        return text.contains("Task.isCancelled") || text.contains("checkCancellation")
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard site.kind.isUnstructured, let call = site.call, let closure = site.closure,
                  TaskHandleUse.of(call).isDiscarded, let loop = LoopBound.unboundedLoops(in: closure).first else { return nil }
            let loopPosition = file.position(of: loop.statement)
            guard Self.canBeCancelled(Syntax(loop.statement)) else {
                return finding(
                    at: site,
                    message: "nobody keeps this task's handle and it loops forever (\(loop.shape.rawValue), line \(loopPosition.line)) without suspending or checking for cancellation, so even cancelling it would not stop it; give the loop an exit (check Task.isCancelled or a stop flag) and run blocking work on a thread of its own",
                    related: [RelatedLocation(position: loopPosition, message: "the loop that never suspends")])
            }
            return finding(
                at: site,
                message: "nobody keeps this task's handle and it loops until cancelled (\(loop.shape.rawValue), line \(loopPosition.line)), so nothing can ever cancel it; keep the handle and cancel it when its owner goes away",
                related: [RelatedLocation(position: loopPosition, message: "the loop that never ends")])
        }
    }
}
