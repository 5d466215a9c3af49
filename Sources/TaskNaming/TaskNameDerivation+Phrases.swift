/// The phrases that tell sites apart: a call with the instance it works on, a phrase after the words a name
/// already has, and the word lists that decide what a cut may leave.
extension TaskNameDerivation {
    /// The call's verb with the instance it works on, when its words do not say it already: `consume-reader1`
    /// (`for try await _ in reader1.events`), `execute-replica`. Nil for a local name (`c1`) or a receiver the words already hold.
    func receiverPhrase(_ call: BodyCall) -> [String]? {
        guard let owner = call.source ?? call.receiver, !owner.hasPrefix("$"), owner != "sut" else { return nil }
        // A local name is one as a whole (`c1`); a letter that ends a longer name tells instances apart
        // (`readerA`, `groupB`) as a number does.
        let lettered = Self.isLettered(owner)
        // The letter stays on its word (`group-a`, one word): alone it would read as an article and be dropped.
        let ownerWords = lettered ? Self.letteredWords(owner) : Self.withoutLocalNames(NameWords.split(owner))
        let words = callWords(call)
        // `strongSelf`, `weakSelf`: `self` under another name says nothing.
        // `vc`, `vm`: an abbreviation says nothing a reader can follow either.
        // An agent (`keyExpirationTester.setKeyValidity(…)`) does the work, it is not what the work is about; a
        // numbered one (`reader1`) is one instance of several, and tells them apart.
        let agent = NameWords.split(owner).last.map { last in
            Self.agentNouns.contains(last) || last.hasSuffix("er") || last.hasSuffix("or")
        } ?? false
        guard !ownerWords.isEmpty, !ownerWords.contains("self"), owner.count > 2, !agent || owner.contains(where: \.isNumber) || lettered, !ownerWords.allSatisfy({ word in words.contains { WordStems.same($0, word) } })
        else { return nil }
        guard let verb = words.first else { return ownerWords }
        // `searchState.search(…)`: an owner named after the verb swallows it (`search-state` reads as the owner
        // alone); the verb by itself tells the task apart better.
        if ownerWords.count >= 2, WordStems.same(ownerWords[0], verb), let last = ownerWords.last,
           last.count > 1, last.allSatisfy(\.isLetter) {
            return nil
        }
        // `for await v in consumer1.values`: an owner that is the verb's agent (`consumer1` consumes) says the
        // verb already; `consume-consumer1` says it twice, and the owner alone tells the instance.
        if let first = ownerWords.first, first != verb,
           WordStems.same(verb, String(first.reversed().drop(while: \.isNumber).reversed())) {
            return ownerWords + words.dropFirst().filter { !ownerWords.contains($0) }
        }
        // The call stays whole around its owner (`trigger-lifecycle1-graceful-shutdown`, `consume-reader1-entries`):
        // its verb alone before the owner (`trigger-lifecycle1`) is no purpose.
        let ownerParts = Set(NameWords.split(owner))
        return [verb] + ownerWords + words.dropFirst().filter { !ownerWords.contains($0) && !(lettered && ownerParts.contains($0)) }
    }

    /// `run-group-a` of `groupA.run()`, its letter kept on its word: a lone `a` is read as an article and dropped.
    static func joiningLetter(_ words: [String], of call: BodyCall) -> [String] {
        guard let owner = call.receiver, isLettered(owner) else { return words }
        let parts = NameWords.split(owner)
        guard let start = words.indices.first(where: { Array(words[$0...].prefix(parts.count)) == parts }) else { return words }
        return Array(words[..<start]) + letteredWords(owner) + Array(words[(start + parts.count)...])
    }

    /// `readerA`, `groupB`: a name of two words or more ending on one capital letter, one instance of several.
    static func isLettered(_ name: String) -> Bool {
        let characters = Array(name)
        guard characters.count > 2, characters[characters.count - 1].isUppercase else { return false }
        return characters[characters.count - 2].isLowercase && NameWords.split(name).count >= 2
    }

    /// `readerA` → `reader-a` as one word, after the name's other words.
    static func letteredWords(_ name: String) -> [String] {
        var words = NameWords.split(name)
        guard words.count >= 2, let letter = words.popLast() else { return words }
        words[words.count - 1] += "-" + letter
        return words
    }

    /// A receiver phrase may be cut to its verb and owner only when the verb says the work alone: a `for await`
    /// loop's `consume-reader1` does, `trigger-lifecycle1` of `triggerGracefulShutdown` does not.
    func receiverPhraseIsWholeOnly(_ call: BodyCall) -> Bool {
        call.name != "consume" && callWords(call).count > 1
    }

    /// A disambiguator's words after `base`: without the stems `base` has, and never ending on a word that
    /// leaves it unfinished (`different` of `different-keys` once `keys` repeats the prefix's `key`), nor
    /// starting on a preposition whose object went (`in-disabled` of `in-task-disabled` after `task-…`).
    static func phrase(_ words: [String], after base: [String]) -> [String] {
        // `didPressSendNow` after `delete`: when the control was pressed (`…-delete-on-send-now`).
        if let pressed = afterPress(words) { return phrase(["on"] + pressed, after: base) }
        let phrase = WordStems.removingRepeats(words, after: base)
        guard phrase.count < words.count else { return phrase }
        // `did-tap` of `didTapProfile` after `show-profile`: the moment's verb alone says when (`show-profile-on-tap`).
        if phrase.count == 2, ["did", "will"].contains(phrase[0]) { return ["on", phrase[1]] }
        let trimmed = NameWords.trimmingUnfinishedEnd(phrase)
        guard trimmed.count > 1, let first = trimmed.first, NameWords.danglingWords.contains(first), !negations.contains(first),
              let position = words.firstIndex(of: first), position + 1 < words.count, words[position + 1] != trimmed[1]
        else { return trimmed }
        return Array(trimmed.drop { NameWords.danglingWords.contains($0) && !negations.contains($0) })
    }

    /// `words` without the words at its end that `prefix` says in a form as long (and the glue they leave), unless
    /// what is left ends unfinished or says nothing alone.
    static func removingPrefixWords(_ prefix: [String], from words: [String]) -> [String] {
        // Only at the end: a word inside says what the verb acts on (`turn-off-sync-service` after `sync`).
        let repeated = words.reversed().prefix { word in prefix.contains { $0.count >= word.count && WordStems.same($0, word) } }
        // The object of a preposition stays (`cancellation-after-delay` after `effect-delay`).
        let kept = Array(words.dropLast(repeated.count))
        guard kept.count < words.count, !kept.isEmpty, !kept.allSatisfy(cannotStandAlone.contains),
              let last = kept.last, !NameWords.endsUnfinished(last), !NameWords.fillers.contains(last) else { return words }
        return kept
    }

    /// Words that turn a clause into its opposite (`without-parsing-stream`): a clause cut off keeps them.
    static let negations: Set<String> = ["without", "not", "no", "nor", "never"]

    /// Words that are adverbs at the end of a name (`loadFaviconSync`), verbs at its start (`syncAll`).
    static let adverbsWhenLast: Set<String> = ["sync", "async"]

    /// Calls that register a closure to run later; their names say when a task runs, not what it does.
    static let registrations: Set<String> = [
        "sink", "addObserver", "observe", "onReceive", "subscribe", "addHandler", "addListener", "setEventHandler",
        "scheduledTimer", "addPeriodicTimeObserver", "addBoundaryTimeObserver", "registerForTraitChanges",
        "receive", "observeValue", "addNotificationObserver", "done", "then", "catch", "finally", "ensure",
    ]

    /// `registerDataRepresentation(…) { … }`, `addCompletionHandler`, `setReadabilityHandler`: a call that
    /// registers a closure, by name or by shape (`register…`, `add…`/`set…` ending in a handler, observer or
    /// listener), as well as the ``registrations`` themselves.
    static func isRegistration(_ name: String) -> Bool {
        if registrations.contains(name) { return true }
        let words = NameWords.split(name)
        guard words.count > 1, let first = words.first, let last = words.last else { return false }
        if first == "register" { return true }
        return ["add", "set"].contains(first) && ["handler", "observer", "listener", "callback", "block"].contains(last)
    }

    /// Calls that report to whoever waits (`expectation.fulfill()`, `continuation.resume()`, `XCTFail`) or log.
    static let reportingCalls: Set<String> = [
        "fulfill", "resume", "yield", "finish", "XCTFail", "fail", "succeed", "complete", "record", "confirm",
        "confirmation", "expect", "require", "log", "debug", "info", "notice", "warning", "error", "trace", "print",
    ]

    /// A collection's own methods (`names.map { … }`, `items.filter { … }`): shaping values, never which task.
    static let collectionCalls: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "forEach", "first", "last", "contains",
        "joined", "prefix", "suffix", "dropFirst", "dropLast", "min", "max", "enumerated", "reversed", "count",
    ]

    /// An atomic's operations (swift-atomics, `Synchronization`): counting, not the task's work.
    static let atomicCalls: Set<String> = [
        "load", "store", "exchange", "compareExchange", "weakCompareExchange", "wrappingIncrement",
        "wrappingDecrement", "wrappingAdd", "wrappingSubtract", "loadThenWrappingIncrement",
        "wrappingIncrementThenLoad", "loadThenWrappingDecrement", "wrappingDecrementThenLoad",
    ]

    /// Memory orderings passed to an atomic (`.relaxed`): never a distinguishing word.
    static let memoryOrderings: Set<String> = ["relaxed", "acquiring", "releasing", "sequentially", "consistent"]

    /// `c1`, `t2`, `x`: a local variable's name says nothing of the work.
    static func withoutLocalNames(_ words: [String]) -> [String] {
        words.filter { word in
            let letters = word.prefix { $0.isLetter }
            return !(letters.count <= 2 && (word.count == letters.count ? word.count == 1 : word.dropFirst(letters.count).allSatisfy(\.isNumber)))
        }
    }

    /// Calls that take a lock, or a queue, around a closure.
    static let lockCalls: Set<String> = [
        "withLock", "withLockedValue", "lock", "unlock", "withCriticalRegion", "sync",
        // A queue's dispatch (`copyQueue.async { … }`) is where the work runs, as a lock is how.
        "async", "asyncAfter", "asyncAndWait",
    ]

    /// Words that say nothing without the verb before them (`all`, `if-needed`, `now`).
    static let cannotStandAlone: Set<String> = [
        "all", "now", "again", "later", "needed", "once", "immediately", "if", "soon", "more", "next", "first",
        "last", "only", "back", "up", "down", "out", "off", "when", "then", "and", "or",
        // `suggestAnother()` in `suggest-workout-…`: the determiner left once the verb repeats the prefix.
        "another",
    ]

    /// Adverbs that say when (`checkNow`, `retryLater`): after the verb they qualify, a purpose of their own.
    static let timeAdverbs: Set<String> = ["now", "again", "later", "immediately", "soon", "once"]

    /// Verbs that say nothing once the rest of their phrase is cut off.
    static let emptyVerbs: Set<String> = genericFunctions.union(["get", "set", "make", "do", "did", "will", "should", "on"])

    /// True when `words` after `prefix` must be cut to fit and only a generic verb would be left.
    /// `play-staged-sound-effect` of `playBattlePresentationStagedSoundEffect` after `game-runtime`: a verb and
    /// a plain compound noun (no glue, clause or condition word, no number) too long after `prefix` keep the verb
    /// and the longest end of the compound that fits, its head noun last; nil when the words are not such a
    /// phrase or only the verb would be left.
    static func thinnedVerbPhrase(_ words: [String], after prefix: [String], maxLength: Int) -> [String]? {
        // (Not an event's name, `onKeycloakAuthenticationNeeded`: `on` is no verb.)
        guard words.count >= 3, knownVerbs.contains(words[0]), !modifierPrefixes.contains(words[0]),
              let head = words.last, !NameWords.endsUnfinished(head),
              words.dropFirst().allSatisfy({ word in
                  !NameWords.clauseOpeners.contains(word) && !NameWords.fillers.contains(word)
                      && word.allSatisfy(\.isLetter) && !knownVerbs.contains(word)
              })
        else { return nil }
        for count in stride(from: words.count - 2, through: 1, by: -1) {
            let thinned = [words[0]] + words.suffix(count)
            guard NameWords.hyphenatedLength(prefix + thinned) <= maxLength else { continue }
            // (Not to a head the prefix says: `configuration-fetcher-download-configuration` stutters.)
            return WordStems.removingRepeats(thinned, after: prefix) == thinned ? thinned : nil
        }
        return nil
    }

    func cutsToGenericVerb(_ words: [String], prefix: [String]) -> Bool {
        guard words.count > 1, let verb = words.first, Self.emptyVerbs.contains(verb) else { return false }
        let composed = NameWords.compose(prefix: prefix, purpose: words, extra: [], maxLength: maxLength)
        return composed == (prefix + [verb]).joined(separator: "-")
    }

    /// `words` after `prefix` make a name within the limit as they are, no word dropped or cut.
    func fitsUncut(_ words: [String], after prefix: [String]) -> Bool {
        NameWords.compose(prefix: prefix, purpose: words, extra: [], maxLength: maxLength) == (prefix + words).joined(separator: "-")
    }

    /// True when `words` after `prefix` must be cut and would lose what they say: only a generic verb left, or
    /// a phrase opening on an adjective or quantity (`current-subscription-features`) cut from its head noun.
    func cutsBadly(_ words: [String], prefix: [String]) -> Bool {
        if cutsToGenericVerb(words, prefix: prefix) { return true }
        guard words.count > 1, let first = words.first, NameWords.unfinishedEnds.contains(first) else { return false }
        return !fitsUncut(words, after: prefix)
    }
}
