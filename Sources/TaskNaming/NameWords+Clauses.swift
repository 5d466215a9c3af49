/// Where a sentence (a test's scenario) may be cut when it does not fit whole: where a clause ends, never
/// after an auxiliary, a negation or an adjective, which would leave half a statement.
///
/// ```swift
/// NameWords.keptPhrase(prefix: ["pub", "sub"],
///                      phrase: ["multiple", "subscriptions", "dont", "affect", "each", "other"], maxLength: 40)
/// // (["multiple", "subscriptions"], 2)   (never `multiple-subscriptions-dont-affect`)
/// ```
extension NameWords {
    /// Auxiliaries, their negations and modal verbs: a clause's verb starts at one, and a cut never ends on one.
    static let auxiliaries: Set<String> = [
        "is", "are", "was", "were", "be", "been", "being", "does", "do", "did", "has", "have", "had", "can", "could",
        "will", "would", "should", "must", "may", "might", "get", "gets", "got", "isnt", "arent", "wasnt", "werent",
        "doesnt", "dont", "didnt", "hasnt", "havent", "cant", "cannot", "wont", "shouldnt", "never", "not",
    ]

    /// Verbs that say what a test checks (`…-dont-affect-each-other`, `…-returns-nil`): a clause starts at one.
    static let scenarioVerbs: Set<String> = [
        "returns", "return", "throws", "throw", "fails", "fail", "succeeds", "succeed", "cancels", "emits", "works",
        "completes", "sends", "receives", "calls", "updates", "creates", "removes", "deletes", "produces", "shows",
        "hides", "triggers", "stops", "starts", "keeps", "retains", "waits", "resumes", "finishes", "yields",
        "delivers", "affects", "affect", "reports", "causes", "becomes", "stays", "remains", "leaves", "respects",
        "survives", "matches", "contains", "includes", "ignores", "drops", "preserves", "honors", "honours",
        "times", "timeouts", "hangs", "leaks", "crashes", "rejects", "accepts", "allows", "prevents", "requires",
        "uses", "reuses", "runs", "handles", "propagates", "overrides", "restores", "recovers", "retries",
        "clears", "resets", "closes", "opens", "sets", "skips", "replaces", "notifies", "invalidates",
    ]

    /// Adjectives and determiners that lead a noun (`graceful-shutdown`, `all-workers`): cut from their noun they say
    /// nothing, or something else (`trigger-graceful`).
    static let leadingAdjectives: Set<String> = [
        "graceful", "running", "concurrent", "parallel", "stale", "valid", "invalid", "unknown", "large", "small",
        "long", "short", "slow", "fast", "busy", "idle", "outbound", "inbound", "incoming", "outgoing", "immediate",
        "nested", "unsupported", "successful", "all",
        // Adverbs that qualify what follows (`preparation-only-happens`, `is-very-long`).
        "only", "just", "also", "even", "still", "always", "very", "too", "quite", "really", "already",
        // Relative pronouns and prepositions a clause or object follows (`cancel-task-that`, `clean-old-except`).
        "that", "which", "who", "whose", "except", "against", "between", "among", "towards", "toward", "like",
        "based", "due", "according",
    ]

    /// Words ending in `ly` that are verbs or nouns, complete at the end of a name.
    static let lyNouns: Set<String> = [
        "reply", "replies", "apply", "supply", "family", "assembly", "anomaly", "multiply", "rely", "ally",
        "butterfly", "monopoly", "italy", "jelly", "belly", "bully", "rally", "tally", "poly", "imply", "comply",
    ]

    /// Words that open a clause or a phrase after a complete one: a long sentence may be cut before them.
    static let clauseOpeners: Set<String> = clauseWords.union(conditionWords).union(auxiliaries).union(scenarioVerbs)
        .union(["for", "to", "of", "from", "by", "at", "per", "in", "on", "into", "as", "and", "or", "then", "so"])

    /// True when a name cut after `word` would read unfinished: a negation, a quantity, an auxiliary, an
    /// adjective cut from its noun, a preposition.
    /// Words in -able or -ible that are nouns.
    static let ableNouns: Set<String> = ["variable", "variables", "executable", "observable", "timetable", "deliverable", "collectible"]

    /// `cancellable`, `visible`: an adjective in -able or -ible; cut off from the noun after it, it waits for
    /// that noun (`variable`, `executable` are nouns).
    static func isAbleAdjective(_ word: String) -> Bool {
        word.count > 6 && (word.hasSuffix("able") || word.hasSuffix("ible")) && !ableNouns.contains(word)
    }

    static func endsUnfinished(_ word: String) -> Bool {
        unfinishedEnds.contains(word) || auxiliaries.contains(word) || leadingAdjectives.contains(word)
            || danglingWords.contains(word)
            || (word.count > 5 && (word.hasSuffix("ful") || word.hasSuffix("ous")))
            // `orderly`, `early`, `daily`: an adjective before its noun (`reply`, `apply`, `family` are not, and an
            // adverb of manner ends a verb phrase: `close-gracefully`).
            || (word.count > 4 && word.hasSuffix("ly") && !lyNouns.contains(word)
                && !["fully", "ously", "ally", "ively", "ately", "ently", "antly", "edly", "ingly"].contains(where: word.hasSuffix))
    }

    /// Words that negate the verb after them.
    static let negatingWords: Set<String> = ["never", "not", "dont", "doesnt", "cannot", "cant", "wont"]

    /// The words of `phrase` a name after `prefix` keeps within `maxLength`: the whole phrase (auxiliaries,
    /// then glue words, left out when that makes it fit), else the phrase up to the last clause that fits; nil
    /// when no clause of two words or more fits (the caller cuts word by word).
    ///
    /// `cookies-for-logins-are-retained` keeps `for` and loses `are` (`cookies-logins-are-retained` is garble);
    /// `cancelled-while-waiting-for-capacity-to-free-up` is cut before `to`, not after `free`.
    static func keptPhrase(prefix: [String], phrase: [String], maxLength: Int) -> (words: [String], consumed: Int)? {
        func fitted(_ words: [String]) -> [String]? {
            func fits(_ words: [String]) -> Bool { hyphenatedLength(prefix, words) <= maxLength }
            if fits(words) { return words }
            let lean = dropping(weakWords, from: words)
            if !lean.isEmpty, fits(lean) { return lean }
            // Only articles: without `with` or `for` two clauses run together (`after-delay-test-scheduler`).
            let leaner = dropping(["the", "a", "an"], from: lean)
            return !leaner.isEmpty && fits(leaner) ? leaner : nil
        }
        if let whole = fitted(phrase) { return (whole, phrase.count) }
        // A condition goes whole first (`restart-daemon-if-it-doesnt-reply` is never `restart-daemon-if-it`).
        let end = phrase.indices.dropFirst(2).first { conditionWords.contains(phrase[$0]) && !isIdiomWord(phrase, at: $0) }
            .map { $0 + 1 } ?? phrase.count
        for boundary in phrase.indices.dropFirst(2).prefix(while: { $0 < end }).reversed()
            where clauseOpeners.contains(phrase[boundary]) && !isIdiomWord(phrase, at: boundary) {
            let head = trimmingDanglingEnd(Array(phrase[..<boundary]))
            guard head.count >= 2, let last = head.last, !endsUnfinished(last) else { continue }
            // A negated verb goes with its object (`never-apply` of `never-apply-a-stale-value` says the opposite).
            if negatingWords.contains(head[head.count - 2]), !conditionWords.contains(phrase[boundary]) { continue }
            if let kept = fitted(head) { return (kept, boundary) }
        }
        return nil
    }
}
