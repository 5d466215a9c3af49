/// What `taskwarden rules` and `taskwarden explain` print about a rule; its examples are also its tests.
///
/// In examples, `↓` marks where a finding must be reported (the marker is removed before linting).
public struct RuleDescription: Sendable {
    /// Kebab-case identifier, used in configuration, suppression comments and output.
    public var id: String
    /// One line.
    public var summary: String
    /// Why the rule exists, what to do about a finding, and what the rule cannot see.
    public var rationale: String
    public var defaultSeverity: Severity
    /// Opt-in rules are off unless `.taskwarden.json` gives them a severity.
    public var isEnabledByDefault: Bool
    /// Code that must report exactly at each `↓`.
    public var triggeringExamples: [RuleExample]
    /// Code that must report nothing.
    public var nonTriggeringExamples: [RuleExample]
    /// Before/after pairs for rules a fixer can correct (documentation; `fix` has its own tests).
    public var corrections: [RuleCorrection]
    /// What the rule reads of a file beyond the sites and their records, declared once (``SyntaxReads``):
    /// sub-file parsing keeps exactly what the enabled rules declare, so a rule that reads more than it declares
    /// sees less in a masked copy than in the whole file (every example is linted both ways in the tests).
    public var reads: SyntaxReads

    public init(
        id: String, summary: String, rationale: String, defaultSeverity: Severity, isEnabledByDefault: Bool = true,
        triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = [],
        corrections: [RuleCorrection] = [], reads: SyntaxReads = SyntaxReads()
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.isEnabledByDefault = isEnabledByDefault
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
        self.reads = reads
    }
}

/// A code example for a rule. `↓` marks the expected finding positions in triggering examples.
public struct RuleExample: Sendable {
    public var code: String
    /// The configuration the example is linted with (default: the default configuration).
    public var configuration: LintConfiguration
    /// Other files of the example tree (path → contents), e.g. a second Swift file or an `Info.plist`.
    public var supportingFiles: [String: String]
    /// The example's file name.
    public var fileName: String
    /// Text every finding of a triggering example must hold (the advice it must give), if any.
    public var message: String?

    public init(
        _ code: String, configuration: LintConfiguration = LintConfiguration(), supportingFiles: [String: String] = [:],
        fileName: String = "Example.swift", message: String? = nil
    ) {
        self.code = code
        self.configuration = configuration
        self.supportingFiles = supportingFiles
        self.fileName = fileName
        self.message = message
    }

    /// The marker for an expected finding.
    public static let marker: Character = "↓"

    /// The code without markers, and the UTF-8 offsets where the markers were.
    public var markedOffsets: (code: String, offsets: [Int]) {
        var text = ""
        var offsets: [Int] = []
        for character in code {
            if character == Self.marker {
                offsets.append(text.utf8.count)
            } else {
                text.append(character)
            }
        }
        return (text, offsets)
    }
}

/// A before/after pair for a correctable rule.
public struct RuleCorrection: Sendable {
    public var before: String
    public var after: String

    public init(before: String, after: String) {
        self.before = before
        self.after = after
    }
}
