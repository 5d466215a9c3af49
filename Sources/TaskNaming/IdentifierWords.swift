/// Splits identifiers and phrases into lowercase words: `releaseID` → `release id`,
/// `user.emailAddress` → `user email address`, `URLSession` → `url session`.
///
/// ```swift
/// IdentifierWords.split("fetchAlbumsForUserID") // ["fetch", "albums", "for", "user", "id"]
/// ```
public enum IdentifierWords {
    /// The lowercase words of `text`, in order. Anything that is not a letter or digit separates words.
    public static func split(_ text: String) -> [String] {
        splitASCII(text, digitWordsKeepCapitals: false) ?? split(Array(text), digitWordsKeepCapitals: false)
    }

    /// `split(_:digitWordsKeepCapitals:)` over the bytes of an all-ASCII text (most identifiers), nil for any
    /// other text. The same rules: for ASCII, a letter is `A`–`Z`/`a`–`z`, a number `0`–`9`, and every
    /// other byte separates words (a `\r\n`, one `Character`, is two separators here: the same split).
    static func splitASCII(_ text: String, digitWordsKeepCapitals: Bool) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            func isPluralOfAcronym(sAt index: Int) -> Bool {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "s"), index >= 2,
                      isUpper(bytes[index - 1]), isUpper(bytes[index - 2])
                else { return false }
                return index + 1 == bytes.count || !isLower(bytes[index + 1])
            }
            var words: [String] = []
            var current: [UInt8] = []
            func flush() {
                if !current.isEmpty { words.append(String(decoding: current.map { isUpper($0) ? $0 + 32 : $0 }, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                    flush()
                    continue
                }
                if isUpper(byte), let last = current.last {
                    let nextIsLowercase = index + 1 < bytes.count && isLower(bytes[index + 1])
                        && !isPluralOfAcronym(sAt: index + 1)
                    let afterDigits = isDigit(last) && !(digitWordsKeepCapitals && current.allSatisfy(isDigit))
                    if isLower(last) || afterDigits || (isUpper(last) && nextIsLowercase) {
                        flush()
                    }
                }
                current.append(byte)
            }
            flush()
            return words
        }
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
