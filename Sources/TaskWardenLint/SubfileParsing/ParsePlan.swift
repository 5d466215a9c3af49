/// How much of one file the parser reads: nothing, a masked copy (sub-file parsing), or all of it.
///
/// Sub-file parsing parses a copy of the source in which what cannot hold a site (and that no rule reads) is
/// turned into spaces: bodies of member functions, initializers, computed properties and accessors without a
/// site (and the parameter lists of those functions), closures beside a site, member-level comments, and whole
/// bodies of types whose members nothing reads (no site in them, not named like a type around a site). The members it
/// blanks are trimmed to their names (a function to `func load(   )`, a stored property to `var items`,
/// attributes and modifiers other than `static`/`class` gone) and imports are blanked. `lint` (not `fix`, which
/// names a task after what stands around it, ``Options/keepsNamingContext``) also blanks flat argument lists of
/// calls beside a site (`.padding(   )`; never a condition, macro, pattern, nested call or the site's own
/// arguments) and modifiers standing alone on their line, and trims the statements of a task's closure; both
/// keep only the first name of a leaf statement beside a site (`self.isLoading = true` → `self`), leave out
/// trimmed members no rule looks up (``SourceMaskUnreadMembers``), and blank closures beside a site (`fix` keeps `label:`
/// closures). The copy has the same UTF-8
/// length and the same newlines, so every position, line and column equals the whole-file parse and discovery
/// and the rules run unchanged.
/// ``SourceMask`` finds those bodies; whenever it is unsure, or a rule needs the whole file
/// (``RuleDescription/wholeFileTokens``), the file is parsed whole and the reason counted. A rule that reads
/// whole files only to index their functions (the background rules, ``RuleDescription/functionIndexWords``)
/// gets every function's signature instead, the bodies no indexed function reaches emptied once every such
/// file of the tree is read, and the rest masked as above except where the index reads (``FunctionReachFile``).
///
/// ```swift
/// let plan = ParsePlan.make(for: Array(source.utf8), options: ParsePlan.Options())
/// if case .subFile(let masked, _) = plan { /* parse masked, report on source */ }
/// ```
public enum ParsePlan: Sendable, Equatable {
    /// No creation token: nothing to parse.
    case skip
    /// Parse this masked copy (same length and lines as the source); `blankedBytes` were turned into spaces.
    case subFile(masked: [UInt8], blankedBytes: Int)
    /// Parse the source as it is.
    case wholeFile(reason: WholeFileReason)
    /// Brackets nest deeper than ``Options/maximumBracketDepth`` or ``Options/maximumSquareBracketDepth``:
    /// not analysed (reported as an input problem). `what` says which brackets and how deep.
    case tooDeeplyNested(what: String)
    /// A file a rule indexes every function of (``Options/functionIndexTokens``): its member bodies were read,
    /// and which of them are emptied is known once every such file of the tree is (``FunctionReachFile``).
    case awaitingFunctionReach(FunctionReachFile)

    /// Why a file is parsed whole.
    public enum WholeFileReason: Hashable, Sendable, CustomStringConvertible {
        /// `--whole-file`, or a caller (such as `fix`) that always parses whole.
        case requested
        /// A rule reads more of the file than the site-holding declarations (it names the token it saw).
        case ruleNeedsWholeFile(token: String)
        /// The lexical pass was unsure what it read.
        case uncertain(String)
        /// Every candidate body holds a site or something a rule reads: a masked copy would be the source.
        case nothingToBlank
        /// The masked copy did not parse cleanly (so the source is parsed to find out what is wrong).
        case maskedCopyHadErrors

        public var description: String {
            switch self {
            case .requested: return "whole file requested"
            case .ruleNeedsWholeFile(let token): return "a rule reads the whole file ('\(token)')"
            case .uncertain(let why): return "lexical pass unsure: \(why)"
            case .nothingToBlank: return "nothing to blank"
            case .maskedCopyHadErrors: return "masked copy had syntax errors"
            }
        }

        /// Whether this reason is a fallback (the pass could not help), rather than a choice or a file with
        /// nothing to leave out.
        public var isFallback: Bool {
            switch self {
            case .uncertain, .maskedCopyHadErrors: return true
            default: return false
            }
        }
    }

    /// What the plan is made from.
    public struct Options: Sendable {
        /// Parse every file whole (`--whole-file`).
        public var wholeFile: Bool
        /// The byte scan deciding whether a file, or a body of it, may hold a site.
        public var scanner: CreationTokenScanner
        /// Files containing one of these are parsed whole (from the rules' ``RuleDescription/wholeFileTokens``,
        /// matched by ``CreationTokenScanner/containsWholeFileToken(_:in:)``), unless the rule indexes functions.
        public var wholeFileTokens: [String]
        /// Files containing one of these keep every declaration, and every body an indexed function may reach
        /// (the ``RuleDescription/wholeFileTokens`` of rules with ``RuleDescription/functionIndexWords``).
        public var functionIndexTokens: [String]
        /// The words that make a body matter to those rules (``FunctionReachFile``).
        public var functionIndexWords: [String]
        /// The words of ``functionIndexTokens`` (`backgroundTask` of `.backgroundTask(`): a body or line of an
        /// indexed file holding one is not trimmed like `lint` trims other files (``FunctionReachFile``).
        var functionIndexContextWords: WordSet {
            var words = WordSet()
            for token in functionIndexTokens {
                let bytes = Array(token.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    SourceMask.Lexer.forEachWord(in: buffer, 0..<buffer.count) { word in
                        words.insert(SourceMask.Lexer.wordHash(buffer, word))
                        return true
                    }
                }
            }
            return words
        }
        /// Bodies containing one of these words (or member calls, `.cancel(`) are kept whole (from the rules'
        /// ``RuleDescription/keptBodyTokens``, matched by ``CreationTokenScanner/keptTokenStarts(_:in:)``).
        public var keptBodyTokens: [String]
        /// Member calls kept with the statement, closure and body holding them, not the rest of the body (from the
        /// rules' ``RuleDescription/keptCallTokens``).
        public var keptCallTokens: [String]
        /// Closures passed to these modifiers are kept whole (``RuleDescription/wholeClosureModifiers``).
        public var wholeClosureWords: Set<String>
        /// `fix`: keep the argument lists beside a site and the `label:` closures, which name a task
        /// (`Button("Sync Now") { Task { … } }`, `Button { Task { … } } label: { Label("Sync", …) }`).
        public var keepsNamingContext = false
        /// Deeper nesting of `(`, `[` and generic `<` together than this is not parsed (SwiftParser's lookahead
        /// recurses without its own nesting limit: 500 nested generic types overflowed a thread's stack).
        public var maximumBracketDepth: Int
        /// Deeper nesting of `[` than this is not parsed: SwiftParser's time doubles with each level of nested
        /// collection literals (measured with the toolchain's parser: depth 12 / 14 / 16 / 18 → 0.14 / 0.37 /
        /// 1.7 / 6.7 s for one line). Real code stays at 6 or less (12,500 files of seven open-source apps).
        public var maximumSquareBracketDepth: Int

        public init(wholeFile: Bool = false, scanner: CreationTokenScanner = CreationTokenScanner(),
                    wholeFileTokens: [String] = [], functionIndexTokens: [String] = [], functionIndexWords: [String] = [],
                    keptBodyTokens: [String] = [], keptCallTokens: [String] = [], wholeClosureWords: Set<String> = [],
                    maximumBracketDepth: Int = 128, maximumSquareBracketDepth: Int = 12) {
            self.wholeFile = wholeFile
            self.scanner = scanner
            self.wholeFileTokens = wholeFileTokens.filter { !$0.isEmpty }
            self.functionIndexTokens = functionIndexTokens.filter { !$0.isEmpty }
            self.functionIndexWords = functionIndexWords.filter { !$0.isEmpty }
            self.keptBodyTokens = keptBodyTokens.filter { !$0.isEmpty }
            self.keptCallTokens = keptCallTokens.filter { !$0.isEmpty }
            self.wholeClosureWords = wholeClosureWords
            self.maximumBracketDepth = maximumBracketDepth
            self.maximumSquareBracketDepth = maximumSquareBracketDepth
        }

        /// The options a set of rules needs.
        public init(rules: [any Rule], wholeFile: Bool = false) {
            let indexing = rules.filter { !$0.description.functionIndexWords.isEmpty }
            self.init(wholeFile: wholeFile,
                      scanner: CreationTokenScanner(additionalTokens: rules.flatMap(\.description.additionalScanTokens)),
                      wholeFileTokens: rules.filter { $0.description.functionIndexWords.isEmpty }.flatMap(\.description.wholeFileTokens),
                      functionIndexTokens: indexing.flatMap(\.description.wholeFileTokens),
                      functionIndexWords: indexing.flatMap(\.description.functionIndexWords),
                      keptBodyTokens: rules.flatMap(\.description.keptBodyTokens),
                      keptCallTokens: rules.flatMap(\.description.keptCallTokens),
                      wholeClosureWords: Set(rules.flatMap(\.description.wholeClosureModifiers)))
        }

        /// These options keeping in a masked copy only what `enabledRules` read there: a rule no configuration of
        /// the run turns on (`cancellation-discards-results` by default) keeps no body for its words. Which files
        /// are parsed, and which are parsed whole, still follows every rule: sites and the background rules'
        /// index do not depend on settings.
        public func keeping(for enabledRules: [any Rule]) -> Options {
            var options = self
            options.keptBodyTokens = enabledRules.flatMap(\.description.keptBodyTokens).filter { !$0.isEmpty }
            options.keptCallTokens = enabledRules.flatMap(\.description.keptCallTokens).filter { !$0.isEmpty }
            options.wholeClosureWords = Set(enabledRules.flatMap(\.description.wholeClosureModifiers))
            return options
        }
    }

    /// The nesting SwiftParser itself refuses to go beyond (its own limit, with stacks sized for it).
    static let parserNestingLimit = 256

    /// The plan for a file whose bytes the byte scan has already let through (`mayContainSite`).
    public static func make(for bytes: [UInt8], options: Options) -> ParsePlan {
        let (wholeFileToken, functionIndexToken) = bytes.withUnsafeBufferPointer { buffer in
            (options.wholeFileTokens.first { options.scanner.containsWholeFileToken($0, in: buffer) },
             options.functionIndexTokens.first { options.scanner.containsWholeFileToken($0, in: buffer) })
        }
        let marks = bytes.withUnsafeBufferPointer { buffer in
            SourceMask.Marks(
                sites: options.scanner.creationTokenStarts(buffer),
                kept: options.keptBodyTokens.flatMap { CreationTokenScanner.keptTokenStarts($0, in: buffer) }.sorted(),
                keptCalls: options.keptCallTokens.flatMap { CreationTokenScanner.keptTokenStarts($0, in: buffer) }.sorted(),
                wholeClosureWords: options.wholeClosureWords, keepsNamingContext: options.keepsNamingContext,
                observers: (CreationTokenScanner.starts(of: Array("didSet".utf8), in: buffer, wholeWord: false)
                    + CreationTokenScanner.starts(of: Array("willSet".utf8), in: buffer, wholeWord: false)).sorted())
        }
        // A file a rule indexes every function of is lexed once, for its member bodies (``FunctionReachFile``);
        // any other with the marks.
        let reach = functionIndexToken.flatMap { token in
            options.wholeFile || wholeFileToken != nil ? nil
                : FunctionReachFile.read(bytes, marks: marks, token: token,
                                         indexedWords: options.functionIndexWords,
                                         contextWords: options.functionIndexContextWords)
        }
        let mask = reach?.mask ?? SourceMask.scan(bytes, marks: marks)
        if mask.maximumSquareBracketDepth > options.maximumSquareBracketDepth {
            return .tooDeeplyNested(what: "'[' nests \(mask.maximumSquareBracketDepth) deep, more than \(options.maximumSquareBracketDepth)")
        }
        if mask.maximumBracketDepth > options.maximumBracketDepth {
            return .tooDeeplyNested(what: "brackets nest \(mask.maximumBracketDepth) deep, more than \(options.maximumBracketDepth)")
        }
        if options.wholeFile { return .wholeFile(reason: .requested) }
        if let wholeFileToken { return .wholeFile(reason: .ruleNeedsWholeFile(token: wholeFileToken)) }
        if let uncertainty = mask.uncertainty { return .wholeFile(reason: .uncertain(uncertainty.rawValue)) }
        if let file = reach?.file { return .awaitingFunctionReach(file) }
        if mask.blanked.isEmpty { return .wholeFile(reason: .nothingToBlank) }
        let blankedBytes = mask.blanked.reduce(0) { $0 + $1.count }
        return .subFile(masked: SourceMask.apply(mask.blanked, to: bytes), blankedBytes: blankedBytes)
    }
}
