import SwiftSyntax

/// Reading the type around a node (``TypeIndex`` holds what is looked up for many sites).
enum TypeMembers {
    /// The nearest enclosing type-like declaration (class, struct, enum, actor, or extension).
    static func enclosingType(of node: some SyntaxProtocol) -> DeclSyntax? {
        var current = Syntax(node).parent
        while let candidate = current {
            switch candidate.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl:
                return candidate.as(DeclSyntax.self)
            default:
                current = candidate.parent
            }
        }
        return nil
    }

    /// The name a type declaration or extension is about (`Foo` for `extension Foo: Bar`).
    static func typeName(of declaration: DeclSyntax) -> String? {
        if let type = declaration.asProtocol((any NamedDeclSyntax).self) { return type.name.text }
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            return OwnBody.compactText(extensionDecl.extendedType)
        }
        return nil
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        declaration.asProtocol((any DeclGroupSyntax).self)?.memberBlock
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
