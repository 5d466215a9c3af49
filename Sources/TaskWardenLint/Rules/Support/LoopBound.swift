import SwiftSyntax

/// A loop that syntax shows can only end by cancellation (or never).
struct UnboundedLoop {
    enum Shape: String {
        case whileTrue = "while true"
        case whileNotCancelled = "while !Task.isCancelled"
        case repeatWhile = "repeat"
        case forAwaitUnboundedStream = "for await"
    }

    /// The loop statement.
    let statement: StmtSyntax
    let shape: Shape
}

/// Decides whether a loop is unbounded, conservatively.
///
/// A loop counts as unbounded only when its condition (or sequence) is one of a few well-known forms, and no
/// `break` or `return` leaves it except on `Task.isCancelled`. A `try` does not bound a loop: in these loops it
/// is nearly always `Task.sleep` or a stream that ends only on cancellation, which is exactly what never comes
/// when nobody can cancel. Anything else — a counter, a flag, an unknown async sequence — is treated as bounded,
/// because syntax cannot see how it ends.
enum LoopBound {
    /// Async sequences that never finish on their own (by the callee's source text).
    static let unboundedSequenceSuffixes = [".values", "Transaction.updates"]
    static let unboundedSequenceCalls = ["notifications(named:", "Observations(", "Observations{", ".timer(interval:"]

    /// The loop if `statement` is unbounded, nil otherwise.
    static func unbounded(_ statement: some SyntaxProtocol) -> UnboundedLoop? {
        let node = Syntax(statement)
        let shape: UnboundedLoop.Shape
        let body: CodeBlockSyntax
        if let loop = node.as(WhileStmtSyntax.self) {
            guard loop.conditions.count == 1, let condition = loop.conditions.first?.condition.as(ExprSyntax.self),
                  let conditionShape = unboundedCondition(condition) else { return nil }
            shape = conditionShape
            body = loop.body
        } else if let loop = node.as(RepeatStmtSyntax.self) {
            guard unboundedCondition(loop.condition) != nil else { return nil }
            shape = .repeatWhile
            body = loop.body
        } else if let loop = node.as(ForStmtSyntax.self) {
            guard loop.awaitKeyword != nil, loop.whereClause == nil, isUnboundedSequence(loop.sequence) else { return nil }
            shape = .forAwaitUnboundedStream
            body = loop.body
        } else {
            return nil
        }
        guard !hasExit(body, loop: node) else { return nil }
        return UnboundedLoop(statement: StmtSyntax(node)!, shape: shape)
    }

    /// Every unbounded loop in `root`'s own body (not in nested closures or functions).
    static func unboundedLoops(in root: some SyntaxProtocol) -> [UnboundedLoop] {
        OwnBody.nodes(ofKinds: [.whileStmt, .repeatStmt, .forStmt], in: root).compactMap { unbounded($0) }
    }

    private static func unboundedCondition(_ expression: ExprSyntax) -> UnboundedLoop.Shape? {
        switch OwnBody.compactText(expression) {
        case "true": return .whileTrue
        case "!Task.isCancelled", "Task.isCancelled==false", "!Task.isCancelled&&true": return .whileNotCancelled
        default: return nil
        }
    }

    private static func isUnboundedSequence(_ sequence: ExprSyntax) -> Bool {
        let text = OwnBody.compactText(sequence)
        if unboundedSequenceCalls.contains(where: { text.contains($0) }) { return true }
        if text.hasSuffix("Transaction.updates") { return true }
        // `.values` on a Combine publisher: `$model.values`, `publisher.values`, `Timer.publish(…).autoconnect().values`.
        if text.hasSuffix(".values") {
            return text.hasPrefix("$") || text.contains(".$") || text.lowercased().contains("publish")
        }
        return false
    }

    /// Whether a `break` or `return` (other than one taken only on cancellation) leaves `loop`.
    private static func hasExit(_ body: CodeBlockSyntax, loop: Syntax) -> Bool {
        let label = loop.parent?.as(LabeledStmtSyntax.self)?.label.text
        for node in OwnBody.nodes(ofKinds: [.returnStmt, .breakStmt], in: body) {
            if node.is(ReturnStmtSyntax.self) {
                if !isTakenOnlyOnCancellation(node, loop: loop) { return true }
            } else if let breakStatement = node.as(BreakStmtSyntax.self) {
                let leavesThisLoop: Bool
                if let target = breakStatement.label?.text {
                    leavesThisLoop = target == label || !isInside(node, labeledInside: loop, label: target)
                } else {
                    leavesThisLoop = nearestBreakTarget(of: node) == loop
                }
                if leavesThisLoop && !isTakenOnlyOnCancellation(node, loop: loop) { return true }
            }
        }
        return false
    }

    /// The statement an unlabeled `break` leaves: the nearest loop or `switch`.
    private static func nearestBreakTarget(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            switch candidate.kind {
            case .whileStmt, .repeatStmt, .forStmt, .switchExpr: return candidate
            default: current = candidate.parent
            }
        }
        return nil
    }

    private static func isInside(_ node: Syntax, labeledInside loop: Syntax, label: String) -> Bool {
        var current = node.parent
        while let candidate = current, candidate != loop {
            if candidate.as(LabeledStmtSyntax.self)?.label.text == label { return true }
            current = candidate.parent
        }
        return false
    }

    /// Whether the exit sits under an `if Task.isCancelled` / `guard !Task.isCancelled else` and nothing else.
    private static func isTakenOnlyOnCancellation(_ exit: Syntax, loop: Syntax) -> Bool {
        var current = exit.parent
        while let candidate = current, candidate != loop {
            if let ifExpression = candidate.as(IfExprSyntax.self) {
                return ifExpression.conditions.count == 1
                    && OwnBody.isWithin(exit, ifExpression.body)
                    && OwnBody.compactText(ifExpression.conditions.first!.condition) == "Task.isCancelled"
            }
            if let guardStatement = candidate.as(GuardStmtSyntax.self) {
                return guardStatement.conditions.count == 1
                    && OwnBody.compactText(guardStatement.conditions.first!.condition) == "!Task.isCancelled"
            }
            current = candidate.parent
        }
        return false
    }
}
