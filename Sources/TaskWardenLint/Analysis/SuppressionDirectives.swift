/// Inline suppression comments in one file.
///
/// ```swift
/// // taskwarden:disable:next unnamed-task
/// // taskwarden:disable:this task-name-format
/// // taskwarden:disable:previous all
/// // taskwarden:disable task-label-collision   … until …   // taskwarden:enable task-label-collision
/// ```
/// `all` stands for every rule. A region without `enable` lasts to the end of the file.
public struct SuppressionDirectives: Hashable, Sendable {
    /// Rules suppressed on single lines.
    private var lines: [Int: Set<String>] = [:]
    /// Regions: rule → list of (first line, last line).
    private var regions: [String: [ClosedRange<Int>]] = [:]
    /// Every directive that names a rule, for checking unknown rule ids.
    public private(set) var mentionedRules: [(line: Int, rule: String)] = []

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.lines == rhs.lines && lhs.regions == rhs.regions }
    public func hash(into hasher: inout Hasher) { hasher.combine(lines) }

    public init(source: String) {
        guard Self.mentionsDirective(source) else { return }
        var open: [String: Int] = [:]
        var lineNumber = 0
        var lastLine = 0
        // "\n", "\r\n" (one Character in Swift) and a lone "\r" each end a line, as in ``SourceLineTable``.
        for line in source.split(omittingEmptySubsequences: false, whereSeparator: \.endsSourceLine) {
            lineNumber += 1
            lastLine = lineNumber
            guard let range = line.range(of: "taskwarden:"), line[..<range.lowerBound].contains("//") || line[..<range.lowerBound].contains("/*")
            else { continue }
            let words = line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
                .map(String.init).filter { !$0.hasPrefix("*/") }
            guard let command = words.first else { continue }
            let rules = words.dropFirst().prefix { !$0.hasPrefix("//") && !$0.hasPrefix("-") }
            for rule in rules { mentionedRules.append((lineNumber, rule)) }
            switch command {
            case "disable:next": for rule in rules { lines[lineNumber + 1, default: []].insert(rule) }
            case "disable:this": for rule in rules { lines[lineNumber, default: []].insert(rule) }
            case "disable:previous": for rule in rules { lines[lineNumber - 1, default: []].insert(rule) }
            case "disable": for rule in rules where open[rule] == nil { open[rule] = lineNumber }
            case "enable":
                for rule in rules {
                    if let start = open.removeValue(forKey: rule) { regions[rule, default: []].append(start...lineNumber) }
                }
            default: continue
            }
        }
        for (rule, start) in open { regions[rule, default: []].append(start...max(start, lastLine)) }
    }

    /// A byte search for `taskwarden:` with ``ByteSearch`` (String's Unicode-aware `contains` costs far more on
    /// large files, and a loop over every byte more than `memchr`).
    static func mentionsDirective(_ source: String) -> Bool {
        var text = source
        return text.withUTF8 { CreationTokenScanner.contains($0, directiveNeedle, from: 0, to: $0.count) }
    }

    private static let directiveNeedle = Array("taskwarden:".utf8)

    /// True when a finding of `rule` on `line` is suppressed.
    public func suppresses(rule: String, line: Int) -> Bool {
        if let rules = lines[line], rules.contains(rule) || rules.contains("all") { return true }
        for key in [rule, "all"] {
            if regions[key]?.contains(where: { $0.contains(line) }) == true { return true }
        }
        return false
    }
}

extension Character {
    /// "\n", "\r\n" or a lone "\r": the line endings the compiler counts.
    var endsSourceLine: Bool { self == "\n" || self == "\r\n" || self == "\r" }
}
