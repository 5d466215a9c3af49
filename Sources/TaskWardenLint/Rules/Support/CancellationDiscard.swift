import SwiftSyntax

/// An early exit on cancellation that throws away results a loop has gathered.
struct CancellationDiscard {
    /// The `return` taken when `Task.isCancelled`.
    let exit: ReturnStmtSyntax
    /// The variable the loop accumulates into.
    let accumulator: String
    /// The first use of the accumulator after the loop, which the exit skips.
    let skippedUse: Syntax
}

/// Finds loops that accumulate into a variable used after the loop, with a `return` on `Task.isCancelled`
/// inside that skips the later use (so partial results are lost instead of delivered).
///
/// A `break` is not reported: it leaves the loop and the later use still runs. A `return` that hands back the
/// accumulator (`return results`) keeps the results and is not reported. Only variables declared with `var`
/// in the same block as the loop, and mutated in the loop by `append`, `insert`, `+=`, `merge`, `formUnion` or a
/// subscript assignment, count.
enum CancellationDiscardAnalysis {
    static let mutatingMethods: Set<String> = ["append", "insert", "merge", "formUnion", "updateValue", "add"]

    static func findings(in body: some SyntaxProtocol) -> [CancellationDiscard] {
        var results: [CancellationDiscard] = []
        for list in OwnBody.nodes(CodeBlockItemListSyntax.self, of: body) {
            let items = Array(list)
            for (index, item) in items.enumerated() {
                guard let loop = loopStatement(item) else { continue }
                let declared = Set(items[..<index].flatMap { varNames(in: $0) })
                guard !declared.isEmpty else { continue }
                let accumulated = declared.filter { isAccumulated($0, in: loop) }
                for name in accumulated.sorted() {
                    guard let use = items[(index + 1)...].lazy.compactMap({ firstReference(to: name, in: Syntax($0)) }).first
                    else { continue }
                    for exit in cancellationReturns(in: loop) where !mentions(name, in: Syntax(exit)) {
                        results.append(CancellationDiscard(exit: exit, accumulator: name, skippedUse: use))
                    }
                }
            }
        }
        return results
    }

    private static func loopStatement(_ item: CodeBlockItemSyntax) -> Syntax? {
        var node = Syntax(item.item)
        if let labeled = node.as(LabeledStmtSyntax.self) { node = Syntax(labeled.statement) }
        if let expression = node.as(ExpressionStmtSyntax.self) { node = Syntax(expression.expression) }
        switch node.kind {
        case .forStmt, .whileStmt, .repeatStmt: return node
        default: return nil
        }
    }

    private static func varNames(in item: CodeBlockItemSyntax) -> [String] {
        guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var) else { return [] }
        return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }

    private static func isAccumulated(_ name: String, in loop: Syntax) -> Bool {
        for node in OwnBody.nodes(of: loop) {
            if let call = node.as(FunctionCallExprSyntax.self),
               let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               mutatingMethods.contains(member.declName.baseName.text),
               member.base.map(OwnBody.compactText) == name {
                return true
            }
            if let list = node.as(ExprListSyntax.self), list.count == 3 {
                let elements = Array(list)
                let target = OwnBody.compactText(elements[0])
                let isOwnTarget = target == name || target.hasPrefix(name + "[")
                if isOwnTarget, elements[1].is(AssignmentExprSyntax.self) && target != name { return true }
                if isOwnTarget, let op = elements[1].as(BinaryOperatorExprSyntax.self), ["+=", "-=", "*="].contains(op.operator.text) {
                    return true
                }
            }
        }
        return false
    }

    private static func cancellationReturns(in loop: Syntax) -> [ReturnStmtSyntax] {
        OwnBody.nodes(ReturnStmtSyntax.self, of: loop).filter { exit in
            var current = Syntax(exit).parent
            while let candidate = current, candidate != loop {
                if let ifExpression = candidate.as(IfExprSyntax.self) {
                    return OwnBody.isWithin(exit, ifExpression.body)
                        && ifExpression.conditions.contains { OwnBody.compactText($0.condition) == "Task.isCancelled" }
                }
                if let guardStatement = candidate.as(GuardStmtSyntax.self) {
                    return guardStatement.conditions.contains { OwnBody.compactText($0.condition) == "!Task.isCancelled" }
                }
                current = candidate.parent
            }
            return false
        }
    }

    private static func firstReference(to name: String, in root: Syntax) -> Syntax? {
        var stack = [root]
        while let node = stack.popLast() {
            if let reference = node.as(DeclReferenceExprSyntax.self), reference.baseName.text == name, SelfCapture.isBare(reference) {
                return node
            }
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return nil
    }

    private static func mentions(_ name: String, in root: Syntax) -> Bool { firstReference(to: name, in: root) != nil }
}
