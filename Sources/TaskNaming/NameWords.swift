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
        // Non-ASCII characters become separators before the shared split sees them.
        IdentifierWords.split(identifier.map { $0.isASCII ? $0 : " " }, digitWordsKeepCapitals: true)
    }

    /// Words that open a condition (`…-if-it-doesnt-reply`): a long purpose is cut before them.
    static let conditionWords: Set<String> = ["if", "unless", "because", "once"]

    /// Words that only glue others together; the first to go when a name is too long.
    static let fillers: Set<String> = ["for", "with", "from", "to", "of", "by", "at", "the", "a", "an", "and", "if", "per", "via"]

    /// Words a name never ends on: `sync-on`, `fetch-without`, `open-in` read unfinished. `a` is left out: at
    /// the end of a name it is an identifier (`load-a`), not an article.
    static let danglingWords: Set<String> = fillers.subtracting(["a"]).union([
        "on", "in", "into", "onto", "without", "within", "via", "per", "as", "or", "about", "upon", "than", "not",
        "no", "nor", "while", "through", "across", "during", "until", "after", "before", "since", "because",
    ])

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
            words.removeLast()
        }
        return words
    }

    /// `turn-off-sync-sync-service` → `turn-off-sync-service`.
    public static func removingAdjacentDuplicates(_ words: [String]) -> [String] {
        var kept: [String] = []
        for word in words where kept.last != word { kept.append(word) }
        return kept
    }

    /// Verbs that say nothing on their own (`handle-…`, `did-…`, `perform-…`): dropped from a purpose that is
    /// too long before any word that says what happens.
    static let hollowVerbs: Set<String> = ["handle", "did", "will", "should", "perform", "do", "process"]

    /// Words that say little once a name must be short: auxiliaries and negligible adverbs
    /// (`cookies-are-retained` → `cookies-retained`,
    /// `priorities-get-executed` → `priorities-executed`). They go right after the glue words.
    static let weakWords: Set<String> = [
        "is", "are", "was", "were", "be", "been", "being", "does", "do", "did", "has", "have", "had", "can",
        "will", "just", "also", "correctly", "properly", "successfully", "actually", "true", "false", "get", "gets",
        "got",
    ]

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
        func length() -> Int { (prefix + purpose + extra).joined(separator: "-").count }
        // `restart-daemon-if-it-doesnt-reply`: a condition is the first thing a long purpose loses, whole (cut
        // word by word it leaves `restart-daemon-it`).
        if length() > limit, let condition = purpose.indices.dropFirst(2).first(where: { conditionWords.contains(purpose[$0]) }) {
            purpose = Array(purpose[..<condition])
        }
        for dropped in [fillers, weakWords] where length() > limit {
            let kept = purpose.filter { !dropped.contains($0) }
            if !kept.isEmpty { purpose = kept }
            let keptExtra = extra.filter { !dropped.contains($0) }
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
        let extraFloor = min(max(1, extraFloor), extra.count)
        func lengthWithExtraFloor() -> Int { (prefix + purpose + extra.prefix(extraFloor)).joined(separator: "-").count }
        let beforeExtra = purpose
        while lengthWithExtraFloor() > limit, purpose.count > 2 { purpose.removeLast() }
        // `run-sign` cut from `run-sign-out` is another verb: a phrasal verb keeps its particle, and the extra
        // words go instead (the next distinguishing phrase, or a number, tells the sites apart).
        if purpose.count < beforeExtra.count, let last = purpose.last, particleVerbs.contains(last) {
            purpose = beforeExtra
            extra = []
        }
        while length() > limit, extra.count > extraFloor { extra.removeLast() }
        // The prefix is the type's: distinguishing words that do not fit go rather than a prefix word (the
        // name then clashes again, and the next distinguishing phrase or a number is tried).
        if length() > limit {
            extra = []
            purpose = whole
            for dropped in [fillers, weakWords] where length() > limit {
                let kept = purpose.filter { !dropped.contains($0) }
                if !kept.isEmpty { purpose = kept }
            }
        }
        while length() > limit, purpose.count > 1 { purpose.removeLast() }
        while length() > limit, prefix.count > 1, !purpose.isEmpty { prefix.removeLast() }
        var name = trimmingDanglingEnd(prefix + purpose + extra).joined(separator: "-")
        if name.count > limit {
            name = String(name.prefix(limit))
            while name.hasSuffix("-") { name.removeLast() }
        }
        return name
    }
}
