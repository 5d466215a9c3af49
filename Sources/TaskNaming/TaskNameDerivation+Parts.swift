/// Tasks of one test that each play a part (a server and its client, a waiter and its canceller).
extension TaskNameDerivation {
    /// The words of the part a test's task plays, by its own dominant call (`cancel`, `invoke`, `run-runtime`),
    /// kept whole: the scenario describes the test, and a word the scenario shares with the call
    /// (`cancel` in `pendingOrdersAreCancelled()`) would otherwise leave the task named after what the other
    /// task undergoes. Nil outside a test's scenario, or when the body's call is weak (a query, bookkeeping such as
    /// sleeping, an assignment, one of several calls none of which is awaited).
    func ownPart(_ context: TaskNameContext, prefix: [String], purpose: PurposeCandidate) -> [String]? {
        guard purpose.isPhrase, role(of: context) == .test, let call = context.body.dominant, !call.isAssignment
        else { return nil }
        switch context.body.dominance {
        case .onlyCall: break
        case .onlyAwaitedCall, .firstCall: guard call.isAwaited else { return nil }
        case .query, .bookkeeping: return nil
        }
        var words = callWords(call).filter { !prefix.contains($0) }
        // The verb the scenario could say; an empty one (`make`, `run`) says nothing a scenario could claim.
        let calledVerb = words.first.flatMap { Self.emptyVerbs.contains($0) ? nil : $0 }
        // `makeStreamingInvokeRequest(…)`: an empty verb before what it makes says nothing of the part.
        // (`runtime.run()` keeps its verb: the call's name is the verb alone, and the object is what it runs.)
        if words.count > 1, NameWords.split(call.name).count > 1, Self.emptyVerbs.contains(words[0]) { words.removeFirst() }
        // A lone `next` (`pool.next(for: id)` in a pool's own tests) is too weak a word to stand for a part.
        guard let verb = words.first, !(words.count == 1 && (Self.emptyVerbs.contains(verb) || verb == "next"))
        else { return nil }
        // A scenario that says the call's verb (`flushAllFlushesPendingWrites`, `pipeCloseDueToCancellation`) is
        // about this task: it keeps the scenario. Not when it says it passive (`queuedJobsAreCancelled`): that
        // is what the other task undergoes, and this one does it.
        let scenario = purpose.words
        let saysCall = scenario.indices.contains { index in
            calledVerb.map { WordStems.same($0, scenario[index]) } == true
                && !(index > 0 && NameWords.auxiliaries.contains(scenario[index - 1]))
        }
        return saysCall ? nil : words
    }
}
