import SwiftSyntax

/// Helpers for reading "the code that runs as part of this body" and nothing else.
///
/// A nested closure or local function is a different body: a `try` or a loop inside it does not
/// run when the outer body runs (it runs when someone calls the nested one). The analyses in this
/// folder walk a body with these helpers so that they never attribute a nested body's code to the
/// outer one.
enum OwnBody {
    /// Whether `node` starts a body of its own (a closure, a local function, an accessor, a nested type).
    static func isNestedBody(_ node: Syntax) -> Bool {
        switch node.kind {
        case .closureExpr, .functionDecl, .initializerDecl, .deinitializerDecl, .accessorBlock,
             .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl,
             .subscriptDecl:
            return true
        default:
            return false
        }
    }

    /// Every node of `root`'s own body (root excluded), in source order, not entering nested bodies.
    static func nodes(of root: some SyntaxProtocol) -> [Syntax] {
        let rootNode = Syntax(root)
        let collector = NodeCollector<Syntax>(skipping: { $0 != rootNode && isNestedBody($0) })
        collector.walk(rootNode)
        return Array(collector.found.dropFirst())
    }

    /// The nodes of `root`'s own body whose kind is one of `kinds`, in source order (collects only those: much
    /// cheaper than ``nodes(of:)`` when a rule looks for a few statement kinds).
    static func nodes(ofKinds kinds: Set<SyntaxKind>, in root: some SyntaxProtocol) -> [Syntax] {
        let collector = KindCollector(kinds: kinds, root: Syntax(root))
        collector.walk(Syntax(root))
        return collector.found
    }

    /// The nodes of `root`'s own body of one syntax type.
    static func nodes<Node: SyntaxProtocol>(_ type: Node.Type, of root: some SyntaxProtocol) -> [Node] {
        nodes(of: root).compactMap { $0.as(Node.self) }
    }

    /// The nearest enclosing closure or function of `node` (not `node` itself).
    static func enclosingBody(of node: some SyntaxProtocol) -> Syntax? {
        var current = Syntax(node).parent
        while let candidate = current {
            if isNestedBody(candidate) { return candidate }
            current = candidate.parent
        }
        return nil
    }

    /// Whether `ancestor` is `node` or one of its parents.
    static func isWithin(_ node: some SyntaxProtocol, _ ancestor: some SyntaxProtocol) -> Bool {
        let target = Syntax(ancestor)
        var current: Syntax? = Syntax(node)
        while let candidate = current {
            if candidate == target { return true }
            current = candidate.parent
        }
        return false
    }

    /// `node`'s source text without trivia, with all whitespace removed (for comparing short expressions).
    static func compactText(_ node: some SyntaxProtocol) -> String {
        node.compactText
    }
}

/// Collects nodes of some kinds from a body, not entering nested bodies.
private final class KindCollector: SyntaxAnyVisitor {
    private(set) var found: [Syntax] = []
    private let kinds: Set<SyntaxKind>
    private let root: Syntax

    init(kinds: Set<SyntaxKind>, root: Syntax) {
        self.kinds = kinds
        self.root = root
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard node != root else { return .visitChildren }
        if kinds.contains(node.kind) { found.append(node) }
        return OwnBody.isNestedBody(node) ? .skipChildren : .visitChildren
    }
}
