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
    /// Extra byte sequences that make a file worth parsing for this rule even without a creation token
    /// (for example `setTaskCompleted`). Keep them specific: every file containing one is parsed.
    public var additionalScanTokens: [String]
    /// Byte sequences that make the engine parse a file whole when it contains one: for rules that read more
    /// of a file than the declarations holding its sites (the background rules index every function). One
    /// ending in `(` counts only before an unlabelled argument (``CreationTokenScanner/containsWholeFileToken(_:in:)``).
    public var wholeFileTokens: [String]
    /// For a rule that reads whole files only to index their functions (the background rules: which functions
    /// submit, complete or set an expiration handler, directly or through calls): the words that make a
    /// function body matter (a word ending with one counts). A file holding one of ``wholeFileTokens`` is then
    /// parsed with every function's signature, the bodies that hold none of these words, no site or kept token
    /// and name no function of such a file that reaches one of them emptied, and the rest masked as any file
    /// but for the statements naming such a word or function and the bodies holding a token's word
    /// (``FunctionReachFile``). Empty: such files are parsed whole.
    public var functionIndexWords: [String]
    /// Words that keep a function body or closure in sub-file parsing, whole, although it holds no site: for
    /// rules that read the code around the word (`isCancelled`: the loop it ends and the results gathered).
    /// Matched as whole words (`isCancelled`, not `isCancelledByUser`); a token written `.word(` matches only a
    /// member call of `word` (`task?.cancel()`, `$0.cancel {`, not `return .cancel` or `onCancel: cancel`).
    public var keptBodyTokens: [String]
    /// Member calls (`.cancel(`) that keep the body, closure and statement holding them in sub-file parsing,
    /// although they hold no site, but not the rest of the body: for rules that read such a call where it
    /// stands in other members of a site's type (a task stored and cancelled elsewhere). Matched like a
    /// ``keptBodyTokens`` entry written `.word(`.
    public var keptCallTokens: [String]
    /// Modifiers (`onChange`) whose closure a rule reads whole when a site stands in it: sub-file parsing then
    /// keeps the closures nested in that closure too.
    public var wholeClosureModifiers: [String]

    public init(
        id: String, summary: String, rationale: String, defaultSeverity: Severity, isEnabledByDefault: Bool = true,
        triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = [],
        corrections: [RuleCorrection] = [], additionalScanTokens: [String] = [],
        wholeFileTokens: [String] = [], functionIndexWords: [String] = [], keptBodyTokens: [String] = [],
        keptCallTokens: [String] = [], wholeClosureModifiers: [String] = []
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.isEnabledByDefault = isEnabledByDefault
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
        self.additionalScanTokens = additionalScanTokens
        self.wholeFileTokens = wholeFileTokens
        self.functionIndexWords = functionIndexWords
        self.keptBodyTokens = keptBodyTokens
        self.keptCallTokens = keptCallTokens
        self.wholeClosureModifiers = wholeClosureModifiers
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
