import SwiftSyntax

/// What the analyses around a file's sites look up beyond the site itself — the type's members (``TypeIndex``),
/// the names a function binds, the task properties a type cancels — each worked out once per pass over the file
/// and reused for every site, so that n sites in one type or one function cost n lookups, not n walks of it.
///
/// One value serves one pass (a rule over one file, or the records of one file): it is not shared between
/// threads.
///
/// ```swift
/// let lookups = SiteLookups(file)
/// for site in file.sites { let capture = SelfCapture(of: site.closure!, lookups: lookups) }
/// ```
final class SiteLookups {
    let types: TypeIndex
    /// Names bound per function scope outside its closures, and per closure directly in it (``localNames(around:)``).
    private var scopes: [SyntaxIdentifier: ScopeBindings] = [:]
    /// Per type name: the root names of what its members (other than `deinit`) cancel.
    private var cancelledByType: [String: Set<String>] = [:]
    /// Syntax nodes read for local names and cancellations: grows with the code read, never with the sites asking.
    private(set) var nodesVisited = 0

    /// Where the nodes read are counted when this value goes (nil: not counted).
    private let work: SyntaxWork?

    init(types: TypeIndex, work: SyntaxWork? = nil) {
        self.types = types
        self.work = work
    }

    convenience init(_ file: FileAnalysis) {
        self.init(types: file.types, work: file.work)
    }

    deinit {
        work?.add(nodesVisited)
    }

    // MARK: Local names

    /// The names bound in one function scope.
    private struct ScopeBindings {
        /// Bound outside every closure of the scope (parameters, `let`/`var`, `for`, `if let`, …).
        var outside: Set<String> = []
        /// Bound directly in each closure of the scope (not in closures nested in it).
        var inClosure: [SyntaxIdentifier: Set<String>] = [:]
    }

    /// Names bound in the function (or top-level statement) around `node` that `node` may see: those bound
    /// outside its closures, in the closures around `node`, and anywhere in `node` — over-approximated, like
    /// ``SelfCapture/localNames(around:)``, so that a shadowed member is never taken for `self`; closures beside
    /// `node` bind nothing it sees.
    func localNames(around node: some SyntaxProtocol) -> LocalNames {
        let scope = SelfCapture.scope(around: node)
        let bindings = scopes[scope.id] ?? readBindings(of: scope)
        // Everything bound inside `node` (its own closures included) is read from `node` itself.
        let inside = SelfCapture.boundNames(in: Syntax(node), skipping: { $0 != Syntax(node) && SelfCapture.isTypeDeclaration($0) })
        nodesVisited += inside.visited
        var near = inside.names
        var current = Syntax(node).parent
        while let ancestor = current, ancestor != scope {
            if ancestor.is(ClosureExprSyntax.self), let own = bindings.inClosure[ancestor.id] { near.formUnion(own) }
            current = ancestor.parent
        }
        return LocalNames(outside: bindings.outside, near: near)
    }

    /// The answer of ``localNames(around:)``: the names of the whole function are shared by every site in it,
    /// not copied for each.
    struct LocalNames {
        let outside: Set<String>
        let near: Set<String>

        func contains(_ name: String) -> Bool { outside.contains(name) || near.contains(name) }
    }

    private func readBindings(of scope: Syntax) -> ScopeBindings {
        var bindings = ScopeBindings()
        // Depth-first, with the closure each node is directly in.
        var stack: [(node: Syntax, closure: SyntaxIdentifier?)] = [(scope, nil)]
        while let (node, closure) = stack.popLast() {
            nodesVisited += 1
            if node != scope, SelfCapture.isTypeDeclaration(node) { continue }
            if let name = SelfCapture.boundName(of: node) {
                if let closure { bindings.inClosure[closure, default: []].insert(name) } else { bindings.outside.insert(name) }
            }
            let inner = node.is(ClosureExprSyntax.self) ? node.id : closure
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, inner)) }
        }
        scopes[scope.id] = bindings
        return bindings
    }

    // MARK: Cancellation

    /// Whether some member of the type around `node`, other than `deinit`, cancels the property `name`
    /// (``TaskCall/typeCancelsOutsideDeinit(_:around:lookups:)``), from every member read once per type.
    func typeCancels(_ name: String, around node: some SyntaxProtocol) -> Bool {
        guard let type = TypeMembers.enclosingType(of: node), let typeName = TypeMembers.typeName(of: type) else { return false }
        if let known = cancelledByType[typeName] { return known.contains(name) }
        var roots: Set<String> = []
        for declaration in types.declarations(named: typeName) {
            guard let members = TypeMembers.memberBlock(of: declaration) else { continue }
            for item in members.members where !item.decl.is(DeinitializerDeclSyntax.self) {
                let calls = SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(item.decl))
                nodesVisited += calls.count + 1
                for call in calls { roots.formUnion(TaskCall.cancelledRoots(of: call)) }
            }
        }
        cancelledByType[typeName] = roots
        return roots.contains(name)
    }
}
