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
    }

    var bodies: [Body]
    /// Functions declared where the lexical pass reads no member body of theirs (in a closure, in an
    /// initializer's or accessor's body): their bodies stay, so their names count as reaching.
    var otherFunctionNames: [UInt64]

    private init(token: String, bodies: [Body], otherFunctionNames: [UInt64]) {
        self.token = token
        self.bodies = bodies
        self.otherFunctionNames = otherFunctionNames
    }

    /// Reads the member bodies of `bytes`, and the lexical pass's mask (its bracket depths, and whether it was
    /// unsure: then there is no file, and the file is parsed whole).
    static func read(_ bytes: [UInt8], marks: SourceMask.Marks, token: String, indexedWords: WordSet)
        -> (file: FunctionReachFile?, mask: SourceMask) {
        var found: [Body] = []
        let mask = SourceMask.scan(bytes) { buffer, body in
            let words = Self.words(in: buffer, body.inside)
            let mentionsIndexedWord = words.contains(where: indexedWords.contains)
            let nestsFunction = !body.isFunction && words.contains(funcWord)
            let isKept = !body.isBlankable || marks.hasSite(in: body.inside) || marks.hasKept(in: body.inside) || mentionsIndexedWord
                || nestsFunction || (body.isFunction && body.name == nil)
            found.append(Body(inside: body.inside, isFunction: body.isFunction,
                              name: body.name.map { SourceMask.Lexer.wordHash(buffer, $0) }, nameStart: body.name?.lowerBound, words: words,
                              isKept: isKept, mentionsIndexedWord: mentionsIndexedWord))
            // Nothing is blanked now: which bodies go is known once every indexed file is read.
            return true
        }
        guard mask.uncertainty == nil else { return (nil, mask) }
        let others = bytes.withUnsafeBufferPointer { Self.otherFunctionNames(in: $0, bodies: found) }
        return (FunctionReachFile(token: token, bodies: found, otherFunctionNames: others), mask)
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

    /// The plan for the file once the reaching names are known.
    func plan(for bytes: [UInt8], reaching: WordSet) -> ParsePlan {
        let emptied = bodies.filter { body in
            !body.isKept && !(body.isFunction && body.words.contains(where: reaching.contains))
        }.map(\.inside)
        guard !emptied.isEmpty else { return .wholeFile(reason: .nothingToBlank) }
        return .subFile(masked: SourceMask.apply(emptied, to: bytes), blankedBytes: emptied.reduce(0) { $0 + $1.count })
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
