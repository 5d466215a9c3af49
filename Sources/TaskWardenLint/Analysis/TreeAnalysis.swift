/// Everything known about the whole linted tree: every parsed file, every file served from the results cache,
/// every site (as syntax for parsed files, as ``SiteRecord`` for all), and indexes the cross-file rules share.
///
/// Tree-wide consumers (`task-name-duplicate`, `task-label-collision`, `where`, `list`) read ``records``, so a
/// file served from the cache and a parsed file are indistinguishable to them.
///
/// ```swift
/// let tree = TreeAnalysis(files: [file1, file2])
/// tree.records(named: "price:\\(…)") // every site whose name has that shape
/// ```
public struct TreeAnalysis: Sendable {
    /// One analysed file: parsed, or served from the results cache.
    public enum Entry: Sendable {
        case parsed(FileAnalysis)
        case cached(CachedFile)
    }

    /// The parsed files (those that could contain a site or a rule's extra token), in path order.
    public let files: [FileAnalysis]
    /// The files served from the results cache, in path order.
    public let cachedFiles: [CachedFile]
    /// Every site of every parsed file, in file then source order.
    public let sites: [CreationSite]
    /// Every site of every analysed file (parsed or cached), in file then source order.
    public let records: [SiteRecord]
    /// `Info.plist` files found under the linted paths (for background-task identifier checks).
    public let propertyLists: [PropertyListFile]
    /// The paths the run was given.
    public let roots: [String]
    /// Which program each file is linked into: tree-wide comparisons stay within one program.
    public let programScope: ProgramScope
    /// The background-task context and function index the background rules share, built once per run here
    /// (not in a process-wide cache, so concurrent runs share no mutable state). Nil when the tree has no
    /// background-task code.
    let background: BackgroundAnalysis?
    /// The background rules' findings, reused from the results cache (``BackgroundFacts``): the rules then do
    /// not run and ``background`` is not built.
    let reusedBackgroundFindings: [Finding]?
    private let filesByPath: [String: Int]
    private let cachedFilesByPath: [String: Int]
    private let recordsByNameKey: [String: [SiteRecord]]

    /// Builds the tree, removing sites whose `Task` is shadowed by a type declared anywhere in their module.
    /// `programScope` defaults to placing files by folder layout alone (see ``ProgramScope``).
    public init(files: [FileAnalysis], propertyLists: [PropertyListFile] = [], roots: [String] = [], programScope: ProgramScope? = nil) {
        self.init(entries: files.map(Entry.parsed), propertyLists: propertyLists, roots: roots, programScope: programScope)
    }

    /// The same over parsed and cached files, in the order given.
    public init(entries: [Entry], propertyLists: [PropertyListFile] = [], roots: [String] = [], programScope: ProgramScope? = nil) {
        self.init(entries: entries, propertyLists: propertyLists, roots: roots, programScope: programScope, reusedBackgroundFindings: nil)
    }

    /// `unparsed`: the files the run did not parse, read for constants background-task identifiers name.
    init(entries: [Entry], propertyLists: [PropertyListFile], roots: [String], programScope: ProgramScope?,
         reusedBackgroundFindings: [Finding]?, unparsed: UnparsedConstants = .none) {
        var declarations: [TaskTypeDeclaration] = []
        for entry in entries {
            switch entry {
            case .parsed(let file): declarations += file.taskTypeDeclarations
            case .cached(let file): declarations += file.facts.declarations
            }
        }
        let shadowing = TaskTypeShadowing(declarations: declarations)
        let recordLists = entries.map { entry -> (FileAnalysis?, CachedFile?, [SiteRecord]) in
            switch entry {
            case .parsed(var file):
                file.apply(shadowing)
                return (file, nil, file.sites.map(\.record))
            case .cached(let file):
                return (nil, file, file.records.filter { !shadowing.shadows($0) })
            }
        }
        let parsed = recordLists.compactMap(\.0)
        let cached = recordLists.compactMap(\.1)
        self.files = parsed
        self.cachedFiles = cached
        self.filesByPath = Dictionary(parsed.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.cachedFilesByPath = Dictionary(cached.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.sites = parsed.flatMap(\.sites)
        self.records = recordLists.flatMap(\.2)
        self.propertyLists = propertyLists
        self.roots = roots
        self.programScope = programScope ?? ProgramScope(paths: parsed.map(\.path) + cached.map(\.path))
        self.reusedBackgroundFindings = reusedBackgroundFindings
        self.background = reusedBackgroundFindings != nil ? nil : BackgroundTaskContext(files: parsed, cachedFiles: cached, unparsed: unparsed)
            .map { BackgroundAnalysis(context: $0, index: $0.makeIndex()) }
        var byName: [String: [SiteRecord]] = [:]
        for record in records {
            if let key = record.name.duplicateKey { byName[key, default: []].append(record) }
        }
        self.recordsByNameKey = byName
    }

    /// Sites whose name is this literal or has this interpolated shape (``TaskNameExpression/duplicateKey``).
    public func records(named key: String) -> [SiteRecord] { recordsByNameKey[key] ?? [] }

    /// The parsed file with this path.
    public func file(_ path: String) -> FileAnalysis? { filesByPath[path].map { files[$0] } }

    /// The cached file with this path.
    public func cachedFile(_ path: String) -> CachedFile? { cachedFilesByPath[path].map { cachedFiles[$0] } }

    /// The configuration and suppression comments of an analysed file (parsed or cached).
    func settings(of path: String) -> (configuration: LintConfiguration, suppressions: SuppressionDirectives)? {
        if let file = file(path) { return (file.configuration, file.suppressions) }
        if let file = cachedFile(path) { return (file.configuration, file.suppressions) }
        return nil
    }
}

/// A property list found under the linted paths.
public struct PropertyListFile: Hashable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The background rules' shared view of one tree: the identifier context and the function index.
struct BackgroundAnalysis: Sendable {
    let context: BackgroundTaskContext
    let index: BackgroundTaskIndex
}
