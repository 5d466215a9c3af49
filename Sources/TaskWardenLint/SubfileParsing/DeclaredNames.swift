extension SourceMask {
    /// The pass that collects the names a file declares: directly in a type's braces (at member level, or in a
    /// local type), a `var`/`let` declares a property and a member, a `func` a member; elsewhere, a name bound to a
    /// word whose aliases a reader reads (``SyntaxReads/SiteClosure/aliasesOf``) is an alias. Read once the file is
    /// read, by the statement passes (a statement calling a property or using a member stays whole, when a reader
    /// reads those).
    ///
    /// ```swift
    /// // with aliases of `owner` read:
    /// // final class Feed { var items = [Item](); func load() { let current = owner } }
    /// // properties: items; members: items, load; aliases: current
    /// ```
    struct DeclaredNames {
        let source: SourceBytes
        private let aliasTargets: WordSet
        private(set) var properties = WordSet()
        private(set) var members = WordSet()
        private(set) var aliases = WordSet()
        /// The next word is declared (after `var`, `let`, or a member-level comma), or is a function's name.
        private var declaresNext = false
        private var namesFunctionNext = false

        init(source: SourceBytes, reads: MaskReads) {
            self.source = source
            aliasTargets = reads.aliasTargets
        }

        /// A word; `inTypeBraces`: the innermost open level is a type's braces.
        mutating func word(_ token: Token, inTypeBraces: Bool) {
            let (start, end, hash) = (token.start, token.end, token.hash)
            let isBinding = source.isWord(start, end, "let") || source.isWord(start, end, "var")
            if declaresNext || namesFunctionNext {
                if inTypeBraces {
                    members.insert(hash)
                    if declaresNext { properties.insert(hash) }
                } else if declaresNext, !aliasTargets.isEmpty, source.bindsOne(of: aliasTargets, after: end) {
                    aliases.insert(hash)
                }
            }
            declaresNext = isBinding
            namesFunctionNext = source.isWord(start, end, "func")
        }

        /// `var a = 1, b = 2`: the name after a member-level comma is declared too.
        mutating func memberLevelComma() { declaresNext = true }
    }
}
