import SwiftSyntax

/// Whether an error can leave a body, as far as syntax shows it.
///
/// A `try` (not `try?` or `try!`), a `for try await`, or a `throw` counts unless it sits inside the `do` block of
/// a `do/catch` with a catch-all clause (`catch`, `catch let error`, `catch _`). `catch let e as Foo`, `catch is
/// Foo` and `catch Foo.bar` are not catch-alls. Code inside nested closures and local functions does not run as
/// part of the body and is skipped; a `try` in a catch clause itself escapes.
///
/// `try await Task.sleep(…)` and `try Task.checkCancellation()` throw only `CancellationError`; callers that know
/// the task cannot be cancelled (nobody holds its handle) can leave them out with `ignoringCancellationOnly`.
enum ThrowReach {
    /// Calls that throw nothing but `CancellationError`.
    static let cancellationOnlyCalls: Set<String> = ["Task.sleep", "Task.checkCancellation", "Task<Never,Never>.sleep"]

    /// The first place in `body`'s own code from which an error can escape, or nil when none can.
    static func firstEscapingThrow(in body: some SyntaxProtocol, ignoringCancellationOnly: Bool = false) -> Syntax? {
        for node in OwnBody.nodes(ofKinds: [.tryExpr, .forStmt, .throwStmt], in: body) {
            if let tryExpression = node.as(TryExprSyntax.self) {
                guard tryExpression.questionOrExclamationMark == nil else { continue }
                if ignoringCancellationOnly && throwsOnlyCancellation(tryExpression.expression) { continue }
                if !isCaught(node, within: Syntax(body)) { return node }
            } else if let forStatement = node.as(ForStmtSyntax.self), let tryKeyword = forStatement.tryKeyword {
                if !isCaught(node, within: Syntax(body)) { return Syntax(tryKeyword) }
            } else if node.is(ThrowStmtSyntax.self) {
                if !isCaught(node, within: Syntax(body)) { return node }
            }
        }
        return nil
    }

    /// `Task.sleep(…)` or `Task.checkCancellation()`, possibly awaited.
    static func throwsOnlyCancellation(_ expression: ExprSyntax) -> Bool {
        var inner = expression
        if let awaited = inner.as(AwaitExprSyntax.self) { inner = awaited.expression }
        guard let call = inner.as(FunctionCallExprSyntax.self) else { return false }
        return cancellationOnlyCalls.contains(OwnBody.compactText(call.calledExpression))
    }

    /// Whether `node` sits in the `do` block of a catch-all `do/catch` inside `body`.
    static func isCaught(_ node: Syntax, within body: Syntax) -> Bool {
        var child = node
        var current = node.parent
        while let candidate = current, candidate != body {
            if let doStatement = candidate.as(DoStmtSyntax.self), child.id == doStatement.body.id,
               doStatement.catchClauses.contains(where: isCatchAll) {
                return true
            }
            child = candidate
            current = candidate.parent
        }
        return false
    }

    /// `catch`, `catch let error`, `catch _`, or a clause list that has one of those.
    static func isCatchAll(_ clause: CatchClauseSyntax) -> Bool {
        if clause.catchItems.isEmpty { return true }
        return clause.catchItems.contains { item in
            guard item.whereClause == nil, let pattern = item.pattern else { return false }
            if pattern.is(WildcardPatternSyntax.self) { return true }
            if pattern.as(ExpressionPatternSyntax.self)?.expression.is(DiscardAssignmentExprSyntax.self) == true { return true }
            if let binding = pattern.as(ValueBindingPatternSyntax.self) {
                return binding.pattern.is(IdentifierPatternSyntax.self) || binding.pattern.is(WildcardPatternSyntax.self)
            }
            return false
        }
    }
}
