import SwiftSyntax

extension SyntaxProtocol {
    /// `node.isKind(.closureExpr)` is `node.is(ClosureExprSyntax.self)` for a concrete node type, by kind: the
    /// generic `is` of the toolchain's SwiftSyntax (built for library evolution) costs about ten times as much,
    /// and naming asks it at every ancestor of every site.
    @inline(__always)
    func isKind(_ kind: SyntaxKind) -> Bool { self.kind == kind }
}
