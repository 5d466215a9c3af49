/// The byte scan that decides whether a file is worth parsing: a file containing none of the creation
/// tokens cannot produce a site, so it is never parsed.
///
/// Tokens (matched on bytes, no decoding): the word `Task` followed by `{`, `(`, `.init`, `.detached` or
/// `.immediate…` (optionally after `<…>`), or preceded by `struct`/`class`/`enum`/`protocol`/`actor`/
/// `typealias` (a shadowing type); `addTask…`, `addImmediateTask…`, `forTaskWithIdentifier`,
/// `backgroundTask(`, `.task` followed by `{` or `(`, and `async` followed by whitespace and `let`.
/// So `Task<Void, Never>?`, `-> Task<…> {`, `Task.sleep`, `backgroundTask(withName:)`, `TaskGroup` or
/// `URLSessionDataTask` alone do not count. Rules may add
/// their own tokens (``RuleDescription/additionalScanTokens``).
///
/// ```swift
/// let scanner = CreationTokenScanner()
/// scanner.mayContainSite(Array("let x = 1".utf8))            // false
/// scanner.mayContainSite(Array("Task { await f() }".utf8))   // true
/// ```
public struct CreationTokenScanner: Sendable {
    private let extraTokens: [[UInt8]]

    public init(additionalTokens: [String] = []) {
        extraTokens = additionalTokens.filter { !$0.isEmpty }.map { Array($0.utf8) }
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
        for anchor in Self.anchors {
            var found = false
            ByteSearch.forEach(anchor, in: bytes, from: start, to: end) { index in
                found = startsCreationToken(bytes, at: index)
                return !found
            }
            if found { return true }
        }
        for token in extraTokens where Self.contains(bytes, token, from: start, to: end) { return true }
        return false
    }

    /// Every creation token holds one of these, where it starts (`Task` also stands inside `addTask`,
    /// `addImmediateTask`, `forTaskWithIdentifier` and `backgroundTask`, whose checks look around it): found with
    /// `memmem`, so the bytes between are never looked at one by one.
    private static let anchors: [[UInt8]] = [Array("Task".utf8), Array(".task".utf8), Array("async".utf8)]

    /// Where the creation tokens start in `bytes`, in order (the rules' additional tokens not included):
    /// sub-file parsing keeps every body holding one, and whole the closure that follows one.
    func creationTokenStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts: [Int] = []
        for anchor in Self.anchors {
            ByteSearch.forEach(anchor, in: bytes, from: 0, to: bytes.count) { index in
                if startsCreationToken(bytes, at: index) { starts.append(index) }
                return true
            }
        }
        return starts.sorted()
    }

    /// Whether a creation token starts at `index`.
    private func startsCreationToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "T"):
            guard matches(bytes, index, "Task") else { return false }
            if !isIdentifierByte(bytes, index - 1) && !isIdentifierByte(bytes, index + 4) {
                return (createsTask(bytes, after: index + 4) && !isReturnType(bytes, before: index)) || declaresType(bytes, before: index)
            }
            if matches(bytes, index - 3, "add") || matches(bytes, index - 9, "Immediate") || matches(bytes, index, "TaskWithIdentifier") {
                return true
            }
            return matches(bytes, index - 10, "background") && nextNonSpace(bytes, index + 4) == UInt8(ascii: "(")
                && !startsWithLabel(bytes, skipSpaces(bytes, index + 4) + 1)
        case UInt8(ascii: "."):
            guard matches(bytes, index, ".task"), !isIdentifierByte(bytes, index + 5) else { return false }
            let next = nextNonSpace(bytes, index + 5)
            return next == UInt8(ascii: "{") || next == UInt8(ascii: "(")
        case UInt8(ascii: "a"):
            guard matches(bytes, index, "async"), !isIdentifierByte(bytes, index - 1) else { return false }
            let next = skipSpaces(bytes, index + 5)
            return next > index + 5 && matches(bytes, next, "let") && !isIdentifierByte(bytes, next + 3)
        default:
            return false
        }
    }

    /// After `Task`: `{`, `(`, `.init`/`.detached`/`.immediate…`, each optionally after `<…>`.
    private func createsTask(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
        var index = skipSpaces(bytes, start)
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            var depth = 0
            let limit = min(bytes.count, index + 400)
            while index < limit {
                if bytes[index] == UInt8(ascii: "<") { depth += 1 }
                if bytes[index] == UInt8(ascii: ">") {
                    depth -= 1
                    if depth == 0 { break }
                }
                index += 1
            }
            guard depth == 0, index < limit else { return false }
            index = skipSpaces(bytes, index + 1)
        }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            return true
        case UInt8(ascii: "."):
            let member = index + 1
            return matches(bytes, member, "init") || matches(bytes, member, "detached") || matches(bytes, member, "immediate")
        default:
            return false
        }
    }

    /// `-> Task<…> {` is a function's return type followed by its body, not a creation.
    private func isReturnType(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end - 1
        while index >= 0, Self.isSpace(bytes[index]) { index -= 1 }
        return index >= 1 && bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "-")
    }

    /// `withName: …`: an argument list that starts with a label (SwiftUI's `.backgroundTask` takes none).
    func startsWithLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var index = skipSpaces(bytes, start)
        let identifierStart = index
        while index < bytes.count, isIdentifierByte(bytes, index) { index += 1 }
        guard index > identifierStart else { return false }
        return nextNonSpace(bytes, index) == UInt8(ascii: ":")
    }

    /// Before `Task`: `struct`, `class`, `enum`, `protocol`, `actor` or `typealias` (a type that may shadow Swift's).
    private func declaresType(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end - 1
        while index >= 0, Self.isSpace(bytes[index]) { index -= 1 }
        guard index < end - 1 else { return false }
        let wordEnd = index + 1
        while index >= 0, isIdentifierByte(bytes, index) { index -= 1 }
        let wordStart = index + 1
        let length = wordEnd - wordStart
        for keyword: StaticString in ["struct", "class", "enum", "protocol", "actor", "typealias"]
        where keyword.utf8CodeUnitCount == length && matches(bytes, wordStart, keyword) {
            return true
        }
        return false
    }

    /// A space, tab or line break.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Skips whitespace and comments: `Task /* why */ {` and `Task // why⏎{` are still creations to the parser.
    private func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if Self.isSpace(bytes[index]) {
                index += 1
            } else if matches(bytes, index, "//") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if matches(bytes, index, "/*") {
                // Nested comments end where the lexical pass ends them; an unterminated one runs to the end.
                index = SourceMask.Lexer.skipBlockComment(bytes, from: index) ?? bytes.count
            } else {
                break
            }
        }
        return index
    }

    private func nextNonSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt8? {
        let index = skipSpaces(bytes, start)
        return index < bytes.count ? bytes[index] : nil
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ token: StaticString) -> Bool {
        let length = token.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let pointer = token.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private func isIdentifierByte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        // The byte order mark that may open a file (EF BB BF) is not a letter, so `Task` may follow it.
        if index < 3, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        let byte = bytes[index]
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }

    /// Whether `bytes` holds a rule's whole-file token; one ending in `(` counts only where the argument list
    /// does not start with a label (`.backgroundTask(` is SwiftUI's `.backgroundTask(.appRefresh(…))`, not
    /// `runner.backgroundTask(withName:)`).
    func containsWholeFileToken(_ token: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = Array(token.utf8)
        return Self.starts(of: utf8, in: bytes, wholeWord: false).contains { start in
            utf8.last != UInt8(ascii: "(") || !startsWithLabel(bytes, start + utf8.count)
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
            if !wholeWord || ((!SourceMask.Lexer.isIdentifierByte(first) || !SourceMask.Lexer.isIdentifierByte(before))
                && (!SourceMask.Lexer.isIdentifierByte(last) || !SourceMask.Lexer.isIdentifierByte(after))) {
                found.append(index)
            }
            return true
        }
        return found
    }

    /// Where the rules' kept-body `token` starts in `bytes`: a plain token as a whole word; one written
    /// `.word(` as a member call only, the word after a `.` (spaces and newlines may stand between) and before
    /// `(` or a trailing closure's `{` (`task?.cancel()`, `$0.cancel()`, not `return .cancel`).
    static func keptTokenStarts(_ token: String, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard token.count > 2, token.hasPrefix("."), token.hasSuffix("(") else {
            return starts(of: Array(token.utf8), in: bytes, wholeWord: true)
        }
        let word = Array(token.utf8.dropFirst().dropLast())
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
