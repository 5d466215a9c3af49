/// Finds interpolations in a task name that look like personal or secret data, or like values that change
/// every run (and so make names impossible to grep or aggregate).
///
/// A word list entry is a phrase matched against the words of the interpolated expression:
/// `"userName"` matches `user.name`, `profile.userName` and `userNameLabel`; `"email"` matches
/// `account.emailAddress`. Matching is by whole words, so `"title"` does not match `subtitleCount`
/// (the words are `subtitle count`).
///
/// ```swift
/// let detector = SensitiveInterpolationDetector()
/// detector.findings(in: "user.email")      // [.sensitive(phrase: "email")]
/// detector.findings(in: "probe.releaseID") // []
/// detector.findings(in: "Date()")           // [.unstable(phrase: "date")]
/// ```
public struct SensitiveInterpolationDetector: Hashable, Sendable {
    /// Words and phrases that look like personal or secret data.
    public static let defaultSensitivePhrases: [String] = [
        "email", "userName", "username", "fullName", "firstName", "lastName", "displayName", "nickname",
        "token", "password", "passcode", "secret", "apiKey", "credential", "title", "url", "uri", "barcode",
        "phone", "address", "ssn", "iban",
    ]

    /// Words and phrases that look like values that change every run.
    public static let defaultUnstablePhrases: [String] = [
        "Date", "now", "UUID", "uuid", "timestamp", "timeIntervalSince1970", "timeIntervalSinceReferenceDate",
        "random", "nanoseconds", "uptimeNanoseconds",
    ]

    /// What an interpolation looks like.
    public enum Finding: Hashable, Sendable {
        case sensitive(phrase: String)
        case unstable(phrase: String)
    }

    public let sensitivePhrases: [String]
    public let unstablePhrases: [String]
    private let sensitiveWords: [[String]]
    private let unstableWords: [[String]]

    public init(
        sensitivePhrases: [String] = defaultSensitivePhrases,
        unstablePhrases: [String] = defaultUnstablePhrases
    ) {
        self.sensitivePhrases = sensitivePhrases
        self.unstablePhrases = unstablePhrases
        self.sensitiveWords = sensitivePhrases.map(IdentifierWords.split).filter { !$0.isEmpty }
        self.unstableWords = unstablePhrases.map(IdentifierWords.split).filter { !$0.isEmpty }
    }

    /// What the interpolated expression (its source text) looks like; empty when it looks harmless.
    public func findings(in expression: String) -> [Finding] {
        let words = IdentifierWords.split(expression)
        var found: [Finding] = []
        for phraseWords in sensitiveWords where Self.contains(words, phraseWords) {
            found.append(.sensitive(phrase: phraseWords.joined(separator: " ")))
        }
        for phraseWords in unstableWords where Self.contains(words, phraseWords) {
            let finding = Finding.unstable(phrase: phraseWords.joined(separator: " "))
            if !found.contains(finding) { found.append(finding) }
        }
        return found
    }

    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where Array(words[start..<start + phrase.count]) == phrase {
            return true
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sensitivePhrases == rhs.sensitivePhrases && lhs.unstablePhrases == rhs.unstablePhrases
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sensitivePhrases)
        hasher.combine(unstablePhrases)
    }
}
