/// What a masked copy keeps, derived from the union of the readers' ``SyntaxReads`` of a run: the passes of
/// sub-file parsing ask this, never a reader, and know no reader's words but those given here (hashed once per
/// run with ``SourceMask/SourceBytes/wordHash(_:)``).
///
/// ```swift
/// let reads = MaskReads([SyntaxReads(siteClosure: .init(words: ["owner"]))])
/// reads.closureWords.contains(SourceMask.SourceBytes.wordHash("owner"))   // true
/// ```
struct MaskReads: Sendable, Equatable {
    /// ``SyntaxReads/SiteClosure``.
    var closureControlFlow = false
    var closureWords = WordSet()
    var closureStatementWords = WordSet()
    var closureTriedCalls = WordSet()
    var closureMemberNames = false
    var aliasTargets = WordSet()
    var wholeClosureKinds: Set<CreationSiteKind> = []
    /// A reader reads something in a site's closure: its compound statements stay whole (the statement cuts read
    /// what a leaf statement holds, not what a compound one does).
    var keepsClosureControlFlow = false
    /// ``SyntaxReads/AroundSite``.
    var storedClosureCalls = false
    var localBindings = false
    var controlFlowWords = WordSet()
    var loopingTaskStorage = false
    var callArguments = false
    var siteCallArguments = false
    var labelledClosures = WordSet()
    var modifierClosures = WordSet()
    var enclosingTypes = false
    /// ``SyntaxReads/Anywhere``.
    var bodyWords: [String] = []
    var memberCalls: [String] = []
    var stringConstants = false
    var typesNamed: Set<String> = []

    init() {}

    /// The union of `reads`.
    init(_ reads: [SyntaxReads]) {
        func hashes(_ words: some Sequence<String>) -> WordSet { WordSet(words.map(SourceMask.SourceBytes.wordHash)) }
        let closures = reads.map(\.siteClosure)
        let around = reads.map(\.aroundSite)
        let anywhere = reads.map(\.anywhere)
        closureControlFlow = closures.contains(where: \.controlFlow)
        closureWords = hashes(closures.flatMap(\.words))
        closureStatementWords = hashes(closures.flatMap(\.statementsWith))
        closureTriedCalls = hashes(closures.flatMap(\.triedCalls))
        closureMemberNames = closures.contains(where: \.memberNames)
        aliasTargets = hashes(closures.flatMap(\.aliasesOf))
        wholeClosureKinds = Set(closures.flatMap(\.readWhole))
        keepsClosureControlFlow = closureControlFlow || !closureWords.isEmpty || !closureStatementWords.isEmpty
            || !closureTriedCalls.isEmpty
            || closureMemberNames || !aliasTargets.isEmpty
        storedClosureCalls = around.contains(where: \.storedClosureCalls)
        localBindings = around.contains(where: \.localBindings)
        controlFlowWords = hashes(around.flatMap(\.controlFlowWords))
        loopingTaskStorage = around.contains(where: \.loopingTaskStorage)
        callArguments = around.contains(where: \.callArguments)
        siteCallArguments = around.contains(where: \.siteCallArguments)
        labelledClosures = hashes(around.flatMap(\.labelledClosures))
        modifierClosures = hashes(around.flatMap(\.modifierClosures))
        enclosingTypes = around.contains(where: \.enclosingTypes)
        bodyWords = Set(anywhere.flatMap(\.bodiesWith)).filter { !$0.isEmpty }.sorted()
        memberCalls = Set(anywhere.flatMap(\.memberCalls)).filter { !$0.isEmpty }.sorted()
        stringConstants = anywhere.contains(where: \.stringConstants)
        typesNamed = Set(anywhere.flatMap(\.typesNamed))
    }
}
