/// Sub-file parsing for the files a rule indexes every function of (the background rules: which functions
/// submit a request, complete a task or set its expiration handler, directly or through the functions they
/// call, across the tree).
///
/// Such a file keeps every declaration, and every member body that can matter: one holding a site or a
/// rule's kept token, one mentioning an indexed word (``RuleDescription/functionIndexWords``: `submit`,
/// `setTaskCompleted`, `expirationHandler`, the request types), and a function's body that names a function
/// *reaching* one: a function of any indexed file whose body mentions an indexed word, or names such a
/// function in turn. Other bodies are emptied (`func load() {   }`): the function is still declared (the rules
/// ask whether the tree defines a called function) and the index reads nothing from its body, since a body
/// that names no reaching function and no indexed word gives its function no facts. Names are compared as
/// words, wherever they stand in a body (a call is one such place), so the reach is never smaller than the
/// index's; a function declared where no member body of its own is read (in an initializer, in a closure)
/// counts as reaching.
///
/// The rest of the file is masked as `lint` masks any file (``SourceMask/scan(_:marks:)``), wherever that
/// takes out nothing the index or the background rules read: no range of the lint mask is applied that lies in
/// a body the index reads (one mentioning an indexed word, or a background word such as `backgroundTask` or
/// `forTaskWithIdentifier`, a reaching function's, one nesting a `func`), that touches a function's signature
/// (`func` to `{`: the index keys functions by name and type, and reads their parameters' types), that holds a
/// `func`, or that stands on a line holding one of those words. So a comment, an import, a stored property's
/// type, a body kept only for its site (trimmed like any other) all go, and what the index reads stays whole.
///
/// Reach crosses files, so the engine reads every indexed file first
/// (``FunctionReachFile/read(_:marks:token:indexedWords:)``), then works out the names reaching an indexed word
/// (``names(reachingIn:)``), then parses each (``FunctionReachFile/plan(for:reaching:)``).
///
/// ```swift
/// // func schedule() { try? BGTaskScheduler.shared.submit(request) }    kept: `submit`
/// // func refresh() { schedule(); reload() }                            kept: names `schedule`
/// // func reload() { items = load() }                                   emptied: func reload() {   }
/// ```
public struct FunctionReachFile: Sendable, Equatable {
    /// The file holds this token of ``ParsePlan/Options/functionIndexTokens``.
    public var token: String

    struct Body: Sendable, Equatable {
        var inside: Range<Int>
        var isFunction: Bool
        /// A function's name (hash); nil for other bodies, and for a function whose name the lexical pass could
        /// not read (kept).
        var name: UInt64?
        var nameStart: Int?
        /// Every word in the body (hashes, without repeats).
        var words: [UInt64]
        /// It is too short to blank, or holds a site or a kept token, an indexed word, or (not a function's body)
        /// a nested `func`, which the index reads as a function of its own: kept whatever the reach.
        var isKept: Bool
        var mentionsIndexedWord: Bool
        /// The index reads it whatever the reach (an indexed or background word, a nested `func`, a function
        /// without a readable name, too short to blank): no range of the lint mask is applied in it.
        var isReadByIndex: Bool
    }

    var bodies: [Body]
    /// Functions declared where the lexical pass reads no member body of theirs (in a closure, in an
    /// initializer's or accessor's body): their bodies stay, so their names count as reaching.
    var otherFunctionNames: [UInt64]
    /// The ranges of the file's lint mask that hold no `func`, touch no function's signature and stand on no
    /// line with an indexed or background word, sorted: applied unless they lie in a body the index reads.
    var lintRanges: [Range<Int>]

    private init(token: String, bodies: [Body], otherFunctionNames: [UInt64], lintRanges: [Range<Int>]) {
        self.token = token
        self.bodies = bodies
        self.otherFunctionNames = otherFunctionNames
        self.lintRanges = lintRanges
    }

    /// Reads the member bodies of `bytes`, and the lexical pass's mask (its bracket depths, and whether it was
    /// unsure: then there is no file, and the file is parsed whole). `contextWords` are the background words
    /// beside the indexed ones (the words of the rules' tokens): a body or line holding one keeps its lint trims out.
    static func read(_ bytes: [UInt8], marks: SourceMask.Marks, token: String, indexedWords: WordSet, contextWords: WordSet)
        -> (file: FunctionReachFile?, mask: SourceMask) {
        var found: [Body] = []
        var signatures: [Range<Int>] = []
        let mask = SourceMask.scan(bytes) { buffer, body in
            let words = Self.words(in: buffer, body.inside)
            let mentionsIndexedWord = words.contains(where: indexedWords.contains)
            let nestsFunction = !body.isFunction && words.contains(funcWord)
            let isUnnamedFunction = body.isFunction && body.name == nil
            let isKept = !body.isBlankable || marks.hasSite(in: body.inside) || marks.hasKept(in: body.inside) || mentionsIndexedWord
                || nestsFunction || isUnnamedFunction
            let isReadByIndex = !body.isBlankable || mentionsIndexedWord || nestsFunction || isUnnamedFunction
                || words.contains(where: contextWords.contains)
            found.append(Body(inside: body.inside, isFunction: body.isFunction,
                              name: body.name.map { SourceMask.Lexer.wordHash(buffer, $0) }, nameStart: body.name?.lowerBound, words: words,
                              isKept: isKept, mentionsIndexedWord: mentionsIndexedWord, isReadByIndex: isReadByIndex))
            if let keyword = body.keyword { signatures.append(keyword..<body.inside.lowerBound) }
            // Nothing is blanked now: which bodies go is known once every indexed file is read.
            return true
        }
        guard mask.uncertainty == nil else { return (nil, mask) }
        let lintMask = SourceMask.scan(bytes, marks: marks)
        let lintRanges = lintMask.uncertainty != nil ? [] : bytes.withUnsafeBufferPointer { buffer in
            Self.harmlessRanges(of: lintMask.blanked, in: buffer, signatures: signatures.sorted { $0.lowerBound < $1.lowerBound },
                                words: { indexedWords.contains($0) || contextWords.contains($0) })
        }
        let others = bytes.withUnsafeBufferPointer { Self.otherFunctionNames(in: $0, bodies: found) }
        return (FunctionReachFile(token: token, bodies: found, otherFunctionNames: others, lintRanges: lintRanges), mask)
    }

    /// The ranges of a lint mask that take out nothing the index reads outside its bodies: no `func`, no part
    /// of a function's signature, no line holding an indexed or background word (`isIndexWord`).
    private static func harmlessRanges(of ranges: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>, signatures: [Range<Int>],
                                       words isIndexWord: (UInt64) -> Bool) -> [Range<Int>] {
        ranges.filter { range in
            let touching = signatures.partitioningIndex { $0.upperBound > range.lowerBound }
            if touching < signatures.count, signatures[touching].lowerBound < range.upperBound { return false }
            var lines = range
            while lines.lowerBound > 0, bytes[lines.lowerBound - 1] != UInt8(ascii: "\n") { lines = (lines.lowerBound - 1)..<lines.upperBound }
            while lines.upperBound < bytes.count, bytes[lines.upperBound] != UInt8(ascii: "\n") { lines = lines.lowerBound..<(lines.upperBound + 1) }
            var harmless = true
            SourceMask.Lexer.forEachWord(in: bytes, lines) { word in
                let hash = SourceMask.Lexer.wordHash(bytes, word)
                if isIndexWord(hash) || (range.contains(word.lowerBound) && hash == funcWord) { harmless = false }
                return harmless
            }
            return harmless
        }
    }

    private static let funcWord = SourceMask.Lexer.wordHash("func")

    /// The names after `func` that are neither a member function read above nor inside a function's body
    /// (whose nested functions the index reads as part of it).
    private static func otherFunctionNames(in bytes: UnsafeBufferPointer<UInt8>, bodies: [Body]) -> [UInt64] {
        let functionBodies = bodies.filter(\.isFunction).map(\.inside)
        let readNames = Set(bodies.compactMap(\.nameStart))
        var names: [UInt64] = []
        var afterFunc: Int?
        SourceMask.Lexer.forEachWord(in: bytes, 0..<bytes.count) { word in
            let hash = SourceMask.Lexer.wordHash(bytes, word)
            if let keywordStart = afterFunc {
                afterFunc = nil
                let inFunctionBody = functionBodies.contains { $0.contains(keywordStart) }
                if !inFunctionBody, !readNames.contains(word.lowerBound) { names.append(hash) }
            }
            if hash == funcWord { afterFunc = word.lowerBound }
            return true
        }
        return names
    }

    /// The names of the functions, in any of `files`, whose bodies mention an indexed word or name such a
    /// function (by hash).
    static func names(reachingIn files: [FunctionReachFile]) -> WordSet {
        let functions = files.flatMap(\.bodies).filter { $0.isFunction && $0.name != nil }
        var reaching = WordSet(files.flatMap(\.otherFunctionNames))
        var changed = true
        while changed {
            changed = false
            for function in functions where !reaching.contains(function.name!) {
                if function.mentionsIndexedWord || function.words.contains(where: reaching.contains) {
                    reaching.insert(function.name!)
                    changed = true
                }
            }
        }
        return reaching
    }

    /// The plan for the file once the reaching names are known: the bodies nothing reaches emptied, and the lint
    /// mask's ranges outside the bodies the index reads.
    func plan(for bytes: [UInt8], reaching: WordSet) -> ParsePlan {
        var emptied: [Range<Int>] = []
        var read: [Range<Int>] = []
        for body in bodies {
            let reaches = body.isFunction && body.words.contains(where: reaching.contains)
            if !body.isKept && !reaches { emptied.append(body.inside) }
            if body.isReadByIndex || reaches { read.append(body.inside) }
        }
        let lint = lintRanges.filter { range in !read.contains { $0.overlaps(range) } }
        let blanked = Self.union(emptied + lint)
        guard !blanked.isEmpty else { return .wholeFile(reason: .nothingToBlank) }
        return .subFile(masked: SourceMask.apply(blanked, to: bytes), blankedBytes: blanked.reduce(0) { $0 + $1.count })
    }

    /// `ranges` sorted, overlapping ones merged.
    private static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The distinct words of `range` (strings and comments included: more words only keep more bodies).
    private static func words(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt64] {
        var seen = WordSet()
        var words: [UInt64] = []
        SourceMask.Lexer.forEachWord(in: bytes, range) { word in
            let hash = SourceMask.Lexer.wordHash(bytes, word)
            if !seen.contains(hash) {
                seen.insert(hash)
                words.append(hash)
            }
            return true
        }
        return words
    }
}
