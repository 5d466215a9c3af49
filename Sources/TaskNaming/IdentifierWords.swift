/// Splits identifiers and phrases into lowercase words: `releaseID` → `release id`,
/// `user.emailAddress` → `user email address`, `URLSession` → `url session`.
///
/// ```swift
/// IdentifierWords.split("fetchAlbumsForUserID") // ["fetch", "albums", "for", "user", "id"]
/// ```
public enum IdentifierWords {
    /// The lowercase words of `text`, in order. Anything that is not a letter or digit separates words.
    public static func split(_ text: String) -> [String] {
        split(Array(text), digitWordsKeepCapitals: false)
    }

    /// The one camelCase splitter behind ``split(_:)`` (sensitive-word matching, kebab-casing) and
    /// ``NameWords/split(_:)`` (name derivation, which passes only ASCII letters and digits through).
    ///
    /// A capital starts a new word after a lowercase letter (`fooBar` → foo|Bar), after a digit
    /// (`v2Migration` → v2|Migration), and after a capital when a lowercase letter follows it
    /// (`URLSession` → URL|Session), except before a plural `s` that ends the word, which keeps an acronym
    /// whole (`markArticleIDs` → mark|Article|IDs, `URLsFor` → URLs|For). With `digitWordsKeepCapitals`, a word made only of digits keeps the
    /// capital after it (`image_4K` → image|4k rather than image|4|k), as derived names want.
    static func split(_ characters: [Character], digitWordsKeepCapitals: Bool) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        func flush() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current.removeAll()
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if character.isUppercase, let last = current.last {
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                    && !Self.isPluralOfAcronym(characters, sAt: index + 1)
                let afterDigits = last.isNumber && !(digitWordsKeepCapitals && current.allSatisfy(\.isNumber))
                if last.isLowercase || afterDigits || (last.isUppercase && nextIsLowercase) {
                    flush()
                }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// True when `characters[index]` is an `s` after two or more capitals and no lowercase letter follows it:
    /// the plural of an acronym (`IDs`, `URLs`), not the start of a word (`IDsomething` stays ID|something).
    static func isPluralOfAcronym(_ characters: [Character], sAt index: Int) -> Bool {
        guard index < characters.count, characters[index] == "s", index >= 2,
              characters[index - 1].isUppercase, characters[index - 2].isUppercase
        else { return false }
        return index + 1 == characters.count || !characters[index + 1].isLowercase
    }
}
