/// Everything known about the whole linted tree: every parsed file, every site, and indexes the
/// cross-file rules share.
///
/// ```swift
/// let tree = TreeAnalysis(files: [file1, file2])
/// tree.sites(named: "price:\\(…)") // every site whose name has that shape
/// ```
public struct TreeAnalysis: Sendable {
    /// The parsed files (those that could contain a site or a rule's extra token), in path order.
    public let files: [FileAnalysis]
    /// Every site of every file, in file then source order.
    public let sites: [CreationSite]
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
    private let filesByPath: [String: Int]
    private let sitesByNameKey: [String: [CreationSite]]
    private let unnamedSitesByLabel: [String: [CreationSite]]

    /// Builds the tree, removing sites whose `Task` is shadowed by a type declared anywhere in their module.
    /// `programScope` defaults to placing files by folder layout alone (see ``ProgramScope``).
    public init(files: [FileAnalysis], propertyLists: [PropertyListFile] = [], roots: [String] = [], programScope: ProgramScope? = nil) {
        let shadowing = TaskTypeShadowing(declarations: files.flatMap(\.taskTypeDeclarations))
        var shadowed = files
        for index in shadowed.indices { shadowed[index].apply(shadowing) }
        self.files = shadowed
        self.filesByPath = Dictionary(shadowed.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.sites = shadowed.flatMap(\.sites)
        self.propertyLists = propertyLists
        self.roots = roots
        self.programScope = programScope ?? ProgramScope(paths: shadowed.map(\.path))
        self.background = BackgroundTaskContext(files: shadowed).map { BackgroundAnalysis(context: $0, index: $0.makeIndex()) }
        var byName: [String: [CreationSite]] = [:]
        var byLabel: [String: [CreationSite]] = [:]
        for site in sites {
            if let key = site.name.duplicateKey { byName[key, default: []].append(site) }
            if site.name == .none, site.kind != .swiftUITask { byLabel[site.guessedLabel, default: []].append(site) }
        }
        self.sitesByNameKey = byName
        self.unnamedSitesByLabel = byLabel
    }

    /// Sites whose name is this literal or has this interpolated shape (``TaskNameExpression/duplicateKey``).
    public func sites(named key: String) -> [CreationSite] { sitesByNameKey[key] ?? [] }

    /// Unnamed sites (SwiftUI `.task` aside, which names itself) a profiler would give this label.
    public func unnamedSites(labelled label: String) -> [CreationSite] { unnamedSitesByLabel[label] ?? [] }

    /// The file with this path.
    public func file(_ path: String) -> FileAnalysis? { filesByPath[path].map { files[$0] } }
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
