import Synchronization
import SwiftSyntax

/// The type declarations of one file, read in one walk when the file is analysed: the declarations (the type
/// and its extensions) that carry each name, the instance members each type name has, and the properties each
/// declaration declares directly in its body.
///
/// Sites ask these questions once each (isolation, implicit `self`, stored closures a frame calls); answered by
/// walking the file's declarations per site they made a file of n one-site types cost n², so they are answered
/// here, from a table built once.
///
/// ```swift
/// let file = FileAnalysis(path: "Cache.swift", source: "actor Cache { var n = 0 }\nextension Cache { func f() {} }")
/// file.types.declarations(named: "Cache").count   // 2: the actor and its extension
/// file.types.instanceMemberNames(ofType: "Cache") // ["n", "f"]
/// ```
public struct TypeIndex: Sendable {
    private var declarationsByName: [String: [DeclSyntax]] = [:]
    private var instanceMembersByName: [String: Set<String>] = [:]
    private var propertiesByDeclaration: [SyntaxIdentifier: Set<String>] = [:]
    /// Syntax nodes the walk visited: it grows with the file's declarations and their members, never with
    /// the number of sites asking.
    public private(set) var nodesVisited = 0

    /// Reads every type, extension and protocol declaration under `root` (file level, `#if` clauses, nested
    /// types; not declarations local to a function body).
    public init(_ root: some SyntaxProtocol) {
        var stack = [Syntax(root)]
        while let node = stack.popLast() {
            nodesVisited += 1
            switch node.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl:
                let declaration = node.cast(DeclSyntax.self)
                read(declaration)
                if let members = TypeMembers.memberBlock(of: declaration) { stack.append(Syntax(members)) }
            case .codeBlockItemList, .codeBlockItem, .sourceFile, .memberBlock, .memberBlockItemList, .memberBlockItem,
                 .ifConfigDecl, .ifConfigClauseList, .ifConfigClause:
                stack.append(contentsOf: node.children(viewMode: .sourceAccurate))
            default:
                continue
            }
        }
    }

    private mutating func read(_ declaration: DeclSyntax) {
        let name = declaration.is(ProtocolDeclSyntax.self) ? nil : TypeMembers.typeName(of: declaration)
        if let name { declarationsByName[name, default: []].append(declaration) }
        var properties: Set<String> = []
        var members: Set<String> = []
        for item in TypeMembers.memberBlock(of: declaration)?.members ?? [] {
            nodesVisited += 1
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                if !TypeMembers.isStatic(function.modifiers) { members.insert(function.name.text) }
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                let isStatic = TypeMembers.isStatic(variable.modifiers)
                for binding in variable.bindings {
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    properties.insert(pattern.identifier.text)
                    if !isStatic { members.insert(pattern.identifier.text) }
                }
            }
        }
        propertiesByDeclaration[declaration.id] = properties
        if let name { instanceMembersByName[name, default: []].formUnion(members) }
    }

    /// Every declaration or extension of the type called `name` (as ``TypeMembers/typeName(of:)`` spells it).
    public func declarations(named name: String) -> [DeclSyntax] { declarationsByName[name] ?? [] }

    /// Instance members (functions and properties) of the type called `name`, from its declaration and every
    /// extension of it in this file.
    public func instanceMemberNames(ofType name: String) -> Set<String> { instanceMembersByName[name] ?? [] }

    /// Instance members of the type enclosing `node` (empty outside a type).
    func instanceMemberNames(around node: some SyntaxProtocol) -> Set<String> {
        guard let type = TypeMembers.enclosingType(of: node), let name = TypeMembers.typeName(of: type) else { return [] }
        return instanceMemberNames(ofType: name)
    }

    /// The properties a type, extension or protocol declaration declares directly in its body (read on the spot
    /// for a type declared inside a function body, which the index does not walk).
    func propertyNames(of declaration: some SyntaxProtocol) -> Set<String> {
        if let known = propertiesByDeclaration[Syntax(declaration).id] { return known }
        var names: Set<String> = []
        for member in Syntax(declaration).asProtocol((any DeclGroupSyntax).self)?.memberBlock.members ?? [] {
            for binding in member.decl.as(VariableDeclSyntax.self)?.bindings ?? [] {
                if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
            }
        }
        return names
    }

    /// The properties the type or extension around `node` declares directly in its body.
    func propertyNamesOfEnclosingType(around node: some SyntaxProtocol) -> Set<String> {
        var current = Syntax(node).parent
        while let ancestor = current {
            if ancestor.isProtocol((any DeclGroupSyntax).self) { return propertyNames(of: ancestor) }
            current = ancestor.parent
        }
        return []
    }
}

/// Syntax nodes one file's analyses read beyond the sites themselves (``TypeIndex`` and ``SiteLookups``): a
/// deterministic measure of work that tests compare across input sizes (twice the types, members or sites
/// must read about twice the nodes), where a clock would measure the machine.
public final class SyntaxWork: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    /// Nodes read so far.
    public var nodes: Int { count.load(ordering: .relaxed) }

    func add(_ nodes: Int) {
        count.add(nodes, ordering: .relaxed)
    }
}
