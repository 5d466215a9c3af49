/// How much of one file the parser reads: nothing, a masked copy (sub-file parsing), or all of it.
///
/// Sub-file parsing parses a copy of the source in which what nobody reads is turned into spaces: the copy has
/// the same UTF-8 length and the same newlines, so every position, line and column equals the whole-file parse,
/// and discovery and the rules run unchanged. What is kept is derived from the readers' declarations alone
/// (``SyntaxReads``: site discovery's, the enabled rules', `fix`'s naming's; ``MaskReads``): the declarations
/// around a site, the site's closure, and whatever else a reader declares. ``SourceMask`` finds what can go;
/// whenever it is unsure, the file is parsed whole and the reason counted. A file holding a function index's
/// token (``SyntaxReads/FunctionIndex``) keeps every function's signature, the bodies no indexed function
/// reaches emptied once every such file of the tree is read, and the rest masked as any file except where the
/// index reads (``FunctionReachFile``).
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
    /// A file a reader indexes every function of (``Options/indexTokens``): its member bodies were read,
    /// and which of them are emptied is known once every such file of the tree is (``FunctionReachFile``).
    case awaitingFunctionReach(FunctionReachFile)

    /// Why a file is parsed whole.
    public enum WholeFileReason: Hashable, Sendable, CustomStringConvertible {
        /// `--whole-file`, or a caller (such as `fix`) that always parses whole.
        case requested
        /// A file a reader indexes every function of, parsed where the tree's reach is not known (beside indexed
        /// files the results cache served, whose bodies were not read); it names the token it holds.
        case indexedWithoutReach(token: String)
        /// The lexical pass was unsure what it read.
        case uncertain(String)
        /// Every candidate body holds a site or something a reader reads: a masked copy would be the source.
        case nothingToBlank
        /// The masked copy did not parse cleanly (so the source is parsed to find out what is wrong).
        case maskedCopyHadErrors

        public var description: String {
            switch self {
            case .requested: return "whole file requested"
            case .indexedWithoutReach(let token): return "a rule reads the whole file ('\(token)')"
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
        /// Files containing one of these keep every declaration, and every body an indexed function may reach
        /// (the readers' ``SyntaxReads/FunctionIndex/fileTokens``, matched by
        /// ``CreationTokenScanner/containsIndexToken(_:in:)``).
        public var indexTokens: [String]
        /// The words that make a body matter to the index (``FunctionReachFile``).
        public var indexedWords: [String]
        /// The words of ``indexTokens`` (`present` of `.present(`): a body or line of an
        /// indexed file holding one is not trimmed as other files are (``FunctionReachFile``).
        var indexContextWords: WordSet {
            var words = WordSet()
            for token in indexTokens {
                let bytes = Array(token.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    SourceMask.SourceBytes.forEachWord(in: buffer, 0..<buffer.count) { word in
                        words.insert(SourceMask.SourceBytes.wordHash(buffer, word))
                        return true
                    }
                }
            }
            return words
        }
        /// What a masked copy keeps: the union of the readers' ``SyntaxReads`` (``MaskReads``).
        var reads: MaskReads
        /// Deeper nesting of `(`, `[` and generic `<` together than this is not parsed (SwiftParser's lookahead
        /// recurses without its own nesting limit: 500 nested generic types overflowed a thread's stack).
        public var maximumBracketDepth: Int
        /// Deeper nesting of `[` than this is not parsed: SwiftParser's time doubles with each level of nested
        /// collection literals (measured with the toolchain's parser: depth 12 / 14 / 16 / 18 → 0.14 / 0.37 /
        /// 1.7 / 6.7 s for one line). Real code stays at 6 or less (12,500 files of seven open-source apps).
        public var maximumSquareBracketDepth: Int

        /// The options for readers declaring `selecting` (which files are parsed, and which are indexed) and
        /// `keeping` (what a masked copy keeps; `selecting` when nil). Site discovery's reads
        /// (``CreationSiteDiscovery/reads``) are the only default: without them, a copy may lose what discovery reads.
        public init(wholeFile: Bool = false, selecting: [SyntaxReads] = [CreationSiteDiscovery.reads], keeping: [SyntaxReads]? = nil,
                    maximumBracketDepth: Int = 128, maximumSquareBracketDepth: Int = 12) {
            self.wholeFile = wholeFile
            scanner = CreationTokenScanner(fileTokens: selecting.flatMap(\.fileTokens))
            let indexes = selecting.compactMap(\.functionIndex)
            indexTokens = indexes.flatMap(\.fileTokens).filter { !$0.isEmpty }
            indexedWords = indexes.flatMap(\.words).filter { !$0.isEmpty }
            reads = MaskReads(keeping ?? selecting)
            self.maximumBracketDepth = maximumBracketDepth
            self.maximumSquareBracketDepth = maximumSquareBracketDepth
        }

        /// The options a set of rules needs, with site discovery's reads and `additionalReads` (`fix` adds its naming's).
        public init(rules: [any Rule], additionalReads: [SyntaxReads] = [], wholeFile: Bool = false) {
            self.init(wholeFile: wholeFile, selecting: [CreationSiteDiscovery.reads] + rules.map(\.description.reads) + additionalReads)
        }

        /// These options keeping in a masked copy only what `enabledRules` (and discovery, and `additionalReads`)
        /// read: a rule no configuration of the run turns on (an opt-in rule, by default) keeps nothing. Which files are parsed, and which are indexed, still follows every rule: sites and the
        /// function index do not depend on settings.
        public func keeping(for enabledRules: [any Rule], additionalReads: [SyntaxReads] = []) -> Options {
            var options = self
            options.reads = MaskReads([CreationSiteDiscovery.reads] + enabledRules.map(\.description.reads) + additionalReads)
            return options
        }
    }

    /// The nesting SwiftParser itself refuses to go beyond (its own limit, with stacks sized for it).
    static let parserNestingLimit = 256

    /// The plan for a file whose bytes the byte scan has already let through (`mayContainSite`).
    public static func make(for bytes: [UInt8], options: Options) -> ParsePlan {
        let functionIndexToken = bytes.withUnsafeBufferPointer { buffer in
            options.indexTokens.first { CreationTokenScanner.containsIndexToken($0, in: buffer) }
        }
        let marks = bytes.withUnsafeBufferPointer { buffer in
            let tokens = options.scanner.creationTokens(buffer)
            let wholeKinds = options.reads.wholeClosureKinds
            return SourceMask.Marks(
                sites: tokens.map(\.start),
                wholeClosureSites: wholeKinds.isEmpty ? [] : tokens.filter { !$0.kind.siteKinds.isDisjoint(with: wholeKinds) }.map(\.start),
                kept: options.reads.bodyWords.flatMap { CreationTokenScanner.wordStarts($0, in: buffer) }.sorted(),
                keptCalls: options.reads.memberCalls.flatMap { CreationTokenScanner.memberCallStarts($0, in: buffer) }.sorted(),
                reads: options.reads,
                observers: (CreationTokenScanner.starts(of: Array("didSet".utf8), in: buffer, wholeWord: false)
                    + CreationTokenScanner.starts(of: Array("willSet".utf8), in: buffer, wholeWord: false)).sorted())
        }
        // A file a reader indexes every function of is read once, for its member bodies (``FunctionReachFile``);
        // any other with the marks.
        let reach = functionIndexToken.flatMap { token in
            options.wholeFile ? nil
                : FunctionReachFile.read(bytes, marks: marks, token: token,
                                         indexedWords: options.indexedWords,
                                         contextWords: options.indexContextWords)
        }
        let mask = reach?.mask ?? SourceMask.scan(bytes, marks: marks)
        if mask.maximumSquareBracketDepth > options.maximumSquareBracketDepth {
            return .tooDeeplyNested(what: "'[' nests \(mask.maximumSquareBracketDepth) deep, more than \(options.maximumSquareBracketDepth)")
        }
        if mask.maximumBracketDepth > options.maximumBracketDepth {
            return .tooDeeplyNested(what: "brackets nest \(mask.maximumBracketDepth) deep, more than \(options.maximumBracketDepth)")
        }
        if options.wholeFile { return .wholeFile(reason: .requested) }
        if let uncertainty = mask.uncertainty { return .wholeFile(reason: .uncertain(uncertainty.rawValue)) }
        if let file = reach?.file { return .awaitingFunctionReach(file) }
        if mask.blanked.isEmpty { return .wholeFile(reason: .nothingToBlank) }
        let blankedBytes = mask.blanked.reduce(0) { $0 + $1.count }
        return .subFile(masked: SourceMask.apply(mask.blanked, to: bytes), blankedBytes: blankedBytes)
    }
}
