/// The text of the lines of linted files, for reporters that need it (SARIF columns and fingerprints,
/// baselines). Each file is split into lines once, the first time one of its lines is asked for, so a
/// report's cost grows with findings plus file sizes, not findings times file sizes.
///
/// ```swift
/// var lines = LineTextIndex(result)
/// lines.text(file: "Shelf.swift", line: 3) // "    Task { await sync() }"
/// ```
struct LineTextIndex {
    private let source: (String) -> String?
    /// Each file's lines (nil when its text is unknown), split once.
    private var linesByFile: [String: [Substring]?] = [:]
    /// How many files were split into lines, and how many characters that read: the work, for tests.
    private(set) var filesSplit = 0
    private(set) var charactersSplit = 0

    init(_ result: LintResult) {
        self.init(source: { result.sourceText(of: $0) })
    }

    init(source: @escaping (String) -> String?) {
        self.source = source
    }

    /// The text of a 1-based line of a linted file (nil when the file's text is unknown or it has no such line).
    mutating func text(file: String, line: Int) -> String? {
        let lines: [Substring]?
        if let known = linesByFile[file] {
            lines = known
        } else {
            lines = source(file).map { text in
                filesSplit += 1
                charactersSplit += text.utf8.count
                // In a String "\r\n" is one Character, so CRLF lines would not split on "\n".
                return text.split(omittingEmptySubsequences: false, whereSeparator: \.endsSourceLine)
            }
            linesByFile[file] = lines
        }
        guard let lines, line >= 1, line <= lines.count else { return nil }
        return String(lines[line - 1])
    }
}
