import SwiftSyntax
import TaskNaming

/// Calls that only fetch what the work is done on.
extension TaskBodyReader {
    /// `guard let item = await item(from: source) else { return }; try await Facade.toggleSensitive(item)`: what a
    /// `guard` binds is what the body works on; a later awaited call is the work, and the lookup becomes a query
    /// (a name only when the body does nothing else). A body whose only calls are in its `guard` keeps them.
    static func movingLookups(
        _ lookups: [BodyCall], calls: [BodyCall], queries: [BodyCall]
    ) -> (calls: [BodyCall], queries: [BodyCall]) {
        guard !lookups.isEmpty else { return (calls, queries) }
        let rest = calls.filter { !lookups.contains($0) }
        guard rest.contains(where: \.isAwaited) else { return (calls, queries) }
        return (rest, lookups.filter(calls.contains) + queries)
    }
}

extension TaskBodyReader {
    /// `let avatarURL = await uploader.upload(avatar)`, then calls that are not awaited (`users.addDocument(…)`):
    /// the one awaited call makes a value for the rest of the body's work, a first step of it, not all of it.
    /// (Not a value only handed back, `promise(.success(glucose))`, or handled, `handlePostingResult(status:)`:
    /// those end the work the call did.)
    static func makesValueForMore(_ calls: [BodyCall], bound: [BodyCall], reports: [BodyCall]) -> Bool {
        let awaited = calls.filter(\.isAwaited)
        guard awaited.count == 1, let made = awaited.first, bound.contains(made),
              let index = calls.firstIndex(of: made) else { return false }
        return calls[(index + 1)...].contains { call in
            !bound.contains(call) && !call.isAssignment && !TaskNameDerivation.isLogCall(call) && !reports.contains(call)
                && !(NameWords.split(call.name).first.map(NameWords.hollowVerbs.contains) ?? false)
        }
    }

    /// `onIceConnectionState` → `IceConnectionState`: a sequence named for when its elements arrive names them
    /// after its `on`.
    static func withoutEventPrefix(_ name: String) -> String {
        guard name.hasPrefix("on"), name.count > 3, name.dropFirst(2).first?.isUppercase == true else { return name }
        return String(name.dropFirst(2))
    }

    /// `try await x` → `x`, and whether an `await` was taken off.
    static func strippingTryAndAwait(_ expression: ExprSyntax) -> (expression: ExprSyntax, isAwaited: Bool) {
        var expression = expression
        var awaited = false
        while true {
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression; continue }
            if let awaitExpression = expression.as(AwaitExprSyntax.self) { expression = awaitExpression.expression; awaited = true; continue }
            return (expression, awaited)
        }
    }

    /// `try await userManager.getActiveUserId()`: a call of a `get…` method, awaited or not, whose value is kept.
    static func isGetLookup(_ value: ExprSyntax) -> Bool {
        guard let call = strippingTryAndAwait(value).expression.as(FunctionCallExprSyntax.self) else { return false }
        let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        let words = NameWords.split(name)
        return words.count > 1 && words[0] == "get"
    }

    /// `record.asJSONFragment()`, `item.toModel()`: a conversion of a value into another form is plumbing
    /// around the work, never the work.
    static func isConversion(_ callee: String) -> Bool {
        let words = NameWords.split(callee)
        return words.count > 1 && (words[0] == "as" || words[0] == "to")
    }

    /// `let record = try await lookup(kind, digest)`: a closure parameter named for what it does (not
    /// `operation`, `body`, `handler`, nor `transform`: a map helper runs its caller's work), awaited with arguments and its result kept, is a step of this body's
    /// own work, as a method call would be; the body does not only run its caller's work.
    static func asksClosureForValue(_ node: FunctionCallExprSyntax, name: String) -> Bool {
        guard isAwaited(node), !node.arguments.isEmpty, node.trailingClosure == nil,
              let last = NameWords.split(name).last,
              !closureNouns.contains(last), !workNouns.contains(last), !reportingMethods.contains(name),
              !["completion", "continuation", "callback", "reply", "respond", "transform", "map", "mapper", "work", "fn", "f"].contains(last) else { return false }
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.isKind(.initializerClause) { return true }
            guard parent.isKind(.tryExpr) || parent.isKind(.awaitExpr) || parent.isKind(.forceUnwrapExpr)
                    || parent.isKind(.optionalChainingExpr) else { return false }
            current = parent
        }
        return false
    }

    /// `await publishTask.value`, `_ = try await uploadTask.result` as a body's one statement: waiting for the
    /// task stored under that name (`awaitPublish`); nil for a task named only `task`.
    static func awaitedTaskValue(_ statements: CodeBlockItemListSyntax) -> BodyCall? {
        guard let member = awaitedValueAccess(statements),
              let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        let words = NameWords.split(name)
        guard words.count > 1, words.last == "task" else { return nil }
        return awaitCall(words.dropLast(), text: "await \(name).\(member.declName.baseName.text)")
    }

    /// The wait for what `words` say (`await-upload`, `await-run-grpc-client`), as a call named by them.
    static func awaitCall<Words: Sequence<String>>(_ words: Words, text: String) -> BodyCall {
        let stem = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return BodyCall(name: "await" + stem, isAwaited: true, text: text)
    }

    /// `try await Task { try await grpcClient.run() }.value`: a body whose one statement waits for a task it makes
    /// on the spot (so that cancelling the caller does not reach the work) does that task's work, waiting for it;
    /// the closure of that task, if so.
    static func shieldedClosure(_ statements: CodeBlockItemListSyntax) -> ClosureExprSyntax? {
        guard let member = awaitedValueAccess(statements), let call = member.base?.as(FunctionCallExprSyntax.self),
              call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" else { return nil }
        return taskClosure(of: call)
    }

    /// `await x.value` or `await x.result` as a body's one statement (`_ =` allowed): that access.
    private static func awaitedValueAccess(_ statements: CodeBlockItemListSyntax) -> MemberAccessExprSyntax? {
        guard statements.count == 1, var expression = statements.first?.item.as(ExprSyntax.self) else { return nil }
        if let assignment = expression.as(SequenceExprSyntax.self)?.elements.unfoldedAssignment,
           assignment.target.is(DiscardAssignmentExprSyntax.self) {
            expression = assignment.value
        }
        let (accessed, awaited) = strippingTryAndAwait(expression)
        guard awaited, let member = accessed.as(MemberAccessExprSyntax.self),
              ["value", "result"].contains(member.declName.baseName.text) else { return nil }
        return member
    }
}
