/// Tasks of one test that each play a part (a server and its client, a waiter and its canceller), and a test's
/// lone task named for the call it makes.
extension TaskNameDerivation {
    /// The words of the part a test's task plays, by its own dominant call (`cancel`, `invoke`, `run-runtime`),
    /// kept whole: the scenario describes the test, and a word the scenario shares with the call
    /// (`cancel` in `pendingOrdersAreCancelled()`) would otherwise leave the task named after what the other
    /// task undergoes. Nil outside a test's scenario, or when the body's call is weak (a query, bookkeeping such as
    /// sleeping, an assignment, one of several calls none of which is awaited).
    func ownPart(_ context: TaskNameContext, prefix: [String], purpose: PurposeCandidate) -> [String]? {
        guard purpose.isPhrase, let words = partWords(context, prefix: prefix) else { return nil }
        // A scenario that says the call's verb (`flushAllFlushesPendingWrites`, `pipeCloseDueToCancellation`) is
        // about this task: it keeps the scenario. Not when it says it passive (`queuedJobsAreCancelled`): that
        // is what the other task undergoes, and this one does it.
        // Only its main clause: `quitWhileRunningServer` says the test quits; the server running is the
        // circumstance, and a task that runs it plays a part of its own.
        let scenario = purpose.words.prefix { !Self.circumstanceOpeners.contains($0) }
        let saysCall = scenario.indices.contains { index in
            partVerb(context).map { WordStems.same($0, scenario[index]) } == true
                && !(index > 0 && NameWords.auxiliaries.contains(scenario[index - 1]))
        }
        // A clean-up in a `defer` plays its own part whatever the scenario says (`vmmShutdown` checks the client's
        // shutdown; the task shuts the stub server down).
        return saysCall && !context.isCleanup ? nil : words
    }

    /// Words that open a scenario's clause of circumstance (`…WhileRunningServer`, `…AfterReconnect`).
    static let circumstanceOpeners: Set<String> = [
        "while", "when", "whenever", "during", "after", "before", "until", "if", "unless", "because", "once",
    ]

    /// The word a scenario says when it is about the body's call: its verb (`cancel`, `flush`), or after an
    /// empty verb what is made or run (`request` of `makeUploadRequest`, `runtime` of `runtime.run()`).
    private func partVerb(_ context: TaskNameContext) -> String? {
        guard let call = context.body.dominant else { return nil }
        let words = callWords(call)
        guard let first = words.first else { return nil }
        return Self.emptyVerbs.contains(first) ? (words.count > 1 ? words.last : nil) : first
    }

    /// The words of the part a test's task plays by its own call, after `prefix`; nil outside a test, or when the
    /// call is weak or says nothing the prefix does not.
    func partWords(_ context: TaskNameContext, prefix: [String], asPurpose: Bool = false) -> [String]? {
        guard context.isTestMethod, let call = context.body.dominant, !call.isAssignment else { return nil }
        switch context.body.dominance {
        case .onlyCall: break
        case .onlyAwaitedCall, .firstCall: guard call.isAwaited else { return nil }
        case .query, .bookkeeping: return nil
        }
        // `p.run()`: a one-letter local is no word of the part; the run alone still is one.
        var words = Self.withoutLocalNames(callWords(call))
        guard let first = words.first else { return nil }
        if words == ["run"], callWords(call).count > 1, Self.runsService(context.body) { return words }
        // `makeStreamingInvokeRequest(…)`: an empty verb before a phrase of what it makes says nothing of the
        // part. (`runtime.run()`, `sendPart(…)` keep theirs: the verb alone, or one word after it, says too little.)
        if words.count > 2, NameWords.split(call.name).count > 2, Self.emptyVerbs.contains(first) { words.removeFirst() }
        // What the prefix says goes (`search` of `searchState.search(…)` after `search-state`).
        // Not when that leaves the verb without its object (`create` of `createBuildOperation` after
        // `build-operation`): the call whole says what is made; the verb alone would take whatever it is called on.
        // Nor for a service's run (`pool.run()` after `connection-pool`): `run` alone says nothing.
        let unsaid = words.filter { !prefix.contains($0) }
        // As the whole purpose after the prefix, though, a run of what the prefix names is said (`relay-run`).
        if asPurpose, unsaid.count == 1, words.count > 1, unsaid[0] == words[0], Self.runsService(context.body) {
            return unsaid
        }
        // A service whose name the prefix says whole, in two words or more (`activityWorker.run()` after
        // `activity-worker`), would stutter after the scenario (`…-void-run-activity-worker`): its run is the part.
        if unsaid.count == 1, words.count > 2, unsaid[0] == words[0], Self.runsService(context.body) {
            return unsaid
        }
        words = unsaid.count == 1 && words.count > 1 && unsaid[0] == words[0]
            && (NameWords.split(call.name).count > 1 || Self.runsService(context.body))
            ? words : unsaid
        // A lone `next` (`pool.next(for: id)` in a pool's own tests) is too weak a word to stand for a part.
        // `setValue(…)`: an empty verb with only a placeholder after it says nothing either.
        guard let verb = words.first, !(words.count == 1 && (Self.emptyVerbs.contains(verb) || verb == "next")),
              !(Self.emptyVerbs.contains(verb) && words.dropFirst().allSatisfy(Self.placeholderWords.contains))
        else { return nil }
        return words
    }

    /// A test's storage that names the part its task plays: two words or more (`serverReceive`, `fastConsumer`),
    /// not led by a set-up word (`initTask`). One word (`updateTask` for a task that collects updates) says too
    /// little to stand for the part.
    static func namesTestPart(_ words: [String]) -> Bool {
        guard let first = words.first, !["init", "setup", "set", "main", "background"].contains(first) else { return false }
        // `finalArray`, `resultString`: the container a task's result is kept in names data, not a part.
        if let last = words.last, dataNouns.contains(last) { return false }
        return words.count > 1
    }

    /// Containers a test keeps data in (`finalArray`), never the part a task plays.
    static let dataNouns: Set<String> = ["array", "list", "dict", "dictionary", "set", "string", "strings", "data"]

    /// `serverTask1` → `server`: a numbered task word says only which of several tasks it is.
    static func withoutNumberedTask(_ words: [String]) -> [String] {
        guard let last = words.last, last.hasPrefix("task"), last.dropFirst(4).allSatisfy(\.isNumber) else { return words }
        return Array(words.dropLast())
    }

    /// `sendAndReceiveMessages` for a task that only receives: the part of the scenario after `and` that starts
    /// with what the task does (`receive-messages`); `concurrentPushAndPop` for a task that only pushes: the
    /// part before it (`concurrent-push`), when that is more than the verb; the whole scenario otherwise.
    static func scenarioPart(_ words: [String], doneBy body: TaskBody) -> [String] {
        guard let and = words.firstIndex(of: "and"), and > 0, and + 1 < words.count else { return words }
        // A `for await` loop (`consume`) receives, reads or collects what it iterates.
        let verbs = body.calls.flatMap { call -> [String] in
            call.name == "consume" && call.source != nil ? ["consume", "receive", "read", "collect"]
                : NameWords.split(call.name).prefix(1).map { $0 }
        }
        let does = { (word: String) in verbs.contains { WordStems.same($0, word) } }
        if and > 1, does(words[and - 1]), !does(words[and + 1]) { return Array(words[..<and]) }
        guard does(words[and + 1]), !words[..<and].contains(where: does) else { return words }
        return Array(words[(and + 1)...])
    }

    /// A test's task whose body's call may name it: one strong call, and no other task in its test (each of
    /// those is told by its part after the scenario).
    func testCallMayLead(_ context: TaskNameContext) -> Bool {
        !context.sharesTestWithOtherTasks && Self.testCallLeads(context.body)
    }

    /// A test's scenario fits after `prefix` whole, once the words that restate the prefix at its start go.
    func fitsWhole(_ scenario: [String], after prefix: [String]) -> Bool {
        fitsUncut(Array(scenario.drop { word in prefix.contains { WordStems.same($0, word) } }), after: prefix)
    }

    /// The scenario says what happens (`closeFinishesSubscription`, `isCancelled`), not only what it is about
    /// (`keyInvalidationSubscription`, `multipleSchedulers`): one of its words is a verb, in any of its forms.
    static func saysAVerb(_ words: [String]) -> Bool {
        words.contains { word in
            if NameWords.auxiliaries.contains(word) || everyVerbOrEmpty.contains(word) || knownVerbs.contains(word) { return true }
            return verbBases(of: word).contains { everyVerbOrEmpty.contains($0) || knownVerbs.contains($0) }
        }
    }

    /// `finishes` → `finish`, `cancelled` → `cancel`, `retries` → `retry`, `closing` → `close`.
    private static func verbBases(of word: String) -> [String] {
        var bases: [String] = []
        for ending in ["ies", "es", "s", "ed", "d", "ing"] where word.hasSuffix(ending) && word.count > ending.count + 2 {
            let stem = String(word.dropLast(ending.count))
            switch ending {
            case "ies": bases.append(stem + "y")
            case "ed", "ing":
                bases += [stem, stem + "e"]
                if let last = stem.last, stem.dropLast().last == last { bases.append(String(stem.dropLast())) }
            default: bases.append(stem)
            }
        }
        return bases
    }

    /// A test task's body whose one call (or one awaited call) says what the task does: not an assignment, a
    /// query, bookkeeping, a system API's call, or a call named for what it returns or is
    /// (`storeKit2TransactionListener(…)`), which says nothing of what the task does with it.
    static func testCallLeads(_ body: TaskBody) -> Bool {
        guard body.hasStrongCall, let call = body.dominant, !call.isAssignment, !isSystemCall(call),
              !isNounNamed(call), !isGetter(call),
              NameWords.split(call.name).last.map(["listener", "handler", "observer", "delegate", "callback"].contains) != true
        else { return false }
        // A one-word call is a verb only when the naming knows it as one (`subscribe`, `memoize`); `offerings()`,
        // `topic(.workflows)` name what they return.
        let words = NameWords.split(call.name)
        if words.count == 1, let word = words.first, !everyVerbOrEmpty.contains(word), !knownVerbs.contains(word),
           !["ize", "ify", "ate"].contains(where: word.hasSuffix) { return false }
        return body.dominance == .onlyCall || call.isAwaited
    }

    /// `await pool.run()` alone: the body runs a service until it is told to stop.
    static func runsService(_ body: TaskBody) -> Bool {
        guard body.hasStrongCall, let call = body.dominant else { return false }
        // No argument, or only a mode (`server.run(.echo)`, which the body reader leaves without a leading one).
        return runsReceiver(call) && ["run", "serve", "start"].contains(call.name) && call.firstLabel == nil
    }

    /// `client.run()`, `serviceGroup.run()`: the body runs one object, and that is what the task is.
    static func runsReceiver(_ call: BodyCall) -> Bool {
        genericFunctions.contains(call.name) && call.receiver != nil && !call.hasLeadingArgument
    }
}
