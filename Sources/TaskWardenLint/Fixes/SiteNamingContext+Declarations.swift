import SwiftSyntax
import TaskNaming

/// The declarations around a site: types, the member that creates the task, whether it is a test, and the
/// closure parameters a forwarding helper passes on.
extension SiteNamingContext {
    static func component(of node: Syntax) -> DeclarationPath.Component? {
        if let function = node.as(FunctionDeclSyntax.self) {
            let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return .function("\(function.name.text)(\(labels))")
        }
        if node.isKind(.initializerDecl) { return .initializer }
        if node.isKind(.deinitializerDecl) { return .deinitializer }
        if node.isKind(.subscriptDecl) { return .subscript }
        if let binding = node.as(PatternBindingSyntax.self), isMember(binding),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            return .property(name)
        }
        // By kind, not by a cast to `NamedDeclSyntax`: a protocol cast costs a conformance lookup at every
        // ancestor of every site.
        switch node.kind {
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl:
            if let type = node.asProtocol((any NamedDeclSyntax).self) { return .type(type.name.text) }
        default:
            break
        }
        return nil
    }

    /// `node.isProtocol((any DeclGroupSyntax).self)`, by kind (the cast is a conformance lookup each time).
    static func isDeclarationGroup(_ node: Syntax) -> Bool {
        switch node.kind {
        case .actorDecl, .classDecl, .enumDecl, .extensionDecl, .protocolDecl, .structDecl: true
        default: false
        }
    }

    /// `extension BookmarkViewModel.State` stands for two nested types. A standard collection extended for one
    /// element type (`extension Sequence where Element: ParseUser`, `extension Array<Episode>`, `[Episode]`) is
    /// that element's collection: `ParseUser` then `Sequence`, so its tasks read `parse-user-sequence-…`, apart
    /// from the same operations extended for another element type.
    static func extendedTypes(of node: Syntax) -> [DeclarationPath.Component]? {
        guard let extensionDecl = node.as(ExtensionDeclSyntax.self) else { return nil }
        let type = extensionDecl.extendedType
        if let array = type.as(ArrayTypeSyntax.self), let element = simpleTypeName(array.element) {
            return [.type(element), .type("Array")]
        }
        if let generic = type.as(IdentifierTypeSyntax.self), elementCollections.contains(generic.name.text),
           let arguments = generic.genericArgumentClause?.arguments, arguments.count == 1,
           let argument = arguments.first?.argument.as(TypeSyntax.self), let element = simpleTypeName(argument) {
            return [.type(element), .type(generic.name.text)]
        }
        let extended = type.trimmedText
        if elementCollections.contains(extended), let element = constrainedElement(extensionDecl.genericWhereClause) {
            return [.type(element), .type(extended)]
        }
        return extended.split(separator: ".").map { .type(String($0)) }
    }

    /// Standard collections whose extensions are often written for one element type.
    static let elementCollections: Set<String> = [
        "Sequence", "Collection", "Array", "ContiguousArray", "ArraySlice", "Set", "AsyncSequence",
        "RandomAccessCollection", "BidirectionalCollection", "MutableCollection", "RangeReplaceableCollection",
        "Optional",
    ]

    /// Protocols a constraint names only to say what an element can do, never which elements these are.
    static let capabilityProtocols: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Identifiable", "Codable", "Encodable", "Decodable",
        "AnyObject", "Error", "CustomStringConvertible", "Numeric", "BinaryInteger", "FloatingPoint", "StringProtocol",
        "Collection", "Sequence", "AsyncSequence", "RawRepresentable", "View",
    ]

    /// `where Element: ParseUser` or `where Element == Episode` → the element's type; nothing for a capability
    /// (`Element: Sendable`) or a constraint on anything but the element.
    static func constrainedElement(_ clause: GenericWhereClauseSyntax?) -> String? {
        for requirement in clause?.requirements ?? [] {
            let (left, right): (TypeSyntax, TypeSyntax)
            if let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self) {
                (left, right) = (conformance.leftType, conformance.rightType)
            } else if let sameType = requirement.requirement.as(SameTypeRequirementSyntax.self),
                      // Through `Syntax`: a type in some swift-syntax majors, a type-or-expression choice in others.
                      let leftType = Syntax(sameType.leftType).as(TypeSyntax.self),
                      let rightType = Syntax(sameType.rightType).as(TypeSyntax.self) {
                (left, right) = (leftType, rightType)
            } else {
                continue
            }
            guard ["Element", "Wrapped"].contains(left.trimmedText), let name = simpleTypeName(right) else { continue }
            return name
        }
        return nil
    }

    /// A plain named type (`ParseUser`, `Models.Episode` → `Episode`), not a capability protocol.
    static func simpleTypeName(_ type: TypeSyntax) -> String? {
        let name: String
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            name = identifier.name.text
        } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            name = member.name.text
        } else {
            return nil
        }
        return capabilityProtocols.contains(name) || name.first?.isUppercase != true ? nil : name
    }

    /// A binding that belongs to a type or the file, not a local variable inside a function.
    static func isMember(_ binding: PatternBindingSyntax) -> Bool {
        var node = binding.parent
        while let current = node {
            if current.isKind(.memberBlockItem) || current.isKind(.sourceFile) { return true }
            if current.isKind(.codeBlock) || current.isKind(.closureExpr)
                || current.isKind(.accessorBlock) { return false }
            if current.isKind(.codeBlockItem), current.parent?.parent?.isKind(.sourceFile) == true {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// A property or function whose type is `some View` (or `body`): SwiftUI content.
    static func isViewContent(_ node: Syntax) -> Bool {
        if let binding = node.as(PatternBindingSyntax.self) {
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            return name == "body" || binding.typeAnnotation?.type.lastToken(viewMode: .sourceAccurate)?.text.hasSuffix("View") == true
        }
        if let function = node.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause?.type.lastToken(viewMode: .sourceAccurate)?.text.hasSuffix("View") == true
        }
        return false
    }

    /// A test method: `@Test func …`, or `func test…()` in a type whose name or superclass says it holds tests
    /// (`FooTests`, `: XCTestCase`).
    static func isTestMethod(_ node: Syntax) -> Bool {
        guard let function = node.as(FunctionDeclSyntax.self) else { return false }
        let hasTestAttribute = function.attributes.contains { element in
            element.as(AttributeSyntax.self)?.attributeName.trimmedText == "Test"
        }
        if hasTestAttribute { return true }
        guard TestScenario.looksLikeTest(function.name.text) else { return false }
        var parent = node.parent
        while let current = parent {
            if isDeclarationGroup(current), let type = current.asProtocol((any DeclGroupSyntax).self) {
                let name: String
                if let named = current.asProtocol((any NamedDeclSyntax).self) {
                    name = named.name.text
                } else {
                    name = current.as(ExtensionDeclSyntax.self)?.extendedType.trimmedText ?? ""
                }
                let inherited = type.inheritanceClause?.inheritedTypes.trimmedText ?? ""
                return name.contains("Test") || name.hasSuffix("Spec") || inherited.contains("TestCase")
            }
            parent = current.parent
        }
        return false
    }

    /// The enclosing types declared as holding tests: a subclass of a test case (`class TestDebounce:
    /// XCTestCase`) or a `@Suite`. Read from the declaration's own header, which every parse keeps.
    static func testTypes(around call: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        var node = call.parent
        while let current = node {
            defer { node = current.parent }
            guard isDeclarationGroup(current), let group = current.asProtocol((any DeclGroupSyntax).self) else { continue }
            // (Read from the last token: printing each type and attribute ran for every site.)
            let inherited = group.inheritanceClause?.inheritedTypes.contains {
                $0.type.lastToken(viewMode: .sourceAccurate)?.text.hasSuffix("TestCase") == true
            } ?? false
            let suite = group.attributes.contains { element in
                guard let name = element.as(AttributeSyntax.self)?.attributeName else { return false }
                return name.lastToken(viewMode: .sourceAccurate)?.text == "Suite" && name.is(IdentifierTypeSyntax.self)
            }
            guard inherited || suite else { continue }
            if let named = current.asProtocol((any NamedDeclSyntax).self) {
                names.insert(named.name.text)
            } else if let extended = current.as(ExtensionDeclSyntax.self)?.extendedType.trimmedText {
                names.insert(String(extended.split(separator: ".").last ?? ""))
            }
        }
        return names
    }

    /// The names of the enclosing function's parameters whose type is a function (`operation: @escaping () async
    /// -> T`): a task that only calls one of them runs its caller's work.
    static func closureParameters(of node: Syntax) -> [String] {
        let parameters: FunctionParameterListSyntax
        if let function = node.as(FunctionDeclSyntax.self) {
            parameters = function.signature.parameterClause.parameters
        } else if let initializer = node.as(InitializerDeclSyntax.self) {
            parameters = initializer.signature.parameterClause.parameters
        } else {
            return []
        }
        return parameters.compactMap { parameter in
            // (A plain type's name is its text: printing every parameter's type ran for every site.)
            let plain = parameter.type.as(IdentifierTypeSyntax.self).flatMap { $0.genericArgumentClause == nil ? $0.name.text : nil }
            return isClosureType(plain ?? parameter.type.trimmedText) ? (parameter.secondName ?? parameter.firstName).text : nil
        }
    }

    /// Last words of type aliases that name closures (`DuplexStreamHandler`, `Operation`, `CompletionBlock`).
    static let closureTypeWords: Set<String> = ["handler", "closure", "callback", "block", "operation", "body", "action", "work"]

    /// `@escaping () async -> T`, `@Sendable (Int) throws -> Void`, or an alias such as `ReadableStreamHandler?`.
    static func isClosureType(_ text: String) -> Bool {
        if text.contains("->") || text.contains("@escaping") { return true }
        // `MastodonMenu.Action`: a type nested in another names a case of that type's, not a closure to run.
        if text.contains(".") { return false }
        let name = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).last.map(String.init) ?? text
        return NameWords.split(name).last.map(closureTypeWords.contains) == true && name.first?.isUppercase == true
    }

    /// The helper as the inventory writes it: `withTimeout(_:operation:)`, or `Pool.init(_:)`.
    static func helperDescription(_ node: Syntax) -> String {
        if let function = node.as(FunctionDeclSyntax.self) {
            let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return "\(function.name.text)(\(labels))"
        }
        if let initializer = node.as(InitializerDeclSyntax.self) {
            let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return "init(\(labels))"
        }
        return node.trimmedDescription
    }

    /// How many task creation sites `function` holds (every site's statement is kept by every parse).
    static func creationSiteCount(in function: Syntax) -> Int {
        final class Counter: SyntaxVisitor {
            var count = 0
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let match = CreationCallClassifier.classify(node), match.kind.acceptsName { count += 1 }
                return .visitChildren
            }
        }
        let counter = Counter(viewMode: .sourceAccurate)
        counter.walk(function)
        return counter.count
    }

    /// The closure parameter a `withoutActuallyEscaping(transform) { escapingTransform in … }` closure names
    /// its argument by, with that argument: (`escapingTransform`, `transform`). Nil for any other closure.
    static func escapedAlias(of closure: ClosureExprSyntax) -> (alias: String, parameter: String)? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self)
                ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
              call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withoutActuallyEscaping",
              let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        guard let signature = closure.signature?.parameterClause else { return nil }
        let alias = signature.as(ClosureShorthandParameterListSyntax.self)?.first?.name.text
            ?? signature.as(ClosureParameterClauseSyntax.self)?.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        return alias.map { ($0, argument) }
    }

    /// Locals in `function` bound to one of `names` and nothing else (`let unsafeOperation = escapingOperation`),
    /// each with the name it holds, in source order.
    static func localAliases(in function: Syntax, of names: Set<String>) -> [(alias: String, original: String)] {
        final class AliasVisitor: SyntaxVisitor {
            var known: Set<String>
            var found: [(alias: String, original: String)] = []
            init(_ known: Set<String>) {
                self.known = known
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if let alias = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let original = node.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.text,
                   known.contains(original), !known.contains(alias) {
                    found.append((alias, original))
                    known.insert(alias)
                }
                return .visitChildren
            }
        }
        let visitor = AliasVisitor(names)
        visitor.walk(function)
        return visitor.found
    }

    /// `Task(operation: operation)` or `group.addTask(operation: body)`: the operation handed over is one of
    /// the function's own closure parameters.
    static func passedParameter(of call: FunctionCallExprSyntax, among parameters: [String]) -> String? {
        guard call.trailingClosure == nil, !parameters.isEmpty else { return nil }
        let argument = call.arguments.first(where: { $0.label?.text == "operation" }) ?? call.arguments.last
        guard let reference = argument?.expression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        return parameters.contains(name) ? name : nil
    }
}
