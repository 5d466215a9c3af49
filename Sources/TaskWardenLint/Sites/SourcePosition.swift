/// A place in a source file: 1-based line and column (UTF-8 columns, as the compiler prints them) and the
/// 0-based UTF-8 offset from the start of the file.
public struct SourcePosition: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The file's path as given to or found by the linter (relative to the working directory when possible).
    public var file: String
    public var line: Int
    public var column: Int
    public var utf8Offset: Int

    public init(file: String, line: Int, column: Int, utf8Offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.utf8Offset = utf8Offset
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.utf8Offset) < (rhs.file, rhs.utf8Offset)
    }
}
