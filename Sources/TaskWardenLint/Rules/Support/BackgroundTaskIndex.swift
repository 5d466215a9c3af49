import SwiftSyntax

/// What a body does with background tasks, directly or through the functions it calls.
struct BackgroundTaskFacts: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    /// Submits a `BGTaskScheduler` request (`submit(_:)` / `submitTaskRequest(_:)`).
    static let submits = BackgroundTaskFacts(rawValue: 1 << 0)
    /// Assigns a task's `expirationHandler`.
    static let setsExpiration = BackgroundTaskFacts(rawValue: 1 << 1)
    /// Calls `setTaskCompleted(success:)`.
    static let completes = BackgroundTaskFacts(rawValue: 1 << 2)
    /// Takes a `BGAppRefreshTask` parameter.
    static let takesAppRefreshTask = BackgroundTaskFacts(rawValue: 1 << 3)
}

/// A tree-wide index of the functions that submit background requests, set expiration handlers, or complete
/// background tasks, so that a rule can tell "this handler hands the task to `handleRefresh(_:)`, which sets
/// the expiration handler" across files.
///
/// Functions are matched by name: a call on a type (`Refresher.scheduleAppRefresh()`) matches only functions
/// named so in that type or its extensions; any other call (`scheduleAppRefresh()`, `self.x()`, `manager.x()`)
/// matches every function of that base name. Where several functions match, their facts are united: the rules
/// built on this index report only when *no* candidate does the thing, so an ambiguous name keeps them silent.
struct BackgroundTaskIndex: Sendable {
    /// Facts per lookup key (`name` and `Type.name`), closed over calls between functions of the tree.
    private(set) var factsByName: [String: BackgroundTaskFacts] = [:]
    /// Source text (whitespace removed) of identifiers passed to `BGAppRefreshTaskRequest(identifier:)`.
    private(set) var appRefreshRequestIdentifiers: Set<String> = []

    static let submitNames: Set<String> = ["submit", "submitTaskRequest"]

    private struct Function {
        var keys: [String]
        var facts: BackgroundTaskFacts
        var callees: Set<String>
    }

    init(files: [SourceFileSyntax]) {
        var functions: [Function] = []
        for file in files {
            var stack = [Syntax(file)]
            while let node = stack.popLast() {
                if let function = node.as(FunctionDeclSyntax.self), let body = function.body {
                    let name = function.name.text
                    let scan = Self.scan(body)
                    var facts = scan.facts
                    if function.signature.parameterClause.parameters.contains(where: {
                        OwnBody.compactText($0.type).contains("BGAppRefreshTask")
                    }) {
                        facts.insert(.takesAppRefreshTask)
                    }
                    var keys = [name]
                    if let type = TypeMembers.enclosingType(of: function).flatMap(TypeMembers.typeName(of:)) {
                        keys.append("\(type.split(separator: ".").last.map(String.init) ?? type).\(name)")
                    }
                    functions.append(Function(keys: keys, facts: facts, callees: scan.calledNames))
                    appRefreshRequestIdentifiers.formUnion(scan.appRefreshIdentifiers)
                    // The scan read the body (nested functions' facts count as the outer function's).
                    stack.append(contentsOf: function.children(viewMode: .sourceAccurate).filter { $0.id != body.id })
                    continue
                }
                if let identifier = Self.appRefreshRequestIdentifier(node) { appRefreshRequestIdentifiers.insert(identifier) }
                stack.append(contentsOf: node.children(viewMode: .sourceAccurate))
            }
        }
        // Close over calls: a function that calls one that submits, submits.
        let transitive: BackgroundTaskFacts = [.submits, .setsExpiration, .completes]
        var changed = true
        while changed {
            changed = false
            var byKey: [String: BackgroundTaskFacts] = [:]
            for function in functions {
                for key in function.keys { byKey[key, default: []].formUnion(function.facts) }
            }
            factsByName = byKey
            for index in functions.indices {
                var facts = functions[index].facts
                for callee in functions[index].callees where !functions[index].keys.contains(callee) {
                    facts.formUnion((byKey[callee] ?? []).intersection(transitive))
                }
                if facts != functions[index].facts {
                    functions[index].facts = facts
                    changed = true
                }
            }
        }
    }

    /// Whether the tree defines a function this lookup key (see ``key(of:)``) names.
    func defines(_ key: String) -> Bool { factsByName[key] != nil }

    /// What `body` does itself (including closures nested in it) and through the tree's functions it calls.
    func reachableFacts(from body: some SyntaxProtocol) -> BackgroundTaskFacts {
        let scan = Self.scan(body)
        var facts = scan.facts
        for name in scan.calledNames { facts.formUnion(factsByName[name] ?? []) }
        return facts
    }

    /// Calls in `body` whose effect the index cannot see: functions not defined in the linted tree that are
    /// called without a receiver or on `self` (with `anyReceiver`, on any receiver), or that are handed
    /// `parameter` (the background task).
    func unseenCalls(in body: some SyntaxProtocol, handing parameter: String?, anyReceiver: Bool = false) -> [FunctionCallExprSyntax] {
        var result: [FunctionCallExprSyntax] = []
        for node in Self.descendants(body) {
            guard let call = node.as(FunctionCallExprSyntax.self), let name = Self.baseName(of: call), let key = Self.key(of: call),
                  !defines(key), !Self.knownHarmless.contains(name) else { continue }
            let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map(OwnBody.compactText)
            let handsParameter = parameter.map { name in
                call.arguments.contains { OwnBody.compactText($0.expression).hasPrefix(name) }
                    || call.trailingClosure.map { OwnBody.compactText($0).contains(name) } == true
            } ?? false
            let ownCode = anyReceiver || receiver == nil || receiver == "self" || receiver == "self?" || receiver == "Self"
            let startsWithCapital = name.first?.isUppercase == true
            if handsParameter || (ownCode && !startsWithCapital) { result.append(call) }
        }
        return result
    }

    /// The lookup key of a call: `Type.name` when the receiver is a type (`Refresher.schedule()`), else `name`.
    static func key(of call: FunctionCallExprSyntax) -> String? {
        guard let name = baseName(of: call) else { return nil }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return name }
        let receiver = OwnBody.compactText(base)
        let last = receiver.split(separator: ".").last.map(String.init) ?? receiver
        let isTypeName = last.first?.isUppercase == true && last != "Self" && last.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && receiver.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return isTypeName ? "\(last).\(name)" : name
    }

    /// Calls that never submit, complete or set handlers: standard library, logging and scheduling helpers.
    static let knownHarmless: Set<String> = [
        "print", "debugPrint", "assert", "assertionFailure", "precondition", "preconditionFailure", "fatalError",
        "async", "asyncAfter", "sync", "detached", "immediate", "sleep", "withTaskCancellationHandler",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup",
        "log", "debug", "info", "notice", "warning", "error", "fault", "trace", "critical",
        "setTaskCompleted", "submit", "submitTaskRequest", "cancel", "resume", "yield", "finish", "notify",
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "contains", "first", "append", "insert",
        "removeAll", "remove", "Task", "String", "Date", "URL", "Data", "getPendingTaskRequests", "reloadAllTimelines",
        "reloadTimelines",
    ]

    /// Whether `body` submits a request (itself, or by calling a function of the tree that does) before its
    /// first suspension point. An `await` of a call that submits counts as submitting.
    func submitsBeforeFirstAwait(in body: some SyntaxProtocol) -> Bool {
        var firstSubmit: AbsolutePosition?
        var firstAwait: AbsolutePosition?
        for node in Self.descendants(body) {
            if let call = node.as(FunctionCallExprSyntax.self), let name = Self.baseName(of: call), let key = Self.key(of: call),
               Self.submitNames.contains(name) || factsByName[key]?.contains(.submits) == true {
                firstSubmit = min(firstSubmit ?? call.position, call.position)
            }
            let suspends = node.is(AwaitExprSyntax.self)
                || node.as(ForStmtSyntax.self)?.awaitKeyword != nil
            if suspends, !Self.descendants(node).contains(where: { candidate in
                guard let call = candidate.as(FunctionCallExprSyntax.self), let name = Self.baseName(of: call),
                      let key = Self.key(of: call) else { return false }
                return Self.submitNames.contains(name) || factsByName[key]?.contains(.submits) == true
            }) {
                firstAwait = min(firstAwait ?? node.position, node.position)
            }
        }
        guard let submit = firstSubmit else { return false }
        return firstAwait.map { submit < $0 } ?? true
    }

    /// The called function's base name: `f` for `f()`, `x.f()` and `X.f(a:)`.
    static func baseName(of call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let optional = call.calledExpression.as(OptionalChainingExprSyntax.self),
           let member = optional.expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    /// What one body does directly, and the lookup keys (``key(of:)``) of whom it calls.
    static func scan(_ body: some SyntaxProtocol) -> (facts: BackgroundTaskFacts, calledNames: Set<String>, appRefreshIdentifiers: Set<String>) {
        var facts: BackgroundTaskFacts = []
        var called: Set<String> = []
        var identifiers: Set<String> = []
        for node in descendants(body) {
            if let identifier = appRefreshRequestIdentifier(node) { identifiers.insert(identifier) }
            if let call = node.as(FunctionCallExprSyntax.self), let name = baseName(of: call), let key = key(of: call) {
                if submitNames.contains(name) { facts.insert(.submits) }
                if name == "setTaskCompleted" { facts.insert(.completes) }
                called.insert(key)
            } else if let assignment = node.as(ExprListSyntax.self)?.unfoldedAssignment,
                      OwnBody.compactText(assignment.target).hasSuffix("expirationHandler") {
                facts.insert(.setsExpiration)
            }
        }
        return (facts, called, identifiers)
    }

    /// The identifier text of a `BGAppRefreshTaskRequest(identifier:)` call.
    static func appRefreshRequestIdentifier(_ node: Syntax) -> String? {
        guard let call = node.as(FunctionCallExprSyntax.self),
              call.calledExpression.lastToken(viewMode: .sourceAccurate)?.text == "BGAppRefreshTaskRequest",
              let identifier = call.arguments.first(where: { $0.label?.text == "identifier" }) else { return nil }
        return OwnBody.compactText(identifier.expression)
    }

    static func descendants(_ root: some SyntaxProtocol) -> [Syntax] {
        SyntaxSearch.all(Syntax.self, in: root)
    }
}
