/// Splits identifiers into lowercase words and joins words into kebab-case names within a length limit.
///
/// ```swift
/// NameWords.split("loadHTMLPage2x")   // ["load", "html", "page2x"]
/// NameWords.split("price_check")      // ["price", "check"]
/// ```
public enum NameWords {
    /// Lowercase ASCII words of an identifier: camelCase, acronyms, snake_case and digits handled; anything
    /// that is not an ASCII letter or digit separates words and is dropped, so names stay valid kebab-case.
    public static func split(_ identifier: String) -> [String] {
        SplitMemo.words(of: identifier) { identifier in
            // Non-ASCII characters become separators before the shared split sees them.
            IdentifierWords.joiningInitial(
                IdentifierWords.splitASCII(identifier, digitWordsKeepCapitals: true)
                    ?? IdentifierWords.split(identifier.map { $0.isASCII ? $0 : " " }, digitWordsKeepCapitals: true),
                of: identifier)
        }
    }

    /// Words that open a condition (`…-if-it-doesnt-reply`): a long purpose is cut before them.
    static let conditionWords: Set<String> = ["if", "unless", "because", "once"]

    /// Clause openers a long phrase is cut before, from its last clause back (`at-least-once-no-message-loss`
    /// `-across-rebalance` loses `across-rebalance`, never a word inside `no-message-loss`).
    static let clauseWords: Set<String> = [
        "across", "after", "before", "during", "while", "until", "with", "without", "when", "whenever", "despite",
        "via", "unless", "because", "if",
        // `…-kill-processes-even-with-sigmask`: what follows `even` concedes a condition.
        "even",
        // A participle of manner (`runWorkersIgnoringCancellation` → `run-workers`, never `run-workers-ignoring`).
        "ignoring", "including", "excluding", "using",
    ]

    /// Words a phrase cut short never ends on: a negation cut from its verb (`subscriptions-dont`) or a
    /// determiner or quantity cut from its noun (`two-different`, `client-multiple`) says the opposite or nothing.
    static let unfinishedEnds: Set<String> = [
        "dont", "doesnt", "didnt", "cant", "cannot", "wont", "isnt", "arent", "wasnt", "werent", "never", "no",
        "not", "each", "every", "any", "some", "both", "either", "neither", "other", "another", "two", "three",
        "four", "five", "multiple", "several", "many", "few", "different", "same", "various", "least", "most",
        // Adjectives that lead a noun phrase (`current-subscription-features`, `toggle-private-email-status`).
        "current", "private", "public", "initial", "available", "increasing", "decreasing", "active", "inactive",
        "local", "remote", "global", "empty", "full", "partial", "default", "custom", "special",
        "new", "old", "whole", "single", "additional", "extra",
        // Adjectives that qualify what follows (`returns-correct` of `returns-correct-customer-info`).
        "correct", "incorrect", "next", "previous", "right", "wrong", "valid", "invalid", "expected", "unexpected",
        "existing", "proper", "original",
    ]

    /// Quantities and adjectives that may leave a noun phrase whose head does not fit
    /// (`client-multiple-subscriptions` → `client-subscriptions`, not `client-multiple`).
    static let droppableModifiers: Set<String> = [
        "two", "three", "four", "five", "multiple", "several", "many", "different", "various", "same",
    ]

    /// `at` of `at least`/`at most`, `once` of `at least once`: words of an idiom, never glue or a condition.
    static func isIdiomWord(_ words: [String], at index: Int) -> Bool {
        let word = words[index]
        let next = index + 1 < words.count ? words[index + 1] : nil
        let previous = index > 0 ? words[index - 1] : nil
        if word == "at", next == "least" || next == "most" { return true }
        // `push-to-start`, `picture-in-picture`: the link of a word said again is part of a term.
        if ["to", "in", "by"].contains(word), let next, words[..<index].contains(next) { return true }
        if word == "once" || word == "twice", let previous, ["least", "most", "exactly", "only", "at"].contains(previous) {
            return true
        }
        return false
    }

    /// `words` without those in `dropped`, keeping idiom words (`at least once`).
    static func dropping(_ dropped: Set<String>, from words: [String]) -> [String] {
        words.indices.filter { !dropped.contains(words[$0]) || isIdiomWord(words, at: $0) || isJoined(words, at: $0)
            // `validate-and-advance-name`: without its `and`, two joined verbs read as one false phrase.
            || (words[$0] == "and" && $0 > 0 && $0 + 1 < words.count && verbLike(words[$0 + 1])) }
            .map { words[$0] }
    }

    /// `get` of `get-or-put`: a word joined by `or` to the next or the last is half of one phrase, never weak.
    static func isJoined(_ words: [String], at index: Int) -> Bool {
        (index + 1 < words.count && words[index + 1] == "or") || (index > 0 && words[index - 1] == "or")
    }

    /// `words` without the words a cut must not end on (``unfinishedEnds``, dangling glue).
    static func trimmingUnfinishedEnd(_ words: [String]) -> [String] {
        var words = words
        while let last = words.last, endsUnfinished(last) || isAbleAdjective(last) {
            // `instance-already-running`, `still-loading`: a participle after an adverb of time is a predicate.
            if words.count > 2, ["already", "still", "currently"].contains(words[words.count - 2]),
               last.hasSuffix("ing") || last.hasSuffix("ed") { break }
            if (last == "in" || last == "on"), words.count > 1, particleVerbs.contains(words[words.count - 2]) { break }
            if last == "through", words.count > 1, throughVerbs.contains(words[words.count - 2]) { break }
            words.removeLast()
        }
        return words
    }

    /// Prepositions whose phrase a cut takes whole or not at all.
    static let cutPrepositions: Set<String> = ["to", "for", "of", "from", "with", "into", "onto", "at", "by", "in", "on"]

    /// A word that reads as a verb after `and` (`advance`, `save`, `reload`): not a noun of a list (`cookies-and-cache`).
    static func verbLike(_ word: String) -> Bool {
        particleVerbs.contains(word) || scenarioVerbs.contains(word) || commonVerbs.contains(word)
    }

    /// Verbs often joined by `and` in a function's name (`fetchAndDecode`, `validateAndAdvance`). Not naming's
    /// ``TaskNameDerivation/knownVerbs``: that list lacks some (`advance`), and taken here it changes other names.
    static let commonVerbs: Set<String> = [
        "advance", "save", "load", "fetch", "decode", "encode", "send", "upload", "download", "reload", "refresh",
        "update", "apply", "close", "open", "start", "stop", "notify", "show", "dismiss", "store", "restore", "sync",
        "validate", "verify", "parse", "process", "cache", "retry", "publish", "submit", "return", "wait", "run",
    ]

    /// Words that only glue others together; the first to go when a name is too long.
    static let fillers: Set<String> = ["for", "with", "from", "to", "of", "by", "at", "the", "a", "an", "and", "if", "per", "via"]

    /// Words a name never ends on: `sync-on`, `fetch-without`, `open-in` read unfinished. `a` is left out: at
    /// the end of a name it is an identifier (`load-a`), not an article.
    static let danglingWords: Set<String> = fillers.subtracting(["a"]).union([
        "on", "in", "into", "onto", "without", "within", "via", "per", "as", "or", "about", "upon", "than", "not", "non",
        "no", "nor", "while", "through", "across", "during", "until", "after", "before", "since", "because",
        "under", "between", "among", "against", "toward", "towards", "beyond", "beneath", "using",
        "including", "excluding", "regarding", "when", "whenever",
        // `set-needs` of `setNeedsUpdateConfiguration`: an auxiliary waits for the verb it was cut from.
        "needs", "should", "must", "would", "could",
    ])

    /// Particles that finish a phrasal verb (`sign out`, `log in`, `opt out`).
    static let particles: Set<String> = ["in", "out", "on", "off", "up", "down"]

    /// Verbs whose particle finishes them (`sign-in`, `log-on`, `opt-in`): the particle is not dangling.
    static let particleVerbs: Set<String> = [
        "sign", "log", "check", "opt", "plug", "add", "turn", "switch", "signed", "logged", "checked", "opted",
        "built", "zoom", "drop", "tune", "dial", "carry", "hold", "pin", "tap", "walk", "swipe", "fade", "slide",
    ]

    /// `words` without the dangling words at its end (`local-path-for` → `local-path`), keeping the particle of
    /// a phrasal verb (`sign-in`) and at least one word.
    public static func trimmingDanglingEnd(_ words: [String]) -> [String] {
        var words = words
        while words.count > 1, let last = words.last, danglingWords.contains(last) {
            if last == "in" || last == "on", particleVerbs.contains(words[words.count - 2]) { break }
            if last == "through", throughVerbs.contains(words[words.count - 2]) { break }
            words.removeLast()
        }
        return words
    }

    /// Verbs finished by `through` (`passes-through`, `fall-through`): the particle is not dangling.
    static let throughVerbs: Set<String> = ["pass", "passes", "fall", "falls", "go", "goes", "follow", "follows", "read", "click", "see"]

    /// Words ending in `ed` that are not past participles (`need`, `feed`, `embed`).
    static let notParticiples: Set<String> = [
        "need", "needed", "feed", "seed", "speed", "embed", "breed", "proceed", "succeed", "exceed", "shed", "bed",
        "red", "bred", "shred", "fred", "ted", "ed", "led", "wed", "bleed", "weed", "reed", "greed", "deed",
    ]

    /// `activities` → `activity`, `tokens` → `token`; nil for a word that is no regular plural (`status`, `news`).
    public static func singular(_ word: String) -> String? {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is"),
              !["news", "series", "species", "settings", "always", "does", "has", "was", "this", "its"].contains(word)
        else { return nil }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if ["ches", "shes", "xes", "sses"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// A past participle (`failed`, `pressed`, `closed`) or an irregular one an event is commonly named with.
    public static func isParticiple(_ word: String) -> Bool {
        irregularParticiples.contains(word) || isRegularParticiple(word)
    }

    /// A past participle made with `ed` (`verified`, `suggested`), not one of the irregular ones (`found` ends
    /// many a noun phrase: `ParkedDomainsFound`).
    static func isRegularParticiple(_ word: String) -> Bool {
        word.count >= 4 && word.hasSuffix("ed") && !notParticiples.contains(word)
    }

    /// Irregular participles events are named with (`connectionLost`, `messageSent`).
    static let irregularParticiples: Set<String> = [
        "lost", "sent", "begun", "done", "gone", "shown", "hidden", "written", "found", "taken", "given", "broken",
        "torn",
    ]

    /// `play-button-did-pressed` → `play-button-pressed`: `did` (or `will`) before a past participle is no
    /// English; the participle alone says the event.
    public static func droppingAuxiliaryBeforeParticiple(_ words: [String]) -> [String] {
        words.indices.filter { index in
            !(["did", "will"].contains(words[index]) && index + 1 < words.count && words[index + 1].hasSuffix("ed")
              && isParticiple(words[index + 1]))
        }.map { words[$0] }
    }

    /// `turn-off-sync-sync-service` → `turn-off-sync-service`.
    public static func removingAdjacentDuplicates(_ words: [String]) -> [String] {
        var kept: [String] = []
        for word in words where kept.last != word { kept.append(word) }
        return kept
    }

    /// Verbs that say nothing on their own (`handle-…`, `did-…`, `perform-…`): dropped from a purpose that is
    /// too long before any word that says what happens.
    public static let hollowVerbs: Set<String> = ["handle", "did", "will", "should", "perform", "do", "process"]

    /// Words that say little once a name must be short: auxiliaries and negligible adverbs
    /// (`cookies-are-retained` → `cookies-retained`,
    /// `priorities-get-executed` → `priorities-executed`). They go right after the glue words.
    static let weakWords: Set<String> = [
        "is", "are", "was", "were", "be", "been", "being", "does", "do", "did", "has", "have", "had", "can",
        "will", "just", "also", "correctly", "properly", "successfully", "actually", "true", "false", "get", "gets",
        "got",
    ]

    /// `is-automatically-cancelled`, `not-implicitly-closed`: an adverb of manner between an auxiliary and its
    /// verb says how, not what. Once auxiliaries are gone and a sentence still does not fit, it goes next
    /// (`task-is-automatically-cancelled` → `task-cancelled`, never the cut `task-is-automatically`); a negation
    /// before it stays (`not-automatically-cancelled` → `not-cancelled`). After a verb it stays: `close-gracefully`
    /// is another call than `close`. Adjectives of time (`daily`) and nouns (`reply`) are not adverbs.
    static func droppingAdverbsAfterAuxiliaries(_ words: [String]) -> [String]? {
        let kept = words.indices.filter { index in
            let word = words[index]
            let isAdverb = word.count > 5 && word.hasSuffix("ly") && !lyNouns.contains(word)
                && !["daily", "weekly", "monthly", "yearly", "hourly", "nightly", "early", "likely", "unlikely"].contains(word)
            return !(isAdverb && index > 0 && auxiliaries.contains(words[index - 1]))
        }.map { words[$0] }
        return kept.isEmpty || kept.count == words.count ? nil : kept
    }

    /// The length in characters of the words of `groups` joined with hyphens (`prefix + purpose + extra`), counted
    /// without joining them when every word is printable ASCII, as derived words are: a byte is then a character,
    /// and no character joins one across a hyphen.
    static func hyphenatedLength(_ groups: [String]...) -> Int {
        var bytes = 0
        var words = 0
        for group in groups {
            for word in group {
                // (Read from the string's own bytes where it has them: this runs for every name tried.)
                let printable = word.utf8.withContiguousStorageIfAvailable { buffer in
                    !buffer.contains { $0 <= 0x20 || $0 >= 0x80 }
                } ?? !word.utf8.contains { $0 <= 0x20 || $0 >= 0x80 }
                guard printable else { return groups.joined().joined(separator: "-").count }
                bytes += word.utf8.count
                words += 1
            }
        }
        return words == 0 ? 0 : bytes + words - 1
    }

    /// The leading words of `purpose` that ``compose(prefix:purpose:extra:maxLength:)`` keeps with no extra words
    /// (glue and weak words it drops included, so the rest of `purpose` is what was cut off).
    public static func keptPurpose(prefix: [String], purpose: [String], maxLength: Int) -> [String] {
        let name = compose(prefix: prefix, purpose: purpose, extra: [], maxLength: maxLength)
        let words = name.split(separator: "-").map(String.init)
        guard let last = words.last, words.count > prefix.count,
              let index = purpose.lastIndex(of: last) else { return purpose }
        return Array(purpose.prefix(through: index))
    }

    /// Joins `prefix + purpose + extra` with hyphens, shortening until the result fits `maxLength`. The prefix
    /// is kept whole (it is the type's, the same at every site); first glue words (`for`, `with`…) and weak
    /// words (`is`, `are`…) leave the purpose, then the purpose loses trailing words until the first extra
    /// (distinguishing) word fits, then the extra words lose trailing ones; the prefix loses its last words and the last word is cut only
    /// when nothing else is left to give.
    ///
    /// - Parameter extraFloor: the fewest extra words worth adding (two: one verb cut from its phrase reads as
    ///   garble; one for the cut-off rest of the purpose itself).
    public static func compose(
        prefix: [String], purpose: [String], extra: [String], maxLength: Int, extraFloor: Int = 2
    ) -> String {
        let limit = max(1, maxLength)
        let whole = purpose
        var prefix = prefix
        var purpose = purpose
        var extra = extra
        func length() -> Int { hyphenatedLength(prefix, purpose, extra) }
        // `restart-daemon-if-it-doesnt-reply`: a condition is the first thing a long purpose loses, whole (cut
        // word by word it leaves `restart-daemon-it`).
        if length() > limit, let condition = purpose.indices.dropFirst(2).first(where: {
            conditionWords.contains(purpose[$0]) && !isIdiomWord(purpose, at: $0)
        }) {
            purpose = Array(purpose[..<condition])
        }
        // Then trailing clauses, whole, the last first (`…-no-message-loss-across-rebalance`).
        while length() > limit, let clause = purpose.indices.dropFirst(2).last(where: {
            clauseWords.contains(purpose[$0]) && !isIdiomWord(purpose, at: $0)
        }) {
            purpose = Array(purpose[..<clause])
        }
        if length() > limit, let kept = droppingAdverbsAfterAuxiliaries(purpose) { purpose = kept }
        for dropped in [fillers, weakWords] where length() > limit {
            // `send-send-await` of `send-and-send-and-await`: a word said twice once its glue is gone, once.
            let kept = removingAdjacentDuplicates(dropping(dropped, from: purpose))
            if !kept.isEmpty { purpose = kept }
            let keptExtra = dropping(dropped, from: extra)
            if !keptExtra.isEmpty { extra = keptExtra }
        }
        // `handle-account-did-sign-out` → `account-sign-out`: generic verbs go before meaningful words do.
        if length() > limit {
            let kept = purpose.filter { !hollowVerbs.contains($0) }
            if !kept.isEmpty { purpose = kept }
        }
        // Room for the first distinguishing words, never at the cost of the purpose's first two words (a verb
        // cut off from its object reads as another verb); then the purpose's own words; then what is left.
        // An extra phrase keeps at least two words (one verb alone from another phrase reads as garble).
        let beforeCut = purpose
        var extraFloor = min(max(1, extraFloor), extra.count)
        // `trigger-graceful` of `trigger-graceful-shutdown`: the floor never ends on an adjective or auxiliary.
        while extraFloor < extra.count, endsUnfinished(extra[extraFloor - 1]) { extraFloor += 1 }
        func lengthWithExtraFloor() -> Int { hyphenatedLength(prefix, purpose, Array(extra.prefix(extraFloor))) }
        let beforeExtra = purpose
        while lengthWithExtraFloor() > limit, purpose.count > 2 { purpose.removeLast() }
        // Cut to make room, the purpose still ends on a whole phrase (`counts-every` → `counts`).
        if purpose.count < beforeExtra.count, !extra.isEmpty {
            let trimmed = trimmingUnfinishedEnd(purpose)
            if !trimmed.isEmpty { purpose = trimmed }
        }
        // `run-sign` cut from `run-sign-out` is another verb: a phrasal verb keeps its particle, and the extra
        // words go instead (the next distinguishing phrase, or a number, tells the sites apart).
        if purpose.count < beforeExtra.count, let last = purpose.last, particleVerbs.contains(last) {
            purpose = beforeExtra
            extra = []
        }
        let extraBeforeCut = extra.count
        // `run-service-group1`, `consume-consumer1-messages`: the numbered instance is what tells siblings apart;
        // the verb and it stay (`run-group1`, `consume-consumer1`), the other words go first.
        if length() > limit, extra.count > 2,
           let numbered = extra.dropFirst().first(where: { $0.first?.isLetter == true && $0.contains(where: \.isNumber) }),
           hyphenatedLength(prefix, purpose, [extra[0], numbered]) <= limit {
            extra = [extra[0], numbered]
        }
        while length() > limit, extra.count > extraFloor { extra.removeLast() }
        // Distinguishing words cut short end on a whole phrase too (`…-multiple-dont` says nothing).
        if extra.count < extraBeforeCut { extra = trimmingUnfinishedEnd(extra) }
        // Nor on a negated verb cut from its object (`…-never-apply`).
        if extra.count < extraBeforeCut, extra.count >= 2, negatingWords.contains(extra[extra.count - 2]) { extra.removeLast(2) }
        // The prefix is the type's: distinguishing words that do not fit go rather than a prefix word (the
        // name then clashes again, and the next distinguishing phrase or a number is tried).
        if length() > limit {
            extra = []
            purpose = whole
            for dropped in [fillers, weakWords] where length() > limit {
                let kept = dropping(dropped, from: purpose)
                if !kept.isEmpty { purpose = kept }
            }
        }
        while length() > limit, purpose.count > 1 { purpose.removeLast() }
        // `…-account-sign` cut from `…-account-sign-out` is another verb: a phrasal verb goes whole.
        if purpose.count > 1, purpose.count < beforeCut.count, Array(beforeCut.prefix(purpose.count)) == purpose,
           let last = purpose.last, particleVerbs.contains(last), particles.contains(beforeCut[purpose.count]) {
            purpose.removeLast()
            purpose = trimmingDanglingEnd(purpose)
        }
        // Cut inside a noun phrase or from a negation's verb (`multiple-subscriptions-dont`, `two-different`):
        // back to a whole phrase, or, when that loses the head noun, without the quantities before it
        // (`client-subscriptions`).
        if purpose.count < beforeCut.count, Array(beforeCut.prefix(purpose.count)) == purpose {
            // `unsubscribe-clears` cut from `unsubscribe-clears-subscription`: a test's verb without what it
            // acts on states nothing.
            if purpose.count > 1, let last = purpose.last, scenarioVerbs.contains(last) { purpose.removeLast() }
            // `never-apply` cut from `never-apply-a-stale-value` says the opposite: a negated verb goes with its
            // object (not before a condition: `not-unlisten` of `not-unlisten-if-…` is whole).
            if purpose.count > 3, negatingWords.contains(purpose[purpose.count - 2]),
               !conditionWords.contains(beforeCut[purpose.count]) {
                purpose.removeLast(2)
            }
            let trimmed = trimmingUnfinishedEnd(purpose)
            if trimmed.count < purpose.count {
                var lean = beforeCut.filter { !droppableModifiers.contains($0) }
                func leanLength() -> Int { hyphenatedLength(prefix, lean, extra) }
                while leanLength() > limit, lean.count > 1 { lean.removeLast() }
                lean = trimmingUnfinishedEnd(lean)
                let meaningful = { (words: [String]) in words.filter { !unfinishedEnds.contains($0) }.count }
                // The lean phrase only when the cut lost a head noun (`client-multiple`), and never a head the
                // prefix already says (`client-subscriptions` + `two-different`: the prefix names them).
                // Not across a preposition: `lookups-of-different-keys` without `of` and `different` is garble;
                // cut there instead.
                let cutNoun = purpose.suffix(purpose.count - trimmed.count).contains(where: droppableModifiers.contains)
                    && !whole.indices.dropFirst().contains { droppableModifiers.contains(whole[$0]) && fillers.contains(whole[$0 - 1]) }
                let leanRepeats = lean.allSatisfy { word in prefix.contains { WordStems.same($0, word) } }
                if cutNoun, !lean.isEmpty, !leanRepeats, leanLength() <= limit, meaningful(lean) > meaningful(trimmed) {
                    purpose = lean
                } else if !trimmed.isEmpty {
                    purpose = trimmed
                } else if !prefix.isEmpty, !beforeCut.isEmpty, beforeCut.allSatisfy({ !droppableModifiers.contains($0) }) {
                    // Nothing whole fits (`current` of `current-subscription-features`): the prefix alone says
                    // less, but nothing false; a clash gives it the next distinguishing words.
                    purpose = []
                }
            }
        }
        while length() > limit, prefix.count > 1, !purpose.isEmpty { prefix.removeLast() }
        var name = trimmingDanglingEnd(prefix + purpose + extra).joined(separator: "-")
        if name.count > limit {
            name = String(name.prefix(limit))
            while name.hasSuffix("-") { name.removeLast() }
        }
        return name
    }
}
