import SwiftSyntax

/// Finds the SwiftUI view modifier whose closure a node runs in (`.onAppear { … }`, `.onChange(of:) { … }`).
enum SwiftUIModifierClosure {
    /// Modifiers whose action runs when a view appears or a value changes, where `.task` / `.task(id:)` would
    /// own the work instead.
    static let lifecycleModifiers: Set<String> = ["onAppear", "onChange"]

    /// The modifier name if `node` runs directly in the action closure of one of `modifiers`: the nearest
    /// enclosing closure is that action (statements such as `if` and `switch` may sit in between; another
    /// closure, such as a `Button` action or a `DispatchQueue` block, may not).
    static func enclosingModifier(of node: some SyntaxProtocol, among modifiers: Set<String> = lifecycleModifiers) -> String? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                return modifierName(receiving: closure).flatMap { modifiers.contains($0) ? $0 : nil }
            }
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// The closure `node` runs directly in (see ``enclosingModifier(of:among:)``).
    static func enclosingClosure(of node: some SyntaxProtocol) -> ClosureExprSyntax? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) { return closure }
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// Whether a closure names parameters and uses at least one of them (`{ _, newQuery in … newQuery … }`).
    static func usesItsParameters(_ closure: ClosureExprSyntax) -> Bool {
        var names: Set<String> = []
        if let clause = closure.signature?.parameterClause {
            if let parameters = clause.as(ClosureShorthandParameterListSyntax.self) {
                names.formUnion(parameters.map(\.name.text))
            } else if let parameters = clause.as(ClosureParameterClauseSyntax.self) {
                names.formUnion(parameters.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
        }
        names.remove("_")
        let statements = Syntax(closure.statements)
        if names.isEmpty { return statements.description.contains("$0") || statements.description.contains("$1") }
        return SyntaxSearch.all(DeclReferenceExprSyntax.self, in: statements).contains { names.contains($0.baseName.text) }
    }

    /// `onAppear` for a closure passed as `.onAppear { … }` or `.onAppear(perform: { … })`.
    static func modifierName(receiving closure: ClosureExprSyntax) -> String? {
        var holder = closure.parent
        if holder?.is(LabeledExprSyntax.self) == true { holder = holder?.parent?.parent }
        if holder?.is(MultipleTrailingClosureElementSyntax.self) == true { holder = holder?.parent?.parent }
        guard let call = holder?.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        return member.declName.baseName.text
    }
}
