import SwiftSyntax

/// Whether an error can leave a body, as far as syntax shows it.
///
/// A `try` (not `try?` or `try!`), a `for try await`, or a `throw` counts unless it sits inside the `do` block of
/// a `do/catch` with a catch-all clause (`catch`, `catch let error`, `catch _`). `catch let e as Foo`, `catch is
/// Foo` and `catch Foo.bar` are not catch-alls. Code inside nested closures and local functions does not run as
/// part of the body and is skipped; a `try` in a catch clause itself escapes.
///
/// `try await Task.sleep(…)`, `try await clock.sleep(for:)` (any clock or scheduler, test clocks included) and
/// `try Task.checkCancellation()` throw only `CancellationError`; callers that know the task cannot be cancelled
/// (nobody holds its handle) can leave them out with `ignoringCancellationOnly`.
///
/// `try await withThrowingTaskGroup { group in … }` throws only what its body lets escape: a child's error
/// arrives through `group.next()`, `group.waitForAll()` or `for try await … in group`, so when every child
/// catches its errors those are not counted either.
enum ThrowReach {
    /// Calls that throw nothing but `CancellationError`.
    static let cancellationOnlyCalls: Set<String> = ["Task.sleep", "Task.checkCancellation", "Task<Never,Never>.sleep"]
    /// Functions that run a throwing task group and throw what its body throws.
    static let throwingGroupFunctions: Set<String> = ["withThrowingTaskGroup", "withThrowingDiscardingTaskGroup"]
    /// Group members that rethrow a child's error.
    static let groupForwardingMembers: Set<String> = ["next", "waitForAll", "nextResult"]

    /// The first place in `body`'s own code from which an error can escape, or nil when none can.
    /// - Parameter quietGroup: the parameter name of a throwing task group whose children cannot throw; its
    ///   forwarding members (`next()`, `waitForAll()`, iteration) are then not counted.
    static func firstEscapingThrow(
        in body: some SyntaxProtocol, ignoringCancellationOnly: Bool = false, quietGroup: String? = nil
    ) -> Syntax? {
        for node in OwnBody.nodes(ofKinds: [.tryExpr, .forStmt, .throwStmt], in: body) {
            if let tryExpression = node.as(TryExprSyntax.self) {
                guard tryExpression.questionOrExclamationMark == nil else { continue }
                if ignoringCancellationOnly && throwsOnlyCancellation(tryExpression.expression) { continue }
                if let quietGroup, forwardsGroupErrors(tryExpression.expression, group: quietGroup) { continue }
                if groupCannotThrow(tryExpression.expression, ignoringCancellationOnly: ignoringCancellationOnly) { continue }
                if !isCaught(node, within: Syntax(body)) { return node }
            } else if let forStatement = node.as(ForStmtSyntax.self), let tryKeyword = forStatement.tryKeyword {
                if let quietGroup, OwnBody.compactText(forStatement.sequence) == quietGroup { continue }
                if !isCaught(node, within: Syntax(body)) { return Syntax(tryKeyword) }
            } else if node.is(ThrowStmtSyntax.self) {
                if !isCaught(node, within: Syntax(body)) { return node }
            }
        }
        return nil
    }

    /// `Task.sleep(…)`, `Task.checkCancellation()` or `sleep` on any clock or scheduler (`clock.sleep(for:)`,
    /// `scheduler.sleep(for:)`, `self.testClock.sleep(until:)`), possibly awaited.
    static func throwsOnlyCancellation(_ expression: ExprSyntax) -> Bool {
        guard let call = awaitedCall(expression) else { return false }
        if cancellationOnlyCalls.contains(OwnBody.compactText(call.calledExpression)) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
        return member.declName.baseName.text == "sleep"
    }

    /// The call `expression` makes, looking through `await`.
    private static func awaitedCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        var inner = expression
        if let awaited = inner.as(AwaitExprSyntax.self) { inner = awaited.expression }
        return inner.as(FunctionCallExprSyntax.self)
    }

    /// `group.next()`, `group.waitForAll()`: a member of `group` that rethrows a child's error.
    private static func forwardsGroupErrors(_ expression: ExprSyntax, group: String) -> Bool {
        guard let member = awaitedCall(expression)?.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, OwnBody.compactText(base) == group
        else { return false }
        return groupForwardingMembers.contains(member.declName.baseName.text)
    }

    /// `withThrowingTaskGroup(of:) { group in … }` whose children all catch their errors and whose body lets
    /// nothing else escape.
    static func groupCannotThrow(_ expression: ExprSyntax, ignoringCancellationOnly: Bool) -> Bool {
        guard let call = awaitedCall(expression),
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              throwingGroupFunctions.contains(function),
              let body = CreationCallClassifier.bodyClosure(of: call)
        else { return false }
        let group: String
        if let shorthand = body.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self)?.first {
            group = shorthand.name.text
        } else if let parameter = body.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self)?.parameters.first {
            group = (parameter.secondName ?? parameter.firstName).text
        } else {
            group = "$0"
        }
        for node in OwnBody.nodes(ofKinds: [.functionCallExpr], in: body) {
            guard let child = node.as(FunctionCallExprSyntax.self),
                  let member = child.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base.map(OwnBody.compactText) == group,
                  CreationCallClassifier.groupMembers[member.declName.baseName.text] != nil
            else { continue }
            guard let childBody = CreationCallClassifier.bodyClosure(of: child),
                  !TaskCall.closureDeclaresThrows(childBody),
                  firstEscapingThrow(in: childBody, ignoringCancellationOnly: ignoringCancellationOnly) == nil
            else { return false }
        }
        return firstEscapingThrow(in: body, ignoringCancellationOnly: ignoringCancellationOnly, quietGroup: group) == nil
    }

    /// Whether `node` sits in a `catch` clause inside `body` (not in a closure nested in it).
    static func isInCatchClause(_ node: Syntax, within body: Syntax) -> Bool {
        var current = node.parent
        while let candidate = current, candidate != body {
            if candidate.is(CatchClauseSyntax.self) { return true }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(FunctionDeclSyntax.self) { return false }
            current = candidate.parent
        }
        return false
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
