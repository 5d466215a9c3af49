/// Splits identifiers and phrases into lowercase words: `releaseID` → `release id`,
/// `user.emailAddress` → `user email address`, `URLSession` → `url session`.
///
/// ```swift
/// IdentifierWords.split("fetchAlbumsForUserID") // ["fetch", "albums", "for", "user", "id"]
/// ```
public enum IdentifierWords {
    /// The lowercase words of `text`, in order. Anything that is not a letter or digit separates words.
    public static func split(_ text: String) -> [String] {
        joiningInitial(splitASCII(text, digitWordsKeepCapitals: false) ?? split(Array(text), digitWordsKeepCapitals: false),
                       of: text)
    }

    /// `APlayer`, `MCatalog`: one capital before a capitalised word is a type's prefix, not the article `a`.
    static func joiningInitial(_ words: [String], of text: String) -> [String] {
        var start = text.utf8.makeIterator()
        guard words.count > 1, words[0].count == 1, let first = start.next(), let second = start.next(),
              let third = start.next(), (65...90).contains(first), (65...90).contains(second), (97...122).contains(third)
        else { return words }
        return [words[0] + words[1]] + words.dropFirst(2)
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
            // A word is always a run of the text's bytes: `wordStart..<wordEnd`, lowercased as it is copied out.
            var words: [String] = []
            var wordStart = 0
            var wordEnd = 0
            var wordIsDigits = true
            func flush() {
                guard wordEnd > wordStart else { return }
                let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<wordEnd])
                words.append(String(unsafeUninitializedCapacity: word.count) { buffer in
                    for (offset, byte) in word.enumerated() { buffer[offset] = isUpper(byte) ? byte + 32 : byte }
                    return word.count
                })
                wordStart = wordEnd
                wordIsDigits = true
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                defer { index += 1 }
                guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                    flush()
                    continue
                }
                if let length = mixedCaseWordLength(at: index, count: bytes.count, { bytes[$0] }) {
                    flush()
                    wordStart = index
                    wordEnd = index + length
                    flush()
                    index += length - 1
                    continue
                }
                if isUpper(byte), wordEnd > wordStart {
                    let last = bytes[wordEnd - 1]
                    let nextIsLowercase = index + 1 < bytes.count && isLower(bytes[index + 1])
                        && !isPluralOfAcronym(sAt: index + 1)
                    let afterDigits = isDigit(last) && !(digitWordsKeepCapitals && wordIsDigits)
                    if isLower(last) || afterDigits || (isUpper(last) && nextIsLowercase) {
                        flush()
                    }
                }
                if wordEnd == wordStart { wordStart = index }
                wordEnd = index + 1
                if !isDigit(byte) { wordIsDigits = false }
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
    /// whole (`markArticleIDs` → mark|Article|IDs, `URLsFor` → URLs|For). A ``mixedCaseWords`` entry is one word
    /// (`LoRATuning` → LoRA|Tuning). With `digitWordsKeepCapitals`, a word made only of digits keeps the
    /// capital after it (`image_4K` → image|4k rather than image|4|k), as derived names want.
    static func split(_ characters: [Character], digitWordsKeepCapitals: Bool) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        func flush() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current.removeAll()
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let length = mixedCaseWordLength(at: index, count: characters.count, {
                characters[$0].asciiValue ?? 0x80
            }) {
                flush()
                current.append(contentsOf: characters[index..<(index + length)])
                flush()
                index += length - 1
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

    /// Technical words written in mixed case, each one word however its capitals fall: `LoRATuningView` →
    /// lora|tuning|view, `iCloudSync` → icloud|sync, `macOSVersion` → macos|version, `IPv6Address` →
    /// ipv6|address. Longer spellings first, so `iPadOS` wins over `iPad`.
    static let mixedCaseWords: [[UInt8]] = [
        "iPadOS", "iPad", "iPhone", "iPod", "iOS", "iCloud", "iMessage", "iTunes", "iMac",
        "macOS", "MacOS", "tvOS", "watchOS", "visionOS", "LoRA", "OAuth2", "OAuth", "GraphQL", "WiFi", "IPv4", "IPv6",
        "GitHub", "GitLab", "YouTube", "PayPal", "WebRTC", "OTel", "gRPC", "SQLite", "PostgreSQL", "MySQL", "NoSQL",
        "JavaScript", "TypeScript", "WebAssembly", "PiP", "PostHog", "SourceKitD", "SourceKit", "UInt", "VoIP",
    ].map { Array($0.utf8) }

    /// The length of the ``mixedCaseWords`` entry that starts at `index` where a word may start, nil when none
    /// does. A word starts there after a separator, at the start, or — for an entry that begins with a capital
    /// — after a lowercase letter or digit (`runLoRA`), and an `i` word after a lowercase letter (`isiOS`); it must end where a word ends: at the end, before a
    /// separator, a capital, a digit (unless it ends in one) or a plural `s` that ends the word (`iPhones`).
    static func mixedCaseWordLength(at index: Int, count: Int, _ byteAt: (Int) -> UInt8) -> Int? {
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let first = byteAt(index)
        guard first == UInt8(ascii: "i") || first == UInt8(ascii: "m") || first == UInt8(ascii: "t")
            || first == UInt8(ascii: "w") || first == UInt8(ascii: "v") || first == UInt8(ascii: "g") || isUpper(first)
        else { return nil }
        // Whether a word may start here depends on `first` alone, which every candidate entry shares.
        if index > 0 {
            let previous = byteAt(index - 1)
            let separated = !isUpper(previous) && !isLower(previous) && !isDigit(previous)
            // `syncToiCloud`, `isiOSApp`: an `i` and a capital start a word even after a lowercase letter.
            let apple = first == UInt8(ascii: "i") && isLower(previous)
            guard separated || apple || (isUpper(first) && (isLower(previous) || isDigit(previous))) else { return nil }
        }
        for word in mixedCaseWords where word[0] == first && index + word.count <= count {
            guard (0..<word.count).allSatisfy({ byteAt(index + $0) == word[$0] }) else { continue }
            let end = index + word.count
            guard end < count else { return word.count }
            let next = byteAt(end)
            if isLower(next) {
                let pluralEnds = next == UInt8(ascii: "s") && (end + 1 == count || !isLower(byteAt(end + 1)))
                guard pluralEnds, !isDigit(word[word.count - 1]) else { continue }
                return word.count + 1
            }
            if isDigit(next), isDigit(word[word.count - 1]) { continue }
            return word.count
        }
        return nil
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
