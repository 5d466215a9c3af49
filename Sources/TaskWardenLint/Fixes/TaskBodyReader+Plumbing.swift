import SwiftSyntax
import TaskNaming

/// Calls around the work that are not the work: taking a value out of its slot, clearing up before the work
/// starts, and telling a state machine how a loop over a sequence goes.
extension TaskBodyReader {
    /// `slot.take()`, `queue.removeFirst()`, `stack.pop()`: taking a value out of where it is kept is how the
    /// body gets what it works with; what it then does with the value is the work.
    static let plumbingAccessors: Set<String> = [
        "take", "get", "pop", "popFirst", "popLast", "removeFirst", "removeLast", "unwrap", "unwrapped",
    ]

    /// `writerSlot.take()`: an accessor, called on something, with no arguments and no closure.
    static func isPlumbingAccess(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        plumbingAccessors.contains(callee) && node.arguments.isEmpty && node.trailingClosure == nil
            && node.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
    }

    /// `_ = cache.pop()`, or `queue.removeFirst()` as a statement: the value taken is thrown away, so taking it
    /// is what the body does, not how it gets what it works with.
    static func discardsTakenValue(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            current = parent
        }
        guard let parent = current.parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        // `_ = x` arrives unfolded: `[_, =, x]`.
        guard let assignment = parent.as(ExprListSyntax.self)?.unfoldedAssignment else { return false }
        return assignment.value.id == current.id && assignment.target.is(DiscardAssignmentExprSyntax.self)
    }

    /// The value a binding takes out of a slot: `slot.take()!`, `try queue.removeFirst()`, `box!`, or
    /// `state.withLock { $0.writer.take() }` (a lock's closure that returns a value).
    static func isTakenValue(_ expression: ExprSyntax) -> Bool {
        var value = expression
        while true {
            if let tried = value.as(TryExprSyntax.self) { value = tried.expression; continue }
            if let awaited = value.as(AwaitExprSyntax.self) { value = awaited.expression; continue }
            if let forced = value.as(ForceUnwrapExprSyntax.self) {
                if forced.expression.is(DeclReferenceExprSyntax.self) || forced.expression.is(MemberAccessExprSyntax.self) {
                    return true
                }
                value = forced.expression
                continue
            }
            break
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
              let callee = SiteNamingContext.calleeName(call.calledExpression) else { return false }
        if isPlumbingAccess(call, callee: callee) { return true }
        return ["withLock", "withLockedValue", "withCriticalRegion"].contains(callee) && takesClosure(call)
    }

    /// Calls that let go of a helper object (`generationTimer?.invalidate()`, `listener.close()`,
    /// `observers.removeAll()`): made on the object, with nothing else in their name, they clear up, and before
    /// a later call they make room for the work rather than do it. `closeAccount(id)` or `stop()` on a tunnel
    /// is work: only these names on a receiver count.
    static let cleanupCalls: Set<String> = [
        "invalidate", "cancel", "cancelAll", "close", "removeAll", "removeObserver", "removeAllObservers",
        "removeFromSuperview", "removeFromSuperlayer", "removeFromParent", "removeAllAnimations",
    ]

    /// `closeStdin()`, `_closeStdin()`, `stream.close()`: a call that closes something up.
    static func closesUp(_ call: BodyCall) -> Bool {
        !call.isAssignment && NameWords.split(String(call.name.drop { $0 == "_" })).first == "close"
    }

    static func isCleanup(_ call: BodyCall) -> Bool {
        !call.isAssignment && call.receiver != nil && cleanupCalls.contains(call.name)
    }

    /// `calls` with each clean-up call that another call follows moved after the rest: the work comes first,
    /// the clean-up only tells sites apart. A body that only clears up keeps its calls as they are.
    static func workFirst(_ calls: [BodyCall]) -> (work: [BodyCall], all: [BodyCall]) {
        let work = calls.indices.filter { index in
            !(isCleanup(calls[index]) && calls[(index + 1)...].contains { !isCleanup($0) })
        }.map { calls[$0] }
        return (work, work + calls.filter { !work.contains($0) })
    }

    /// `stateMachine.childTaskSuspended(…)`, `$0.upstreamFinished()`: telling another object that something
    /// happened. Beside a loop over a sequence it reports how the loop goes; the loop is the work.
    static func reportsEvent(_ call: BodyCall) -> Bool {
        !call.isAssignment && call.receiver != nil && TaskNameDerivation.isEventName(NameWords.split(call.name))
    }

    /// `await MainActor.run { … }`: a closure run on the main actor, where a body hands its results back.
    static func handsBack(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        callee == "run" && takesClosure(node)
            && node.calledExpression.as(MemberAccessExprSyntax.self)?.base.flatMap(rootName) == "MainActor"
    }

    /// `withAnimation { … }`, `MainActor.run { … }`: the closure runs once, before the call returns.
    static func runsClosureInPlace(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        callee == "withAnimation" || callee == "withTransaction" || handsBack(node, callee: callee)
    }

    /// `await MainActor.run { self.results = results; self.exportCSV() }` after a task group or other work
    /// hands the results back; what the hand-back calls is not what the task does. Alone, it is the work.
    static func droppingHandBack(_ calls: [BodyCall], handBack: [BodyCall], startsChildTasks: Bool) -> [BodyCall] {
        guard !handBack.isEmpty else { return calls }
        let rest = calls.filter { !handBack.contains($0) }
        return startsChildTasks || !rest.isEmpty ? rest : calls
    }
}
