/// Tasks of one test that each play a part (a server and its client, a waiter and its canceller).
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
        let scenario = purpose.words
        let saysCall = scenario.indices.contains { index in
            partVerb(context).map { WordStems.same($0, scenario[index]) } == true
                && !(index > 0 && NameWords.auxiliaries.contains(scenario[index - 1]))
        }
        return saysCall ? nil : words
    }

    /// The word a scenario says when it is about the body's call: its verb (`cancel`, `flush`), or after an
    /// empty verb what is made or run (`request` of `makeUploadRequest`, `runtime` of `runtime.run()`).
    private func partVerb(_ context: TaskNameContext) -> String? {
        guard let call = context.body.dominant, let first = callWords(call).first else { return nil }
        let words = callWords(call)
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
        var words = callWords(call)
        guard let first = words.first else { return nil }
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
}
