/// The byte scan that decides whether a file is worth parsing: a file containing none of the creation
/// tokens cannot produce a site, so it is never parsed.
///
/// Tokens (matched on bytes, no decoding): the identifier `Task` (whole word, so `TaskGroup` or
/// `URLSessionDataTask` alone do not count), `addTask…`, `addImmediateTask…`, `backgroundTask`,
/// `forTaskWithIdentifier`, `.task` (whole word), and `async` followed by whitespace and `let`. Rules may add
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
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "T"):
                // `Task` as a whole word, or the end of `addTask`/`addImmediateTask`/`backgroundTask`.
                if matches(bytes, index, "Task") {
                    let wholeWord = !isIdentifierByte(bytes, index - 1) && !isIdentifierByte(bytes, index + 4)
                    if wholeWord || matches(bytes, index - 3, "add") || matches(bytes, index - 9, "Immediate")
                        || matches(bytes, index - 10, "background") || matches(bytes, index, "TaskWithIdentifier") {
                        return true
                    }
                }
            case UInt8(ascii: "."):
                if matches(bytes, index, ".task"), !isIdentifierByte(bytes, index + 5) { return true }
            case UInt8(ascii: "a"):
                if matches(bytes, index, "async"), !isIdentifierByte(bytes, index - 1) {
                    var next = index + 5
                    var sawSpace = false
                    while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A || bytes[next] == 0x0D {
                        next += 1
                        sawSpace = true
                    }
                    if sawSpace, matches(bytes, next, "let"), !isIdentifierByte(bytes, next + 3) { return true }
                }
            default:
                break
            }
            index += 1
        }
        for token in extraTokens where contains(bytes, token) { return true }
        return false
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
        let byte = bytes[index]
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }

    private func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ token: [UInt8]) -> Bool {
        guard let first = token.first, token.count <= bytes.count else { return false }
        var index = 0
        while index + token.count <= bytes.count {
            if bytes[index] == first {
                var offset = 1
                while offset < token.count, bytes[index + offset] == token[offset] { offset += 1 }
                if offset == token.count { return true }
            }
            index += 1
        }
        return false
    }
}
