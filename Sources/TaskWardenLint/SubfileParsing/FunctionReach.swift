/// Sub-file parsing for the files a reader indexes every function of (``SyntaxReads/FunctionIndex``: which
/// functions hold one of its words, directly or through the functions they call, across the tree).
///
/// Such a file keeps every declaration, and every member body that can matter: one holding a site or a reader's
/// kept word, one mentioning an indexed word (``SyntaxReads/FunctionIndex/words``), and a function's body that
/// names a function *reaching* one: a function of any indexed file whose body mentions an indexed word, or names
/// such a function in turn. Other bodies are emptied (`func load() {   }`): the function is still declared (a
/// reader may ask whether the tree defines a called function) and the index reads nothing from its body, since a
/// body that names no reaching function and no indexed word gives its function no facts. Names are compared as
/// words, wherever they stand in a body (a call is one such place), so the reach is never smaller than the
/// index's; a function declared where no member body of its own is read (in an initializer, in a closure)
/// counts as reaching.
///
/// The rest of the file is masked as any file is (``SourceMask/scan(_:marks:)``), with what the index reads kept:
/// a statement naming a reaching function or an indexed word (or a word ending with one) stays as a reader's
/// member call does, with the braces and statements around it (the index keys a call by its name and receiver:
/// what else its body does gives its function no facts); a body holding a word of the index's file tokens stays
/// whole; no range of the mask is applied that touches a function's signature (`func` to `{`: the index keys
/// functions by name and type, and reads their parameters' types), holds a `func`, stands on a line holding an
/// indexed word or a token's word, or lies in a body nesting a `func`.
///
/// Reach crosses files, so the engine reads every indexed file first
/// (``FunctionReachFile/read(_:marks:token:indexedWords:contextWords:)``), then works out the names reaching an
/// indexed word (``names(reachingIn:)``), then masks and parses each (``FunctionReachFile/plan(for:reaching:)``).
///
/// ```swift
/// // with `publish` an indexed word and `Outbox` a file token:
/// // func flush() { try? Outbox.shared.publish(batch) }    kept whole: `Outbox`
/// // func refresh() { flush(); reload() }                  kept: `flush()`; `reload()` goes
/// // func reload() { items = load() }                      emptied: func reload() {   }
/// ```
public struct FunctionReachFile: Sendable, Equatable {
    /// The file holds this token of ``ParsePlan/Options/indexTokens``.
    public var token: String

    struct Body: Sendable, Equatable {
        var inside: Range<Int>
        var isFunction: Bool
        /// A function's name (hash); nil for other bodies, and for a function whose name could not be read (kept).
        var name: UInt64?
        var nameStart: Int?
        /// Every word in the body (hashes, without repeats).
        var words: [UInt64]
        /// It is too short to blank, or holds a site or a kept word, an indexed word, or (not a function's body)
        /// a nested `func`, which the index reads as a function of its own: kept whatever the reach.
        var isKept: Bool
        var mentionsIndexedWord: Bool
        /// No range of the lint mask is applied in it: too short to blank, a nested `func`, a function without a
        /// readable name.
        var isKeptAsItIs: Bool
    }

    var bodies: [Body]
    /// Functions declared where no member body of theirs is read (in a closure, in an
    /// initializer's or accessor's body): their bodies stay, so their names count as reaching.
    var otherFunctionNames: [UInt64]
    /// The marks of the file's own lint mask (``SourceMask/scan(_:marks:)``).
    var marks: SourceMask.Marks
    /// Functions' signatures, `func` to `{`, sorted.
    var signatures: [Range<Int>]
    /// Every word of the file (strings and comments included), read once: where each starts, and its hash.
    var wordStarts: [Int]
    var wordHashes: [UInt64]
    /// Where `func`, the indexed words and the words of the index's file tokens start, sorted.
    var functionKeywords: [Int]
    var indexedWords: [Int]
    var contextWords: [Int]

    /// Reads the member bodies of `bytes`, and the mask (its bracket depths, and whether it was unsure: then
    /// there is no file, and the file is parsed whole). A word ending with one of `indexedWords` counts as one (the
    /// index reads a word by its suffix: `x.republish` holds `publish`); `contextWords` are the words of the index's
    /// file tokens.
    static func read(_ bytes: [UInt8], marks: SourceMask.Marks, token: String, indexedWords: [String], contextWords: WordSet)
        -> (file: FunctionReachFile?, mask: SourceMask) {
        var file = FunctionReachFile(token: token, bodies: [], otherFunctionNames: [], marks: marks, signatures: [],
                                     wordStarts: [], wordHashes: [], functionKeywords: [], indexedWords: [], contextWords: [])
        let indexed = indexedWords.filter { !$0.isEmpty }.map { Array($0.utf8) }
        bytes.withUnsafeBufferPointer { buffer in
            SourceMask.SourceBytes.forEachWord(in: buffer, 0..<buffer.count) { word in
                let hash = SourceMask.SourceBytes.wordHash(buffer, word)
                file.wordStarts.append(word.lowerBound)
                file.wordHashes.append(hash)
                if hash == funcWord { file.functionKeywords.append(word.lowerBound) }
                if contextWords.contains(hash) { file.contextWords.append(word.lowerBound) }
                if indexed.contains(where: { Self.word(word, in: buffer, endsWith: $0) }) { file.indexedWords.append(word.lowerBound) }
                return true
            }
        }
        var signatures: [Range<Int>] = []
        let mask = SourceMask.scan(bytes) { buffer, body in
            let words = file.distinctWords(in: body.inside)
            let mentionsIndexedWord = Self.any(file.indexedWords, in: body.inside)
            let nestsFunction = !body.isFunction && words.contains(funcWord)
            let isUnnamedFunction = body.isFunction && body.name == nil
            let isKept = !body.isBlankable || marks.hasSite(in: body.inside) || marks.hasKept(in: body.inside) || mentionsIndexedWord
                || nestsFunction || isUnnamedFunction
            file.bodies.append(Body(inside: body.inside, isFunction: body.isFunction,
                                    name: body.name.map { SourceMask.SourceBytes.wordHash(buffer, $0) }, nameStart: body.name?.lowerBound,
                                    words: words, isKept: isKept, mentionsIndexedWord: mentionsIndexedWord,
                                    isKeptAsItIs: !body.isBlankable || nestsFunction || isUnnamedFunction))
            if let keyword = body.keyword { signatures.append(keyword..<body.inside.lowerBound) }
            // Nothing is blanked now: which bodies go is known once every indexed file is read.
            return true
        }
        guard mask.uncertainty == nil else { return (nil, mask) }
        file.signatures = union(signatures)
        file.otherFunctionNames = file.otherFunctionNames(bodies: file.bodies)
        return (file, mask)
    }

    /// Whether the word `word` of `bytes` ends with `suffix`.
    private static func word(_ word: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, endsWith suffix: [UInt8]) -> Bool {
        guard word.count >= suffix.count else { return false }
        let start = word.upperBound - suffix.count
        for offset in suffix.indices where bytes[start + offset] != suffix[offset] { return false }
        return true
    }

    private static let funcWord = SourceMask.SourceBytes.wordHash("func")

    /// The names after `func` that are neither a member function read above nor inside a function's body
    /// (whose nested functions the index reads as part of it).
    private func otherFunctionNames(bodies: [Body]) -> [UInt64] {
        // Merged and sorted: a position is looked up by binary search (a file may hold thousands of functions).
        let functionBodies = Self.union(bodies.filter(\.isFunction).map(\.inside))
        let readNames = Set(bodies.compactMap(\.nameStart))
        var names: [UInt64] = []
        for index in wordHashes.indices.dropFirst() where wordHashes[index - 1] == Self.funcWord {
            let keywordStart = wordStarts[index - 1]
            let inFunctionBody = Self.any(functionBodies, overlapping: keywordStart..<(keywordStart + 1))
            if !inFunctionBody, !readNames.contains(wordStarts[index]) { names.append(wordHashes[index]) }
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

    /// The plan for the file once the reaching names are known: the bodies nothing reaches emptied, and the rest
    /// masked by the file's own mask with every statement naming a reaching function or an indexed word kept as a
    /// reader's member call is (with the braces and statements holding it), every body holding a token's word kept
    /// whole, and none of its ranges applied that touches a signature, holds a `func`, stands on a line holding an
    /// indexed word or a token's word, or lies in a body kept as it is.
    func plan(for bytes: [UInt8], reaching: WordSet) -> ParsePlan {
        var emptied: [Range<Int>] = []
        var keptAsTheyAre: [Range<Int>] = []
        for body in bodies {
            let reaches = body.isFunction && body.words.contains(where: reaching.contains)
            if !body.isKept && !reaches { emptied.append(body.inside) }
            if body.isKeptAsItIs { keptAsTheyAre.append(body.inside) }
        }
        // Sorted and merged, and the newlines found once: each range of the mask is tested by binary searches (a
        // file of one long line, or of thousands of bodies, stays linear).
        keptAsTheyAre = Self.union(keptAsTheyAre)
        var newlines: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in ByteSearch.forEach(UInt8(ascii: "\n"), in: buffer) { newlines.append($0) } }
        var marks = self.marks
        let reachingWords = wordHashes.indices.filter { reaching.contains(wordHashes[$0]) }.map { wordStarts[$0] }
        marks.keptCalls = (marks.keptCalls + indexedWords + reachingWords).sorted()
        marks.kept = (marks.kept + contextWords).sorted()
        let lintMask = SourceMask.scan(bytes, marks: marks)
        let lint = lintMask.uncertainty != nil ? [] : bytes.withUnsafeBufferPointer { buffer in
            lintMask.blanked.filter { range in
                let lines = Self.lines(around: range, newlines: newlines, count: buffer.count)
                return !Self.any(signatures, overlapping: range) && !Self.any(functionKeywords, in: range)
                    && !Self.any(indexedWords, in: lines) && !Self.any(contextWords, in: lines)
                    && !Self.any(keptAsTheyAre, overlapping: range)
            }
        }
        let blanked = Self.union(emptied + lint)
        guard !blanked.isEmpty else { return .wholeFile(reason: .nothingToBlank) }
        return .subFile(masked: SourceMask.apply(blanked, to: bytes), blankedBytes: blanked.reduce(0) { $0 + $1.count })
    }

    /// Whether a sorted position lies in `range`.
    private static func any(_ sorted: [Int], in range: Range<Int>) -> Bool {
        let low = sorted.partitioningIndex { $0 >= range.lowerBound }
        return low < sorted.count && sorted[low] < range.upperBound
    }

    /// Whether one of `sorted` (non-overlapping ranges, by start) overlaps `range`.
    private static func any(_ sorted: [Range<Int>], overlapping range: Range<Int>) -> Bool {
        let low = sorted.partitioningIndex { $0.upperBound > range.lowerBound }
        return low < sorted.count && sorted[low].lowerBound < range.upperBound
    }

    /// `range` grown to the whole lines it stands on, given the file's `newlines` (sorted) and length.
    private static func lines(around range: Range<Int>, newlines: [Int], count: Int) -> Range<Int> {
        let before = newlines.partitioningIndex { $0 >= range.lowerBound }
        let after = newlines.partitioningIndex { $0 >= range.upperBound }
        return (before > 0 ? newlines[before - 1] + 1 : 0)..<(after < newlines.count ? newlines[after] : count)
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
    private func distinctWords(in range: Range<Int>) -> [UInt64] {
        let low = wordStarts.partitioningIndex { $0 >= range.lowerBound }
        let high = wordStarts.partitioningIndex { $0 >= range.upperBound }
        var seen = WordSet()
        var words: [UInt64] = []
        for hash in wordHashes[low..<high] where !seen.contains(hash) {
            seen.insert(hash)
            words.append(hash)
        }
        return words
    }
}
