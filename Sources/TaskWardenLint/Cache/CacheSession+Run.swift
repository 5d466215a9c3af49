import SwiftSyntax

/// The results cache's part in a run's tree-level stages (``FileRun/reconcile(with:input:options:)``,
/// ``FileRun/store(tree:perFile:background:session:parallel:)``): which served files must be parsed after all,
/// what a cached finding may point at, and storing what the run learned.
extension CacheSession {
    /// Every file of the run and its size in bytes (what a cached finding may point at).
    static func sizes(_ files: [SourceFileCollector.SwiftFile], _ outcomes: [FileStages.Outcome],
                      _ propertyLists: [PropertyListFile]) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for (file, outcome) in zip(files, outcomes) { sizes[file.display] = outcome.bytes }
        for list in propertyLists { sizes[list.path] = list.contents.utf8.count }
        return sizes
    }

    /// The files the run did not parse (``UnparsedConstants``'s files), and whether each was read.
    static func unparsedFiles(_ files: [SourceFileCollector.SwiftFile], _ outcomes: [FileStages.Outcome]) -> [UnparsedFile] {
        zip(files, outcomes).compactMap { file, outcome in
            guard outcome.analysis == nil, outcome.cached == nil, outcome.problems.isEmpty, !outcome.tooDeep else { return nil }
            return UnparsedFile(absolutePath: file.absolute, unread: outcome.unread)
        }
    }

    /// Cached files that a `Task` type declared in this run's tree shadows a site of: their recorded findings
    /// assumed those sites, so they are parsed instead (rare: a project type named `Task`).
    static func cachedFilesToParse(_ outcomes: [FileStages.Outcome]) -> [Int] {
        var declarations: [TaskTypeDeclaration] = []
        for outcome in outcomes {
            if let analysis = outcome.analysis { declarations += analysis.taskTypeDeclarations }
            if let cached = outcome.cached { declarations += cached.facts.declarations }
        }
        guard !declarations.isEmpty else { return [] }
        let shadowing = TaskTypeShadowing(declarations: declarations)
        return outcomes.indices.filter { index in
            outcomes[index].cached?.records.contains { shadowing.shadows($0) } == true
        }
    }

    /// Stores the facts of every parsed file that has a key, unless the tree shadowed one of its sites (its
    /// findings then depend on other files).
    func store(tree: TreeAnalysis, perFile: [[Finding]], outcomes: [FileStages.Outcome], parallel: Bool) {
        var work: [(file: FileAnalysis, findings: [Finding], problems: [InputProblem], key: String)] = []
        var index = 0
        for outcome in outcomes {
            guard let analysis = outcome.analysis else { continue }
            defer { index += 1 }
            let file = tree.files[index]
            guard let key = outcome.cacheKey, file.sites.count == analysis.sites.count else { continue }
            work.append((file, perFile[index], outcome.problems, key))
        }
        _ = ParallelMap.map(work, parallel: parallel) { item -> Bool in
            var constants: [String: Set<String>] = [:]
            BackgroundTaskContext.collectConstants(in: Syntax(item.file.tree), into: &constants)
            cache.store(FileFacts(item.file, findings: item.findings, problems: item.problems, constants: constants), item.key)
            return true
        }
    }
}
