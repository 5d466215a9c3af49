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

    /// Words that only glue others together; the first to go when a name is too long.
    static let fillers: Set<String> = ["for", "with", "from", "to", "of", "by", "at", "the", "a", "an", "and", "if"]

    /// Words a name never ends on: `sync-on`, `fetch-without`, `open-in` read unfinished. `a` is left out: at
    /// the end of a name it is an identifier (`load-a`), not an article.
    static let danglingWords: Set<String> = fillers.subtracting(["a"]).union([
        "on", "in", "into", "onto", "without", "within", "via", "per", "as", "or", "about", "upon", "than",
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

    /// Words that say little once a name must be short: auxiliaries and negligible adverbs
    /// (`cookies-are-retained` → `cookies-retained`). They go right after the glue words.
    static let weakWords: Set<String> = [
        "is", "are", "was", "were", "be", "been", "being", "does", "do", "did", "has", "have", "had", "can",
        "will", "just", "also", "correctly", "properly", "successfully", "actually", "true", "false",
    ]

    /// Joins `prefix + purpose + extra` with hyphens, shortening until the result fits `maxLength`. The prefix
    /// is kept whole (it is the type's, the same at every site); first glue words (`for`, `with`…) and weak
    /// words (`is`, `are`…) leave the purpose, then the purpose loses trailing words, then the extra
    /// (distinguishing) words lose trailing ones; the prefix loses its last words and the last word is cut only
    /// when nothing else is left to give.
    public static func compose(prefix: [String], purpose: [String], extra: [String], maxLength: Int) -> String {
        let limit = max(1, maxLength)
        var prefix = prefix
        var purpose = purpose
        var extra = extra
        func length() -> Int { (prefix + purpose + extra).joined(separator: "-").count }
        for dropped in [fillers, weakWords] where length() > limit {
            let kept = purpose.filter { !dropped.contains($0) }
            if !kept.isEmpty { purpose = kept }
            let keptExtra = extra.filter { !dropped.contains($0) }
            if !keptExtra.isEmpty { extra = keptExtra }
        }
        while length() > limit, purpose.count > 1 { purpose.removeLast() }
        while length() > limit, extra.count > 1 { extra.removeLast() }
        while length() > limit, prefix.count > 1, !(purpose + extra).isEmpty { prefix.removeLast() }
        var name = trimmingDanglingEnd(prefix + purpose + extra).joined(separator: "-")
        if name.count > limit {
            name = String(name.prefix(limit))
            while name.hasSuffix("-") { name.removeLast() }
        }
        return name
    }
}
