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
