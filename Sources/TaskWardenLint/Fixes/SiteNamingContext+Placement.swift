import SwiftSyntax
import TaskNaming

/// How a task stands in the function that creates it: all it does, or one part of its work.
///
/// Only the kind of each statement beside the task and its first name are read (a sub-file parse keeps
/// exactly that of statements beside a site), so the answer is the same however the file was parsed.
extension SiteNamingContext {
    /// First names of statements that do no work of their own: logging and assertions.
    static let bookkeepingStatementNames: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "logger", "log", "Logger", "Log", "assert", "assertionFailure",
        "precondition", "dispatchPrecondition",
    ]

    /// `.wholeFunction` when creating the task is all its function does besides guards, local constants,
    /// logging and handling the task's own storage (`loadTask?.cancel()` before `loadTask = Task {…}`);
    /// `.partOfFunction` otherwise.
    static func placement(of call: FunctionCallExprSyntax, storage: String?) -> TaskNameContext.Placement {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self)
                || parent.is(MemberBlockItemSyntax.self) || parent.is(SourceFileSyntax.self) {
                break
            }
            if let item = node.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self) {
                if list.contains(where: { $0.id != item.id && !isBesideWork($0, storage: storage) }) { return .partOfFunction }
            }
            if let ifExpression = parent.as(IfExprSyntax.self) {
                let branches = [Syntax(ifExpression.body), ifExpression.elseBody.map(Syntax.init)].compactMap { $0 }
                if branches.contains(where: { $0.id != node.id && doesWork($0, storage: storage) }) { return .partOfFunction }
            }
            if let switchCase = node.as(SwitchCaseSyntax.self), let cases = parent.as(SwitchCaseListSyntax.self) {
                if cases.contains(where: { $0.id != switchCase.id && doesWork(Syntax($0), storage: storage) }) {
                    return .partOfFunction
                }
            }
            node = parent
        }
        return .wholeFunction
    }

    /// A branch (`else { … }`, another `case`) holding a statement that does work.
    static func doesWork(_ branch: Syntax, storage: String?) -> Bool {
        let items: CodeBlockItemListSyntax?
        if let block = branch.as(CodeBlockSyntax.self) {
            items = block.statements
        } else if let switchCase = branch.as(SwitchCaseSyntax.self) {
            items = switchCase.statements
        } else if let elseIf = branch.as(IfExprSyntax.self) {
            return doesWork(Syntax(elseIf.body), storage: storage)
                || elseIf.elseBody.map { doesWork(Syntax($0), storage: storage) } == true
        } else {
            items = nil
        }
        return items?.contains { !isBesideWork($0, storage: storage) } ?? false
    }

    /// A statement beside a task that is no work of the function's own.
    static func isBesideWork(_ item: CodeBlockItemSyntax, storage: String?) -> Bool {
        switch item.item {
        case .decl(let declaration):
            // Local constants and nested helpers prepare the task; `#if` blocks are read as declarations.
            return declaration.is(VariableDeclSyntax.self) || declaration.is(FunctionDeclSyntax.self)
                || declaration.is(IfConfigDeclSyntax.self)
        case .stmt(let statement):
            if statement.is(GuardStmtSyntax.self) || statement.is(DeferStmtSyntax.self) || statement.is(BreakStmtSyntax.self)
                || statement.is(ContinueStmtSyntax.self) || statement.is(FallThroughStmtSyntax.self) {
                return true
            }
            if let returned = statement.as(ReturnStmtSyntax.self) {
                return returned.expression == nil || firstName(Syntax(returned)).map { isOwnStorage($0, storage) } == true
            }
            if let expression = statement.as(ExpressionStmtSyntax.self) {
                return isBesideWork(Syntax(expression.expression), storage: storage)
            }
            return false
        case .expr(let expression):
            return isBesideWork(Syntax(expression), storage: storage)
        @unknown default:
            return false
        }
    }

    static func isBesideWork(_ expression: Syntax, storage: String?) -> Bool {
        // Compound statements (`if`, `switch`, `do`) do work of their own.
        if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) { return false }
        guard let name = firstName(expression) else { return false }
        return bookkeepingStatementNames.contains(name) || isOwnStorage(name, storage)
    }

    /// `loadTask` beside `loadTask = Task {…}`, or any `…Task` handle being cancelled or awaited.
    static func isOwnStorage(_ name: String, _ storage: String?) -> Bool {
        name == storage || name.hasSuffix("Task") || name.hasSuffix("task")
    }

    /// The first name of a statement, after `try`, `await` and `return` (what a sub-file parse keeps).
    static func firstName(_ node: Syntax) -> String? {
        for token in node.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .keyword(.try), .keyword(.await), .keyword(.return), .prefixAmpersand, .exclamationMark,
                 .postfixQuestionMark, .leftParen:
                continue
            case .identifier(let name): return name
            case .keyword(.self): return "self"
            case .dollarIdentifier(let name): return name
            default: return nil
            }
        }
        return nil
    }
}
