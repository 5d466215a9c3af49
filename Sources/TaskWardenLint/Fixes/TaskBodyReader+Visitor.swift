import SwiftSyntax
import TaskNaming

extension TaskBodyReader {
    /// Walks a task's closure and sorts every call it makes into work, queries and bookkeeping.
    ///
    /// - **Work**: what the task is for (`await store.load()`).
    /// - **Queries** ask for a value the work needs: a predicate (`isUserStatusSupported()`), a value bound
    ///   without `await` (`let snapshot = dataSource.snapshot()`), the sequence a `for await` loop reads
    ///   (`playerItem.publisher(for: \.status)`). They name a task only when it does nothing else.
    /// - **Bookkeeping** says nothing at all: logging, sleeping, assertions, continuations, value transforms
    ///   (`appendingPathComponent`), calls of a closure the task reports to (`promise(.success(x))`).
    final class Visitor: SyntaxVisitor {
        let enclosingFunction: EnclosingFunction?
        let closureParameters: Set<String>
        let reportingNames: Set<String>
        var reading = Reading()
        var parameterCalls: [String] = []
        /// Closure parameters passed as arguments to the body's calls.
        var passedOn: [String] = []
        /// Branches were left unread (`if … else`, a multi-case `switch`): the body does more than one thing.
        var skippedAlternatives = false
        /// Properties of `self` the body assigns, in source order.
        var assignedProperties: [String] = []
        /// Properties assigned under a key (`formattedValues[key] = formatted`).
        var keyedProperties: Set<String> = []
        /// Properties set to `true` somewhere in the body (`isTipPresented = true`), and set to `false` or `nil`.
        var raisedProperties: Set<String> = []
        var loweredProperties: Set<String> = []
        /// Properties the body sets to a literal flag (`self.showAlert = true`, `self.error = nil`).
        var flaggedProperties: Set<String> { raisedProperties.union(loweredProperties) }
        /// Properties whose last assignment clears them (`isShowingSuccess = false`, `error = nil`).
        var clearedProperties: Set<String> = []
        /// The list of the task closure's own statements: a bare name assigned there (`isShowingSuccess = false`) is a property.
        var topLevelStatements: SyntaxIdentifier?
        /// Names the closure binds itself (`let data = …`, `if let item`, `for row in …`): assigning one is no
        /// property's update.
        var localNames: Set<String> = []
        /// The `consume` noted for each `for await` loop over a named sequence.
        var consumedSequences: [SyntaxIdentifier: BodyCall] = [:]
        /// Calls every branch of an `if … else` makes, in source order.
        var sharedByAlternatives: [BodyCall] = []
        /// The parameters of the `whenLocal` closures read: the actor itself.
        var localActorNames: Set<String> = []
        /// Some branch of an `if … else` left unread awaits a call: the branches hold the body's work.
        var awaitedInBranches = false
        /// Cases of a multi-case `switch` left unread, read only when it matters whether they await work.
        var unreadCases: [SwitchCaseListSyntax] = []
        /// The names of the element inside the `map` closures being read (`$0`, `item`).
        var elementNames: Set<String> = []
        /// Locals bound to a value taken out of its slot (`let writer = writerSlot.take()!`).
        var takenLocals: Set<String> = []
        /// Calls made inside `MainActor.run { … }`: handing results back to the main actor.
        var handBackCalls: [BodyCall] = []
        /// Calls made in a `guard`'s conditions (`guard let item = await item(from: source)`).
        var guardLookups: [BodyCall] = []
        /// The body starts child tasks of a group (`group.addTask { … }`).
        var startsChildTasks = false
        /// The first enum case each callee was handed first (`sweater` of `set(.sweater)`), and the cases of a callee
        /// handed several in turn: a list's values.
        var firstCaseByCallee: [String: String] = [:]
        var listedCases: Set<String> = []
        /// Awaited calls whose value one of the task's own statements binds (`let url = await upload(avatar)`).
        var boundAwaitedCalls: [BodyCall] = []
        /// Lines written to a log (`logger.debug(…)`), and every other bookkeeping call.
        var logLines = 0
        var otherBookkeeping = 0
        /// Counters moved (`await tracker.incrementConcurrent()`, `received.wrappingIncrement(…)`).
        var countingCalls: [BodyCall] = []
        /// The closure parameters the body's child tasks call (`group.addTask { try await operation() }`).
        var childParameterCalls: [String] = []
        /// Calls that only pass on how the work ended (`receptacle.offerOnce(nil)`, `box.set(error)`).
        var outcomeReports: [BodyCall] = []

        init(enclosingFunction: EnclosingFunction?, closureParameters: Set<String>, reportingNames: Set<String>) {
            self.enclosingFunction = enclosingFunction
            self.closureParameters = closureParameters
            self.reportingNames = reportingNames
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = SiteNamingContext.calleeName(node.calledExpression) else { return .visitChildren }
            if let enclosingFunction, callee == enclosingFunction.name {
                reading.callsEnclosingFunction = true
                if enclosingFunction.isCalled(by: node, callee: callee) { reading.runsEnclosingFunctionAgain = true }
            }
            // `group.addTask { … }`: a child task, named for itself; adding it is neither work nor a word
            // that tells this task apart (`…-add-group`).
            if TaskBodyReader.addsChildTask(callee) {
                startsChildTasks = true
                // A child that runs the caller's closure makes this task run it too (a retry's group).
                if let child = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self) {
                    let inside = nested()
                    inside.walk(child.statements)
                    childParameterCalls += inside.parameterCalls + inside.childParameterCalls
                }
                return .skipChildren
            }
            // `await send(.webSocket(action))`: a store's action, named by its case.
            if callee == "send", let action = node.arguments.first.flatMap({ TaskBodyReader.caseName($0.expression) }) {
                var call = TaskBodyReader.call(node, callee: callee)
                call.endpoint = action
                reading.calls.append(call)
                return .visitChildren
            }
            // `await operation()`, `await self.action()`, `try await unsafeOperation.wrappedValue(body)`: running a
            // closure value someone handed over is running the caller's work.
            if let closureName = TaskBodyReader.runClosureValue(node, closureParameters: closureParameters),
               !TaskBodyReader.asksClosureForValue(node, name: closureName) {
                // A completion handler called without `await` only reports; work (`operation`, `block`) runs.
                if TaskBodyReader.isAwaited(node) || !closureParameters.contains(closureName)
                    || NameWords.split(closureName).last.map(TaskBodyReader.workNouns.contains) == true {
                    parameterCalls.append(closureName)
                } else if let event = TaskBodyReader.handledEvent(closureName) {
                    // `onWindowChange(window)`: handing an event to the handler the caller gave tells of that
                    // event, whatever the handler then does.
                    reading.calls.append(BodyCall(name: "notify" + event, text: "\(closureName)(…)"))
                }
                return .visitChildren
            }
            // `performPeriodicJob(…, operation: operation)`: handing the caller's closure on.
            if let passed = node.arguments.lazy.compactMap({ $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text })
                .first(where: closureParameters.contains) {
                passedOn.append(passed)
            }
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                // `promise(.success(value))`, `seal.fulfill(…)`: reporting to the closure around the task.
                if reportingNames.contains(name) { return .visitChildren }
            }
            // Nimble's `expect(value).to(equal(x))`: an assertion. What it checks may be work; the matcher never is,
            // nor the `expect` or `waitUntil { done in … }` around what runs.
            if TaskBodyReader.nimbleMatchingCalls.contains(callee), let member = node.calledExpression.as(MemberAccessExprSyntax.self),
               let base = member.base {
                walk(base)
                // `to(equal(.cancel))` beside `to(equal(.allow))`: what is expected still tells tasks apart.
                for matcher in node.arguments.compactMap({ $0.expression.as(FunctionCallExprSyntax.self) }) {
                    noteDistinguishingWords(matcher.arguments)
                }
                return .skipChildren
            }
            if node.calledExpression.as(DeclReferenceExprSyntax.self).map({ TaskBodyReader.nimbleScopes.contains($0.baseName.text) }) == true {
                return .visitChildren
            }
            // `XCTAssertThrowsError(try parse(x)) { error in XCTAssertEqual(error as? E, .cancelled) }`: only the
            // expression that throws is the work; the error it is checked against is not.
            if callee.hasPrefix("XCTAssertThrows") || callee.hasPrefix("XCTAssertNoThrow") {
                if let first = node.arguments.first { walk(first.expression) }
                return .skipChildren
            }
            // `$0.toModel()` inside a `map`: shaping the element, not work.
            if let root = node.calledExpression.as(MemberAccessExprSyntax.self)?.base.flatMap(TaskBodyReader.rootName),
               elementNames.contains(root) {
                return .visitChildren
            }
            // `writerSlot.take()`: getting the value is plumbing; an awaited call on the value taken is the
            // work, even one that elsewhere only reports (`try await source.send(element)`). Taken only to be
            // thrown away (`_ = cache.pop()`), taking it is the work.
            if TaskBodyReader.isPlumbingAccess(node, callee: callee), !TaskBodyReader.discardsTakenValue(node) {
                return .visitChildren
            }
            if let owner = TaskBodyReader.receiverName(node), takenLocals.contains(owner), TaskBodyReader.isAwaited(node) {
                reading.calls.append(TaskBodyReader.call(node, callee: callee))
                return .visitChildren
            }
            noteDistinguishingWords(node.arguments, callee: callee)
            // `.response(…)`, `Foo(…)`, `XCTAssertEqual(…)`: a case, an initializer or an assertion, not work.
            let isCaseOrType = node.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
                || callee.first?.isUppercase == true
            if isCaseOrType { return .visitChildren }
            if TaskBodyReader.reportingMethods.contains(callee), let receiverName = TaskBodyReader.receiverName(node),
               reportingNames.contains(receiverName) {
                return .visitChildren
            }
            let root = node.calledExpression.as(MemberAccessExprSyntax.self)?.base.flatMap(TaskBodyReader.rootName)
            let onObject = root.map { !TaskBodyReader.plumbingRoots.contains($0) } == true
            // `client.run()`, `serviceGroup.run()`: running an object is the work (`MainActor.run { … }` is not).
            let runsObject = callee == "run" && node.arguments.isEmpty && node.trailingClosure == nil && onObject
            // `server.run(.echo)`, `server.run { inbound, outbound in … }`: a server run in a mode or with a
            // handler for each request is still that run; what the handler does is the server's, per request.
            if onObject, TaskBodyReader.runsServerWithMode(node, callee: callee) {
                var call = TaskBodyReader.call(node, callee: callee)
                call.hasLeadingArgument = false
                reading.calls.append(call)
                return .skipChildren
            }
            // `Debugger.printInfo(topic:_:)`: printing at a level is logging, as `print(…)` is.
            if callee.hasPrefix("print"), callee.count > 5, TaskNameDerivation.isLogCall(BodyCall(name: callee)) {
                return visitBookkeeping(node, callee: callee)
            }
            if (TaskBodyReader.incidentalCalls.contains(callee) && !runsObject && !TaskBodyReader.isRequest(node, callee: callee))
                || runsWorkInTransaction(node, callee: callee)
                || TaskBodyReader.isRecordKeeping(callee) || TaskBodyReader.isScopedWrapper(node, callee: callee)
                || TaskBodyReader.showsProgress(callee)
                || TaskBodyReader.isValueTransform(node, callee: callee)
                || TaskBodyReader.isSignalling(node, callee: callee)
                || root.map(TaskBodyReader.bookkeepingTypes.contains) == true
                || TaskBodyReader.runsClosure(node, callee: callee)
                || TaskBodyReader.isPerElementWrapper(node, callee: callee)
                || (TaskBodyReader.elementClosureCalls.contains(callee) && TaskBodyReader.takesClosure(node)) {
                return visitBookkeeping(node, callee: callee)
            }
            // `received.wrappingIncrement(ordering: .relaxed)`, `await drained.add(batch.count)`: counting how
            // much work was done is bookkeeping, never the work, awaited or not.
            if TaskBodyReader.isCounting(node, callee: callee) {
                countingCalls.append(TaskBodyReader.call(node, callee: callee))
                return .skipChildren
            }
            var call = TaskBodyReader.call(node, callee: callee)
            if let receiver = call.receiver, localActorNames.contains(receiver) { call.receiver = nil }
            if TaskBodyReader.isQuery(node, callee: callee) {
                reading.queries.append(call)
            } else {
                reading.calls.append(call)
                if call.isAwaited, TaskBodyReader.isMadeOnlySometimes(node) { reading.conditionalCalls.append(call) }
                // `self.succeed(value)` in a promise's own helper: handing the result back, as `.success(value)` is.
                let reportsOnSelf = TaskBodyReader.reportingMethods.contains(callee) && call.receiver == nil && call.typeName == nil
                if TaskBodyReader.reportsOutcome(node) || reportsOnSelf { outcomeReports.append(call) }
            }
            return .visitChildren
        }

        /// Bookkeeping: noted for telling tasks apart, its closures read, its arguments read only when they
        /// carry the work's result (`send(.loaded(await load()))`), never `sleep(nanoseconds: numericCast(t))`.
        func visitBookkeeping(_ node: FunctionCallExprSyntax, callee: String) -> SyntaxVisitorContinueKind {
            let call = TaskBodyReader.call(node, callee: callee)
            if TaskBodyReader.meaningfulBookkeeping.contains(callee) { reading.bookkeeping.append(call) }
            if TaskNameDerivation.isLogCall(call) { logLines += 1 } else { otherBookkeeping += 1 }
            // `var iterator = stream.makeAsyncIterator()` then `await iterator.next()`: stepping an iterator is
            // how a sequence is read, never a word of the task; reading it is consuming the sequence, as a
            // `for await` loop over it would.
            if TaskBodyReader.iterationCalls.contains(callee) {
                if let consumed = TaskBodyReader.iteratedSequence(node, callee: callee) { reading.queries.append(consumed) }
                walk(node.calledExpression)
                return .skipChildren
            }
            let picksElements = TaskBodyReader.elementClosureCalls.contains(callee) && TaskBodyReader.takesClosure(node)
            if call.receiver != nil, !picksElements, !TaskBodyReader.isCollecting(callee), !TaskBodyReader.showsProgress(callee),
               !TaskBodyReader.isPerElementWrapper(node, callee: callee), !reading.bookkeepingOnReceivers.contains(call) {
                reading.bookkeepingOnReceivers.append(call)
            }
            if TaskBodyReader.argumentCarriers.contains(callee) { return .visitChildren }
            walk(node.calledExpression)
            // `contains(where: { $0.conforms(to: .image) })`, `filter { $0.isVisible }`, `map { $0.id }`: a
            // predicate or a transform picks or shapes values; what it calls is never what the task does.
            if picksElements { return .skipChildren }
            // `items.map { $0.toModel() }`: the element's own methods shape it; other calls inside are read.
            if TaskBodyReader.transformClosureCalls.contains(callee) {
                for closure in [node.trailingClosure].compactMap({ $0 })
                    + node.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) }) {
                    let saved = elementNames
                    elementNames.formUnion(TaskBodyReader.elementNames(closure))
                    walk(closure)
                    elementNames = saved
                }
                return .skipChildren
            }
            let before = reading.calls.count
            for closure in [node.trailingClosure].compactMap({ $0 })
                + node.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) })
                + node.additionalTrailingClosures.map(\.closure) {
                walk(closure)
            }
            if TaskBodyReader.handsBack(node, callee: callee) { handBackCalls += reading.calls[before...] }
            return .skipChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let value = node.initializer?.value, TaskBodyReader.isTakenValue(value),
               let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                takenLocals.insert(name)
            }
            // `let userId = try await userManager.getActiveUserId()`: a value a `get…` call looks up for the work
            // is bound as a `guard let` binds one.
            if let value = node.initializer?.value, TaskBodyReader.isGetLookup(value) {
                walk(node.pattern)
                let before = reading.calls.count
                walk(value)
                guardLookups += reading.calls[before...]
                return .skipChildren
            }
            // `let avatarURL = await uploader.upload(avatar)` as one of the task's own statements: a value made
            // for what the body does next.
            if let value = node.initializer?.value, TaskBodyReader.strippingTryAndAwait(value).isAwaited,
               isOwnStatement(node) {
                walk(node.pattern)
                let before = reading.calls.count
                walk(value)
                boundAwaitedCalls += reading.calls[before...]
                return .skipChildren
            }
            return .visitChildren
        }

        /// The binding is one of the task closure's own statements, or of a `do` among them.
        private func isOwnStatement(_ binding: PatternBindingSyntax) -> Bool {
            guard var list = binding.parent?.parent?.parent?.parent else { return false }
            while list.id != topLevelStatements {
                guard let doStatement = list.parent?.parent?.as(DoStmtSyntax.self),
                      let outer = doStatement.parent?.parent, outer.isKind(.codeBlockItemList) else { return false }
                list = outer
            }
            return true
        }

        /// `self.modelDownloadProgress = progress`: the properties the body assigns (unfolded or folded).
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            // `self.delay = elapsed * 1000` is unfolded as five elements: the assignment is still the second.
            if elements.count >= 3, elements[1].isKind(.assignmentExpr) || Self.isCompoundAssignment(elements[1]) {
                noteAssignment(to: elements[0], value: elements.count == 3 ? elements[2] : nil)
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if node.operator.isKind(.assignmentExpr) || Self.isCompoundAssignment(node.operator) {
                noteAssignment(to: node.leftOperand, value: node.rightOperand)
            }
            return .visitChildren
        }

        /// `self.transcript += chunk` updates the property as `=` does.
        static func isCompoundAssignment(_ expression: ExprSyntax) -> Bool {
            guard let token = expression.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return ["+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>=", "%=", "^="].contains(token)
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            localNames.insert(node.identifier.text)
            return .visitChildren
        }

        /// Notes `self.progress = value`, or `isShowingSuccess = false` as one of the task's own statements: a
        /// bare name the closure does not bind is a property there (a task cannot mutate a local it captures;
        /// nested deeper, in a callback or a loop, it may be that callback's or loop's variable).
        func noteAssignment(to assigned: ExprSyntax, value: ExprSyntax?) {
            // `formattedValues[key] = formatted`: storing under a key updates the property (as one of the task's
            // own statements: in a loop or a branch, one entry is a step of other work).
            let entry = assigned.as(SubscriptCallExprSyntax.self)
            if entry != nil, !isTaskStatement(assigned) { return }
            let target = entry?.calledExpression ?? assigned
            let property: String
            if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
                var owner = base
                if let optional = owner.as(OptionalChainingExprSyntax.self) { owner = optional.expression }
                guard owner.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return }
                property = member.declName.baseName.text
            } else if let reference = target.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind,
                      !localNames.contains(name), !closureParameters.contains(name), !reportingNames.contains(name),
                      isTaskStatement(assigned) {
                property = name
            } else {
                return
            }
            assignedProperties.append(property)
            if entry != nil { keyedProperties.insert(property) }
            let value = entry == nil ? value : nil
            let raises = value?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
            let lowers = !raises && (value.map { $0.isKind(.booleanLiteralExpr) || $0.isKind(.nilLiteralExpr) } ?? false)
            if raises { raisedProperties.insert(property) }
            if lowers {
                clearedProperties.insert(property)
                loweredProperties.insert(property)
            } else {
                clearedProperties.remove(property)
            }
        }

        /// The assignment to `target` is one of the task closure's own statements, folded (`InfixOperatorExpr`)
        /// or not (`SequenceExpr`), or one of the statements of `withAnimation { … }` or `MainActor.run { … }`
        /// that is: those run the closure once, then and there.
        private func isTaskStatement(_ target: some SyntaxProtocol) -> Bool {
            var statement = target.parent
            while let current = statement, current.isKind(.exprList) || current.isKind(.sequenceExpr)
                || current.isKind(.infixOperatorExpr) || current.isKind(.awaitExpr) || current.isKind(.tryExpr) {
                statement = current.parent
            }
            guard let list = statement?.parent else { return false }
            if list.id == topLevelStatements { return true }
            guard let closure = list.parent?.as(ClosureExprSyntax.self),
                  let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id,
                  let callee = SiteNamingContext.calleeName(call.calledExpression),
                  TaskBodyReader.runsClosureInPlace(call, callee: callee) else { return false }
            return isTaskStatement(call)
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            // A call in one case of several is one branch of the work; the subject (`switch await f()`) is not.
            guard node.cases.count > 1 else { return .visitChildren }
            skippedAlternatives = true
            walk(node.subject)
            unreadCases.append(node.cases)
            return .skipChildren
        }

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
            // `if let error { await showRunError(error) }`: handling a failure, as a `catch` does, is not the work.
            if node.elseBody == nil, TaskBodyReader.testsForError(node.conditions) {
                walk(node.conditions)
                return .skipChildren
            }
            // `if … { a() } else { b() }`: either call is one alternative; the conditions are read.
            guard node.elseBody != nil else { return .visitChildren }
            skippedAlternatives = true
            walk(node.conditions)
            // A call every alternative makes (`loadTransferable` of an image in one branch, of a movie in the
            // other) is what the task does whichever branch runs, when the body does nothing besides.
            var alternatives: [[BodyCall]] = []
            var branch: IfExprSyntax? = node
            while let current = branch {
                alternatives.append(alternativeCalls(current.body))
                guard let elseBody = current.elseBody else { return .skipChildren }
                if let next = elseBody.as(IfExprSyntax.self) {
                    branch = next
                } else if let block = elseBody.as(CodeBlockSyntax.self) {
                    alternatives.append(alternativeCalls(block))
                    branch = nil
                } else {
                    return .skipChildren
                }
            }
            func key(_ call: BodyCall) -> String { "\(call.receiver ?? call.typeName ?? "").\(call.name)" }
            let shared = alternatives.dropFirst().reduce(Set(alternatives[0].map(key))) { $0.intersection($1.map(key)) }
            for call in alternatives[0] where shared.contains(key(call)) && !sharedByAlternatives.contains(where: { key($0) == key(call) }) {
                sharedByAlternatives.append(call)
            }
            if shared.isEmpty, let phrase = TaskBodyReader.sharedVerbPhrase(of: alternatives) { sharedByAlternatives.append(phrase) }
            return .skipChildren
        }

        /// `storage.write { db in try SessionThread.deleteOrLeave(db, …) }`: a database's transaction whose closure
        /// hands the connection to a named operation of its own (`deleteOrLeave`, `fetchAll`) runs that work;
        /// otherwise (`statement.execute(db)`, a send the body reads as bookkeeping) the write is the work.
        func runsWorkInTransaction(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
            guard let closure = node.trailingClosure, closure.signature?.parameterClause != nil,
                  TaskBodyReader.databaseTransactions.contains(callee) else { return false }
            let connection = TaskBodyReader.elementNames(closure)
            return closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
                guard connection.contains(token.text),
                      let argument = token.parent?.parent?.as(LabeledExprSyntax.self),
                      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                      let name = SiteNamingContext.calleeName(call.calledExpression) else { return false }
                return NameWords.split(name).count > 1 && !TaskBodyReader.transportVerbs.contains(name)
                    && !TaskBodyReader.incidentalCalls.contains(name)
            }
        }

        /// A visitor for a part of the body read on its own (a branch, a loop's condition), with this one's context.
        func nested() -> Visitor {
            let visitor = Visitor(enclosingFunction: enclosingFunction, closureParameters: closureParameters,
                                  reportingNames: reportingNames)
            visitor.takenLocals = takenLocals
            return visitor
        }

        /// The work calls one branch makes, read as the body is.
        func alternativeCalls(_ block: CodeBlockSyntax) -> [BodyCall] {
            let visitor = nested()
            visitor.walk(block.statements)
            if visitor.awaitsWorkInBranchesRead { awaitedInBranches = true }
            unreadCases += visitor.unreadCases
            return visitor.reading.calls
        }

        /// `while await ledger.pendingCount() < 2 { try await Task.sleep(…) }`: a loop that only sleeps polls
        /// until the work may start; what its condition asks is a query, never the work that follows.
        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
            readPolling(condition: Syntax(node.conditions), body: node.body) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
            readPolling(condition: Syntax(node.condition), body: node.body) ? .skipChildren : .visitChildren
        }

        /// Reads a loop as polling when its body waits and does no work (it sleeps or yields, and may count):
        /// the condition's calls become queries, the body's bookkeeping is kept. False (nothing read) for a loop
        /// that works, or one whose condition is the work (`while try await channel.readNext() {}`).
        func readPolling(condition: Syntax, body: CodeBlockSyntax) -> Bool {
            let waits = body.tokens(viewMode: .sourceAccurate).contains { token in
                token.tokenKind == .identifier("sleep") || token.tokenKind == .identifier("yield")
            }
            guard waits else { return false }
            let inside = nested()
            inside.walk(body.statements)
            guard inside.reading.calls.isEmpty, inside.reading.queries.isEmpty, inside.parameterCalls.isEmpty,
                  inside.assignedProperties.isEmpty else { return false }
            let asked = nested()
            asked.walk(condition)
            reading.queries += asked.reading.calls + asked.reading.queries
            reading.bookkeeping += inside.reading.bookkeeping
            return true
        }

        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
            // Only a value bound (`guard let item = await item(from:)`) is looked up; a pattern or a test
            // (`guard case .confirmed = await alert.run()`) decides whether the work runs.
            for condition in node.conditions {
                let before = reading.calls.count
                walk(condition)
                if condition.condition.is(OptionalBindingConditionSyntax.self) { guardLookups += reading.calls[before...] }
            }
            return .skipChildren
        }

        override func visit(_ node: CatchClauseListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        /// `throw ClientError.readTimeout`: the case a timeout child throws once it has slept names it.
        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            if reading.thrownCase == nil, let member = node.expression.as(MemberAccessExprSyntax.self) {
                reading.thrownCase = member.declName.baseName.text
            }
            return .visitChildren
        }

        /// `defer { try? log.close() }`: clean-up when the task ends, never what the task does.
        override func visit(_ node: DeferStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        // `struct EchoResponder: Responder { func respond(…) { try await writer.write(…) } }` declared in the body:
        // its members run when someone else calls them; the task's work is what it does with the declaration.
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        /// `var message: String { customDump(value, to: &text); return text }`: a computed local runs when read.
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        /// `#if os(Windows)`: a compiler condition says where the code builds, not what it does; the clauses'
        /// code is read.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let elements = node.elements { walk(elements) }
            return .skipChildren
        }

        /// `#expect(throws: PipeError(.cancelled)) { try await pipe.read() }`: the error is what the test checks,
        /// not what the task does nor a word that tells it apart; the closure is the work.
        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            guard ["expect", "require"].contains(node.macroName.text),
                  node.arguments.first?.label?.text == "throws" else { return .visitChildren }
            for closure in [node.trailingClosure].compactMap({ $0 })
                + node.arguments.compactMap({ $0.expression.as(ClosureExprSyntax.self) })
                + node.additionalTrailingClosures.map(\.closure) {
                walk(closure.statements)
            }
            return .skipChildren
        }

        /// `for try await message in consumer.messages`: the loop consumes the messages; what it does with each
        /// is read as usual. Noted as a query: the name only when the body calls nothing that says more.
        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            // (`in await client.readyStates`: the sequence is what is awaited, `delegate.onIceConnectionState`: the
            // states the loop consumes, the `on` only saying they arrive.)
            let sequence = TaskBodyReader.strippingTryAndAwait(node.sequence).expression
            if node.awaitKeyword != nil, let member = sequence.as(MemberAccessExprSyntax.self), member.base != nil {
                var call = BodyCall(name: "consume", isAwaited: true, text: "for await in \(member.trimmedDescription)")
                call.argumentCase = TaskBodyReader.withoutEventPrefix(member.declName.baseName.text)
                call.source = member.base.flatMap { TaskBodyReader.receiver($0).instance }
                reading.queries.append(call)
                consumedSequences[node.id] = call
            } else if node.awaitKeyword != nil, let reference = sequence.as(DeclReferenceExprSyntax.self),
                      reference.baseName.tokenKind != .keyword(.self),
                      NameWords.split(reference.baseName.text).last != "group" {
                // (`for try await _ in group {}` waits for a task group's children: plumbing, not a sequence.)
                // `for await _ in events {}`: a loop over a local or stored sequence consumes it.
                // Only the whole body (a drain): a value worked out from each element (`handleShareUpdates(updates)`)
                // or what is done to each (`task.cancel()`) says more.
                var call = BodyCall(name: "consume", isAwaited: false, text: "for await in \(reference.baseName.text)")
                call.argumentCase = reference.baseName.text
                consumedSequences[node.id] = call
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            guard let owner = SiteNamingContext.closureCall(node),
                  let callee = SiteNamingContext.calleeName(owner.calledExpression) else { return .visitChildren }
            // Another task's body is that task's business.
            if callee == "Task" || TaskBodyReader.addsChildTask(callee)
                || callee == "detached" || callee == "immediate" || callee == "immediateDetached" {
                return .skipChildren
            }
            // `whenLocal { local in local.monitor(node: n) }`: the closure's parameter is the distributed actor
            // itself, seen as local, so what is called on it is called on `self`.
            if callee == "whenLocal" { localActorNames.formUnion(TaskBodyReader.elementNames(node)) }
            return .visitChildren
        }

        /// Enum cases passed first or without a label, true flags (`.reverse`, `demandMore: true`) and a first
        /// string that is one word (`memoize("key2")`); never settings such as `logger: .psqlTest` or
        /// `priority: .high`.
        func noteDistinguishingWords(_ arguments: LabeledExprListSyntax, callee: String? = nil) {
            for (index, argument) in arguments.enumerated() {
                if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil,
                   argument.label == nil || index == 0 {
                    let word = member.declName.baseName.text
                    // `set(.sweater)`, `set(.purse)`, `set(.belt)`: cases one call is given in turn are values of
                    // a list, never what tells the task apart.
                    if let callee, index == 0 {
                        if let earlier = firstCaseByCallee[callee], earlier != word {
                            listedCases.formUnion([earlier, word])
                        } else {
                            firstCaseByCallee[callee] = word
                        }
                    }
                    note(word)
                } else if index == 0, argument.label == nil, let word = TaskBodyReader.wordLiteral(argument.expression) {
                    note(word)
                } else if index == 0, argument.label == nil,
                          arguments.parent?.as(FunctionCallExprSyntax.self)?.calledExpression
                            .as(MemberAccessExprSyntax.self)?.base != nil,
                          let type = argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression
                            .as(DeclReferenceExprSyntax.self)?.baseName.text,
                          type.first?.isUppercase == true, type.count >= 3, type.allSatisfy(\.isLetter) {
                    // `auth.login(User(name: "Vapor"))` beside `auth.login(Token(value: "secret"))`: what is made
                    // and handed over tells alike calls apart.
                    note(type)
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
}
