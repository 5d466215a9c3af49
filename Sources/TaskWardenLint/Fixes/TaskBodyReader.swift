import SwiftSyntax
import TaskNaming

/// Reads what a task's closure does: the calls that say it (bookkeeping such as logging, sleeping and
/// assertions left out), which one dominates, and the words that could tell two alike tasks apart.
///
/// Only the closure itself is read. Calls in another task's closure are that task's; calls in one branch of an
/// `if … else` or in one case of a multi-case `switch` are one alternative, not what the task does; a `guard`'s
/// exit and a `catch` are not the work.
///
/// ```swift
/// // Task { showSpinner(); defer { hideSpinner() }; switch await client.createRoom(name: nil) { … } }
/// let reading = TaskBodyReader.read(closure, enclosingFunction: "createDraftRoom", closureParameters: [])
/// reading.summary.dominant?.name   // "createRoom" (the only awaited call)
/// ```
struct TaskBodyReader {
    /// What was read.
    struct Reading {
        var calls: [BodyCall] = []
        var bookkeeping: [BodyCall] = []
        /// Bookkeeping calls made on something (`stream.yield(…)`), to tell alike tasks apart.
        var bookkeepingOnReceivers: [BodyCall] = []
        var callsEnclosingFunction = false
        var distinguishingWords: [String] = []
        /// The only call the body makes is to this closure parameter of the enclosing function.
        var forwardedParameter: String?

        /// The body as name derivation sees it.
        var summary: TaskBody {
            let distinctNames = Set(calls.map(\.name))
            let awaited = calls.filter(\.isAwaited)
            let dominant: BodyCall?
            let dominance: TaskBody.Dominance
            if distinctNames.count == 1 {
                (dominant, dominance) = (calls.first, .onlyCall)
            } else if Set(awaited.map(\.name)).count == 1 {
                (dominant, dominance) = (awaited.first, .onlyAwaitedCall)
            } else if let first = awaited.first ?? calls.first {
                (dominant, dominance) = (first, .firstCall)
            } else {
                (dominant, dominance) = (bookkeeping.first, .bookkeeping)
            }
            return TaskBody(calls: calls, dominant: dominant, dominance: dominance,
                            callsEnclosingFunction: callsEnclosingFunction,
                            distinguishingWords: Array(distinguishingWords.prefix(3)),
                            bookkeepingCalls: Array(bookkeepingOnReceivers.prefix(2)))
        }
    }

    /// The closure the task runs: the trailing closure, or the `operation:` (or last closure) argument.
    static func taskClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        if let operation = call.arguments.first(where: { $0.label?.text == "operation" }) {
            return operation.expression.as(ClosureExprSyntax.self)
        }
        return call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// Reads `closure` (nil: a task given a closure value, nothing to read).
    static func read(_ closure: ClosureExprSyntax?, enclosingFunction: String?, closureParameters: Set<String>) -> Reading {
        guard let closure else { return Reading() }
        let visitor = Visitor(enclosingFunction: enclosingFunction, closureParameters: closureParameters)
        visitor.walk(closure.statements)
        var reading = visitor.reading
        // A body whose only work is calling a closure parameter runs its caller's work.
        if let parameter = visitor.parameterCalls.first, reading.calls.isEmpty, !visitor.skippedAlternatives,
           Set(visitor.parameterCalls).count == 1 {
            reading.forwardedParameter = parameter
        }
        return reading
    }

    /// Calls that are bookkeeping rather than the task's purpose.
    static let incidentalCalls: Set<String> = [
        "sleep", "print", "debugPrint", "checkCancellation", "yield", "assert", "precondition", "assertionFailure",
        "preconditionFailure", "fatalError", "debug", "info", "notice", "trace", "log", "warning", "error", "fault",
        "critical", "verbose", "run", "withAnimation", "send", "async", "map", "forEach", "compactMap", "flatMap",
        "filter", "first", "last", "append", "insert", "remove", "removeAll", "removeValue", "isEmpty", "cancel",
        "value", "result", "get", "set", "finish", "resume", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "addTask", "addTaskUnlessCancelled", "next",
        "waitForAll", "cancelAll", "sorted", "contains", "min", "max", "reduce", "joined", "fulfill", "wait",
        "fulfillment", "withTaskCancellation", "withTaskCancellationHandler", "withDependencies",
        "withEscapedDependencies", "description", "store", "eraseToAnyPublisher", "receive", "lock", "unlock",
        "withLock", "withLockedValue", "makeIterator", "dropFirst", "prefix", "suffix", "count", "init",
        "numericCast", "localizedDescription", "uuidString", "isCancelled",
    ]
    /// Bookkeeping whose arguments carry the work's result: `send(.loaded(await load()))`,
    /// `continuation.resume(returning: try await fetch())`, `results.append(await check(item))`.
    static let argumentCarriers: Set<String> = ["send", "yield", "resume", "append", "insert", "set", "finish", "value", "result"]

    /// Bookkeeping that is the work when nothing else is done (a deadline child only sleeps).
    static let meaningfulBookkeeping: Set<String> = ["sleep"]

    /// Calls that only say how something travels; their first argument says what.
    static let transportVerbs: Set<String> = [
        "get", "post", "put", "patch", "delete", "request", "perform", "execute", "call", "invoke", "dispatch",
    ]

    /// Names that stand for a shared instance rather than a thing: `Foo.shared.load()` is Foo's load.
    static let singletonNames: Set<String> = ["shared", "default", "current", "standard", "main", "instance", "sharedInstance"]

    final class Visitor: SyntaxVisitor {
        let enclosingFunction: String?
        let closureParameters: Set<String>
        var reading = Reading()
        var parameterCalls: [String] = []
        /// Branches were left unread (`if … else`, a multi-case `switch`): the body does more than one thing.
        var skippedAlternatives = false

        init(enclosingFunction: String?, closureParameters: Set<String>) {
            self.enclosingFunction = enclosingFunction
            self.closureParameters = closureParameters
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = SiteNamingContext.calleeName(node.calledExpression) else { return .visitChildren }
            if callee == enclosingFunction { reading.callsEnclosingFunction = true }
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
               closureParameters.contains(reference.baseName.text) {
                parameterCalls.append(reference.baseName.text)
                return .visitChildren
            }
            noteDistinguishingWords(node.arguments)
            // `.response(…)`, `Foo(…)`, `XCTAssertEqual(…)`: a case, an initializer or an assertion, not work.
            let isCaseOrType = node.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
                || callee.first?.isUppercase == true
            if isCaseOrType { return .visitChildren }
            if TaskBodyReader.incidentalCalls.contains(callee) {
                let call = TaskBodyReader.call(node, callee: callee)
                if TaskBodyReader.meaningfulBookkeeping.contains(callee) { reading.bookkeeping.append(call) }
                if call.receiver != nil, !reading.bookkeepingOnReceivers.contains(call) {
                    reading.bookkeepingOnReceivers.append(call)
                }
                // `Task.sleep(nanoseconds: numericCast(t))`, `logger.debug("\(describe())")`: the arguments of
                // bookkeeping are more bookkeeping, unless they carry the work's result (`send(.loaded(await load()))`).
                if TaskBodyReader.argumentCarriers.contains(callee) { return .visitChildren }
                walk(node.calledExpression)
                for closure in [node.trailingClosure].compactMap({ $0 })
                    + node.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) })
                    + node.additionalTrailingClosures.map(\.closure) {
                    walk(closure)
                }
                return .skipChildren
            }
            reading.calls.append(TaskBodyReader.call(node, callee: callee))
            return .visitChildren
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            // A call in one case of several is one branch of the work; the subject (`switch await f()`) is not.
            guard node.cases.count > 1 else { return .visitChildren }
            skippedAlternatives = true
            walk(node.subject)
            return .skipChildren
        }

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
            // `if … { a() } else { b() }`: either call is one alternative; the conditions are read.
            guard node.elseBody != nil else { return .visitChildren }
            skippedAlternatives = true
            walk(node.conditions)
            return .skipChildren
        }

        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
            walk(node.conditions)
            return .skipChildren
        }

        override func visit(_ node: CatchClauseListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            // Another task's body is that task's business.
            if let owner = SiteNamingContext.closureCall(node),
               let callee = SiteNamingContext.calleeName(owner.calledExpression),
               callee == "Task" || callee.hasPrefix("addTask") || callee.hasPrefix("addImmediateTask")
                || callee == "detached" || callee == "immediate" || callee == "immediateDetached" {
                return .skipChildren
            }
            return .visitChildren
        }

        /// Enum cases and true flags passed as arguments (`.reverse`, `demandMore: true`).
        func noteDistinguishingWords(_ arguments: LabeledExprListSyntax) {
            for argument in arguments {
                if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil {
                    note(member.declName.baseName.text)
                } else if argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true),
                          let label = argument.label?.text {
                    note(label)
                }
            }
        }

        func note(_ word: String) {
            if !reading.distinguishingWords.contains(word) { reading.distinguishingWords.append(word) }
        }
    }

    /// A call as derivation needs it: name, what it is called on, and whether it is awaited.
    static func call(_ node: FunctionCallExprSyntax, callee: String) -> BodyCall {
        var receiver: String?
        var typeName: String?
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            (receiver, typeName) = Self.receiver(base)
        }
        var endpoint: String?
        if transportVerbs.contains(callee), let first = node.arguments.first {
            endpoint = endpointName(first.expression)
        }
        let owner = receiver ?? typeName
        let labels = node.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
        let text = "\(owner.map { $0 + "." } ?? "")\(callee)(\(labels == "_:" ? "" : labels))"
        return BodyCall(name: callee, receiver: receiver, typeName: typeName, endpoint: endpoint,
                        isAwaited: isAwaited(node), text: text)
    }

    /// What `base.call()` is called on: an instance's last name (`capabilities` in `self?.capabilities`), or a
    /// type (`AuthIdentity`, `Foo` in `Foo.shared`). Nothing for `self` or a call's result.
    static func receiver(_ base: ExprSyntax) -> (instance: String?, type: String?) {
        var expression = base
        while true {
            if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression; continue }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression; continue }
            break
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if ["self", "Self", "super"].contains(name) { return (nil, nil) }
            return name.first?.isUppercase == true ? (nil, name) : (name, nil)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if singletonNames.contains(name), let inner = member.base { return receiver(inner) }
            return name.first?.isUppercase == true ? (nil, name) : (name, nil)
        }
        return (nil, nil)
    }

    /// `Accounts.unblock(id: …)` → `unblock`; `.timeline(…)` → `timeline`.
    static func endpointName(_ expression: ExprSyntax) -> String? {
        let called = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        guard let name = SiteNamingContext.calleeName(called), name.first?.isLowercase == true else { return nil }
        return name
    }

    /// The call's value is awaited: it stands under `await`, directly or as the start of a chain
    /// (`await store.load().value`), or it makes the sequence of a `for await` loop.
    static func isAwaited(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(AwaitExprSyntax.self) { return true }
            if let loop = parent.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil && loop.sequence.id == current.id }
            if parent.is(TryExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(ForceUnwrapExprSyntax.self) || parent.is(MemberAccessExprSyntax.self)
                || parent.is(FunctionCallExprSyntax.self) && parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == current.id {
                current = parent
                continue
            }
            return false
        }
        return false
    }
}
