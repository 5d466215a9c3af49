extension SourceMask {
    /// Which type bodies nothing reads, for ``SourceMask/Lexer`` in ``SourceMask/Marks`` mode: a member-level type
    /// body (`struct`, `class`, `enum`, `actor`, `extension`, `protocol`) holding no creation token, no kept word
    /// and no string literal among its own members is blanked whole, unless its name could be the name of a type
    /// that encloses a site (or is `Task`).
    ///
    /// Why that is enough: the consumers that read members of a type other than the declarations around a site
    /// look them up by the name of the site's enclosing type (`TypeIndex.declarations(named:)`: the site's
    /// type and its extensions, wherever they are nested, for implicit-`self` members, stored task handles,
    /// `cancel()` calls, isolation and actor kinds); the attributes and conformances they read sit outside the
    /// braces. Protocol bodies are never looked up by name (nothing reads requirements). The background rules
    /// read string constants (`static let id = "…"`, `case id = "…"`) from the types of every file, so a type
    /// with a string at member level stays. Names are compared as words: every identifier of a header between
    /// its keyword and the first `:`, `<`, `(`, `=`, `where` or `{` (`extension Outer.Inner: P` → `Outer`,
    /// `Inner`), a type's words including those of the types nested in it; a type enclosing a token (even one in
    /// a string or comment) gives its words to the sites' set, local types included. Since sites can follow a
    /// type, the choice is made at the end of the run (``finish(blanked:)``). Such a type goes whole, header and
    /// braces, when nothing but access modifiers, `final` or `indirect` stands before its keyword and what comes
    /// before that ends something else (``Lexer/removableDeclarationStart(keyword:)``): no consumer reads a
    /// declaration it does not look up by name (protocols are only ever matched by the names of known ones), and
    /// a nested type is no instance member.
    ///
    /// ```swift
    /// // enum Constants { static let limit = 3 }  // no string: blanked
    /// // final class Feed { func load() { Task { await fetch() } } }
    /// // extension Feed { var isEmpty: Bool { items.isEmpty } }  // Feed encloses a site: kept
    /// ```
    struct TypeSkeleton {
        /// What the lexer knows about one type's braces while they are open.
        struct Header {
            /// The identifier words of the header (empty when none were read, e.g. `extension [Int]`).
            var words: [String]
            /// The words of every type declared inside.
            var nestedWords: Set<String> = []
            /// A string literal stands among the members (of this type or a type nested in it).
            var holdsString = false
            /// Where the declaration starts when it can go whole with its body (``Lexer/removableDeclarationStart(keyword:)``).
            var declarationStart: Int?
        }

        private struct Candidate {
            var inside: Range<Int>
            /// The whole declaration, from its first modifier or keyword to its `}`, when it can go whole.
            var whole: Range<Int>?
            var words: Set<String>
            var isProtocol: Bool

            /// What is blanked: the whole declaration when it can go (one declaration less for the parser, which
            /// spends about as long on a member as on ten tokens), else its body.
            var blanked: Range<Int> { whole ?? inside }
        }

        /// The words of the header being read; nil when no type keyword is pending.
        private(set) var pendingWords: [String]?
        private var pendingDeclarationStart: Int?
        /// Whether identifiers still belong to the pending header (before its `:`, `<`, `where`, …).
        private(set) var isReadingHeader = false
        private var candidates: [Candidate] = []
        private var siteWords: Set<String> = []
        /// Set when a type around a site has no readable name, or a header was lost (`#if` inside it): nothing is
        /// blanked by name then.
        private var isUnsure = false

        /// A type keyword was read: its header follows. `declarationStart`: where the declaration starts, when it
        /// can go whole.
        mutating func beginHeader(declarationStart: Int? = nil) {
            pendingWords = []
            pendingDeclarationStart = declarationStart
            isReadingHeader = true
        }

        /// A word after the keyword: part of the name until `where`.
        mutating func read(_ word: String) {
            if word == "where" {
                isReadingHeader = false
            } else {
                pendingWords?.append(word)
            }
        }

        /// `:`, `<`, `(`, `=`, `[`, `,` end the name.
        mutating func endName() { isReadingHeader = false }

        /// Another declaration starts (`class func`, `;`): the type keyword did not introduce a type.
        mutating func cancelHeader() {
            pendingWords = nil
            pendingDeclarationStart = nil
            isReadingHeader = false
        }

        /// `#if` inside a header: its braces may not be read as a type's, so nothing is blanked by name.
        mutating func loseHeader() {
            if pendingWords != nil { isUnsure = true }
            cancelHeader()
        }

        /// A `{` opens: the pending header (if any) belongs to these braces.
        mutating func takeHeader() -> Header? {
            defer { cancelHeader() }
            return pendingWords.map { Header(words: $0, declarationStart: pendingDeclarationStart) }
        }

        /// Braces with a header close. `holdsSite`/`holdsKept`: a creation token / kept word lies in `inside`.
        /// `isCandidate`: member-level type braces (others only lend their words). Returns what the enclosing
        /// type inherits: the words, and whether a string stands among members (when `isMemberOfType`).
        mutating func close(_ header: Header, inside: Range<Int>, holdsSite: Bool, holdsKept: Bool,
                            candidate: (isProtocol: Bool, isMemberOfType: Bool)?) -> (words: Set<String>, holdsString: Bool) {
            let words = header.nestedWords.union(header.words)
            if holdsSite {
                if header.words.isEmpty { isUnsure = true }
                siteWords.formUnion(header.words)
            }
            // A type named `Task` shadows Swift's (`struct Task` is itself a creation token): kept, to be safe.
            let whole = header.declarationStart.map { $0..<(inside.upperBound + 1) }
            if let candidate, !holdsSite, !holdsKept, !header.holdsString, inside.count >= SourceMask.minimumBlankedLength || whole != nil,
               candidate.isProtocol || !header.words.isEmpty, !header.words.contains("Task") {
                candidates.append(Candidate(inside: inside, whole: whole, words: words, isProtocol: candidate.isProtocol))
            }
            return (words, header.holdsString && candidate?.isMemberOfType == true)
        }

        /// The blanked ranges with the eligible type bodies added (and the ranges inside them removed).
        func finish(blanked: [Range<Int>]) -> [Range<Int>] {
            guard !isUnsure else { return blanked }
            var chosen: [Range<Int>] = []
            for candidate in candidates.sorted(by: { $0.blanked.lowerBound < $1.blanked.lowerBound })
            where candidate.isProtocol || candidate.words.isDisjoint(with: siteWords) {
                if let last = chosen.last, candidate.blanked.lowerBound < last.upperBound { continue }  // inside a chosen one
                chosen.append(candidate.blanked)
            }
            guard !chosen.isEmpty else { return blanked }
            var result: [Range<Int>] = []
            var next = 0
            for range in blanked {
                while next < chosen.count, chosen[next].upperBound <= range.lowerBound {
                    result.append(chosen[next])
                    next += 1
                }
                if next < chosen.count, chosen[next].lowerBound < range.upperBound {
                    // Blanks never straddle braces: a range overlapping a type body (or declaration) lies inside it.
                    guard chosen[next].lowerBound <= range.lowerBound, range.upperBound <= chosen[next].upperBound else { return blanked }
                    continue
                }
                result.append(range)
            }
            result += chosen[next...]
            return result
        }
    }
}
