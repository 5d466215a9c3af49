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
        let ownNodes = OwnBody.nodes(of: body)
        // How often the body returns each empty value (`[]`, `[:]`, `nil`): a body that also returns it on a path
        // other than the cancelled loop's makes "empty when cancelled" its contract, not an oversight.
        var emptyReturns: [String: Int] = [:]
        for node in ownNodes {
            guard let value = node.as(ReturnStmtSyntax.self)?.expression, isEmptyValue(value) else { continue }
            emptyReturns[OwnBody.compactText(value), default: 0] += 1
        }
        for list in ownNodes.lazy.compactMap({ $0.as(CodeBlockItemListSyntax.self) }) {
            let items = Array(list)
            var declared: Set<String> = []
            for (index, item) in items.enumerated() {
                defer { declared.formUnion(varNames(in: item)) }
                guard !declared.isEmpty, let loop = loopStatement(item) else { continue }
                let accumulated = declared.filter { isAccumulated($0, in: loop) }
                for name in accumulated.sorted() {
                    guard let use = items[(index + 1)...].lazy.compactMap({ firstReference(to: name, in: Syntax($0)) }).first
                    else { continue }
                    for exit in cancellationReturns(in: loop) where !mentions(name, in: Syntax(exit)) {
                        if let value = exit.expression, isEmptyValue(value), emptyReturns[OwnBody.compactText(value), default: 0] >= 2 {
                            continue
                        }
                        results.append(CancellationDiscard(exit: exit, accumulator: name, skippedUse: use))
                    }
                }
            }
        }
        return results
    }

    /// `[]`, `[:]`, `nil`, `""`, `.empty`, `.none`, `Type()`, `.init()`: a value holding nothing.
    static func isEmptyValue(_ expression: ExprSyntax) -> Bool {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            if case .colon = dictionary.content { return true }
            return false
        }
        if expression.is(NilLiteralExprSyntax.self) { return true }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty == true }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return ["empty", "none"].contains(member.declName.baseName.text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            return call.calledExpression.is(DeclReferenceExprSyntax.self)
                || call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } == true
        }
        return false
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
