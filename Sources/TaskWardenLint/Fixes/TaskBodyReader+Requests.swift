import SwiftSyntax

/// Calls whose bare form is plumbing but which, given what they act on, are a request of their own.
extension TaskBodyReader {
    /// `next` and `cancel` named with what they are for (`pool.next(for: id)`, `store.cancel(id: x)`): asking
    /// for one element, or cancelling one piece of work by its id, is the work of a task that does it; bare
    /// (`iterator.next()`, `task.cancel()`, `next(isolation: actor)`) they step a sequence or clear up.
    static let requestsWithArguments: Set<String> = ["next", "cancel"]

    static func isRequest(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        guard requestsWithArguments.contains(callee), node.trailingClosure == nil, !node.arguments.isEmpty else {
            return false
        }
        return !node.arguments.contains { $0.label?.text == "isolation" }
    }
}
