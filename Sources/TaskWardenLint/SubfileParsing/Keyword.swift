extension SourceMask {
    /// The Swift keywords the passes of sub-file parsing act on: what introduces a declaration or a statement,
    /// what an expression may start after, and the modifiers a trimmed member loses. Looked up by a word's hash
    /// (most words are none of these, and are rejected by one probe), then checked byte for byte.
    ///
    /// ```swift
    /// SourceMask.Keyword(hash, source, range)   // .func for the word `func`, nil for `refresh`
    /// ```
    enum Keyword: String, CaseIterable {
        // Declarations.
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`, `func`, macro, `init`, `deinit`, `subscript`
        case `let`, `var`, `precedencegroup`, `import`, `typealias`, `associatedtype`, `operator`
        case get, set, willSet, didSet, _read, _modify
        // Statements.
        case `while`, `repeat`, `if`, `guard`, `for`, `switch`, `do`, `catch`, `else`, `defer`, `case`, `in`
        // Other words an expression may start after.
        case `return`, `try`, await, `where`, `throw`, `is`, `as`, some, any, yield, then
        // Modifiers a trimmed member loses.
        case `private`, `fileprivate`, `internal`, `public`, open, package, final, override, required, convenience
        case dynamic, lazy, weak, unowned, nonisolated, mutating, nonmutating

        /// The keyword the word `range` of `source` is, if any.
        init?(_ hash: UInt64, _ source: SourceBytes, _ range: Range<Int>) {
            guard Self.hashes.contains(hash), let keyword = Self.byHash[hash] else { return nil }
            guard keyword.rawValue.utf8.count == range.count, keyword.rawValue.utf8.elementsEqual(source.bytes[range]) else { return nil }
            self = keyword
        }

        private static let hashes = WordSet(allCases.map { SourceBytes.wordHash($0.rawValue) })
        private static let byHash: [UInt64: Keyword] = Dictionary(uniqueKeysWithValues: allCases.map { (SourceBytes.wordHash($0.rawValue), $0) })

        /// After it an expression may start (so a `/` may open a regex literal).
        var startsExpression: Bool {
            switch self {
            case .return, .case, .in, .try, .await, .if, .guard, .while, .where, .throw, .else, .is, .as, .let, .var,
                 .switch, .repeat, .defer, .do, .some, .any, .yield, .then:
                return true
            default:
                return false
            }
        }

        /// A modifier nothing reads on a trimmed member (`static`, `class` and `prefix`/`postfix`/`infix` stay).
        var isTrimmedModifier: Bool {
            switch self {
            case .private, .fileprivate, .internal, .public, .open, .package, .final, .override, .required, .convenience,
                 .dynamic, .lazy, .weak, .unowned, .nonisolated, .mutating, .nonmutating:
                return true
            default:
                return false
            }
        }
    }
}
