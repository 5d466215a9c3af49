import SwiftSyntax

/// A `[weak self]` closure that turns `self` strong once and then runs an unbounded loop with it.
struct WeakSelfUnwrapBeforeLoop {
    /// The `guard let self`, `if let self` or `let strongSelf = self` that makes the strong reference.
    let unwrap: Syntax
    /// The name the strong reference is bound to (`self`, `strongSelf`).
    let name: String
    /// The loop that keeps it alive.
    let loop: UnboundedLoop
}

/// Finds unwraps of a weak `self` that stay in scope for a whole unbounded loop.
///
/// Unwrapping inside each iteration (`while true { guard let self else { return } … }`) is fine and is not
/// found. The loop must use the strong reference (by name, or through a member of the enclosing type when
/// the name is `self`); a loop that never touches it could have `self` released early by the optimiser.
enum WeakSelfUnwrap {
    static func findings(in closure: ClosureExprSyntax, types: TypeIndex) -> [WeakSelfUnwrapBeforeLoop] {
        guard SelfCapture.listEntry(of: closure) == .weak else { return [] }
        let loops = LoopBound.unboundedLoops(in: closure)
        guard !loops.isEmpty else { return [] }
        let members = types.instanceMemberNames(around: closure)
        var results: [WeakSelfUnwrapBeforeLoop] = []
        for node in OwnBody.nodes(of: closure) {
            let unwrapped: (name: String, scope: Syntax)?
            if let guardStatement = node.as(GuardStmtSyntax.self) {
                unwrapped = strongName(in: guardStatement.conditions).map { ($0, scopeAfter(node)) }
            } else if let ifExpression = node.as(IfExprSyntax.self) {
                unwrapped = strongName(in: ifExpression.conditions).map { ($0, Syntax(ifExpression.body)) }
            } else if let binding = node.as(PatternBindingSyntax.self),
                      let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                      let value = binding.initializer?.value, ["self", "self!"].contains(OwnBody.compactText(value)) {
                unwrapped = (pattern.identifier.text, scopeAfter(node))
            } else {
                unwrapped = nil
            }
            guard let (name, scope) = unwrapped else { continue }
            for loop in loops where loop.statement.position > node.position && OwnBody.isWithin(loop.statement, scope) {
                if uses(name, in: Syntax(loop.statement), members: members) {
                    results.append(WeakSelfUnwrapBeforeLoop(unwrap: node, name: name, loop: loop))
                }
            }
        }
        return results
    }

    /// `let self`, `let self = self`, `let strongSelf = self` among optional-binding conditions.
    private static func strongName(in conditions: ConditionElementListSyntax) -> String? {
        for element in conditions {
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                  let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            if let value = binding.initializer?.value {
                if OwnBody.compactText(value) == "self" { return name }
            } else if pattern.identifier.tokenKind == .keyword(.self) || name == "self" {
                return "self"
            }
        }
        return nil
    }

    /// The code block a statement sits in: a guard's binding lives from the guard to the block's end.
    private static func scopeAfter(_ node: Syntax) -> Syntax {
        var current = node.parent
        while let candidate = current {
            if candidate.is(CodeBlockItemListSyntax.self) { return candidate }
            current = candidate.parent
        }
        return node
    }

    private static func uses(_ name: String, in loop: Syntax, members: Set<String>) -> Bool {
        var stack = [loop]
        while let node = stack.popLast() {
            if let reference = node.as(DeclReferenceExprSyntax.self) {
                if reference.baseName.text == name, !SelfCapture.isMemberName(reference) { return true }
                if name == "self", SelfCapture.isBare(reference), members.contains(reference.baseName.text) { return true }
            }
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate))
        }
        return false
    }
}
