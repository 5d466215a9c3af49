/// Something wrong with the input that did not stop the run: reported on standard error, the run goes on.
public struct InputProblem: Hashable, Sendable, Error, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case missingPath = "missing path"
        case unreadable = "unreadable"
        case symlinkLoop = "directory loop"
        case notUTF8 = "not UTF-8"
        case binary = "binary file"
        /// A path named on the command line that is neither a Swift file nor an `Info.plist`.
        case notSwift = "not a Swift file"
        /// A symbolic link to a directory inside the tree, not walked without `--follow-symlinks` (a note).
        case symlinkNotFollowed = "symbolic link not followed"
        /// The parser recovered; the file was analysed as far as it could be (not an error for the exit status).
        case syntaxErrors = "syntax errors"
        case configuration = "configuration"
        /// A suppression comment names a rule that does not exist (not an error for the exit status).
        case unknownRuleInSuppression = "unknown rule in suppression"
    }

    public var path: String
    public var kind: Kind
    public var detail: String

    public init(path: String, kind: Kind, detail: String) {
        self.path = path
        self.kind = kind
        self.detail = detail
    }

    /// True for problems that make the run exit with status 2.
    public var isError: Bool { ![.syntaxErrors, .unknownRuleInSuppression, .symlinkNotFollowed].contains(kind) }

    public var description: String { "\(path): \(isError ? "error" : "note"): \(detail)" }
}

/// Counts for one run, for the summary line and the benchmark.
public struct LintStatistics: Hashable, Sendable {
    /// `.swift` files found under the paths (after include/exclude).
    public var filesFound = 0
    /// Files the byte scan found a creation token in, and so parsed.
    public var filesParsed = 0
    /// Bytes of all files found.
    public var bytesFound = 0
    /// Bytes of the parsed files.
    public var bytesParsed = 0
    public var sites = 0

    public init() {}
}
