import SwiftSyntax

/// How a closure captures `self`, as far as syntax shows it.
///
/// Explicit `self` is always seen. Implicit `self` (a bare `refresh()` inside a `Task` closure, which Swift
/// allows because `Task` closures capture `self` implicitly) is seen only for members declared in the
/// enclosing type or its extensions in the same file, and only when no local name of the enclosing function
/// shadows them. Members inherited from a superclass or declared in another file are not seen.
struct SelfCapture {
    enum ListEntry: Equatable {
        case weak, unowned, strong
    }

    /// How `self` appears in the closure's capture list, if it does.
    let listEntry: ListEntry?
    /// Uses of `self` written out, in the closure or in closures nested in it.
    let explicitReferences: [Syntax]
    /// Bare references to members of the enclosing type: uses of `self` that are not written out.
    let implicitReferences: [Syntax]

    /// Whether the closure uses `self` at all.
    var mentionsSelf: Bool { listEntry != nil || !explicitReferences.isEmpty || !implicitReferences.isEmpty }

    /// Whether the closure holds `self` strongly for as long as it runs.
    var capturesStrongly: Bool {
        switch listEntry {
        case .weak?, .unowned?: return false
        case .strong?: return true
        case nil: return !explicitReferences.isEmpty || !implicitReferences.isEmpty
        }
    }

    /// The first use of `self`, for pointing a diagnostic at.
    var firstReference: Syntax? {
        (explicitReferences + implicitReferences).min { $0.position < $1.position }
    }

    init(listEntry: ListEntry?, explicitReferences: [Syntax], implicitReferences: [Syntax]) {
        self.listEntry = listEntry
        self.explicitReferences = explicitReferences
        self.implicitReferences = implicitReferences
    }

    /// Analyses `closure`, reading its type's members and its function's local names on the spot (for one
    /// closure; analyses of many sites pass one ``SiteLookups``).
    init(of closure: ClosureExprSyntax) {
        self.init(of: closure, lookups: SiteLookups(types: TypeIndex(closure.root)))
    }

    /// Analyses `closure`, looking its type's members and its function's local names up in `lookups`.
    init(of closure: ClosureExprSyntax, lookups: SiteLookups) {
        listEntry = Self.listEntry(of: closure)
        var explicit: [Syntax] = []
        var bare: [DeclReferenceExprSyntax] = []
        for node in Syntax(closure).children(viewMode: .sourceAccurate).flatMap({ Self.descendants($0) }) {
            guard let reference = node.as(DeclReferenceExprSyntax.self) else { continue }
            if Self.isInCaptureList(node, of: closure) { continue }
            if reference.baseName.tokenKind == .keyword(.self) {
                // `Void.self` and `x.self` name a type or value, not the enclosing instance.
                if !Self.isMemberName(reference) { explicit.append(node) }
            } else if Self.isBare(reference) {
                bare.append(reference)
            }
        }
        explicitReferences = explicit
        // Reading the type's members and the function's locals walks more syntax: only when it can matter.
        let members = bare.isEmpty ? [] : lookups.types.instanceMemberNames(around: closure)
        let candidates = bare.filter { members.contains($0.baseName.text) }
        if candidates.isEmpty {
            implicitReferences = []
        } else {
            let locals = lookups.localNames(around: closure)
            implicitReferences = candidates.filter { !locals.contains($0.baseName.text) }.map(Syntax.init)
        }
    }

    /// Every node under `root`, not entering nested type declarations (their members are not ours).
    private static func descendants(_ root: Syntax) -> [Syntax] {
        let collector = NodeCollector<Syntax>(skipping: { node in
            switch node.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl: return node != root
            default: return false
            }
        })
        collector.walk(root)
        return collector.found
    }

    /// How `self` appears in `closure`'s capture list (cheap: reads only the capture list).
    static func listEntry(of closure: ClosureExprSyntax) -> ListEntry? {
        guard let items = closure.signature?.capture?.items else { return nil }
        for item in items {
            let capturesSelf = item.initializer.map { OwnBody.compactText($0.value) == "self" }
                ?? (item.name.tokenKind == .keyword(.self))
            guard capturesSelf else { continue }
            switch item.specifier?.specifier.tokenKind {
            case .keyword(.weak)?: return .weak
            case .keyword(.unowned)?: return .unowned
            default: return .strong
            }
        }
        return nil
    }

    private static func isInCaptureList(_ node: Syntax, of closure: ClosureExprSyntax) -> Bool {
        guard let capture = closure.signature?.capture else { return false }
        return OwnBody.isWithin(node, capture)
    }

    /// A reference not written as the member part of `x.member`.
    static func isBare(_ reference: DeclReferenceExprSyntax) -> Bool {
        !isMemberName(reference) && reference.baseName.tokenKind.isIdentifier
    }

    /// Whether the reference is the `member` of `x.member` (or of `.member`).
    static func isMemberName(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.id == reference.id
    }

    /// Names bound in the enclosing function (parameters, `let`/`var`, `for` and `if let` bindings, closure
    /// parameters), except inside closures beside `node`: over-approximated so that a shadowed member is never
    /// taken for `self`.
    /// For one node (``SiteLookups/localNames(around:)`` answers many from one walk of their function).
    static func localNames(around node: some SyntaxProtocol) -> Set<String> {
        let scope = scope(around: node)
        var names: Set<String> = []
        // A closure beside `node` (neither around it nor in it) binds nothing `node` can see.
        let range = node.position..<node.endPosition
        let collector = NodeCollector<Syntax>(skipping: { candidate in
            switch candidate.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl: return candidate != scope
            case .closureExpr: return candidate.endPosition <= range.lowerBound || candidate.position >= range.upperBound
            default: return false
            }
        })
        collector.walk(scope)
        for child in collector.found {
            if let name = boundName(of: child) { names.insert(name) }
        }
        return names
    }

    /// The function (member) or top-level statement around `node`: where its local names are bound.
    static func scope(around node: some SyntaxProtocol) -> Syntax {
        var scope = Syntax(node)
        while let parent = scope.parent {
            if parent.is(MemberBlockItemSyntax.self) || parent.is(SourceFileSyntax.self) { break }
            if parent.is(CodeBlockItemSyntax.self), parent.parent?.parent?.is(SourceFileSyntax.self) == true { break }
            scope = parent
        }
        return scope
    }

    /// The name `node` binds, if it binds one: a pattern, a function or closure parameter, a capture.
    static func boundName(of node: Syntax) -> String? {
        switch node.kind {
        case .identifierPattern: return node.cast(IdentifierPatternSyntax.self).identifier.text
        case .functionParameter:
            let parameter = node.cast(FunctionParameterSyntax.self)
            return (parameter.secondName ?? parameter.firstName).text
        case .closureShorthandParameter: return node.cast(ClosureShorthandParameterSyntax.self).name.text
        case .closureParameter:
            let parameter = node.cast(ClosureParameterSyntax.self)
            return (parameter.secondName ?? parameter.firstName).text
        case .closureCapture: return node.cast(ClosureCaptureSyntax.self).name.text
        default: return nil
        }
    }

    /// A nested type's members are not the function's locals.
    static func isTypeDeclaration(_ node: Syntax) -> Bool {
        switch node.kind {
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl: true
        default: false
        }
    }

    /// Every name bound under `root`, not entering the nodes `skipping` names; and how many nodes were read.
    static func boundNames(in root: Syntax, skipping: @escaping (Syntax) -> Bool) -> (names: Set<String>, visited: Int) {
        let collector = NodeCollector<Syntax>(skipping: skipping)
        collector.walk(root)
        return (Set(collector.found.compactMap(boundName(of:))), collector.found.count)
    }
}

extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}
