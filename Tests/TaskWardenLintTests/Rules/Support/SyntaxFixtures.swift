import SwiftParser
import SwiftSyntax
@testable import TaskWardenLint

/// Small helpers for reading test snippets.
enum SyntaxFixtures {
    static func parse(_ source: String) -> SourceFileSyntax { Parser.parse(source: source) }

    /// Every node of one type in `source`, in source order.
    static func all<Node: SyntaxProtocol>(_ type: Node.Type, in source: String) -> [Node] {
        all(type, in: Syntax(parse(source)))
    }

    static func all<Node: SyntaxProtocol>(_ type: Node.Type, in root: Syntax) -> [Node] {
        var result: [Node] = []
        var stack = [root]
        while let node = stack.popLast() {
            if let match = node.as(Node.self) { result.append(match) }
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return result
    }

    /// The first call whose callee's text is `callee` (`Task`, `Task.detached`).
    static func call(_ callee: String, in source: String) -> FunctionCallExprSyntax? {
        all(FunctionCallExprSyntax.self, in: source).first { OwnBody.compactText($0.calledExpression) == callee }
    }

    /// The trailing closure of the first `Task { … }` (or other `callee`) in `source`.
    static func taskClosure(_ source: String, callee: String = "Task") -> ClosureExprSyntax? {
        call(callee, in: source)?.trailingClosure
    }
}
