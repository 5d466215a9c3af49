import SwiftSyntax

/// The `return`s of a `BGTaskScheduler` launch handler that leave its task open: reached before anything
/// completes the task (`task.setTaskCompleted(success:)`) or hands it on (passes it to a function, stores it,
/// uses it in a closure that runs later).
///
/// ```swift
/// register(forTaskWithIdentifier: id, using: nil) { [weak self] task in
///     guard let self else { return }          // ← leaves the task open
///     self.handleRefresh(task)
/// }
/// ```
///
/// Only handlers that settle their task on some path are read: one that never does is
/// `background-task-no-expiration`'s to report.
enum LaunchHandlerExits {
    /// The exits of `closure` (the handler) that leave the task, known by `names` (its parameter and aliases),
    /// open. Code in closures nested in the handler does not run with it and is not read for exits.
    static func openExits(in closure: ClosureExprSyntax, task names: Set<String>) -> [ReturnStmtSyntax] {
        guard settles(Syntax(closure.statements), names) else { return [] }
        let root = Syntax(closure)
        return OwnBody.nodes(ReturnStmtSyntax.self, of: closure).filter { exit in
            var child = Syntax(exit)
            var current = child.parent
            while let node = current, node != root {
                // Statements before the one on the way to the exit have run.
                if let list = node.as(CodeBlockItemListSyntax.self) {
                    for item in list {
                        if item.id == child.id { break }
                        if settles(Syntax(item), names) { return false }
                    }
                }
                // So has the condition of the `guard` or `if` the exit is in.
                if let guardStatement = node.as(GuardStmtSyntax.self), settles(Syntax(guardStatement.conditions), names) { return false }
                if let ifExpression = node.as(IfExprSyntax.self), settles(Syntax(ifExpression.conditions), names) { return false }
                child = node
                current = node.parent
            }
            return true
        }
    }

    /// Whether `node` completes the task or hands it on: it mentions the task other than to read or set a
    /// property of it (`task.expirationHandler = …`), or to bind another name to it (`let t = task as? …`).
    static func settles(_ node: Syntax, _ names: Set<String>) -> Bool {
        for reference in SyntaxSearch.all(DeclReferenceExprSyntax.self, in: node) {
            guard names.contains(reference.baseName.text), !SelfCapture.isMemberName(reference) else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == Syntax(reference).id {
                // `task.setTaskCompleted(…)` completes it; `task.expirationHandler`, `task.identifier` do not.
                if member.declName.baseName.text == "setTaskCompleted" { return true }
                continue
            }
            if isBindingAnAlias(Syntax(reference)) { continue }
            return true
        }
        return false
    }

    /// Whether `reference` sits in the value a name is bound to (`let refresh = task as! BGAppRefreshTask`,
    /// `guard let task = task as? BGProcessingTask`): that makes an alias, it settles nothing.
    private static func isBindingAnAlias(_ reference: Syntax) -> Bool {
        var current = reference.parent
        while let node = current {
            if node.is(InitializerClauseSyntax.self) {
                return node.parent?.is(PatternBindingSyntax.self) == true || node.parent?.is(OptionalBindingConditionSyntax.self) == true
            }
            // Only a cast or a plain reference keeps it an alias; a call makes something else of it.
            if node.is(FunctionCallExprSyntax.self) || node.is(ClosureExprSyntax.self) || node.is(CodeBlockItemSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
}
