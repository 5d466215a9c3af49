import SwiftSyntax
import TaskNaming

/// How much a task's body and its function do, counted in statements: whether a call or a function's name can
/// say all the task does (``TaskNaming/DerivedTaskName/isConfident``).
extension SiteNamingContext {
    /// Whether the task's body is one work statement that makes the call named `dominant` at its top: the
    /// statement is the call (or stores what it returns), or a local holds the call's value and the one statement
    /// uses it. Inside a wrapper that only says where the work runs (`await MainActor.run { … }`,
    /// `withAnimation { … }`) or a branch of an `if` or a `switch`, the call is still at the top if it is all that
    /// wrapper or branch does. In a loop it never is: a loop's one call is a step of what the loop does (a poller
    /// that stops a monitor when done); nor after a local that awaits other work (`let result = await
    /// backend.logTime(…)`, then a call that reports the result).
    static func isOneStatementMaking(_ dominant: String, _ items: CodeBlockItemListSyntax) -> Bool {
        let shape = statementShape(items, dominant: dominant)
        return shape.count == 1 && shape.holdsDominant
    }

    /// How many of `items` do work — not a `guard`, a `defer`, a line written to a log, nor a local's declaration
    /// unless it awaits other work (`let feed = try await api.feed(); self.feed = feed` is one: the assignment); a
    /// `do` block counts what its body holds — and whether one of them makes `dominant` at its top.
    static func statementShape(_ items: CodeBlockItemListSyntax, dominant: String) -> (count: Int, holdsDominant: Bool) {
        var count = 0
        var holds = false
        for item in items {
            if let block = item.item.as(DoStmtSyntax.self) {
                let inner = statementShape(block.body.statements, dominant: dominant)
                count += inner.count
                holds = holds || inner.holdsDominant
                continue
            }
            switch item.item.kind {
            case .guardStmt:
                // `guard let user = try await api.user() else { return }`: the call, kept for what follows.
                if let guardStatement = item.item.as(GuardStmtSyntax.self), conditionsMake(dominant, guardStatement.conditions) {
                    holds = true
                }
                continue
            case .deferStmt: continue
            case .variableDecl:
                let values = item.item.as(VariableDeclSyntax.self)?.bindings.compactMap { $0.initializer?.value } ?? []
                if values.contains(where: { makes(dominant, $0) }) {
                    holds = true
                } else if values.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.await) } }) {
                    count += 1
                }
                continue
            case .forStmt, .whileStmt, .repeatStmt:
                count += 1
                continue
            default: break
            }
            if isLogLine(item.item) { continue }
            count += 1
            let expression = item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
            if let expression, holdsAtTop(dominant, expression) { holds = true }
        }
        return (count, holds)
    }

    /// `expression` makes the call, stores what it returns, or runs it as all a wrapper or a branch does.
    static func holdsAtTop(_ dominant: String, _ expression: ExprSyntax) -> Bool {
        let unwrapped = TaskBodyReader.strippingTryAndAwait(expression).expression
        if makes(dominant, unwrapped) { return true }
        if let assignment = unwrapped.as(SequenceExprSyntax.self)?.elements.unfoldedAssignment {
            return makes(dominant, assignment.value)
        }
        if let call = unwrapped.as(FunctionCallExprSyntax.self), let name = calleeName(call.calledExpression),
           placeWrappers.contains(name), call.arguments.allSatisfy({ !$0.expression.is(ClosureExprSyntax.self) }),
           let closure = call.trailingClosure {
            return isOneStatementMaking(dominant, closure.statements)
        }
        if let branch = unwrapped.as(IfExprSyntax.self) {
            // `if let text = await generateDescription(url) { description = text }`: the call, and what stores it.
            if conditionsMake(dominant, branch.conditions) {
                return statementShape(branch.body.statements, dominant: dominant).count <= 1
            }
            var clauses = [branch.body.statements]
            var next = branch.elseBody
            while let body = next {
                switch body {
                case .ifExpr(let elseIf): clauses.append(elseIf.body.statements); next = elseIf.elseBody
                case .codeBlock(let block): clauses.append(block.statements); next = nil
                @unknown default: next = nil
                }
            }
            return clauses.contains { isOneStatementMaking(dominant, $0) }
        }
        if let choice = unwrapped.as(SwitchExprSyntax.self) {
            return choice.cases.contains { $0.as(SwitchCaseSyntax.self).map { isOneStatementMaking(dominant, $0.statements) } ?? false }
        }
        return false
    }

    /// Calls that only say where or how their closure runs.
    static let placeWrappers: Set<String> = ["run", "withAnimation", "async", "perform", "performAndWait", "withTransaction"]

    /// A condition is the call, or binds what it returns.
    static func conditionsMake(_ dominant: String, _ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { element in
            switch element.condition {
            case .expression(let expression): return makes(dominant, expression)
            case .optionalBinding(let binding): return binding.initializer.map { makes(dominant, $0.value) } ?? false
            default: return false
            }
        }
    }

    /// `expression`, without `try` and `await`, is a call named `dominant`.
    static func makes(_ dominant: String, _ expression: ExprSyntax) -> Bool {
        guard let call = TaskBodyReader.strippingTryAndAwait(expression).expression.as(FunctionCallExprSyntax.self) else {
            return false
        }
        return calleeName(call.calledExpression) == dominant
    }

    /// `print(…)`, `logger.debug(…)`, `Log.error(…)`: a statement that only writes a line to a log.
    static func isLogLine(_ item: CodeBlockItemSyntax.Item) -> Bool {
        guard let call = item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            ?? item.as(FunctionCallExprSyntax.self),
              let name = calleeName(call.calledExpression) else { return false }
        // The receiver's text only for a name a log could have (this runs for every statement around every site).
        guard TaskNameDerivation.mayBeLogCall(name) else { return false }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? ""
        return TaskNameDerivation.isLogCall(BodyCall(name: name, text: receiver.isEmpty ? name + "()" : "\(receiver).\(name)()"))
    }

    /// The names a `for` loop in `closure` binds to its elements (`activity` of `for activity in activities`),
    /// and the parameters of `forEach` closures in it.
    static func loopVariables(in closure: ClosureExprSyntax) -> Set<String> {
        final class Loops: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                for token in node.pattern.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind { names.insert(name) }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "forEach",
                   let parameters = (node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self))?
                    .signature?.parameterClause {
                    for token in parameters.tokens(viewMode: .sourceAccurate) {
                        if case .identifier(let name) = token.tokenKind { names.insert(name) }
                    }
                }
                return .visitChildren
            }
        }
        let loops = Loops(viewMode: .sourceAccurate)
        loops.walk(closure.statements)
        return loops.names
    }

    /// The task `call` makes is all its function (or initializer) does: the function's body is one statement,
    /// and it holds the call.
    static func isWholeOfFunction(_ function: Syntax?) -> Bool {
        let body: CodeBlockSyntax?
        if let declaration = function?.as(FunctionDeclSyntax.self) {
            body = declaration.body
        } else if let initializer = function?.as(InitializerDeclSyntax.self) {
            body = initializer.body
        } else {
            return false
        }
        guard let body else { return false }
        // Every statement counts here, work or not: a sub-file parse keeps whether the site's statement is alone in
        // its function, not what the statements beside it are (it may cut `logger.debug(…)` to `logger`, and drop a
        // `guard`).
        return body.statements.count == 1
    }
}
