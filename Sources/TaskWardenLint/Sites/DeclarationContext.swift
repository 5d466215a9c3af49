import Foundation
import SwiftSyntax

/// Answers "where is this node?" the way a symbolicated stack frame would: the enclosing declaration path
/// (`CloudSyncMonitor.scheduleReconcileRetry()`) and the label a profiler guesses for an unnamed task created
/// here (the nearest enclosing function, or `closure #N in …` inside a closure).
///
/// The spelling follows Swift's demangler: `Type.method(label:_:)`, `Type.init(store:)`, `Type.prop.getter`,
/// `variable initialization expression of Type.prop`, `closure #2 in Type.method()`. Closures are numbered
/// from 1 in source order among the closures written directly in the same function or closure.
public enum DeclarationContext {
    /// The declaration path of the innermost named declaration around `node` (closures are looked through).
    /// Top-level code yields `"top-level code"`.
    public static func enclosingDeclarationPath(of node: some SyntaxProtocol) -> String {
        enclosingDeclarationPath(of: node, memo: Memo())
    }

    /// The label a profiler guesses for an unnamed task created at `node`.
    public static func guessedLabel(of node: some SyntaxProtocol) -> String {
        guessedLabel(of: node, memo: Memo())
    }

    /// What the answers for one file share: sites of one function ask for the same frames, whose closures are
    /// numbered by one walk, not one per site.
    final class Memo {
        fileprivate var descriptions: [SyntaxIdentifier: DescribedDeclaration?] = [:]
        fileprivate var labels: [SyntaxIdentifier: String] = [:]
        fileprivate var closureCounters: [SyntaxIdentifier: ClosureCounter] = [:]
    }

    static func enclosingDeclarationPath(of node: some SyntaxProtocol, memo: Memo) -> String {
        var current = Syntax(node).parent
        while let context = current {
            if isFrameDeclaration(context), let described = describeDeclaration(context, memo: memo) { return described.path }
            current = context.parent
        }
        return "top-level code"
    }

    static func guessedLabel(of node: some SyntaxProtocol, memo: Memo) -> String {
        guard let context = nearestFrame(above: Syntax(node)) else { return "main" }
        return label(of: context, memo: memo)
    }

    /// The nearest ancestor that becomes its own stack frame: a function-like declaration or a closure.
    static func nearestFrame(above node: Syntax) -> Syntax? {
        var current = node.parent
        while let context = current {
            if context.is(ClosureExprSyntax.self) || context.is(DeferStmtSyntax.self) || isFrameDeclaration(context) {
                return context
            }
            current = context.parent
        }
        return nil
    }

    private static func label(of frame: Syntax, memo: Memo) -> String {
        if let known = memo.labels[frame.id] { return known }
        let label = spelledLabel(of: frame, memo: memo)
        memo.labels[frame.id] = label
        return label
    }

    private static func spelledLabel(of frame: Syntax, memo: Memo) -> String {
        func label(of frame: Syntax) -> String { Self.label(of: frame, memo: memo) }
        if let closure = frame.as(ClosureExprSyntax.self) {
            let parent = nearestFrame(above: frame)
            let number = closureNumber(of: closure, in: parent ?? Syntax(closure.root), memo: memo)
            return "closure #\(number) in " + (parent.map(label(of:)) ?? "main")
        }
        if frame.is(DeferStmtSyntax.self), let parent = nearestFrame(above: frame) {
            // A defer block compiles to its own function: `$defer #1 () in Foo.close()`.
            let defers = parent.tokens(viewMode: .sourceAccurate).compactMap { token -> DeferStmtSyntax? in
                guard token.tokenKind == .keyword(.defer), let statement = token.parent?.as(DeferStmtSyntax.self),
                      nearestFrame(above: Syntax(statement))?.id == parent.id else { return nil }
                return statement
            }
            let number = (defers.firstIndex { $0.id == frame.id } ?? 0) + 1
            return "$defer #\(number) () in \(label(of: parent))"
        }
        if let function = frame.as(FunctionDeclSyntax.self), let parent = nearestFrame(above: frame) {
            // A local function: `inner #1 (a:_:) in Foo.outer()`, numbered among its namesakes in the parent.
            let number = localFunctionNumber(of: function, in: parent)
            return "\(function.name.text) #\(number) \(parameterLabels(function.signature.parameterClause)) in \(label(of: parent))"
        }
        return describeDeclaration(frame, memo: memo)?.label ?? "main"
    }

    /// The 1-based position of a local function among the local functions of the same name in `parent`.
    static func localFunctionNumber(of function: FunctionDeclSyntax, in parent: Syntax) -> Int {
        var number = 0
        for other in parent.tokens(viewMode: .sourceAccurate) where other.tokenKind == .keyword(.func) {
            guard let declaration = other.parent?.as(FunctionDeclSyntax.self), declaration.name.text == function.name.text,
                  nearestFrame(above: Syntax(declaration))?.id == parent.id
            else { continue }
            number += 1
            if declaration.id == function.id { return number }
        }
        return max(1, number)
    }

    /// The number the compiler gives `closure` among the closures of `frame`: the 1-based position among the
    /// closures written directly in it, or, for a closure passed to a testing macro, its number in the macro's
    /// expansion (see ``TestingMacroClosures``).
    static func closureNumber(of closure: ClosureExprSyntax, in frame: Syntax, memo: Memo) -> Int {
        let counter: ClosureCounter
        if let known = memo.closureCounters[frame.id] {
            counter = known
        } else {
            counter = ClosureCounter(root: frame.id)
            counter.walk(frame)
            memo.closureCounters[frame.id] = counter
        }
        if let macro = TestingMacroClosures.macro(passing: closure),
           let index = counter.macros.firstIndex(where: { $0.id == macro.id }) {
            return TestingMacroClosures.number(of: closure, in: macro, sourceClosures: counter.count,
                                               macrosInFrame: counter.macros, macroIndex: index)
        }
        return counter.numbers[closure.id] ?? 1
    }

    fileprivate final class ClosureCounter: SyntaxVisitor {
        let root: SyntaxIdentifier
        var count = 0
        /// Each closure written directly in the frame, and its number.
        var numbers: [SyntaxIdentifier: Int] = [:]
        /// Testing macros (`#expect`, `#require`) written directly in the frame, in source order.
        var macros: [MacroExpansionExprSyntax] = []

        init(root: SyntaxIdentifier) {
            self.root = root
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            if node.id == root { return .visitChildren }
            count += 1
            numbers[node.id] = count
            return .skipChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if TestingMacroClosures.macroNames.contains(node.macroName.text) { macros.append(node) }
            return .visitChildren
        }

        private func nested(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            // A nested function-like declaration numbers its own closures.
            node.id == root ? .visitChildren : .skipChildren
        }

        // The members of a type (property initializers included) are never part of the enclosing frame.
        override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
        override func visit(_ node: DeferStmtSyntax) -> SyntaxVisitorContinueKind { nested(node) }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
        override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    }

    /// A declaration that forms a frame: its path (for `enclosing`) and its demangled label.
    struct DescribedDeclaration {
        var path: String
        var label: String
    }

    /// Whether ``describeDeclaration(_:)`` describes `node` (it forms a frame), without spelling its path and
    /// label: the walks up from a site ask this of every ancestor, and spelling a label reads the type path.
    static func isFrameDeclaration(_ node: Syntax) -> Bool {
        switch node.kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .subscriptDecl:
            return true
        case .accessorDecl:
            return propertyName(around: node) != nil
        case .accessorBlock:
            guard case .getter = node.as(AccessorBlockSyntax.self)!.accessors else { return false }
            return propertyName(around: node) != nil
        case .initializerClause:
            return initializedProperty(node) != nil
        default:
            return false
        }
    }

    /// The binding and name of a property whose initializer `node` is, when that initializer runs in a frame of
    /// its own: a local `let x = …` runs in the enclosing frame, and so does a global in a script (main.swift);
    /// a global in any other file, and a member, has its own (lazy) initializer.
    private static func initializedProperty(_ node: Syntax) -> (PatternBindingSyntax, String)? {
        guard let initializerClause = node.as(InitializerClauseSyntax.self),
              let binding = initializerClause.parent?.as(PatternBindingSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self)
        if let item, !(item.parent?.parent?.is(SourceFileSyntax.self) == true && !isScript(node.root)) { return nil }
        return (binding, name)
    }

    /// ``describeDeclaration(_:)``, once per declaration of the file.
    private static func describeDeclaration(_ node: Syntax, memo: Memo) -> DescribedDeclaration? {
        if let known = memo.descriptions[node.id] { return known }
        let described = describeDeclaration(node)
        memo.descriptions[node.id] = described
        return described
    }

    /// Describes `node` when it is a function-like declaration (or a property initializer / accessor).
    static func describeDeclaration(_ node: Syntax) -> DescribedDeclaration? {
        // The types around are read once for the path and the label, and only for a frame.
        func prefix() -> String {
            let types = typePath(of: node)
            return types.isEmpty ? "" : types.joined(separator: ".") + "."
        }
        switch node.kind {
        case .functionDecl:
            let function = node.cast(FunctionDeclSyntax.self)
            let labels = parameterLabels(function.signature.parameterClause)
            let generics = genericParameters(function.genericParameterClause, function.signature.parameterClause)
            let qualified = prefix() + function.name.text
            return .init(path: qualified + labels, label: staticPrefix(function.modifiers) + qualified + generics + labels)
        case .initializerDecl:
            let initializer = node.cast(InitializerDeclSyntax.self)
            let labels = parameterLabels(initializer.signature.parameterClause)
            let generics = genericParameters(initializer.genericParameterClause, initializer.signature.parameterClause)
            let qualified = prefix() + "init"
            return .init(path: qualified + labels, label: qualified + generics + labels)
        case .deinitializerDecl:
            let name = prefix() + "deinit"
            return .init(path: name, label: name)
        case .subscriptDecl:
            let subscriptDecl = node.cast(SubscriptDeclSyntax.self)
            let name = prefix() + "subscript" + parameterLabels(subscriptDecl.parameterClause)
            return .init(path: name, label: staticPrefix(subscriptDecl.modifiers) + name + ".getter")
        case .accessorDecl:
            guard let owner = propertyName(around: node) else { return nil }
            let path = prefix() + owner
            let kind = node.cast(AccessorDeclSyntax.self).accessorSpecifier.text
            let suffix = ["get": "getter", "set": "setter", "didSet": "didset", "willSet": "willset", "_modify": "modify"][kind] ?? kind
            return .init(path: path, label: staticPrefix(ofMemberAround: node) + path + "." + suffix)
        case .accessorBlock:
            guard case .getter = node.cast(AccessorBlockSyntax.self).accessors, let owner = propertyName(around: node) else { return nil }
            let path = prefix() + owner
            return .init(path: path, label: staticPrefix(ofMemberAround: node) + path + ".getter")
        case .initializerClause:
            guard let (binding, name) = initializedProperty(node) else { return nil }
            let path = prefix() + name
            if let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
               variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                return .init(path: path, label: path + ".getter")  // a lazy property is initialised in its getter
            }
            return .init(path: path, label: "variable initialization expression of " + staticPrefix(ofMemberAround: node) + path)
        default:
            return nil
        }
    }

    /// Whether a file runs as a script (main.swift): only there may statements stand at the top level.
    static func isScript(_ root: Syntax) -> Bool {
        guard let file = root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { !$0.item.is(DeclSyntax.self) }
    }

    /// `"static "` for a `static` or `class` member: the demangler prints it (`closure #1 in static Bar.make()`).
    static func staticPrefix(_ modifiers: DeclModifierListSyntax) -> String {
        modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) } ? "static " : ""
    }

    /// The static prefix of the property or subscript that an accessor or initializer belongs to.
    static func staticPrefix(ofMemberAround node: Syntax) -> String {
        var current = node.parent
        while let ancestor = current {
            if let variable = ancestor.as(VariableDeclSyntax.self) { return staticPrefix(variable.modifiers) }
            if let subscriptDecl = ancestor.as(SubscriptDeclSyntax.self) { return staticPrefix(subscriptDecl.modifiers) }
            current = ancestor.parent
        }
        return ""
    }

    /// The generic parameters as the demangler prints them in a frame (`withLocalServer<A>(port:body:)`,
    /// `free<A, B>(p:q:)`): one letter per generic parameter of the function itself, opaque `some` parameters
    /// included; empty for a function that is not generic.
    static func genericParameters(_ clause: GenericParameterClauseSyntax?, _ parameters: FunctionParameterClauseSyntax) -> String {
        let opaque = parameters.parameters.reduce(0) { count, parameter in
            count + parameter.type.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.some) }.count
        }
        let count = (clause?.parameters.count ?? 0) + opaque
        guard count > 0 else { return "" }
        let letters = (0..<count).map { index -> String in
            let letter = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index % 26)))
            return index < 26 ? letter : letter + String(index / 26 - 1)
        }
        return "<" + letters.joined(separator: ", ") + ">"
    }

    /// `(label:_:)` for a parameter clause.
    static func parameterLabels(_ clause: FunctionParameterClauseSyntax) -> String {
        "(" + clause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    private static func propertyName(around node: Syntax) -> String? {
        var current = node.parent
        while let ancestor = current {
            if let binding = ancestor.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if ancestor.is(SubscriptDeclSyntax.self) { return "subscript" }
            current = ancestor.parent
        }
        return nil
    }

    /// Whether the type or extension around `node` declares a property named `name` (directly in its body).
    public static func enclosingTypeDeclaresProperty(named name: String, around node: some SyntaxProtocol) -> Bool {
        propertyNamesOfEnclosingType(around: node).contains(name)
    }

    /// The properties the type or extension around `node` declares directly in its body (by name), read once
    /// for all the names a caller asks about.
    static func propertyNamesOfEnclosingType(around node: some SyntaxProtocol) -> Set<String> {
        var current = Syntax(node).parent
        while let ancestor = current {
            if let group = ancestor.asProtocol((any DeclGroupSyntax).self) {
                var names: Set<String> = []
                for member in group.memberBlock.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings {
                        if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
                    }
                }
                return names
            }
            current = ancestor.parent
        }
        return []
    }

    /// The names of the enclosing types and extensions, outermost first (`["Shelf", "Loader"]`).
    public static func typePath(of node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = Syntax(node).parent
        while let ancestor = current {
            if let name = typeName(of: ancestor) { names.insert(contentsOf: name, at: 0) }
            current = ancestor.parent
        }
        return names
    }

    /// The name(s) a type or extension declaration contributes to a path.
    static func typeName(of node: Syntax) -> [String]? {
        // Asked of every ancestor of a site: the kind decides first (each cast is a call into SwiftSyntax).
        switch node.kind {
        case .structDecl: return [node.cast(StructDeclSyntax.self).name.text]
        case .classDecl: return [node.cast(ClassDeclSyntax.self).name.text]
        case .enumDecl: return [node.cast(EnumDeclSyntax.self).name.text]
        case .actorDecl: return [node.cast(ActorDeclSyntax.self).name.text]
        case .protocolDecl: return [node.cast(ProtocolDeclSyntax.self).name.text]
        case .extensionDecl:
            let written = node.cast(ExtensionDeclSyntax.self).extendedType.trimmedText
            let withoutGenerics = written.split(separator: "<").first.map(String.init) ?? written
            return withoutGenerics.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
        default:
            return nil
        }
    }
}

