/// Tells words of one stem apart from different words, so a name never says the same thing twice
/// (`evaluate-evaluation`, `reducer-reduce`, `clear-cache-caches`).
///
/// Two words share a stem when the shorter one, without a final `e`, starts the longer one and what is left of
/// the longer one is an inflection or a derivational ending (`s`, `er`, `ing`, `ation`…). So `fetch`/`fetcher`,
/// `observe`/`observation` and `import`/`importer` share a stem, and so do an adjective in -nt and its noun
/// (`concurrent`/`concurrency`), but `play`/`playlist`, `time`/`timeline` and `server`/`service` do not.
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

    /// ``endings`` as bytes, for ``sameASCII(_:_:)``.
    static let endingBytes: [[UInt8]] = endings.map { Array($0.utf8) }

    /// True when `a` and `b` are words of one stem (case already folded, as ``NameWords`` gives them).
    public static func same(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let same = sameASCII(a, b) { return same }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        // Two- and three-letter words are acronyms or particles (`id`, `ids`, `url`): only equal ones match.
        guard short.count >= 4 || (short.count == 3 && long == short + "s") else { return false }
        if short.count >= 6, long.count == short.count + 1, short.hasSuffix("nt"), long.hasSuffix("cy") || long.hasSuffix("ce"),
           long.hasPrefix(short.dropLast()) {
            return true
        }
        var root = Substring(short)
        if root.hasSuffix("e") && root.count > 3 { root = root.dropLast() }
        guard long.hasPrefix(root) else { return false }
        let ending = String(long.dropFirst(root.count))
        return endings.contains(ending) || endings.contains(String(ending.drop(while: { $0 == "e" })))
            // A doubled consonant before the ending: `cancel`/`cancelled`, `plan`/`planning`.
            || (ending.first == root.last && endings.contains(String(ending.dropFirst())))
    }

    /// ``same(_:_:)`` over the bytes of two words of printable ASCII (every word ``NameWords`` gives), where a
    /// byte is a character: the same answer without building strings. Nil for any other text.
    static func sameASCII(_ a: String, _ b: String) -> Bool? {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b -> Bool? in
            guard !a.contains(where: { $0 <= 0x20 || $0 >= 0x80 }), !b.contains(where: { $0 <= 0x20 || $0 >= 0x80 }) else {
                return nil
            }
            let (short, long) = a.count <= b.count ? (a, b) : (b, a)
            if short.count < 4 {
                // `url`/`urls`: a three-letter word matches only its plural.
                return short.count == 3 && long.count == 4 && long[3] == UInt8(ascii: "s") && long.starts(with: short)
            }
            // `concurrent`/`concurrency`, `persistent`/`persistence`: an adjective in -nt and its noun in -ncy/-nce.
            if short.count >= 6, long.count == short.count + 1, short[short.count - 2] == UInt8(ascii: "n"),
               short[short.count - 1] == UInt8(ascii: "t"), long[long.count - 2] == UInt8(ascii: "c"),
               long[long.count - 1] == UInt8(ascii: "y") || long[long.count - 1] == UInt8(ascii: "e"),
               long.starts(with: short.prefix(short.count - 1)) {
                return true
            }
            var rootCount = short.count
            if short[rootCount - 1] == UInt8(ascii: "e") { rootCount -= 1 }
            guard long.count >= rootCount, long.starts(with: short.prefix(rootCount)) else { return false }
            let ending = long[rootCount...]
            func isEnding(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
                endingBytes.contains { $0.elementsEqual(bytes) }
            }
            return isEnding(ending) || isEnding(ending.drop(while: { $0 == UInt8(ascii: "e") }))
                || (ending.first == short[rootCount - 1] && isEnding(ending.dropFirst()))
        } }
    }

    /// `words` without any word whose stem an earlier word (or one of `earlier`) already has.
    public static func removingRepeats(_ words: [String], after earlier: [String] = []) -> [String] {
        var seen = earlier
        var kept: [String] = []
        for (index, word) in words.enumerated() {
            if seen.contains(where: { same($0, word) }) {
                // `picture-in-picture`, `peer-to-peer`, `side-by-side`: a word said again across a linking word
                // is one idiom, not a stutter; cut, it reads as garble (`picture-in`). `push-to-start`: a verb
                // after `to` names a purpose of its own (`start-push-to-start-token`).
                guard index >= 1, let link = kept.last, link == words[index - 1] else { continue }
                let closesIdiom = index >= 2 && kept.count >= 2 && kept[kept.count - 2] == word && words[index - 2] == word
                    && idiomLinks.contains(link)
                guard closesIdiom || link == "to" else { continue }
            }
            kept.append(word)
            seen.append(word)
        }
        return kept
    }

    /// The words that join a word to itself in an idiom (`picture-in-picture`, `end-to-end`, `one-by-one`).
    static let idiomLinks: Set<String> = ["in", "to", "by"]

    /// True when every one of `words` has the stem of a word in `others`.
    public static func allRepeat(_ words: [String], in others: [String]) -> Bool {
        !words.isEmpty && words.allSatisfy { word in others.contains { same($0, word) } }
    }
}
