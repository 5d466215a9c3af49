extension SourceMask {
    /// The pass that finds which type bodies nothing reads (``SourceMask/Marks`` mode): a member-level type
    /// body (`struct`, `class`, `enum`, `actor`, `extension`, `protocol`) holding no creation token, no kept word
    /// and — when a reader reads string constants (``SyntaxReads/Anywhere/stringConstants``) — no string literal
    /// among its own members is blanked whole, unless its name could be that of a type enclosing a site and a
    /// reader looks those up (``SyntaxReads/AroundSite/enclosingTypes``), or a reader reads types of its name
    /// (``SyntaxReads/Anywhere/typesNamed``).
    ///
    /// Why that is enough: a reader of the members of a type other than the declarations around a site looks
    /// them up by the name of the site's enclosing type (the site's type and its extensions, wherever they are
    /// nested); the attributes and conformances it reads sit outside the braces. Protocol bodies are never looked
    /// up by name (nothing reads requirements). Names are compared as words: every identifier of a header between
    /// its keyword and the first `:`, `<`, `(`, `=`, `where` or `{` (`extension Outer.Inner: P` → `Outer`,
    /// `Inner`), a type's words including those of the types nested in it; a type enclosing a token (even one in
    /// a string or comment) gives its words to the sites' set, local types included. Since sites can follow a
    /// type, the choice is made at the end of the file (``finish(blanked:keepingSiteTypes:keepingTypesNamed:)``).
    /// Such a type goes whole, header and braces, when nothing but access modifiers, `final` or `indirect` stands
    /// before its keyword and what comes before that ends something else
    /// (``SourceBytes/removableDeclarationStart(keyword:)``): no reader reads a declaration it does not look up by
    /// name, and a nested type is no instance member. It keeps what it knows of each open level's braces itself.
    ///
    /// ```swift
    /// // enum Constants { static let limit = 3 }  // no string: blanked
    /// // final class Feed { func load() { Task { await fetch() } } }
    /// // extension Feed { var isEmpty: Bool { items.isEmpty } }  // Feed encloses a site: kept (enclosingTypes)
    /// ```
    struct TypeSkeleton {
        /// What is known about one type's braces while they are open.
        struct Header {
            /// The identifier words of the header (empty when none were read, e.g. `extension [Int]`).
            var words: [String]
            /// The words of every type declared inside.
            var nestedWords: Set<String> = []
            /// A string literal stands among the members (of this type or a type nested in it).
            var holdsString = false
            /// Where the declaration starts when it can go whole with its body (``SourceBytes/removableDeclarationStart(keyword:)``).
            var declarationStart: Int?
        }

        private struct Candidate {
            var inside: Range<Int>
            /// The whole declaration, from its first modifier or keyword to its `}`, when it can go whole.
            var whole: Range<Int>?
            var words: Set<String>
            /// The header's own words (its name): a type a reader reads by name (``SyntaxReads/Anywhere/typesNamed``) stays.
            var headerWords: [String]
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
        /// The header of each open level (nil for brackets and braces that are no type's).
        private var headers: [Header?] = []

        /// The innermost open level is a type's braces (at member level or a local type's).
        var isInTypeBraces: Bool { headers.last.map { $0 != nil } ?? false }

        /// `(` or `[` opens a level: the name being read ends.
        mutating func openBracket() {
            endName()
            headers.append(nil)
        }

        mutating func closeBracket() { headers.removeLast() }

        /// `{` opens a level: the pending header, if any, is these braces' (a type body always has one).
        mutating func openBrace(isTypeBody: Bool) {
            var header = takeHeader()
            if isTypeBody, header == nil { header = Header(words: []) }
            headers.append(header)
        }

        /// Braces holding `inside` close (`opener`, and `outer`: the opener of the level around them): a type's are
        /// recorded, and the enclosing type inherits their words (and their string constants when they are its
        /// member).
        mutating func closeBrace(_ opener: Scopes.Opener, outer: Scopes.Opener?, inside: Range<Int>, marks: Marks) {
            guard let header = headers.removeLast() else { return }
            var candidate: (isProtocol: Bool, isMemberOfType: Bool)?
            if case .typeBody(let isProtocol) = opener {
                var isMemberOfType = false
                if let outer, case .typeBody = outer { isMemberOfType = true }
                candidate = (isProtocol, isMemberOfType)
            }
            let inherited = close(header, inside: inside, holdsSite: marks.hasSite(in: inside),
                                  holdsKept: marks.hasKept(in: inside), candidate: candidate)
            guard let enclosing = headers.lastIndex(where: { $0 != nil }) else { return }
            headers[enclosing]?.nestedWords.formUnion(inherited.words)
            if inherited.holdsString { headers[enclosing]?.holdsString = true }
        }

        /// A string literal at the level `opener` opened: among a type's members, it may be a constant a reader
        /// reads (``SyntaxReads/Anywhere/stringConstants``).
        mutating func string(at opener: Scopes.Opener?) {
            guard let opener, case .typeBody = opener, headers.last.map({ $0 != nil }) == true else { return }
            headers[headers.count - 1]?.holdsString = true
        }

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
        private mutating func takeHeader() -> Header? {
            defer { cancelHeader() }
            return pendingWords.map { Header(words: $0, declarationStart: pendingDeclarationStart) }
        }

        /// Braces with a header close. `holdsSite`/`holdsKept`: a creation token / kept word lies in `inside`.
        /// `isCandidate`: member-level type braces (others only lend their words). Returns what the enclosing
        /// type inherits: the words, and whether a string stands among members (when `isMemberOfType`).
        private mutating func close(_ header: Header, inside: Range<Int>, holdsSite: Bool, holdsKept: Bool,
                            candidate: (isProtocol: Bool, isMemberOfType: Bool)?) -> (words: Set<String>, holdsString: Bool) {
            let words = header.nestedWords.union(header.words)
            if holdsSite {
                if header.words.isEmpty { isUnsure = true }
                siteWords.formUnion(header.words)
            }
            let whole = header.declarationStart.map { $0..<(inside.upperBound + 1) }
            if let candidate, !holdsSite, !holdsKept, !header.holdsString, inside.count >= SourceMask.minimumBlankedLength || whole != nil,
               candidate.isProtocol || !header.words.isEmpty {
                candidates.append(Candidate(inside: inside, whole: whole, words: words, headerWords: header.words,
                                            isProtocol: candidate.isProtocol))
            }
            return (words, header.holdsString && candidate?.isMemberOfType == true)
        }

        /// The blanked ranges with the eligible type bodies added (and the ranges inside them removed).
        /// `keepingSiteTypes`: a type named like a type around a site stays (a reader looks up the declarations of
        /// a site's type, ``SyntaxReads/AroundSite/enclosingTypes``); a type named one of `keepingTypesNamed` stays.
        func finish(blanked: [Range<Int>], keepingSiteTypes: Bool, keepingTypesNamed: Set<String>) -> [Range<Int>] {
            guard !isUnsure else { return blanked }
            var chosen: [Range<Int>] = []
            for candidate in candidates.sorted(by: { $0.blanked.lowerBound < $1.blanked.lowerBound })
            where (candidate.isProtocol || !keepingSiteTypes || candidate.words.isDisjoint(with: siteWords))
                && (keepingTypesNamed.isEmpty || candidate.headerWords.allSatisfy { !keepingTypesNamed.contains($0) }) {
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
