/// Splits identifiers and phrases into lowercase words: `releaseID` → `release id`,
/// `user.emailAddress` → `user email address`, `URLSession` → `url session`.
///
/// ```swift
/// IdentifierWords.split("fetchAlbumsForUserID") // ["fetch", "albums", "for", "user", "id"]
/// ```
public enum IdentifierWords {
    /// The lowercase words of `text`, in order. Anything that is not a letter or digit separates words.
    public static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(text)
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
                // "fooBar" → foo|Bar; "URLSession" → URL|Session (the last capital starts the next word).
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLowercase) {
                    flush()
                }
            }
            current.append(character)
        }
        flush()
        return words
    }
}
