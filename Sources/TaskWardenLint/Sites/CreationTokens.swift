/// The words that create a task, as discovery recognises them on bytes before anything is parsed: the byte scan
/// (``CreationTokenScanner``) skips files and statements holding none, and sub-file parsing keeps what holds one.
///
/// A token is the word `Task` followed by `{`, `(`, `.init`, `.detached` or `.immediate…` (optionally after
/// `<…>`), or preceded by `struct`/`class`/`enum`/`protocol`/`actor`/`typealias` (a shadowing type);
/// `addTask…`, `addImmediateTask…`, `forTaskWithIdentifier`, `backgroundTask(` without a label after it, `.task`
/// followed by `{` or `(`, and `async` followed by whitespace and `let`. So `Task<Void, Never>?`, `-> Task<…> {`,
/// `Task.sleep`, `backgroundTask(withName:)`, `TaskGroup` or `URLSessionDataTask` alone do not count.
///
/// ```swift
/// let bytes = Array("group.addTask { await load() }".utf8)
/// bytes.withUnsafeBufferPointer { CreationTokens.token(at: 6, in: $0) }   // .groupChild
/// ```
enum CreationTokens {
    /// What a token creates, as far as its bytes say.
    enum Kind: Sendable, Equatable {
        /// `Task {`, `Task(…)`, `Task.detached`, `Task.immediate…`.
        case task
        /// `struct Task`, `typealias Task`: a type that may shadow Swift's.
        case taskType
        /// `addTask…`, `addImmediateTask…`.
        case groupChild
        case asyncLet
        /// SwiftUI's `.task {` / `.task(…)`.
        case swiftUITask
        /// SwiftUI's `.backgroundTask(…)`.
        case backgroundTask
        /// `register(forTaskWithIdentifier:…)`: the token is an argument's label.
        case registration

        /// The site kinds a token of this kind may start.
        var siteKinds: Set<CreationSiteKind> {
            switch self {
            case .task: [.taskInit, .taskDetached, .taskImmediate, .taskImmediateDetached]
            case .taskType: []
            case .groupChild: [.addTask, .addTaskUnlessCancelled, .addImmediateTask, .addImmediateTaskUnlessCancelled]
            case .asyncLet: [.asyncLet]
            case .swiftUITask: [.swiftUITask]
            case .backgroundTask: [.backgroundTask]
            case .registration: [.backgroundTaskRegistration]
            }
        }
    }

    /// Every token holds one of these, where it starts (`Task` also stands inside `addTask`, `addImmediateTask`,
    /// `forTaskWithIdentifier` and `backgroundTask`, whose checks look around it): found with `memmem`, so the
    /// bytes between are never looked at one by one.
    static let anchors: [[UInt8]] = [Array("Task".utf8), Array(".task".utf8), Array("async".utf8)]

    /// The token starting at `index` (where an anchor was found), if one does.
    static func token(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Kind? {
        switch bytes[index] {
        case UInt8(ascii: "T"):
            guard matches(bytes, index, "Task") else { return nil }
            if !isIdentifierByte(bytes, index - 1) && !isIdentifierByte(bytes, index + 4) {
                if createsTask(bytes, after: index + 4) && !isReturnType(bytes, before: index) { return .task }
                return declaresType(bytes, before: index) ? .taskType : nil
            }
            if matches(bytes, index - 3, "add") || matches(bytes, index - 9, "Immediate") { return .groupChild }
            if matches(bytes, index, "TaskWithIdentifier") { return .registration }
            let isModifier = matches(bytes, index - 10, "background") && nextNonSpace(bytes, index + 4) == UInt8(ascii: "(")
                && !startsWithLabel(bytes, skipSpaces(bytes, index + 4) + 1)
            return isModifier ? .backgroundTask : nil
        case UInt8(ascii: "."):
            guard matches(bytes, index, ".task"), !isIdentifierByte(bytes, index + 5) else { return nil }
            let next = nextNonSpace(bytes, index + 5)
            return next == UInt8(ascii: "{") || next == UInt8(ascii: "(") ? .swiftUITask : nil
        case UInt8(ascii: "a"):
            guard matches(bytes, index, "async"), !isIdentifierByte(bytes, index - 1) else { return nil }
            let next = skipSpaces(bytes, index + 5)
            return next > index + 5 && matches(bytes, next, "let") && !isIdentifierByte(bytes, next + 3) ? .asyncLet : nil
        default:
            return nil
        }
    }

    /// After `Task`: `{`, `(`, `.init`/`.detached`/`.immediate…`, each optionally after `<…>`.
    private static func createsTask(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
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
    private static func isReturnType(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end - 1
        while index >= 0, CreationTokenScanner.isSpace(bytes[index]) { index -= 1 }
        return index >= 1 && bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "-")
    }

    /// Before `Task`: `struct`, `class`, `enum`, `protocol`, `actor` or `typealias` (a type that may shadow Swift's).
    private static func declaresType(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end - 1
        while index >= 0, CreationTokenScanner.isSpace(bytes[index]) { index -= 1 }
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

    /// `withName: …`: an argument list that starts with a label (SwiftUI's `.backgroundTask` takes none).
    static func startsWithLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var index = skipSpaces(bytes, start)
        let identifierStart = index
        while index < bytes.count, isIdentifierByte(bytes, index) { index += 1 }
        guard index > identifierStart else { return false }
        return nextNonSpace(bytes, index) == UInt8(ascii: ":")
    }

    /// Skips whitespace and comments: `Task /* why */ {` and `Task // why⏎{` are still creations to the parser.
    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if CreationTokenScanner.isSpace(bytes[index]) {
                index += 1
            } else if matches(bytes, index, "//") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if matches(bytes, index, "/*") {
                // Nested comments end where the lexical pass ends them; an unterminated one runs to the end.
                index = SourceMask.Tokenizer.skipBlockComment(bytes, from: index) ?? bytes.count
            } else {
                break
            }
        }
        return index
    }

    private static func nextNonSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt8? {
        let index = skipSpaces(bytes, start)
        return index < bytes.count ? bytes[index] : nil
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ token: StaticString) -> Bool {
        let length = token.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let pointer = token.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private static func isIdentifierByte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        // The byte order mark that may open a file (EF BB BF) is not a letter, so `Task` may follow it.
        if index < 3, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        let byte = bytes[index]
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }
}
