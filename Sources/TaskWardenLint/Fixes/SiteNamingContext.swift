import SwiftSyntax
import TaskNaming

/// Reads, from the syntax around a task-creating call, what name derivation needs: the enclosing
/// declarations, the storage or action the task sits in, the first thing the task does, and whether it runs
/// once per item.
///
/// ```swift
/// // struct WantlistView: View { var body: some View { List {}.onAppear { Task { await model.load() } } } }
/// let context = SiteNamingContext.context(for: call, fileName: "WantlistView.swift")
/// // declarationPath WantlistView.body, anchors [.action "onAppear"], operation "load", isViewContent
/// ```
public enum SiteNamingContext {
    /// Closures handed to these say nothing about a task's purpose (`withTaskGroup { … }`, `forEach { … }`).
    static let transparentCallees: Set<String> = [
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "async", "asyncAfter", "sync", "run",
        "Task", "detached", "immediate", "immediateDetached", "addTask", "addTaskUnlessCancelled",
        "addImmediateTask", "addImmediateTaskUnlessCancelled", "withCheckedContinuation",
        "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
        "withTaskCancellationHandler", "withAnimation", "sink", "init", "Group", "VStack", "HStack", "ZStack",
        "List", "ForEach", "NavigationStack", "NavigationView", "ScrollView", "LazyVStack", "LazyHStack", "Section",
        "Form", "if", "guard", "do", "AsyncStream", "AsyncThrowingStream", "makeStream", "DispatchWorkItem",
        "withTaskCancellation", "withEscapedDependencies", "withDependencies",
    ]
    /// Loops written as calls: a task created in their closure is created once per item.
    static let loopCallees: Set<String> = ["forEach", "map", "compactMap", "flatMap", "ForEach"]
    /// Argument labels that only say "a closure goes here"; the call's name says more.
    static let genericLabels: Set<String> = [
        "action", "perform", "completion", "completionHandler", "handler", "operation", "body", "content",
        "execute", "block", "closure", "then",
    ]
    /// Calls that are bookkeeping rather than the task's purpose.
    static let incidentalCalls: Set<String> = [
        "sleep", "print", "debugPrint", "checkCancellation", "yield", "assert", "precondition", "assertionFailure",
        "debug", "info", "notice", "trace", "log", "warning", "error", "fault", "critical", "run", "withAnimation",
        "send", "async", "map", "forEach", "compactMap", "filter", "first", "append", "insert", "remove", "removeAll",
        "isEmpty", "cancel", "value", "result", "get", "set", "finish", "resume", "withCheckedContinuation",
        "withCheckedThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup",
        "withThrowingDiscardingTaskGroup", "addTask", "next", "sorted", "contains", "min", "max", "reduce",
        "String", "Int", "Double", "URL", "Data", "Date", "UUID", "Array", "Set", "Dictionary",
        "withTaskCancellation", "withTaskCancellationHandler", "withDependencies", "withEscapedDependencies",
    ]

    /// The naming context of the task `call` creates.
    public static func context(for call: FunctionCallExprSyntax, fileName: String?) -> TaskNameContext {
        var components: [DeclarationPath.Component] = []
        var anchors: [TaskNameContext.Anchor] = []
        var isPerItem = false
        var isViewContent = false
        var reachedDeclaration = false

        if let storage = storageName(of: Syntax(call)) { anchors.append(.init(.storage, storage)) }

        var node = Syntax(call).parent
        while let current = node {
            defer { node = current.parent }
            if let types = extendedTypes(of: current) {
                reachedDeclaration = true
                components.insert(contentsOf: types, at: 0)
                continue
            }
            if let declaration = component(of: current) {
                if !reachedDeclaration { isViewContent = Self.isViewContent(current) }
                reachedDeclaration = true
                components.insert(declaration, at: 0)
                continue
            }
            guard !reachedDeclaration else { continue }
            if current.is(ForStmtSyntax.self) { isPerItem = true }
            if let closure = current.as(ClosureExprSyntax.self), let (owner, isTitle) = closureOwner(closure) {
                if loopCallees.contains(owner) { isPerItem = true }
                if !transparentCallees.contains(owner) {
                    anchors.insert(.init(isTitle ? .title : .action, owner), at: 0)
                } else if let storage = storageName(of: closureCall(closure).map(Syntax.init) ?? current) {
                    // `let refresh = Task { Task { … } }` or `self.work = withTaskGroup { … }`.
                    anchors.insert(.init(.storage, storage), at: 0)
                }
            }
        }
        var context = TaskNameContext(
            declarationPath: DeclarationPath(components),
            anchors: anchors,
            operation: operation(of: call),
            kindWord: kindWord(of: call),
            isViewContent: isViewContent,
            isPerItem: isPerItem,
            fileName: fileName
        )
        context.operationIsThePurpose = makesOneCall(call)
            && (anchors.contains { $0.kind == .action && registrationCallees.contains($0.name) }
                || components.last.map(isGenericHandler) == true)
        if context.operationIsThePurpose {
            // `addObserver`, `sink`: the registration says nothing that could tell two such tasks apart either.
            context.anchors.removeAll { $0.kind == .action && registrationCallees.contains($0.name) }
        }
        return context
    }

    // MARK: Declarations

    static func component(of node: Syntax) -> DeclarationPath.Component? {
        if let function = node.as(FunctionDeclSyntax.self) {
            let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return .function("\(function.name.text)(\(labels))")
        }
        if node.is(InitializerDeclSyntax.self) { return .initializer }
        if node.is(DeinitializerDeclSyntax.self) { return .deinitializer }
        if node.is(SubscriptDeclSyntax.self) { return .subscript }
        if let binding = node.as(PatternBindingSyntax.self), isMember(binding),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            return .property(name)
        }
        if let type = node.asProtocol((any NamedDeclSyntax).self), node.is(StructDeclSyntax.self) || node.is(ClassDeclSyntax.self)
            || node.is(EnumDeclSyntax.self) || node.is(ActorDeclSyntax.self) || node.is(ProtocolDeclSyntax.self) {
            return .type(type.name.text)
        }
        return nil
    }

    /// `extension BookmarkViewModel.State` stands for two nested types.
    static func extendedTypes(of node: Syntax) -> [DeclarationPath.Component]? {
        guard let extensionDecl = node.as(ExtensionDeclSyntax.self) else { return nil }
        let extended = extensionDecl.extendedType.trimmedText
        return extended.split(separator: ".").map { .type(String($0)) }
    }

    /// A binding that belongs to a type or the file, not a local variable inside a function.
    static func isMember(_ binding: PatternBindingSyntax) -> Bool {
        var node = binding.parent
        while let current = node {
            if current.is(MemberBlockItemSyntax.self) || current.is(SourceFileSyntax.self) { return true }
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self)
                || current.is(AccessorBlockSyntax.self) { return false }
            if current.is(CodeBlockItemSyntax.self), current.parent?.parent?.is(SourceFileSyntax.self) == true {
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
            return name == "body" || binding.typeAnnotation?.type.trimmedText.hasSuffix("View") == true
        }
        if let function = node.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause?.type.trimmedText.hasSuffix("View") == true
        }
        return false
    }

    // MARK: Anchors

    /// The variable, property or collection the value of `node` is stored in: `let x = …`, `self.x = …`,
    /// `x[key] = …`, `x.append(…)`, looking through `try`, `await` and parentheses.
    static func storageName(of node: Syntax) -> String? {
        var value = node
        while let parent = value.parent,
              parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(TupleExprSyntax.self)
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true {
            value = parent
        }
        guard let parent = value.parent else { return nil }
        if let initializer = parent.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        // `x = Task { … }`: before operator folding, a sequence `x`, `=`, value.
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == value.id {
                return lastName(elements[0])
            }
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
           infix.rightOperand.id == value.id {
            return lastName(infix.leftOperand)
        }
        // `tasks.append(Task { … })`.
        if let argument = parent.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           ["append", "insert", "add", "store"].contains(member.declName.baseName.text), let base = member.base {
            return lastName(base)
        }
        return nil
    }

    static func lastName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return lastName(subscriptCall.calledExpression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return lastName(optional.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return lastName(forced.expression) }
        return nil
    }

    /// The call a closure is an argument (or trailing closure) of.
    static func closureCall(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = closure.parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            if current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self)
                || current.is(MultipleTrailingClosureElementListSyntax.self) {
                node = current.parent
                continue
            }
            return nil
        }
        return nil
    }

    /// A label that only says "a closure goes here": a generic one, or one naming a callback parameter
    /// (`withCompletionHandler:`, `reply:`), which names the parameter, not what the task does.
    static func isGenericLabel(_ label: String) -> Bool {
        genericLabels.contains(label) || TaskNameDerivation.isCallbackLabel(label)
    }

    /// The action a closure belongs to: its label if it says something (`onDismiss:`), else the call's name
    /// (`onAppear`, `refreshable`), or a button's title (`Button("Refresh Prices") { … }` → `Refresh Prices`).
    static func closureOwner(_ closure: ClosureExprSyntax) -> (name: String, isTitle: Bool)? {
        if let argument = closure.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
           !isGenericLabel(label) {
            return (label, false)
        }
        if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
           !isGenericLabel(element.label.text) {
            return (element.label.text, false)
        }
        guard let call = closureCall(closure) else { return nil }
        let callee = calleeName(call.calledExpression)
        if let callee, callee.first?.isUppercase == true, !transparentCallees.contains(callee),
           let title = title(of: call) {
            return (title, true)
        }
        return callee.map { ($0, false) }
    }

    /// A control's title: its first unlabelled string literal (`Button("Sync Now")`), or the first string
    /// in its `label:` (`Button { … } label: { Label("wantlist.action.sync", systemImage: …) }`). A
    /// localisation key (`wantlist.action.sync`) gives its last part.
    static func title(of call: FunctionCallExprSyntax) -> String? {
        var literal: StringLiteralExprSyntax?
        if let first = call.arguments.first, first.label == nil {
            literal = first.expression.as(StringLiteralExprSyntax.self)
        }
        if literal == nil {
            let label = call.additionalTrailingClosures.first { $0.label.text == "label" }.map { Syntax($0.closure) }
                ?? call.arguments.first { $0.label?.text == "label" }.map { Syntax($0.expression) }
            // The first string passed without a label: `Label("key", systemImage: "trash")` gives "key",
            // never the icon's name.
            literal = label.flatMap { node in
                node.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> StringLiteralExprSyntax? in
                    guard let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self),
                          let argument = literal.parent?.as(LabeledExprSyntax.self), argument.label == nil else { return nil }
                    return literal
                }.first
            }
        }
        guard let literal, literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { return nil }
        let text = literal.segments.trimmedText
        guard !text.isEmpty else { return nil }
        if !text.contains(" "), text.contains("."), let last = text.split(separator: ".").last { return String(last) }
        return text
    }

    static func calleeName(_ expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { return calleeName(generic.expression) }
        return nil
    }

    // MARK: The task itself

    /// The closure the task runs: the trailing closure, or the `operation:` (or last closure) argument.
    static func taskClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        if let operation = call.arguments.first(where: { $0.label?.text == "operation" }) {
            return operation.expression.as(ClosureExprSyntax.self)
        }
        return call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// Calls that only say how something travels; their first argument says what.
    static let transportVerbs: Set<String> = [
        "get", "post", "put", "patch", "delete", "request", "perform", "execute", "call", "invoke", "dispatch",
    ]

    /// `Accounts.unblock(id: …)` → `unblock`; `.timeline(…)` → `timeline`.
    static func endpointName(_ expression: ExprSyntax) -> String? {
        let called = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        guard let name = calleeName(called), name.first?.isLowercase == true else { return nil }
        return name
    }

    /// The first call in the task's body that says what it does: `await model.loadWantlist()` → `loadWantlist`.
    static func operation(of call: FunctionCallExprSyntax) -> String? {
        guard let closure = taskClosure(of: call) else { return nil }
        final class FirstCall: SyntaxVisitor {
            var name: String?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard name == nil else { return .skipChildren }
                guard let callee = SiteNamingContext.calleeName(node.calledExpression) else { return .visitChildren }
                if !SiteNamingContext.incidentalCalls.contains(callee), callee.first?.isUppercase == false {
                    name = callee
                    // `client.post(endpoint: Accounts.unblock(id:))`: the endpoint says what is posted.
                    if SiteNamingContext.transportVerbs.contains(callee),
                       let endpoint = node.arguments.first.flatMap({ SiteNamingContext.endpointName($0.expression) }) {
                        name = callee + "-" + endpoint
                    } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                              let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                              type.first?.isUppercase == true {
                        // `AuthIdentity.load()`: a static call's type says what is loaded.
                        name = type + "." + callee
                    }
                    return .skipChildren
                }
                // `Task.sleep(for: .seconds(1))` says nothing, but `MainActor.run { await load() }` does inside.
                for closure in [node.trailingClosure].compactMap({ $0 })
                    + node.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) })
                    + node.additionalTrailingClosures.map(\.closure) where name == nil {
                    walk(closure)
                }
                return .skipChildren
            }
            override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
                // A call in one case of several is one branch of the work, not what the task does.
                node.cases.count > 1 ? .skipChildren : .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                // Another task's body is that task's business.
                if let owner = SiteNamingContext.closureCall(node),
                   let callee = SiteNamingContext.calleeName(owner.calledExpression),
                   callee == "Task" || callee.hasPrefix("addTask") || callee == "detached" {
                    return .skipChildren
                }
                return .visitChildren
            }
        }
        let visitor = FirstCall(viewMode: .sourceAccurate)
        visitor.walk(closure.statements)
        return visitor.name
    }

    /// For per-item work, the item a person might put in the name: the loop variable (`release` in
    /// `for release in releases`, or a `forEach` closure's parameter), as an identity expression to adapt.
    public static func itemIdentity(around call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call).parent
        while let current = node {
            if let loop = current.as(ForStmtSyntax.self) {
                let names = loop.pattern.tokens(viewMode: .sourceAccurate).filter {
                    if case .identifier = $0.tokenKind { return true }
                    return false
                }
                return names.last.map { "\($0.text).id" }
            }
            if let closure = current.as(ClosureExprSyntax.self), let owner = closureCall(closure),
               let callee = calleeName(owner.calledExpression), loopCallees.contains(callee) {
                if let parameter = closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self)?.first {
                    return "\(parameter.name.text).id"
                }
                if let parameter = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self)?.parameters.first {
                    return "\(parameter.firstName.text).id"
                }
                return "$0.id"
            }
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    static func kindWord(of call: FunctionCallExprSyntax) -> String? {
        switch calleeName(call.calledExpression) {
        case "detached": "detached"
        case "immediate", "immediateDetached", "addImmediateTask", "addImmediateTaskUnlessCancelled": "immediate"
        default: nil
        }
    }
}
