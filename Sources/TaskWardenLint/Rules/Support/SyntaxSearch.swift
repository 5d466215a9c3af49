import SwiftSyntax

/// Plain searches over a syntax tree (a visitor: much cheaper than materialising children arrays).
enum SyntaxSearch {
    static func all<Node: SyntaxProtocol>(_ type: Node.Type, in root: some SyntaxProtocol) -> [Node] {
        let collector = NodeCollector<Node>(skipping: nil)
        collector.walk(Syntax(root))
        return collector.found
    }
}

/// Collects every node of one type, optionally not entering nodes a predicate names (they are still collected).
final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    private(set) var found: [Node] = []
    private let skipping: ((Syntax) -> Bool)?

    init(skipping: ((Syntax) -> Bool)?) {
        self.skipping = skipping
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        if let skipping, skipping(node) { return .skipChildren }
        return .visitChildren
    }
}
