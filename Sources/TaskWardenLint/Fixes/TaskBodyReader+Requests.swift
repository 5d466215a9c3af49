import SwiftSyntax
import TaskNaming

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

/// Calls around the work that only shape how it is done or gather what it gives.
extension TaskBodyReader {
    /// `tasks.forEach { $0.cancel() }`, `await items.concurrentForEach { await $0.refresh() }`: running a
    /// closure on each element is how the work is spread, not a word of it; the closure's calls are read.
    static func isPerElementWrapper(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        NameWords.split(callee).suffix(2) == ["for", "each"] && takesClosure(node)
    }

    /// `results.append(value)`, `seen.insert(id)`: gathering what the work gave says nothing of the work, and
    /// tells no two tasks apart.
    static func isCollecting(_ callee: String) -> Bool {
        ["append", "insert", "appendContentsOf"].contains(callee)
    }
}
