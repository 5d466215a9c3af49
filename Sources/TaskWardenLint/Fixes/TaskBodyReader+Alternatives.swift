import TaskNaming

/// Branches of a body read together: what every alternative does alike, and the call after them that only
/// closes up once the branch's work is done.
extension TaskBodyReader {
    /// Calls that close up after the work (`dismiss()`, `window.close()`): after branches that await the work,
    /// they are the last step, not what the task does.
    static let closingCalls: Set<String> = [
        "dismiss", "close", "closeWindow", "performClose", "orderOut", "endSheet", "hide", "finish",
    ]

    /// `await store.createPasskeyAccount(…)` in one branch, `await store.createPasswordAccount(…)` in the other:
    /// one verb on one object, told apart by one word each, is what the task does whichever branch runs
    /// (`createAccount`). Nil unless every alternative awaits such a call on the same receiver, or when the verb
    /// only gets a value (`getCaskPin`/`getFormulaPin`: the function around says what the values are for).
    static func sharedVerbPhrase(of alternatives: [[BodyCall]]) -> BodyCall? {
        let awaited = alternatives.map { $0.first(where: \.isAwaited) }
        guard awaited.count > 1, let first = awaited.first ?? nil, awaited.allSatisfy({ $0?.receiver == first.receiver }) else {
            return nil
        }
        let phrases = awaited.compactMap { $0.map { NameWords.split($0.name) } }
        // `startChat`/`startStreamedChat`: one of them may say the phrase bare.
        guard phrases.count == awaited.count, Set(phrases).count > 1, let shortest = phrases.map(\.count).min(), shortest > 1
        else { return nil }
        let lead = (0..<shortest - 1).prefix { index in phrases.allSatisfy { $0[index] == phrases[0][index] } }.count
        let tail = (0..<shortest - lead).prefix { index in phrases.allSatisfy { $0[$0.count - 1 - index] == phrases[0][phrases[0].count - 1 - index] } }.count
        guard lead > 0, tail > 0, phrases.allSatisfy({ $0.count == lead + tail + 1 || $0.count == lead + tail }),
              phrases.contains(where: { $0.count == lead + tail + 1 }), phrases[0][0] != "get" else { return nil }
        let words = phrases[0].prefix(lead) + phrases[0].suffix(tail)
        let name = words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
        var call = first
        call.name = name
        call.text = (first.receiver.map { "\($0)." } ?? "") + name + "(…)"
        return call
    }

    /// `if … { await a() } else { await b() }; dismiss()`: the closing call after branches that await their work
    /// is not the work, nor a word of its name. The calls the body makes whichever branch runs take its place,
    /// when they are awaited; else the function around names the task.
    static func closingUp(_ reading: inout Reading, after visitor: Visitor) {
        guard !reading.calls.isEmpty, reading.calls.allSatisfy({ !$0.isAwaited && closingCalls.contains($0.name) }),
              visitor.alternativesAwaitWork else { return }
        reading.calls = visitor.sharedByAlternatives.filter(\.isAwaited)
    }
}

extension TaskBodyReader.Visitor {
    /// What was read awaits a call that is more than waiting or logging (`try? await runner.run(app)`, which
    /// elsewhere is bookkeeping), here or in a branch read so far.
    var awaitsWorkInBranchesRead: Bool {
        awaitedInBranches || reading.calls.contains(where: \.isAwaited)
            || (reading.bookkeeping + reading.bookkeepingOnReceivers).contains {
                $0.isAwaited && !TaskBodyReader.delayAndLogCalls.contains($0.name)
            }
    }

    /// `switch mode { case .plain: await chat.startChat(…) case .streamed: await chat.startStreamedChat(…) }`: the
    /// verb phrase the cases of one `switch` left unread await alike (``TaskBodyReader/sharedVerbPhrase(of:)``),
    /// cases that do nothing aside.
    var casesSharedVerbPhrase: BodyCall? {
        guard unreadCases.count == 1, let cases = unreadCases.first else { return nil }
        let alternatives = cases.compactMap { element -> [BodyCall]? in
            guard case .switchCase(let switchCase) = element else { return nil }
            let visitor = nested()
            visitor.walk(switchCase.statements)
            return visitor.reading.calls.isEmpty ? nil : visitor.reading.calls
        }
        return alternatives.count > 1 ? TaskBodyReader.sharedVerbPhrase(of: alternatives) : nil
    }

    /// Some branch left unread awaits work. The cases of a `switch` are read only now: most bodies never ask.
    var alternativesAwaitWork: Bool {
        awaitedInBranches || unreadCases.contains { cases in
            let visitor = nested()
            visitor.walk(cases)
            return visitor.awaitsWorkInBranchesRead || visitor.alternativesAwaitWork
        }
    }
}
