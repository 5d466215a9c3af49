/// The byte scan that decides whether a file is worth parsing: a file holding none of discovery's creation
/// tokens (``CreationTokens``) cannot produce a site, so it is never parsed, unless it holds one of the
/// ``SyntaxReads/fileTokens`` a reader declares (`fileTokens`).
///
/// ```swift
/// let scanner = CreationTokenScanner()
/// scanner.mayContainSite(Array("let x = 1".utf8))            // false
/// scanner.mayContainSite(Array("Task { await f() }".utf8))   // true
/// ```
public struct CreationTokenScanner: Sendable {
    private let extraTokens: [[UInt8]]

    public init(fileTokens: [String] = []) {
        extraTokens = fileTokens.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    public func mayContainSite(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(mayContainSite)
    }

    public func mayContainSite(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        mayContainSite(bytes, from: 0, to: bytes.count)
    }

    /// Scans `bytes[start..<end]` (tokens are recognised by what surrounds them inside the whole buffer).
    public func mayContainSite(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let start = max(0, start)
        let end = min(end, bytes.count)
        for anchor in CreationTokens.anchors {
            var found = false
            ByteSearch.forEach(anchor, in: bytes, from: start, to: end) { index in
                found = CreationTokens.token(at: index, in: bytes) != nil
                return !found
            }
            if found { return true }
        }
        for token in extraTokens where Self.contains(bytes, token, from: start, to: end) { return true }
        return false
    }

    /// Where the creation tokens start in `bytes`, in order, and their kinds (the file tokens not included):
    /// sub-file parsing keeps every body holding one, and the closure that follows one.
    func creationTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [(start: Int, kind: CreationTokens.Kind)] {
        var tokens: [(start: Int, kind: CreationTokens.Kind)] = []
        for anchor in CreationTokens.anchors {
            ByteSearch.forEach(anchor, in: bytes, from: 0, to: bytes.count) { index in
                if let kind = CreationTokens.token(at: index, in: bytes) { tokens.append((index, kind)) }
                return true
            }
        }
        return tokens.sorted { $0.start < $1.start }
    }

    /// A space, tab or line break.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Whether `bytes` holds a function index's file token (``SyntaxReads/FunctionIndex/fileTokens``); one ending
    /// in `(` counts only where the argument list does not start with a label.
    static func containsIndexToken(_ token: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = Array(token.utf8)
        return starts(of: utf8, in: bytes, wholeWord: false).contains { start in
            utf8.last != UInt8(ascii: "(") || !CreationTokens.startsWithLabel(bytes, start + utf8.count)
        }
    }

    /// Where `token` starts in `bytes`; with `wholeWord`, only where no identifier byte stands before or after
    /// it (checked on each side where the token itself starts or ends with an identifier byte).
    static func starts(of token: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, wholeWord: Bool) -> [Int] {
        guard let first = token.first, let last = token.last else { return [] }
        var found: [Int] = []
        ByteSearch.forEach(token, in: bytes, from: 0, to: bytes.count) { index in
            let before = index > 0 ? bytes[index - 1] : 0x20
            let after = index + token.count < bytes.count ? bytes[index + token.count] : 0x20
            if !wholeWord || ((!SourceMask.SourceBytes.isIdentifierByte(first) || !SourceMask.SourceBytes.isIdentifierByte(before))
                && (!SourceMask.SourceBytes.isIdentifierByte(last) || !SourceMask.SourceBytes.isIdentifierByte(after))) {
                found.append(index)
            }
            return true
        }
        return found
    }

    /// Where `word` starts in `bytes` as a whole word (``SyntaxReads/Anywhere/bodiesWith``).
    static func wordStarts(_ word: String, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        starts(of: Array(word.utf8), in: bytes, wholeWord: true)
    }

    /// Where a member call of `name` starts in `bytes` (``SyntaxReads/Anywhere/memberCalls``): the word after a
    /// `.` (spaces and newlines may stand between) and before `(` or a trailing closure's `{` (for `close`:
    /// `stream?.close()`, `$0.close()`, not `return .close`).
    static func memberCallStarts(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let word = Array(name.utf8)
        return starts(of: word, in: bytes, wholeWord: true).filter { start in
            var before = start - 1
            while before >= 0, isSpace(bytes[before]) { before -= 1 }
            var after = start + word.count
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            return before >= 0 && bytes[before] == UInt8(ascii: ".")
                && after < bytes.count && (bytes[after] == UInt8(ascii: "(") || bytes[after] == UInt8(ascii: "{"))
        }
    }

    /// Whether any of `tokens` occurs anywhere in `bytes`.
    static func containsAny(_ tokens: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens.contains { contains(bytes, $0, from: 0, to: bytes.count) }
    }

    /// Whether `token` occurs in `bytes[start..<end]`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ token: [UInt8], from start: Int, to end: Int) -> Bool {
        var found = false
        ByteSearch.forEach(token, in: bytes, from: start, to: end) { _ in
            found = true
            return false
        }
        return found
    }
}
