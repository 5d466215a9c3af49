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
        /// Brackets nest too deeply for the parser to finish in time (or at all); the file was skipped.
        case tooDeeplyNested = "too deeply nested"
        /// The results cache's folder cannot be trusted (others can write it) or used; the run parsed every
        /// file (a note: the output is the same).
        case cacheNotUsed = "cache not used"
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
    public var isError: Bool { ![.syntaxErrors, .unknownRuleInSuppression, .symlinkNotFollowed, .cacheNotUsed].contains(kind) }

    public var description: String { "\(path): \(isError ? "error" : "note"): \(detail)" }
}

/// Counts for one run, for the summary line and the benchmark.
public struct LintStatistics: Hashable, Sendable {
    /// `.swift` files found under the paths (after include/exclude).
    public var filesFound = 0
    /// Files the byte scan found a creation token in, and so analysed (parsed, or served from the results cache).
    public var filesParsed = 0
    /// Of ``filesParsed``, those served from the results cache.
    public var filesFromCache = 0
    /// Files the results cache's index showed unchanged since the last run, which were not even read.
    public var filesUnread = 0
    /// Bytes of all files found.
    public var bytesFound = 0
    /// Bytes the parser read as code: of files parsed whole, all; of files parsed sub-file, all but the blanked.
    public var bytesParsed = 0
    /// Bytes of the files the lexical pass read (every file the byte scan let through).
    public var bytesScanned = 0
    /// Files parsed from a masked copy (sub-file parsing).
    public var filesParsedSubFile = 0
    /// Files parsed whole, by reason (``ParsePlan/WholeFileReason``'s description).
    public var wholeFileReasons: [String: Int] = [:]
    /// Of ``filesParsedSubFile``, files a rule indexes every function of (``FunctionReachFile``): parsed with
    /// every declaration, and the bodies no indexed function reaches emptied.
    public var filesParsedForFunctionReach = 0
    /// Files parsed whole because the lexical pass was unsure or the masked copy did not parse: true fallbacks.
    public var fallbacks = 0
    /// Files skipped as too deeply nested to analyse.
    public var filesTooDeep = 0
    public var sites = 0

    public init() {}
}
