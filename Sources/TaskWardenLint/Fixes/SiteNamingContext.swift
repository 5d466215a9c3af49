import SwiftSyntax
import TaskNaming

/// Reads, from the syntax around a task-creating call, what name derivation needs: the enclosing
/// declarations, the storage, action, button or `case` the task sits in, what the task's body does, how the
/// task stands in its function, and whether it runs once per item. What it reads is declared in ``reads``.
///
/// ```swift
/// // struct WantlistView: View { var body: some View { List {}.onAppear { Task { await model.load() } } } }
/// let context = SiteNamingContext.context(for: call, fileName: "WantlistView.swift")
/// // declarationPath WantlistView.body, anchors [.action "onAppear"], body: only call model.load(), isViewContent
/// ```
public enum SiteNamingContext {
    /// The naming context of the task `call` creates.
    public static func context(for call: FunctionCallExprSyntax, fileName: String?) -> TaskNameContext {
        var components: [DeclarationPath.Component] = []
        var anchors: [TaskNameContext.Anchor] = []
        var isPerItem = false
        var isViewContent = false
        var reachedDeclaration = false
        var runsLater = false
        var isCleanup = false
        var isConditional = false
        var isInsideTask = false
        var loopSequence: String?
        var function: Syntax?
        // Parameters of the closures around the site (`promise`, `continuation`): calling one reports.
        var reportingNames: Set<String> = []
        // `withoutActuallyEscaping(transform) { escapingTransform in … }` around the site, innermost first.
        var escapedAliases: [(alias: String, parameter: String)] = []

        let ownStorage = storageName(of: Syntax(call))
        if let ownStorage { anchors.append(.init(.storage, ownStorage)) }

        var node = Syntax(call).parent
        while let current = node {
            defer { node = current.parent }
            if let types = extendedTypes(of: current) {
                reachedDeclaration = true
                components.insert(contentsOf: types, at: 0)
                continue
            }
            if let declaration = component(of: current) {
                if !reachedDeclaration {
                    isViewContent = Self.isViewContent(current)
                    function = current
                }
                reachedDeclaration = true
                components.insert(declaration, at: 0)
                continue
            }
            guard !reachedDeclaration else { continue }
            if let loop = current.as(ForStmtSyntax.self) {
                // `for share in otherRootShares { group.addTask { … } }`: what is gone through tells these
                // children from a sibling made outside the loop.
                if !isPerItem { loopSequence = lastName(loop.sequence) }
                isPerItem = true
            }
            if current.isKind(.ifExpr) || current.isKind(.guardStmt) || current.isKind(.switchCase) { isConditional = true }
            // `defer { Task { … } }` runs when the function returns, after its work: the function's name says
            // when, as a callback's does, and the body what.
            if current.isKind(.deferStmt) {
                runsLater = true
                isCleanup = true
            }
            if let switchCase = current.as(SwitchCaseSyntax.self), let label = caseName(of: switchCase),
               !anchors.contains(where: { $0.kind == .caseLabel }) {
                anchors.insert(.init(.caseLabel, label), at: 0)
            }
            // `Picker(selection: Binding(get: …, set: { _ in Task {…} })) { … } label: { Text("Private mentions") }`:
            // a control whose arguments hold the site is titled like one whose closure does.
            let enclosingCall = current.as(FunctionCallExprSyntax.self)
            if let control = enclosingCall, control.id != call.id,
               let callee = calleeName(control.calledExpression), callee.first?.isUppercase == true,
               !isTransparent(callee), !anchors.contains(where: { $0.kind == .title }),
               let title = title(of: control) {
                anchors.insert(.init(.title, title), at: 0)
            }
            if let enclosingCall, let title = Self.uiKitControlTitle(enclosingCall, site: call),
               !anchors.contains(where: { $0.kind == .title }) {
                anchors.insert(.init(.title, title), at: 0)
            }
            if let closure = current.as(ClosureExprSyntax.self) {
                reportingNames.formUnion(closureParameterNames(closure))
                if let escaped = escapedAlias(of: closure) { escapedAliases.append(escaped) }
                if let (owner, isTitle) = closureOwner(closure) {
                    if loopCallees.contains(owner) { isPerItem = true }
                    if ["Task", "detached", "immediate", "immediateDetached"].contains(owner) { isInsideTask = true }
                    if !isTransparent(owner) {
                        // `.init(get:set:)`: a closure run later by something the word `init` does not name.
                        if owner != "init" { anchors.insert(.init(isTitle ? .title : .action, owner), at: 0) }
                        // `Button("Save")`: the kind of control tells a save button from a save on submit.
                        if isTitle, let control = closureCall(closure).flatMap({ calleeName($0.calledExpression) }) {
                            anchors.insert(.init(.action, control), at: 1)
                        }
                        runsLater = true
                        // `.onChange(of: viewModel.isExclusive)`: what the modifier watches tells it from its twins.
                        if triggerModifiers.contains(owner), let watched = closureCall(closure)?.arguments.first,
                           watched.expression.isKind(.closureExpr) == false, let name = lastName(watched.expression) {
                            anchors.insert(.init(.trigger, name), at: 1)
                        }
                    } else if let storage = storageName(of: closureCall(closure).map(Syntax.init) ?? current) {
                        // `let refresh = Task { Task { … } }` or `self.work = withTaskGroup { … }`.
                        anchors.insert(.init(.storage, storage), at: 0)
                    }
                } else if closureCall(closure) == nil, !isTaskOperand(closure) {
                    // A closure kept for later: `onQuiesced = { Task { … } }`, `let retry = { Task { … } }`.
                    runsLater = true
                    if let storage = storageName(of: Syntax(closure)) { anchors.insert(.init(.action, storage), at: 0) }
                }
            }
        }
        let path = DeclarationPath(components)
        // Closure parameters of every function around the site (a nested `submitNext()` forwards its outer
        // function's `transform`), each with the function that declares it.
        var parameters: [String: Syntax] = [:]
        var ancestor = function
        while let current = ancestor {
            if isDeclarationGroup(current) { break }
            if current.isKind(.functionDecl) || current.isKind(.initializerDecl) {
                for name in closureParameters(of: current) where parameters[name] == nil { parameters[name] = current }
            }
            ancestor = current.parent
        }
        // `withoutActuallyEscaping(transform) { escapingTransform in … }`: the alias is the parameter.
        var aliasOf: [String: String] = [:]
        for (alias, parameter) in escapedAliases.reversed() {
            let original = aliasOf[parameter] ?? parameter
            if let helper = parameters[original], parameters[alias] == nil {
                parameters[alias] = helper
                aliasOf[alias] = original
            }
        }
        // `nonisolated(unsafe) let unsafeOperation = escapingOperation`: a local that only holds one is it too.
        if let function, !parameters.isEmpty, call.trailingClosure == nil,
           (call.arguments.first(where: { $0.label?.text == "operation" }) ?? call.arguments.last)?.expression.is(DeclReferenceExprSyntax.self) == true {
            for (alias, original) in localAliases(in: function, of: Set(parameters.keys)) where parameters[alias] == nil {
                parameters[alias] = parameters[original]
                aliasOf[alias] = aliasOf[original] ?? original
            }
        }
        let closure = TaskBodyReader.taskClosure(of: call)
        var body = TaskBodyReader.read(closure, enclosingFunction: .init(function),
                                       closureParameters: Set(parameters.keys), reportingNames: reportingNames)
        if body.calls.isEmpty, body.bookkeeping.isEmpty,
           let passed = passedParameter(of: call, among: Array(parameters.keys)) {
            body.forwardedParameter = passed
        } else if body.calls.isEmpty, let run = TaskBodyReader.methodReferenceRun(of: call) {
            body.calls = [run]
        }
        var context = TaskNameContext(
            declarationPath: path,
            anchors: anchors,
            body: body.summary,
            kindWord: kindWord(of: call),
            isViewContent: isViewContent,
            isPerItem: isPerItem,
            fileName: fileName
        )
        context.isTestMethod = function.map(isTestMethod) ?? false
        // How much the body and the function do, counted only where a call or the function could name the task
        // whole (``TaskNaming/DerivedTaskName/isConfident``): this runs for every site.
        if context.body.dominance == .onlyCall, let closure, let dominant = context.body.dominant {
            context.body.isSingleStatement = isOneStatementMaking(dominant.name, closure.statements)
            if context.body.isSingleStatement, let receiver = context.body.dominant?.receiver {
                context.body.callsOnLoopElement = loopVariables(in: closure).contains(receiver)
            }
        }
        if context.isTestMethod, let function { context.sharesTestWithOtherTasks = creationSiteCount(in: function) > 1 }
        context.isConditional = isConditional
        context.isCleanup = isCleanup
        context.isInsideTask = isInsideTask
        context.loopSequence = loopSequence
        context.testTypes = testTypes(around: call)
        if let dominant = context.body.dominant, !dominant.isAssignment {
            context.resultProperty = resultProperty(of: dominant.name, in: closure)
        }
        // A property observer (`didSet`) runs when the property changes: its name says when, like a callback's.
        context.placement = runsLater || isInPropertyObserver(call) ? .callback : .direct
        if context.placement == .direct, !isConditional, !isInsideTask {
            context.isWholeOfFunction = isWholeOfFunction(function)
        }
        if let parameter = body.forwardedParameter {
            // A parameter's function, else (a stored closure such as a modifier's `action`) the member around it.
            let helper = parameters[parameter].map(helperDescription) ?? path.description
            context.forwarding = ForwardingHelper(helper: helper, parameter: aliasOf[parameter] ?? parameter)
        }
        return context
    }

    /// `{ promise in … }`, `{ (seal: Resolver) in … }` → their parameter names.
    static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self) { return shorthand.map(\.name.text) }
        if let full = clause.as(ClosureParameterClauseSyntax.self) {
            return full.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        return []
    }

    /// Modifiers whose first argument is what they watch.
    static let triggerModifiers: Set<String> = ["onChange", "onReceive", "task", "onContinuousHover", "onPreferenceChange"]

    /// The enum case a `switch` case matches: `case .refreshButtonTapped:` → `refreshButtonTapped`,
    /// `case let .row(id):` → `row`; nil for `default` and patterns without a case name.
    static func caseName(of switchCase: SwitchCaseSyntax) -> String? {
        guard case .case(let label) = switchCase.label, let item = label.caseItems.first else { return nil }
        var sawDot = false
        for token in item.pattern.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .period { sawDot = true; continue }
            if sawDot, case .identifier(let name) = token.tokenKind { return name }
            sawDot = false
        }
        return nil
    }

    /// True when `closure` is the operation of a task-creating call (`Task { … }` itself), not a kept closure.
    static func isTaskOperand(_ closure: ClosureExprSyntax) -> Bool {
        closure.parent?.isKind(.functionCallExpr) == true
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
            if current.isKind(.functionDecl) || current.isKind(.initializerDecl) { return nil }
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

extension SiteNamingContext {
    /// The site is in a property's `didSet` or `willSet` (the enclosing declarations hold it, so every parse
    /// keeps it).
    static func isInPropertyObserver(_ call: some SyntaxProtocol) -> Bool {
        var node = call.parent
        while let current = node {
            if let accessor = current.as(AccessorDeclSyntax.self) {
                return ["didSet", "willSet"].contains(accessor.accessorSpecifier.text)
            }
            if isDeclarationGroup(current) { return false }
            node = current.parent
        }
        return false
    }
}

extension SiteNamingContext {
    /// `resolvedPath = await ignoreFilePath()`, `self.items = try await getItems()`: the property a statement of
    /// the task's closure (or of a `do` block in it) assigns the result of a call of `callee` to.
    static func resultProperty(of callee: String, in closure: ClosureExprSyntax?) -> String? {
        guard let closure else { return nil }
        var statements = Array(closure.statements)
        var index = 0
        var locals: Set<String> = []
        while index < statements.count {
            let item = statements[index].item
            index += 1
            if let variable = item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { locals.insert(name) }
                }
                continue
            }
            if let doStatement = item.as(DoStmtSyntax.self) {
                statements += doStatement.body.statements
                continue
            }
            guard let sequence = item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].isKind(.assignmentExpr) else { continue }
            // `let pasteBoard = UIPasteboard.general; pasteBoard.string = …` hands a value to a local object; only
            // state that outlives the task is loaded.
            if let base = elements[0].as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self),
               locals.contains(base.baseName.text) { continue }
            guard let valueCall = TaskBodyReader.strippingTryAndAwait(elements[2]).expression.as(FunctionCallExprSyntax.self),
                  calleeName(valueCall.calledExpression) == callee else { continue }
            return lastName(elements[0])
        }
        return nil
    }
}
