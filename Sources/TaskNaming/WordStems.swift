/// Tells words of one stem apart from different words, so a name never says the same thing twice
/// (`evaluate-evaluation`, `reducer-reduce`, `clear-cache-caches`).
///
/// Two words share a stem when the shorter one, without a final `e`, starts the longer one and what is left of
/// the longer one is an inflection or a derivational ending (`s`, `er`, `ing`, `ation`…). So `fetch`/`fetcher`,
/// `observe`/`observation` and `import`/`importer` share a stem, but `play`/`playlist`, `time`/`timeline` and
/// `server`/`service` do not.
///
/// ```swift
/// WordStems.same("evaluate", "evaluation")  // true
/// WordStems.same("play", "playlist")        // false
/// WordStems.removingRepeats(["clear", "cache", "caches"])  // ["clear", "cache"]
/// ```
public enum WordStems {
    /// Endings that turn one word of a stem into another.
    static let endings: Set<String> = [
        "", "s", "es", "d", "ed", "r", "er", "ers", "or", "ors", "ing", "ings", "ion", "ions", "ation", "ations",
        "ment", "ments", "al", "ator", "ators", "ly", "able", "ive", "ure", "ures",
    ]

    /// True when `a` and `b` are words of one stem (case already folded, as ``NameWords`` gives them).
    public static func same(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        // Two- and three-letter words are acronyms or particles (`id`, `ids`, `url`): only equal ones match.
        guard short.count >= 4 || (short.count == 3 && long == short + "s") else { return false }
        var root = Substring(short)
        if root.hasSuffix("e") && root.count > 3 { root = root.dropLast() }
        guard long.hasPrefix(root) else { return false }
        let ending = String(long.dropFirst(root.count))
        return endings.contains(ending) || endings.contains(String(ending.drop(while: { $0 == "e" })))
            // A doubled consonant before the ending: `cancel`/`cancelled`, `plan`/`planning`.
            || (ending.first == root.last && endings.contains(String(ending.dropFirst())))
    }

    /// `words` without any word whose stem an earlier word (or one of `earlier`) already has.
    public static func removingRepeats(_ words: [String], after earlier: [String] = []) -> [String] {
        var seen = earlier
        var kept: [String] = []
        for word in words where !seen.contains(where: { same($0, word) }) {
            kept.append(word)
            seen.append(word)
        }
        return kept
    }

    /// True when every one of `words` has the stem of a word in `others`.
    public static func allRepeat(_ words: [String], in others: [String]) -> Bool {
        !words.isEmpty && words.allSatisfy { word in others.contains { same($0, word) } }
    }
}
