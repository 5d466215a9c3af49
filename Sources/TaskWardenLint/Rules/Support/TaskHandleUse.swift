import SwiftSyntax

/// What the code does with the handle a task-creating expression returns.
enum TaskHandleUse {
    /// The handle is thrown away without saying so: nobody can cancel the task or read its result.
    case discarded
    /// `_ = Task { … }` or `let _ = Task { … }`: the author said the handle is not wanted.
    case explicitlyDiscarded
    /// Assigned to something: `self.refreshTask = Task { … }`, `let task = Task { … }`.
    case stored(target: Syntax)
    /// Returned to the caller (`return Task { … }`, or the only expression of a function that returns it).
    case returned
    /// Handed to a function, or put into an array or dictionary literal.
    case passed(to: FunctionCallExprSyntax?)
    /// `.value` or `.result` is read: the result (and any error) reaches the reader.
    case awaited
    /// The only expression of a closure, whose caller receives the handle (`ids.map { id in Task { … } }`).
    case closureResult
    /// Kept only to cancel the task: `Task { … }.cancel()` or `Task { … }.store(in: &bag)`. Nobody reads
    /// its result or its error.
    case keptForCancellation
    /// Used in some other way syntax cannot follow (a ternary, an operator, another member).
    case other

    /// Whether nobody keeps the handle: the task cannot be cancelled and its result cannot be read.
    var isDiscarded: Bool {
        if case .discarded = self { return true }
        return false
    }

    /// Whether nobody will ever read the task's result or error (dropped, or kept only to cancel it).
    var neverReadsResult: Bool {
        switch self {
        case .discarded, .keptForCancellation: true
        default: false
        }
    }

    /// Members that use a handle only to cancel the task (`store(in:)` wraps it in a cancellable).
    static let cancellationMembers: Set<String> = ["cancel", "store"]

    /// Names of functions whose closure's result is kept (so `{ Task { … } }` there is not a discard).
    static let transformingFunctions: Set<String> = [
        "map", "compactMap", "flatMap", "reduce", "lazy", "first", "filter", "sorted", "min", "max",
    ]

    /// Classifies the use of the value produced by `creation` (a call such as `Task { … }`).
    static func of(_ creation: some ExprSyntaxProtocol) -> TaskHandleUse {
        var node = Syntax(creation)
        while let parent = node.parent {
            switch parent.kind {
            case .awaitExpr, .tryExpr, .forceUnwrapExpr:
                node = parent
            case .memberAccessExpr:
                let member = parent.as(MemberAccessExprSyntax.self)!
                guard member.base?.id == node.id else { return .other }
                switch member.declName.baseName.text {
                case "value", "result": return .awaited
                case let name where cancellationMembers.contains(name)
                    && member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == member.id:
                    return .keptForCancellation
                default: return .other
                }
            case .labeledExpr:
                guard let list = parent.parent, let holder = list.parent else { return .other }
                if let call = holder.as(FunctionCallExprSyntax.self) { return .passed(to: call) }
                if holder.is(MacroExpansionExprSyntax.self) || holder.is(SubscriptCallExprSyntax.self) { return .passed(to: nil) }
                if let tuple = holder.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                    node = holder
                    continue
                }
                return .other
            case .arrayElement, .dictionaryElement:
                return .passed(to: nil)
            case .exprList:
                return useInSequence(parent.as(ExprListSyntax.self)!, element: node)
            case .initializerClause:
                guard let binding = parent.parent?.as(PatternBindingSyntax.self) else { return .other }
                if binding.pattern.is(WildcardPatternSyntax.self) { return .explicitlyDiscarded }
                return .stored(target: Syntax(binding.pattern))
            case .returnStmt:
                return .returned
            case .codeBlockItem:
                return useAsStatement(parent.as(CodeBlockItemSyntax.self)!)
            default:
                return .other
            }
        }
        return .other
    }

    /// `lhs = Task { … }` arrives unfolded: `[lhs, =, Task { … }]`.
    private static func useInSequence(_ list: ExprListSyntax, element: Syntax) -> TaskHandleUse {
        guard let assignment = list.unfoldedAssignment, assignment.value.id == element.id else { return .other }
        if assignment.target.is(DiscardAssignmentExprSyntax.self) { return .explicitlyDiscarded }
        return .stored(target: Syntax(assignment.target))
    }

    /// A task expression standing alone as a statement.
    private static func useAsStatement(_ item: CodeBlockItemSyntax) -> TaskHandleUse {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return .discarded }
        guard let owner = list.parent else { return .discarded }
        if let closure = owner.as(ClosureExprSyntax.self) {
            return closureKeepsResult(closure) ? .closureResult : .discarded
        }
        // The only expression of a function, getter or accessor that declares a result type returns it.
        if let block = owner.as(CodeBlockSyntax.self) {
            if let function = block.parent?.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause == nil ? .discarded : .returned
            }
            if block.parent?.is(AccessorDeclSyntax.self) == true { return .returned }
        }
        if owner.is(AccessorBlockSyntax.self) { return .returned }
        return .discarded
    }

    /// Whether a closure whose only expression is a task hands that task to someone.
    ///
    /// An action closure (`Button { Task { … } }`, `.onAppear { Task { … } }`) returns `Void`, so the handle is
    /// dropped. A transform (`map`) or a closure stored in a variable or returned keeps it.
    private static func closureKeepsResult(_ closure: ClosureExprSyntax) -> Bool {
        if closure.signature?.returnClause != nil { return OwnBody.compactText(closure.signature!.returnClause!.type) != "Void" }
        var holder = closure.parent
        if holder?.is(LabeledExprSyntax.self) == true { holder = holder?.parent?.parent }
        if let call = holder?.as(FunctionCallExprSyntax.self) {
            let name: String
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                name = member.declName.baseName.text
            } else {
                name = OwnBody.compactText(call.calledExpression)
            }
            return transformingFunctions.contains(name)
        }
        return true
    }
}
