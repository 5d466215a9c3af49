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

    /// Whether an `.onChange` action's task depends on the changed value: the action uses a parameter (or a
    /// name bound from one) other than to decide whether to start the task at all, or the task reads the
    /// observed value itself (`.onChange(of: query) { … Task { await search(query) } }`).
    ///
    /// A parameter read only in an `if`/`guard`/`while` condition or a `switch` subject, with no value bound
    /// from it, is a gate: `if newPhase == .active { Task { await refresh() } }` fires one side effect per
    /// change, which must run to the end, and `.task(id:)` would cancel it.
    static func taskDependsOnChangedValue(_ action: ClosureExprSyntax, task: ClosureExprSyntax?) -> Bool {
        var names = parameterNames(of: action)
        let statements = Syntax(action.statements)
        if names.isEmpty {
            // `$0` / `$1`: read as parameters when the action uses them.
            let text = statements.description
            if text.contains("$0") { names.insert("$0") }
            if text.contains("$1") { names.insert("$1") }
        }
        if let task, let observed = observedName(of: action),
           SyntaxSearch.all(DeclReferenceExprSyntax.self, in: task).contains(where: { $0.baseName.text == observed && SelfCapture.isBare($0) }) {
            return true
        }
        guard !names.isEmpty else { return false }
        let references = SyntaxSearch.all(DeclReferenceExprSyntax.self, in: statements)
        // Names bound from a parameter (`if let event = new`, `let q = new.trimmed`) stand for it; a bound name
        // can bind others in turn, so this runs until no name is added.
        var seen = 0
        while seen != names.count {
            seen = names.count
            for reference in references where names.contains(reference.baseName.text) && !SelfCapture.isMemberName(reference) {
                switch role(of: Syntax(reference), in: statements, names: names) {
                case .gate:
                    continue
                case .binds(let bound):
                    names.formUnion(bound)
                case .use:
                    return true
                }
            }
        }
        return false
    }

    /// The names a closure's signature gives its parameters (`_` left out).
    private static func parameterNames(of closure: ClosureExprSyntax) -> Set<String> {
        var names: Set<String> = []
        if let clause = closure.signature?.parameterClause {
            if let parameters = clause.as(ClosureShorthandParameterListSyntax.self) {
                names.formUnion(parameters.map(\.name.text))
            } else if let parameters = clause.as(ClosureParameterClauseSyntax.self) {
                names.formUnion(parameters.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
        }
        names.remove("_")
        return names
    }

    private enum Role {
        /// Read to decide whether to go on (an `if`/`guard`/`while` condition, a `switch` subject).
        case gate
        /// Read to bind these names.
        case binds(Set<String>)
        /// Read for anything else.
        case use
    }

    /// What a reference to a parameter does, from the statement holding it.
    private static func role(of reference: Syntax, in root: Syntax, names: Set<String>) -> Role {
        var child = reference
        var current = reference.parent
        while let node = current, node != root {
            if let condition = node.as(ConditionElementSyntax.self) {
                switch condition.condition {
                case .expression(let test): return isChangeTest(test, names: names) ? .use : .gate
                case .optionalBinding(let binding): return .binds(boundNames(in: Syntax(binding.pattern)))
                case .matchingPattern(let pattern): return .binds(boundNames(in: Syntax(pattern.pattern)))
                default: return .use
                }
            }
            if let switchExpression = node.as(SwitchExprSyntax.self), child.id == switchExpression.subject.id {
                // `switch new { case .loaded(let page): … }` binds what the cases take out.
                let bound = switchExpression.cases.reduce(into: Set<String>()) { names, element in
                    guard let label = element.as(SwitchCaseSyntax.self)?.label.as(SwitchCaseLabelSyntax.self) else { return }
                    for item in label.caseItems { names.formUnion(boundNames(in: Syntax(item.pattern))) }
                }
                return bound.isEmpty ? .gate : .binds(bound)
            }
            if let binding = node.as(PatternBindingSyntax.self), let value = binding.initializer, child.id == value.id {
                return .binds(boundNames(in: Syntax(binding.pattern)))
            }
            if node.is(CodeBlockItemSyntax.self) || node.is(ClosureExprSyntax.self) { return .use }
            child = node
            current = node.parent
        }
        return .use
    }

    /// `oldValue.id != newValue.id`: the old and the new value compared for inequality. That only says the value
    /// changed (as every call of the action does): what follows works on the new value, not on a condition of it.
    private static func isChangeTest(_ test: ExprSyntax, names: Set<String>) -> Bool {
        guard let sequence = test.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return false }
        let elements = Array(sequence.elements)
        guard let op = elements[1].as(BinaryOperatorExprSyntax.self), ["!=", "!=="].contains(op.operator.text) else { return false }
        func parameters(in expression: ExprSyntax) -> Set<String> {
            Set(SyntaxSearch.all(DeclReferenceExprSyntax.self, in: expression).map(\.baseName.text)).intersection(names)
        }
        let left = parameters(in: elements[0]), right = parameters(in: elements[2])
        return !left.isEmpty && !right.isEmpty && left != right
    }

    private static func boundNames(in pattern: Syntax) -> Set<String> {
        Set(SyntaxSearch.all(IdentifierPatternSyntax.self, in: pattern).map(\.identifier.text))
    }

    /// The last name of an `.onChange(of:)` modifier's observed value (`query` for `of: model.query`).
    private static func observedName(of action: ClosureExprSyntax) -> String? {
        guard let call = modifierCall(receiving: action),
              let observed = call.arguments.first(where: { $0.label?.text == "of" })?.expression else { return nil }
        if let member = observed.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return observed.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// `onAppear` for a closure passed as `.onAppear { … }` or `.onAppear(perform: { … })`.
    static func modifierName(receiving closure: ClosureExprSyntax) -> String? {
        guard let call = modifierCall(receiving: closure),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        return member.declName.baseName.text
    }

    /// The call a closure is an argument (or trailing closure) of.
    private static func modifierCall(receiving closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var holder = closure.parent
        if holder?.is(LabeledExprSyntax.self) == true { holder = holder?.parent?.parent }
        if holder?.is(MultipleTrailingClosureElementSyntax.self) == true { holder = holder?.parent?.parent }
        return holder?.as(FunctionCallExprSyntax.self)
    }
}
