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
/// let reading = TaskBodyReader.read(closure, enclosingFunction: nil, closureParameters: [])
/// reading.summary.dominant?.name   // "createRoom" (the only awaited call)
/// ```
struct TaskBodyReader {
    /// What was read.
    struct Reading {
        var calls: [BodyCall] = []
        /// Calls made only inside an `if` without an `else` (`if case .ready = event { await afterConnect() }`).
        var conditionalCalls: [BodyCall] = []
        /// Calls that ask for a value (``Visitor``): the name only when the body does nothing else.
        var queries: [BodyCall] = []
        var bookkeeping: [BodyCall] = []
        /// Bookkeeping calls made on something (`stream.yield(…)`), to tell alike tasks apart.
        var bookkeepingOnReceivers: [BodyCall] = []
        var callsEnclosingFunction = false
        var runsEnclosingFunctionAgain = false
        var distinguishingWords: [String] = []
        /// The only call the body makes is to this closure parameter of the enclosing function.
        var forwardedParameter: String?
        /// The body is one `for await` loop: consuming its sequence is the work, whatever is done with each element.
        var consumedSequence: BodyCall?
        /// The error case the body throws at its own level (`throw ClientError.readTimeout`).
        var thrownCase: String?
        /// The body sleeps, then only gives up (`try await Task.sleep(for: limit); workTask.cancel()`).
        var sleepsThenGivesUp = false
        /// Calls in a `guard`'s bindings were moved to the queries (``TaskBodyReader/movingLookups``).
        var looksUpFirst = false
        /// The body only writes to a log (`logger.debug("uninit complete")`): no work, no update, no wait.
        var onlyLogs = false
        /// The words of the first line such a body logs (`uninit complete`).
        var logMessage: [String] = []

        /// The body as name derivation sees it.
        var summary: TaskBody {
            // Every summary carries the same context beside its calls and the call that dominates.
            func body(_ calls: [BodyCall], _ dominant: BodyCall?, _ dominance: TaskBody.Dominance) -> TaskBody {
                var body = TaskBody(calls: calls, dominant: dominant, dominance: dominance,
                                    callsEnclosingFunction: callsEnclosingFunction,
                                    distinguishingWords: Array(distinguishingWords.prefix(3)),
                                    bookkeepingCalls: Array(bookkeepingOnReceivers.prefix(2)))
                body.runsEnclosingFunctionAgain = runsEnclosingFunctionAgain
                body.looksUpFirst = looksUpFirst
                body.onlyLogs = onlyLogs
                body.logMessage = logMessage
                return body
            }
            // Clean-up before the work (`timer?.invalidate()`) is not what the task does.
            let (work, ordered) = TaskBodyReader.workFirst(calls)
            if let consumed = consumedSequence,
               calls.allSatisfy({ $0.receiver != nil && $0.receiver == consumed.source }),
               queries.allSatisfy({ $0 == consumed }) {
                // `for try await record in reader1.entries { try reader1.scheduleAck(record) }`: the loop reads
                // the entries, and acknowledging each to the reader is part of reading; counting them is not work.
                // A call on anything else (`for await emoji in stream { pickCustomEmoji(emoji) }`) is the work.
                // Still only a query: a function that says more (`setupPlayer`) keeps its place before it.
                return body([consumed] + calls + queries.filter { $0 != consumed }, consumed, .query)
            }
            // A loop over a sequence whose only calls tell a state machine how it goes consumes the sequence:
            // that is its work, as an awaited call's would be (`consume-base`, not `report-child-task-suspended`).
            if let consumed = queries.first(where: { $0.name == "consume" }), !work.isEmpty,
               work.allSatisfy(TaskBodyReader.reportsEvent) {
                return body([consumed] + ordered + queries.filter { $0 != consumed }, consumed, .onlyAwaitedCall)
            }
            if work.isEmpty, queries.isEmpty, let thrownCase, bookkeeping.contains(where: { $0.name == "sleep" }) {
                // `try await Task.sleep(for: limit); throw ClientError.readTimeout`: a timeout, named by what it
                // throws, not by its sleep.
                let timeout = BodyCall(name: thrownCase, isAwaited: false, text: "throw .\(thrownCase)")
                return body([timeout], timeout, .onlyCall)
            }
            if queries.isEmpty, sleepsThenGivesUp {
                // `try await Task.sleep(for: limit)` then nothing but giving up (`throw CancellationError()`,
                // `return nil`, `workTask.cancel()`): the deadline a race's other side must beat, a timeout.
                // (The only calls left are in what it throws: `throw TimeoutError(after: limit)` makes the error.)
                return body([.deadline], .deadline, .onlyCall)
            }
            let distinctNames = Set(work.map(\.name))
            // Closing what the work used, after it (`for await data in input { try handle.write(contentsOf: data) }`
            // then `await closeStdin()`), is its last step: awaited, it still does not stand for the work.
            let awaited = work.filter { call in
                call.isAwaited && !(TaskBodyReader.closesUp(call) && work.contains { !TaskBodyReader.closesUp($0) })
            }
            let dominant: BodyCall?
            let dominance: TaskBody.Dominance
            if distinctNames.count == 1 {
                (dominant, dominance) = (work.first, .onlyCall)
            } else if Set(awaited.map(\.name)).count == 1 {
                (dominant, dominance) = (awaited.first, .onlyAwaitedCall)
            } else if let first = awaited.first(where: { !conditionalCalls.contains($0) }) ?? awaited.first ?? work.first {
                // A call made every time comes before one made only sometimes (`await EventHandler(…).handleAsync()`
                // after `if case .ready = event.data { await self.afterConnect() }`).
                (dominant, dominance) = (first, .firstCall)
            } else if let query = queries.first(where: \.isAwaited) ?? queries.first {
                (dominant, dominance) = (query, .query)
            } else {
                (dominant, dominance) = (bookkeeping.first, .bookkeeping)
            }
            return body(ordered + queries, dominant, dominance)
        }
    }

    /// The call sits in the body of an `if` without an `else`, within its closure: it is made only sometimes (the
    /// `if`'s conditions are evaluated every time).
    static func isMadeOnlySometimes(_ call: FunctionCallExprSyntax) -> Bool {
        var child = Syntax(call)
        var node = call.parent
        while let current = node, !current.is(ClosureExprSyntax.self) {
            if let condition = current.as(IfExprSyntax.self), condition.elseBody == nil, condition.body.id == child.id {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// `try await Task.sleep(for: limit)` first, then nothing but giving up: `throw …`, `return`, `return nil`,
    /// `return false`, `work.cancel()`, `group.cancelAll()` (a child that returns a value after sleeping,
    /// `return 2`, is a result, no deadline).
    static func sleepsThenGivesUp(_ statements: CodeBlockItemListSyntax) -> Bool {
        func statementCall(_ item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
            item.item.as(ExprSyntax.self).flatMap { strippingTryAndAwait($0).expression.as(FunctionCallExprSyntax.self) }
        }
        func call(_ item: CodeBlockItemSyntax) -> String? {
            statementCall(item).flatMap { SiteNamingContext.calleeName($0.calledExpression) }
        }
        func hasArguments(_ item: CodeBlockItemSyntax) -> Bool {
            statementCall(item).map { !$0.arguments.isEmpty } ?? false
        }
        guard let first = statements.first, call(first) == "sleep" else { return false }
        return statements.dropFirst().allSatisfy { item in
            if let returned = item.item.as(ReturnStmtSyntax.self) {
                return returned.expression.map { ["nil", "false"].contains($0.trimmedDescription) } ?? true
            }
            // (`queue.cancel(id: job)` cancels a piece of work by its identity: that is work, not giving up.)
            return item.item.is(ThrowStmtSyntax.self) || (["cancel", "cancelAll"].contains(call(item) ?? "") && !hasArguments(item))
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

    /// `group.addTask(operation: serviceGroup.run)`: a task given a method of an object runs that method, as
    /// `{ try await serviceGroup.run() }` would.
    static func methodReferenceRun(of call: FunctionCallExprSyntax) -> BodyCall? {
        guard let member = CreationCallClassifier.bodyExpression(of: call)?.as(MemberAccessExprSyntax.self),
              let receiver = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              receiver.first?.isLowercase == true, member.declName.argumentNames == nil
        else { return nil }
        let name = member.declName.baseName.text
        return BodyCall(name: name, receiver: receiver, isAwaited: true, text: "\(receiver).\(name)()")
    }

    /// Reads `closure` (nil: a task given a closure value, nothing to read).
    ///
    /// - Parameters:
    ///   - closureParameters: the enclosing functions' closure parameters (awaiting one is running a caller's work).
    ///   - reportingNames: the parameters of closures around the task (`promise`, `continuation`, `seal`):
    ///     calling one reports a result, it is not the work.
    static func read(
        _ closure: ClosureExprSyntax?, enclosingFunction: EnclosingFunction?, closureParameters: Set<String>,
        reportingNames: Set<String> = []
    ) -> Reading {
        guard let closure else { return Reading() }
        let visitor = Visitor(enclosingFunction: enclosingFunction, closureParameters: closureParameters,
                              reportingNames: reportingNames)
        visitor.topLevelStatements = closure.statements.id
        visitor.walk(closure.statements)
        var reading = visitor.reading
        if closure.statements.isEmpty { reading.calls = [.placeholder] }
        if !visitor.listedCases.isEmpty {
            reading.distinguishingWords.removeAll(where: visitor.listedCases.contains)
            func unlisted(_ calls: inout [BodyCall]) {
                for index in calls.indices where calls[index].argumentCase.map(visitor.listedCases.contains) == true {
                    calls[index].argumentCase = nil
                }
            }
            unlisted(&reading.calls)
            unlisted(&reading.bookkeepingOnReceivers)
        }
        reading.sleepsThenGivesUp = sleepsThenGivesUp(closure.statements)
        reading.calls = droppingHandBack(reading.calls, handBack: visitor.handBackCalls,
                                         startsChildTasks: visitor.startsChildTasks)
        let callsBefore = reading.calls
        (reading.calls, reading.queries) = movingLookups(visitor.guardLookups, calls: reading.calls, queries: reading.queries)
        reading.looksUpFirst = reading.calls != callsBefore
            || makesValueForMore(reading.calls, bound: visitor.boundAwaitedCalls, reports: visitor.outcomeReports)
        // `if isImage { load(image) } else { load(movie) }`: what every branch does is the work of a body that
        // does nothing else; beside other work it is one step of it.
        closingUp(&reading, after: visitor)
        if reading.calls.isEmpty { reading.calls = visitor.sharedByAlternatives }
        if reading.calls.isEmpty, let phrase = visitor.casesSharedVerbPhrase { reading.calls = [phrase] }
        // `for await task in tasks { task.cancel() }`: the loop cancels; it consumes `tasks` only when nothing
        // is done to anything else (a drain `for await _ in events {}`, acks to the reader it reads).
        if closure.statements.count == 1, let loop = closure.statements.first?.item.as(ForStmtSyntax.self),
           let consumed = visitor.consumedSequences[loop.id],
           reading.bookkeepingOnReceivers.allSatisfy({ call in
               (call.receiver != nil && call.receiver == consumed.source) || atomicOperations.contains(call.name)
                   || call.name.hasPrefix("wrapping") || call.name.hasPrefix("loadThenWrapping")
           }) {
            reading.consumedSequence = consumed
        }
        // `Task { @MainActor in self.modelDownloadProgress = progress }`: a body that only assigns properties
        // updates them, and that is what the task does; with several, it is named after the last one assigned
        // (`self.rate = …; self.total = elapsed` updates the total), unless that one is only set to a flag
        // (`self.message = …; self.showAlert = true`): then nothing in the body names it.
        let last = visitor.assignedProperties.last
        // A flag set and then cleared (`isTipPresented = true; sleep; isTipPresented = false`) blinks: the
        // function around says what for.
        let updated = (Set(visitor.assignedProperties).count == 1 || last.map(visitor.flaggedProperties.contains) == false)
            && last.map({ visitor.raisedProperties.contains($0) && visitor.loweredProperties.contains($0) }) != true ? last : nil
        // Sleeping or logging first (`try await Task.sleep(for: .seconds(1)); self.presented = next`) still updates;
        // any other call (`bottle.remove(…)`, even one that is bookkeeping elsewhere) is more than the update.
        // Values worked out on the spot (`let elapsed = Date().timeIntervalSince(start)`) are what it is updated
        // with; a value awaited (`await store.count()`, a `for await` loop) is work of its own.
        if reading.calls.isEmpty, reading.queries.allSatisfy({ !$0.isAwaited }),
           reading.bookkeeping.allSatisfy({ delayAndLogCalls.contains($0.name) }),
           visitor.parameterCalls.isEmpty,
           !visitor.skippedAlternatives, let property = updated, let initial = property.first {
            // `isShowingSuccess = false` after a delay resets the flag; any other value updates the property.
            let cleared = visitor.clearedProperties.contains(property)
            let noun = cleared && property.hasPrefix("is") && property.dropFirst(2).first?.isUppercase == true
                ? String(property.dropFirst(2)) : property
            let name = (cleared ? "reset" : "update") + (noun.first ?? initial).uppercased() + noun.dropFirst()
            let key = visitor.keyedProperties.contains(property) ? "[…]" : ""
            var assignment = BodyCall(name: name, text: "self.\(property)\(key) = …")
            assignment.isAssignment = true
            reading.calls.append(assignment)
        }
        // `Task { await self?.successfulRefreshes.increment() }` after a success: a body that only moves one
        // counter named for what it counts does that, and nothing else names it. (An atomic's `wrapping…` or
        // `…(ordering:)` is how a test counts, never a word.)
        if reading.calls.isEmpty, reading.queries.isEmpty, visitor.parameterCalls.isEmpty, visitor.assignedProperties.isEmpty,
           visitor.countingCalls.count == 1, let counting = visitor.countingCalls.first, counting.receiver != nil,
           ["increment", "decrement"].contains(NameWords.split(counting.name).first ?? "") {
            reading.calls.append(counting)
        }
        // `group.addTask { await publishTask.value }`: a body that only waits for another task waits for that part.
        if reading.calls.isEmpty, reading.queries.isEmpty, visitor.parameterCalls.isEmpty,
           let waited = awaitedTaskValue(closure.statements) {
            reading.calls.append(waited)
        }
        // `group.addTask { try await Task { try await grpcClient.run() }.value }`: the child waits out the work of
        // the task it shields from cancellation; named for that wait, the task inside keeps the work's own name.
        if reading.calls.isEmpty, reading.queries.isEmpty, visitor.parameterCalls.isEmpty,
           let shielded = shieldedClosure(closure.statements) {
            let inside = read(shielded, enclosingFunction: enclosingFunction, closureParameters: closureParameters,
                              reportingNames: reportingNames)
            let work = inside.calls.filter { !TaskNameDerivation.isLogCall($0) }
            if work.count == 1, let call = work.first {
                // A lone verb keeps what it is done to (`grpcClient.run()` → `await-run-grpc-client`).
                let object = NameWords.split(call.name).count == 1 ? call.receiver ?? "" : ""
                reading.calls.append(awaitCall(NameWords.split(call.name) + NameWords.split(object),
                                               text: "await Task { \(call.text) }.value"))
            }
        }
        // `Task { @MainActor in logger.debug("uninit complete") }`: only lines written to a log.
        reading.onlyLogs = (visitor.logLines > 0 || !reading.calls.isEmpty) && reading.calls.allSatisfy(TaskNameDerivation.isLogCall)
            && reading.queries.isEmpty && visitor.otherBookkeeping == 0 && visitor.assignedProperties.isEmpty
            && visitor.parameterCalls.isEmpty && !visitor.startsChildTasks
        if reading.onlyLogs { reading.logMessage = logMessageWords(closure.statements) }
        // A body whose only work is calling a closure parameter runs its caller's work, even when it then
        // hands on how that ended (`try await operation(); receptacle.offerOnce(nil)`), or asks how to go on
        // (a retry's `if RetryPolicy.isTerminal(status) { return result }`).
        if let parameter = visitor.parameterCalls.first, reading.calls.allSatisfy(visitor.outcomeReports.contains),
           !visitor.skippedAlternatives, Set(visitor.parameterCalls).count == 1 {
            reading.forwardedParameter = parameter
        } else if visitor.parameterCalls.isEmpty, let parameter = visitor.childParameterCalls.first,
                  Set(visitor.childParameterCalls).count == 1, reading.calls.allSatisfy(visitor.outcomeReports.contains),
                  !visitor.skippedAlternatives {
            // A body that only starts children running the caller's closure (`withThrowingTaskGroup { group in
            // group.addTask { try await operation() } … }`) runs that closure through them.
            reading.forwardedParameter = parameter
        } else if visitor.parameterCalls.isEmpty, let passed = visitor.passedOn.first, reading.calls.count == 1,
                  reading.queries.isEmpty, !visitor.skippedAlternatives {
            // The one call the body makes is handed the caller's closure: `Task { try await runJob(operation: operation) }`.
            reading.forwardedParameter = passed
        }
        return reading
    }

    /// Bookkeeping that may come before a property's update without being more work: waiting and logging. Every
    /// one of them is also an incidental call.
    static let delayAndLogCalls: Set<String> = [
        "sleep", "print", "debugPrint", "checkCancellation", "yield", "debug", "info", "notice", "trace", "log",
        "warning", "error", "fault", "critical", "verbose", "withAnimation",
    ]

    /// Calls that are bookkeeping rather than the task's purpose.
    static let incidentalCalls: Set<String> = delayAndLogCalls.union([
        "assert", "precondition", "assertionFailure", "preconditionFailure", "fatalError",
        "run", "send", "async", "map", "forEach", "compactMap", "flatMap",
        "filter", "first", "last", "append", "insert", "remove", "removeAll", "removeValue", "isEmpty", "cancel",
        "value", "result", "get", "set", "finish", "resume", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "addTask", "addTaskUnlessCancelled", "next",
        "waitForAll", "cancelAll", "sorted", "contains", "min", "max", "reduce", "joined", "fulfill", "wait",
        "fulfillment", "withTaskCancellation", "withTaskCancellationHandler", "withDependencies",
        "withEscapedDependencies", "description", "store", "eraseToAnyPublisher", "receive", "lock", "unlock",
        "withLock", "withLockedValue", "makeIterator", "dropFirst", "prefix", "suffix", "count", "init",
        "numericCast", "localizedDescription", "uuidString", "isCancelled", "makeAsyncIterator", "never", "zip",
        "enumerated", "stride", "indices",
        // A Kotlin Multiplatform `Result`'s accessors (`repo.create(…).getOrNull()`): the call inside is the work.
        "getOrNull", "getOrThrow", "getOrDefault", "getOrElse",
        // Adapters at the end of a chain (`service.save(…).singleOutput()`) and wrappers that run a closure
        // (`Task.detachNewThread { … }`, `orLog("…") { … }`): the call they adapt or wrap is the work.
        "singleOutput", "values", "asyncValue", "firstValue", "timeout", "detachNewThread", "orLog",
        // SwiftNIO's `channel.executeThenClose { inbound, outbound in … }`: what the closure does with the channel.
        "executeThenClose",
        // A distributed actor's `whenLocal { local in … }`: what the closure does with the actor.
        "whenLocal",
        // SwiftNIO's future adapters (`channel.writeAndFlush(x).flatMapErrorThrowing { … }.get()`): the call
        // whose future they adapt is the work.
        "flatMapThrowing", "flatMapError", "flatMapErrorThrowing", "flatMapResult", "recover", "always", "hop",
        "whenComplete", "whenSuccess", "whenFailure", "cascade", "cascadeSuccess", "cascadeFailure",
    ])
    /// Calls that step through a sequence (`makeAsyncIterator()`, `iterator.next()`): plumbing, never a name word.
    static let iterationCalls: Set<String> = ["makeAsyncIterator", "makeIterator", "next"]

    /// Calls whose closure is run on each element to pick or order values (`contains(where:)`, `filter`):
    /// the calls inside are the predicate's, not the task's.
    static let elementClosureCalls: Set<String> = [
        "contains", "first", "last", "filter", "sorted", "sort", "allSatisfy", "firstIndex", "lastIndex", "min",
        "max", "drop", "prefix", "removeAll", "partition", "count",
    ]
    /// Calls whose closure shapes each element (`map { $0.toModel() }`): a call on the element shapes it; a call
    /// the element is handed to (`compactMap { self.buildItem(for: $0) }`) is work.
    static let transformClosureCalls: Set<String> = ["map", "compactMap", "flatMap"]

    /// The names a closure's element goes by inside it: `$0`, or its first parameter's name.
    static func elementNames(_ closure: ClosureExprSyntax) -> Set<String> {
        var names: Set<String> = ["$0"]
        if let parameters = closure.signature?.parameterClause {
            if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self), let first = shorthand.first {
                names.insert(first.name.text)
            } else if let list = parameters.as(ClosureParameterClauseSyntax.self), let first = list.parameters.first {
                names.insert((first.secondName ?? first.firstName).text)
            }
        }
        return names
    }

    /// The call is given a closure (trailing or as an argument): `filter { … }`, `contains(where: { … })`.
    static func takesClosure(_ node: FunctionCallExprSyntax) -> Bool {
        node.trailingClosure != nil || node.arguments.contains { $0.expression.isKind(.closureExpr) }
    }

    /// `self.stream.makeAsyncIterator()` → consuming `stream`, as `for await _ in stream` would; nil for an
    /// iterator over something unnamed (`[1, 2].makeIterator()`, `iterator.next()`).
    static func iteratedSequence(_ node: FunctionCallExprSyntax, callee: String) -> BodyCall? {
        guard callee != "next", let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        let sequence: String
        var source: String?
        if let member = base.as(MemberAccessExprSyntax.self) {
            sequence = member.declName.baseName.text
            source = member.base.flatMap { receiver($0).instance }
        } else if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind != .keyword(.self) {
            sequence = reference.baseName.text
        } else {
            return nil
        }
        guard sequence.first?.isLowercase == true else { return nil }
        var call = BodyCall(name: "consume", isAwaited: callee == "makeAsyncIterator", text: "\(base.trimmedDescription).\(callee)()")
        call.argumentCase = sequence
        call.source = source
        return call
    }

    /// `clearTask()`, `resetSearchTask()`, `releaseTask()`: verbs that drop a stored task handle.
    static let handleCleanupVerbs: Set<String> = ["clear", "reset", "release", "forget", "discard", "nil", "drop"]
    /// Words that make a call logging, timing or metrics (`benchLog`, `recordFrameTime`, `measure`, `signpost`):
    /// bookkeeping, never the work, whatever else the name says.
    static let recordKeepingWords: Set<String> = [
        "log", "logs", "logger", "print", "measure", "trace", "signpost", "metric", "metrics", "telemetry",
    ]

    /// `benchLog("…")`, `recordFrameTime()`, `measureLatency { … }`: a call about logging, timing or metrics.
    /// Also `clearTask()`, `resetLoadTask()`: letting go of a task's own handle is cleanup after the work.
    static func isRecordKeeping(_ callee: String) -> Bool {
        let words = NameWords.split(callee)
        if words.count >= 2, words.last == "task", handleCleanupVerbs.contains(words[0]) { return true }
        // `logIn()`, `logOut()` are work; `printDocument()` prints: `log` and `print` count last or before what
        // they log (`logEvent`), the others anywhere.
        if let last = words.last, recordKeepingWords.contains(last) { return true }
        if words.dropLast().contains(where: { recordKeepingWords.contains($0) && $0 != "log" && $0 != "print" }) { return true }
        if words.count > 1, words[0] == "log", !["in", "out", "on", "off"].contains(words[1]) { return true }
        // `recordFrameTime`, `recordLatency`: recording a time is timing.
        return words.first == "record" && words.count > 1
            && ["time", "times", "duration", "latency", "elapsed", "timing", "timings"].contains(words.last!)
    }

    /// `"key2"`, `"orders"`: a string literal that is one short identifier-like word (no interpolation, no
    /// spaces, no path or URL), which can tell two otherwise alike calls apart without saying anything private.
    static func wordLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        let text = segment.content.text
        // `"key"` says nothing; `"key2"` or `"orders"` can.
        guard (2...16).contains(text.count), text.count >= 5 || text.contains(where: \.isNumber), text.first?.isLetter == true,
              text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        // `"IpOOO"`, `"xQ7"`: test data, not a word; split, it reads as garble (`ip-ooo`). A literal tells tasks
        // apart only when it reads as words: no run of capitals, no letter fragment under three letters.
        let characters = Array(text)
        if zip(characters, characters.dropFirst()).contains(where: { $0.isUppercase && $1.isUppercase }) { return nil }
        let fragments = text.split(whereSeparator: { !$0.isLetter }).flatMap { NameWords.split(String($0)) }
        if fragments.contains(where: { $0.count < 3 }) { return nil }
        return text
    }

    /// An atomic's operations (swift-atomics, `Synchronization`), told by their `ordering:` argument or by a
    /// name only an atomic has.
    static let atomicOperations: Set<String> = [
        "load", "store", "exchange", "compareExchange", "weakCompareExchange", "wrappingIncrement",
        "wrappingDecrement", "wrappingAdd", "wrappingSubtract", "loadThenWrappingIncrement",
        "wrappingIncrementThenLoad", "loadThenWrappingDecrement", "wrappingDecrementThenLoad", "add", "subtract",
        "bitwiseOr", "bitwiseAnd", "min", "max",
    ]

    /// Verbs a counter is moved with (`counter.increment()`, `await drained.add(batch.count)`).
    static let countingVerbs: Set<String> = ["add", "increment", "decrement", "increase", "decrease", "subtract", "bump"]

    /// `hits.wrappingIncrement(ordering: .relaxed)`, `firstShard.load(ordering: .relaxed)`, `counter.increment()`,
    /// `await drained.add(batch.count)`: an atomic's operation, or a counter moved by a count (nothing, a
    /// literal, a `.count`): how a task keeps score, not what it does.
    static func isCounting(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        guard node.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil, node.trailingClosure == nil else {
            return false
        }
        if atomicOperations.contains(callee), node.arguments.contains(where: { $0.label?.text == "ordering" }) {
            return true
        }
        if callee.hasPrefix("wrapping") || callee.hasPrefix("loadThenWrapping") { return true }
        // `await tracker.incrementConcurrent()`: a counter named after what it counts, moved by one.
        if node.arguments.isEmpty, let verb = NameWords.split(callee).first, ["increment", "decrement"].contains(verb) {
            return true
        }
        guard countingVerbs.contains(callee), node.arguments.count <= 1 else { return false }
        guard let argument = node.arguments.first else { return true }
        guard argument.label == nil || argument.label?.text == "by" else { return false }
        let expression = argument.expression
        if expression.isKind(.integerLiteralExpr) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count" { return true }
        return expression.as(DeclReferenceExprSyntax.self).map { NameWords.split($0.baseName.text).last == "count" } ?? false
    }

    /// `client.withConnection { connection in … }`, `lock.withLock { … }`, `withTimeout(.seconds(1)) { … }`: a
    /// `with…` call given a closure scopes a resource around the work; the call inside is the work.
    static func isScopedWrapper(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        let words = NameWords.split(callee)
        guard words.count > 1, words[0] == "with" else { return false }
        return node.trailingClosure != nil || node.arguments.contains { $0.expression.isKind(.closureExpr) }
    }

    /// Calls that run a closure in a database transaction (GRDB's `write`, `read`, `inDatabase`).
    static let databaseTransactions: Set<String> = [
        "write", "read", "writeAsync", "readAsync", "asyncWrite", "asyncRead", "inTransaction", "inDatabase",
        "writeWithoutTransaction", "performWrite", "performRead", "unsafeRead", "barrierWriteWithoutTransaction",
    ]

    /// First argument labels that name what the verb acts on (`subscribe(to:)`, `unsubscribe(from:)`).
    static let objectPrepositions: Set<String> = ["to", "from", "into", "onto"]

    /// Bookkeeping whose arguments carry the work's result: `send(.loaded(await load()))`,
    /// `continuation.resume(returning: try await fetch())`, `results.append(await check(item))`.
    static let argumentCarriers: Set<String> = ["send", "yield", "resume", "append", "insert", "set", "finish", "value", "result"]

    /// Bookkeeping that is the work when nothing else is done (a deadline child only sleeps).
    static let meaningfulBookkeeping: Set<String> = ["sleep"]

    /// Calls that only say how something travels; their first argument says what.
    static let transportVerbs: Set<String> = [
        "get", "post", "put", "patch", "delete", "request", "perform", "execute", "call", "invoke", "dispatch",
    ]

    /// Types whose static calls are a test's or a log's bookkeeping (`Issue.record(…)`), or build strings
    /// (`L10n.Scene.Report.title(…)`, generated by SwiftGen and friends).
    static let bookkeepingTypes: Set<String> = [
        "Issue", "XCTContext", "Logger", "Log", "MXLog", "NSLog", "L10n", "Strings", "Localizable", "R", "UserText",
    ]

    /// The first name of a dotted chain: `L10n` in `L10n.Scene.Report.title`.
    static func rootName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base { return rootName(base) }
        return nil
    }

    /// Names that stand for a shared instance rather than a thing: `Foo.shared.load()` is Foo's load.
    static let singletonNames: Set<String> = ["shared", "default", "current", "standard", "main", "instance", "sharedInstance"]

    /// `url.appendingPathComponent(…)`, `items.sorted()`, `text.trimmingCharacters(…)`: a method named for the
    /// value it returns (Swift's `-ed`/`-ing` convention for non-mutating methods) transforms a value, it does
    /// no work of its own (unless it is awaited: `await resolvedURL(from:)` is work).
    static func isValueTransform(_ node: FunctionCallExprSyntax, callee: String) -> Bool {
        // `abs(new - old)`, `templates.randomElement()`: arithmetic and picking a value compute what the work uses.
        if valueFunctions.contains(callee), !isAwaited(node) { return true }
        guard node.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil, !isAwaited(node) else { return false }
        if isConversion(callee) { return true }
        guard let first = NameWords.split(callee).first, first.count > 4 else { return false }
        // (`proceed`, `succeed`, `embed` are verbs, not participles.)
        return first.hasSuffix("ing") || NameWords.isParticiple(first)
    }

    /// Functions that compute a value from others: never what a task does, nor a word that tells tasks apart.
    static let valueFunctions: Set<String> = [
        "abs", "round", "rounded", "floor", "ceil", "sqrt", "pow", "randomElement", "random", "shuffled", "clamped",
    ]

    /// `.loaded(x)` or `.refresh` → the case name.
    static func caseName(_ expression: ExprSyntax) -> String? {
        let called = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
        guard let member = called.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        return member.declName.baseName.text
    }

    /// The call's value is awaited: it stands under `await`, directly or as the start of a chain
    /// (`await store.load().value`), or an element of a tuple that does (`await (offset, transform(element))`),
    /// or it makes the sequence of a `for await` loop.
    static func isAwaited(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.isKind(.awaitExpr) { return true }
            if parent.isKind(.labeledExpr) || parent.isKind(.labeledExprList) && parent.parent?.isKind(.tupleExpr) == true
                || parent.isKind(.tupleExpr) {
                current = parent
                continue
            }
            if let loop = parent.as(ForStmtSyntax.self) { return loop.awaitKeyword != nil && loop.sequence.id == current.id }
            if parent.isKind(.tryExpr) || parent.isKind(.optionalChainingExpr)
                || parent.isKind(.forceUnwrapExpr) || parent.isKind(.memberAccessExpr)
                || parent.isKind(.functionCallExpr) && parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == current.id {
                current = parent
                continue
            }
            return false
        }
        return false
    }
}
