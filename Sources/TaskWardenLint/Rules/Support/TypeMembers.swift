import SwiftSyntax

/// The members of the type around a node, read from the same file.
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

    /// Instance members (functions and properties) of the type enclosing `node`, from its declaration and
    /// every extension of it in the same file. Empty outside a type.
    static func instanceMemberNames(around node: some SyntaxProtocol) -> Set<String> {
        guard let type = enclosingType(of: node), let name = typeName(of: type) else { return [] }
        var names: Set<String> = []
        for declaration in declarations(named: name, in: Syntax(node).root) {
            guard let members = memberBlock(of: declaration) else { continue }
            for item in members.members {
                if let function = item.decl.as(FunctionDeclSyntax.self), !isStatic(function.modifiers) {
                    names.insert(function.name.text)
                } else if let variable = item.decl.as(VariableDeclSyntax.self), !isStatic(variable.modifiers) {
                    for binding in variable.bindings {
                        if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                            names.insert(pattern.identifier.text)
                        }
                    }
                }
            }
        }
        return names
    }

    /// Every declaration or extension of the type called `name` in the tree under `root`.
    static func declarations(named name: String, in root: Syntax) -> [DeclSyntax] {
        var result: [DeclSyntax] = []
        var stack = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl:
                let declaration = node.as(DeclSyntax.self)!
                if typeName(of: declaration) == name { result.append(declaration) }
                stack.append(contentsOf: node.children(viewMode: .sourceAccurate))
            case .codeBlockItemList, .codeBlockItem, .sourceFile, .memberBlock, .memberBlockItemList, .memberBlockItem,
                 .ifConfigDecl, .ifConfigClauseList, .ifConfigClause:
                stack.append(contentsOf: node.children(viewMode: .sourceAccurate))
            default:
                continue
            }
        }
        return result
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        declaration.asProtocol((any DeclGroupSyntax).self)?.memberBlock
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
