import Foundation

/// Findings accepted as they are (`taskwarden lint --write-baseline FILE`), so a run with
/// `--baseline FILE` reports only the findings that are not in it.
///
/// A finding matches an entry by file, rule, message and the text of its line (trimmed), never by line
/// number, so a finding keeps matching when unrelated lines above it are added or removed. Positions
/// quoted inside a message (`the same as Shelf.swift:12:9`) are compared without their line and column for
/// the same reason. Identical findings are counted, not merged: two entries absorb two of three identical
/// findings. The file is sorted JSON, stable across runs, so it reads well in a diff:
///
/// ```swift
/// let baseline = Baseline(findings: result.findings, lines: &lines)
/// try baseline.write(to: "taskwarden-baseline.json")
/// let new = try Baseline.load("taskwarden-baseline.json").newFindings(in: result)
/// ```
public struct Baseline: Sendable, Equatable {
    /// The format's version; a file with another version is refused.
    public static let version = 1

    /// One accepted finding.
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        public var file: String
        public var rule: String
        public var message: String
        /// The text of the finding's line, without leading and trailing white space.
        public var line: String

        public init(file: String, rule: String, message: String, line: String) {
            self.file = file
            self.rule = rule
            self.message = Self.withoutLineNumbers(message)
            self.line = line
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.line, a.message) < (b.file, b.rule, b.line, b.message)
        }

        /// `the same as App/Shelf.swift:12:9, …` → `the same as App/Shelf.swift, …`: a message quoting another
        /// site's position still matches after lines move.
        static func withoutLineNumbers(_ message: String) -> String {
            message.replacingOccurrences(of: #"(\.swift):[0-9]+:[0-9]+"#, with: "$1", options: .regularExpression)
        }
    }

    /// The accepted findings, sorted (identical findings appear once each).
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// The baseline accepting every finding of `result`.
    public init(accepting result: LintResult) {
        var lines = LineTextIndex(result)
        self.init(entries: result.findings.map { Self.entry(for: $0, lines: &lines) })
    }

    static func entry(for finding: Finding, lines: inout LineTextIndex) -> Entry {
        let text = lines.text(file: finding.position.file, line: finding.position.line) ?? ""
        return Entry(file: finding.position.file, rule: finding.ruleID, message: finding.message,
                     line: text.trimmingCharacters(in: .whitespaces))
    }

    /// The findings of `result` not accepted by this baseline, in their order. Each entry absorbs one
    /// finding; when several identical findings exist, the first ones (by position) are absorbed.
    public func newFindings(in result: LintResult) -> [Finding] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var lines = LineTextIndex(result)
        return result.findings.filter { finding in
            let entry = Self.entry(for: finding, lines: &lines)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }
}
