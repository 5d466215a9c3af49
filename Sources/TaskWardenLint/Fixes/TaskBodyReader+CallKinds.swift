import SwiftSyntax
import TaskNaming

/// What kind of call a body makes: a query, a closure value run, a report, a signal, a child task started.
extension TaskBodyReader {
    /// First words of predicates: `isUserStatusSupported()`, `hasEntitlement(…)`, `canEnterPictureInPicture()`.
    static let predicateWords: Set<String> = ["is", "has", "can", "should", "does", "did", "will", "was", "are", "needs"]

    /// A call that asks for a value rather than doing the work: a predicate, a value bound without `await`
    /// (`let old = dataSource.snapshot()`), or the sequence of a `for await` loop.
    static func isQuery(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        // (`didPressPinMessage(…)` is the handler of a pressed control, which acts: no question.)
        let words = NameWords.split(callee)
        if let first = words.first, predicateWords.contains(first), TaskNameDerivation.afterPress(words) == nil { return true }
        // `delegate.emailManager(self, requested: url)`: a delegate asked for something, named for who asks.
        // A labelled `self` (`Facade.toggleSensitive(dependency: self, …)`) hands the caller over as a dependency
        // of work done elsewhere: that call is the work. So is a request (`delegate.userWantsToUpdateReaction(self,
        // …)`): it says what is asked for.
        if let first = node.arguments.first, first.label == nil, TaskNameDerivation.askedFor(words) == nil,
           first.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return true
        }
        var current = Syntax(node)
        while let parent = current.parent {
            if let loop = parent.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil && loop.sequence.id == current.id }
            if parent.isKind(.initializerClause) { return !isAwaited(node) }
            // `if loginManager.getAuthToken(for: .claude) == nil`, `if !cache.contains(key)`: a value compared or
            // tested decides what the task does; the branches do it.
            if parent.isKind(.conditionElement) || parent.isKind(.prefixOperatorExpr) || isComparedOperand(current) {
                return !isAwaited(node)
            }
            // `bufferQueue.add(self.createTestData("item"))`: a value made to be handed to another call is that
            // call's argument, not the work.
            if parent.isKind(.labeledExpr), !isAwaited(node), let first = NameWords.split(callee).first,
               ["make", "create", "build"].contains(first) {
                return true
            }
            // `(try? url.resourceValues(forKeys: keys))?.contentType`: parentheses hold the same value.
            if parent.isKind(.tryExpr) || parent.isKind(.awaitExpr) || parent.isKind(.optionalChainingExpr)
                || parent.isKind(.forceUnwrapExpr) || parent.isKind(.memberAccessExpr) || isParenthesized(parent) {
                current = parent
                continue
            }
            return false
        }
        return false
    }

    /// The one element of a parenthesized expression, or its list, or the parentheses themselves.
    static func isParenthesized(_ node: Syntax) -> Bool {
        if let tuple = node.as(TupleExprSyntax.self) { return tuple.elements.count == 1 && tuple.elements.first?.label == nil }
        if let list = node.as(LabeledExprListSyntax.self) { return list.parent.map(isParenthesized) ?? false }
        if node.isKind(.labeledExpr) { return node.parent?.parent.map(isParenthesized) ?? false }
        return false
    }

    /// `if let error`, `if error != nil`, `if case .failure(let error) = result`: a condition that asks whether
    /// the work failed.
    static func testsForError(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return name == "error" || name == "err" || name == "failure" || (name.hasSuffix("Error") && name.first?.isLowercase == true)
        }
    }

    /// Comparison operators: an operand of one is a value looked at, not work done.
    static let comparisonOperators: Set<String> = ["==", "!=", "===", "!==", "<", ">", "<=", ">="]

    /// `expression` is one side of a comparison, unfolded (`[call, ==, nil]`) or folded.
    static func isComparedOperand(_ expression: Syntax) -> Bool {
        func isComparison(_ operatorExpression: ExprSyntax) -> Bool {
            operatorExpression.as(BinaryOperatorExprSyntax.self).map { comparisonOperators.contains($0.operator.text) } ?? false
        }
        if let infix = expression.parent?.as(InfixOperatorExprSyntax.self) { return isComparison(infix.operator) }
        guard let list = expression.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == expression.id }) else { return false }
        return (index > 0 && isComparison(elements[index - 1])) || (index + 1 < elements.count && isComparison(elements[index + 1]))
    }

    /// `server.run(.never)`, `server.run { inbound, outbound in … }`: an awaited run whose only argument is a
    /// mode (an enum case) or a handler taking parameters, never a closure run in place (`queue.run { … }`).
    static func runsServerWithMode(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        guard callee == "run" || callee == "serve", isAwaited(node), node.additionalTrailingClosures.isEmpty else { return false }
        if let handler = node.trailingClosure {
            return node.arguments.isEmpty && handler.signature?.parameterClause != nil
        }
        guard node.arguments.count == 1, let only = node.arguments.first, only.label == nil,
              let mode = only.expression.as(MemberAccessExprSyntax.self) else { return false }
        return mode.base == nil
    }

    /// `context.perform { … }`, `queue.async { … }`: a call that only runs the closure it is given.
    static func runsClosure(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        node.trailingClosure != nil && ["perform", "performAndWait", "run", "execute", "sync", "async"].contains(callee)
    }

    /// Nouns that name a closure value (`action()`, `operation()`, `self.block()`): called, they run
    /// whatever work was stored or passed there. Not `work` or `job`: `await work()` is as often a method
    /// doing the work itself, and a task calling it is not a forwarding helper.
    static let closureNouns: Set<String> = ["operation", "action", "body", "block", "closure", "handler", "callback"]
    /// Closure nouns that name work rather than a report (`completionHandler`, `callback` report).
    static let workNouns: Set<String> = ["operation", "action", "body", "work", "block", "closure", "job"]

    /// The event an event handler's name says (`WindowChange` of `onWindowChange`), if it is one.
    /// Not an outcome (`onCompletion`, `onError`): calling that reports how work ended, as `completion` does.
    static func handledEvent(_ name: String) -> String? {
        guard name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true else { return nil }
        let event = String(name.dropFirst(2))
        guard let first = NameWords.split(event).first, !outcomeWords.contains(first) else { return nil }
        return event
    }

    /// First words of a handler's event that say how work ended.
    static let outcomeWords: Set<String> = [
        "complete", "completion", "completed", "success", "failure", "fail", "error", "finish", "finished", "done",
        "result", "cancel", "cancelled", "canceled", "response",
    ]

    /// The closure value a call runs, if it runs one: a closure parameter of an enclosing function, a bare or
    /// `self.` name that is a closure noun, or `x.wrappedValue(…)`/`x.callAsFunction(…)` on such a name.
    static func runClosureValue(_ node: FunctionCallExprSyntax, closureParameters: Set<String>) -> String? {
        func isClosureName(_ name: String) -> Bool {
            if closureParameters.contains(name) { return true }
            let words = NameWords.split(name)
            // `sendButtonAction()`: a stored action that says its verb is named by that verb, as a method is.
            if words.count >= 2, TaskNameDerivation.purposeVerbs.contains(words[0]) { return false }
            return words.last.map(closureNouns.contains) == true
        }
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return isClosureName(name) ? name : nil
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.text
        if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return NameWords.split(name).last.map(closureNouns.contains) == true ? name : nil
        }
        if ["wrappedValue", "callAsFunction", "value"].contains(name),
           let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text, isClosureName(owner) {
            return owner
        }
        return nil
    }

    /// Roots whose `run` runs a closure on an executor, not an object.
    static let plumbingRoots: Set<String> = ["MainActor", "Task", "DispatchQueue", "RunLoop", "Thread", "Self"]

    /// Methods that report a result to whoever waits for it (`seal.fulfill(x)`, `promise.fail(error)`).
    static let reportingMethods: Set<String> = [
        "fulfill", "reject", "resolve", "succeed", "fail", "complete", "resume", "yield", "finish", "send",
    ]

    /// Nimble's verbs of an expectation (`expect(x).to(…)`, `.toEventuallyNot(…)`): asserting, never work.
    static let nimbleMatchingCalls: Set<String> = [
        "to", "toNot", "notTo", "toEventually", "toEventuallyNot", "toNever", "toAlways", "toNotEventually",
    ]

    /// Nimble's `expect(…)`, `waitUntil { done in … }`: what they hold may be work; they are not.
    static let nimbleScopes: Set<String> = ["expect", "expecta", "waitUntil", "waitUntilAsync", "require"]

    /// `receptacle.offerOnce(nil)`, `box.offer(error)`, `result.set(.failure(error))`: a call not awaited whose
    /// every argument is only how the work ended (`nil`, the caught `error`, a `.success`/`.failure` of it).
    static func reportsOutcome(_ node: FunctionCallExprSyntax) -> Bool {
        guard !isAwaited(node), !node.arguments.isEmpty, node.trailingClosure == nil else { return false }
        return node.arguments.allSatisfy { argument in
            let expression = argument.expression
            if expression.isKind(.nilLiteralExpr) { return true }
            if expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "error" { return true }
            guard let outcome = expression.as(FunctionCallExprSyntax.self),
                  let member = outcome.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else { return false }
            return ["success", "failure"].contains(member.declName.baseName.text)
        }
    }

    /// `coordinator.showLoading(on:)`, `hud.dismiss…`, `spinner.startAnimating()`, `refreshControl.endRefreshing()`:
    /// showing that work goes on, or that it went well, is never the work (`followAllSuggestedAccounts` follows, it
    /// does not show loading).
    static func showsProgress(_ callee: String) -> Bool {
        let words = NameWords.split(callee)
        guard let verb = words.first, words.count > 1 else { return false }
        let rest = words.dropFirst()
        if ["show", "hide", "dismiss"].contains(verb), rest.contains(where: ["loading", "loader"].contains) { return true }
        // Nor is saying that it went well (`bannerManager.displayBottomSuccessMessage(…)` after the logs are cleared).
        if ["show", "display", "present"].contains(verb), rest.contains("success") { return true }
        return ["show", "hide", "dismiss", "start", "stop", "begin", "end"].contains(verb)
            && rest.contains(where: progressWords.contains)
    }

    /// What a progress indicator is called (`HUD`, `spinner`) or does (`animating`, `refreshing`).
    static let progressWords: Set<String> = ["hud", "spinner", "animating", "refreshing", "indicator", "activity", "progress"]

    /// `semaphore.signal()`: waking the thread that waits for the work is housekeeping, never the work.
    static func isSignalling(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        guard callee == "signal", node.arguments.isEmpty, node.trailingClosure == nil,
              var base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return false }
        if let optional = base.as(OptionalChainingExprSyntax.self) { base = optional.expression }
        let name = base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let last = name.flatMap({ NameWords.split($0).last }) else { return false }
        return ["sema", "semaphore"].contains(last)
    }

    /// `group.addTask`, `addTaskUnlessCancelled`, `addImmediateTask`: starting a child task of a group.
    static func addsChildTask(_ callee: String) -> Bool {
        callee.hasPrefix("addTask") || callee.hasPrefix("addImmediateTask") || callee.hasPrefix("addDiscardingTask")
    }

    /// The last name of what a call is made on (`seal` in `seal.fulfill(x)`).
    static func receiverName(_ node: FunctionCallExprSyntax) -> String? {
        guard let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text
    }
}
