import SwiftSyntax
import TaskNaming

/// How much a task's body and its function do, counted in statements: whether a call or a function's name can
/// say all the task does (``TaskNaming/DerivedTaskName/isConfident``).
extension SiteNamingContext {
    /// The statements of `items` that do work: not a `guard`, a local's declaration, a `defer`, nor a line
    /// written to a log (`let feed = try await api.feed(); self.feed = feed` is one: the assignment). A `do`
    /// block counts what its body holds (its `catch` clauses only handle the failure).
    static func workStatementCount(_ items: CodeBlockItemListSyntax) -> Int {
        items.reduce(0) { count, item in
            if let block = item.item.as(DoStmtSyntax.self) {
                return count + workStatementCount(block.body.statements)
            }
            switch item.item.kind {
            case .guardStmt, .variableDecl, .deferStmt: return count
            default: return isLogLine(item.item) ? count : count + 1
            }
        }
    }

    /// `print(…)`, `logger.debug(…)`, `Log.error(…)`: a statement that only writes a line to a log.
    static func isLogLine(_ item: CodeBlockItemSyntax.Item) -> Bool {
        guard let call = item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            ?? item.as(FunctionCallExprSyntax.self),
              let name = calleeName(call.calledExpression) else { return false }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? ""
        return TaskNameDerivation.isLogCall(BodyCall(name: name, text: receiver.isEmpty ? name + "()" : "\(receiver).\(name)()"))
    }

    /// The task `call` makes is all its function (or initializer) does: the function's body is one work
    /// statement, and it holds the call.
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
        return workStatementCount(body.statements) == 1
    }
}
