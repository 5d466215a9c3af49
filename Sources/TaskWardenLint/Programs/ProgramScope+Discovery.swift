import Foundation

extension ProgramScope {
    /// Places each file (`displayPaths`, relative to `workingDirectory` unless absolute) by the manifests above
    /// it on disk, else by folder layout. Manifests that cannot be read or understood place nothing.
    public static func discover(displayPaths: [String], workingDirectory: String, entryPoints: Set<String> = [],
                                extensionPropertyLists: [String] = []) -> ProgramScope {
        placeByManifests(displayPaths: displayPaths, workingDirectory: workingDirectory)
            .placingTheRest(entryPoints: entryPoints, extensionPropertyLists: extensionPropertyLists)
    }

    /// What the manifests say (rules 1 and 2), read while files are analysed; the folder layout (rule 3) needs
    /// to know which files declare an entry point, so it comes after (``ManifestPlacements/placingTheRest(entryPoints:extensionPropertyLists:)``).
    public static func placeByManifests(displayPaths: [String], workingDirectory: String) -> ManifestPlacements {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        var manifests = ManifestPlacement()
        var memberships: [String: Membership] = [:]
        memberships.reserveCapacity(displayPaths.count)
        var unplaced: [String] = []
        for path in displayPaths {
            switch manifests.place(path.hasPrefix("/") ? path : base + path) {
            case .placed(let membership): memberships[path] = membership
            case .unplaced: unplaced.append(path)
            case .leftOut: break
            }
        }
        return ManifestPlacements(memberships: memberships, unplaced: unplaced)
    }

    /// The files the manifests placed, and those left to the folder layout.
    public struct ManifestPlacements: Sendable {
        var memberships: [String: Membership]
        var unplaced: [String]

        /// The scope once the files no manifest placed are placed by folder layout.
        public func placingTheRest(entryPoints: Set<String>, extensionPropertyLists: [String]) -> ProgramScope {
            var all = memberships
            let byFolders = ProgramScope.placeByFolders(unplaced, entryPoints: entryPoints, extensionPropertyLists: extensionPropertyLists)
            all.merge(byFolders) { manifest, _ in manifest }
            return ProgramScope(memberships: all)
        }
    }
}

/// Rules 1 and 2 of ``ProgramScope`` for one file after another: each manifest is read once, and a file in the
/// folder of the file before reuses that folder's answers (the collector lists files folder by folder), so
/// most files cost a look at their folder's entries (``PathStandardizer``), a folder comparison and their
/// project's index lookups.
private struct ManifestPlacement {
    enum Outcome {
        case placed(ProgramScope.Membership)
        /// No manifest places it: the folder layout may (rule 3).
        case unplaced
        /// Its package holds it in no target, or two projects compile it: compared with everything.
        case leftOut
    }

    /// A package read once, its domain spelled once.
    struct Package {
        let targets: SwiftPackageTargets
        let domain: String
    }

    /// A project read once, and the programs of each set of its targets met so far (most files of a project
    /// are compiled by one of a few such sets).
    struct Project {
        let manifest: String
        let targets: XcodeProjectTargets
        var programs: [[Int]: Set<String>] = [:]

        /// The programs of `file`, and whether it is compiled only into programs of this project's own (no
        /// framework or library, which another project could link).
        mutating func programs(of file: String, synchronizedHolders: [Int]) -> (programs: Set<String>, selfContained: Bool)? {
            let own = targets.ownTargets(of: file, synchronizedHolders: synchronizedHolders)
            guard !own.isEmpty else { return nil }
            let selfContained = targets.areSelfContained(own)
            if let known = programs[own] { return (known, selfContained) }
            guard let result = targets.programs(ofTargets: own) else { return nil }
            programs[own] = result
            return (result, selfContained)
        }
    }

    /// What the nearest manifest above one folder says.
    enum FolderManifest {
        case nothing
        /// The package (nil when it cannot be read), and the programs of a file directly in the folder once
        /// known: a package places by folder, so every file whose name holds no `/` gets the same answer
        /// (except in its snippets' folder, where each file is a program).
        case package(Package?, programs: Set<String>??)
        /// The readable projects, as indices into `projects`, and for each the targets synchronizing a folder
        /// above the folder once known (the same for every file directly in it).
        case projects([Int], synchronizedHolders: [[Int]?])
    }

    private var finder = ManifestFinder()
    /// One standardizer for files and project file references, which also reads folders for `finder`: a file a
    /// project lists is looked up once, and a folder is read once.
    private var standardizer = PathStandardizer()
    private var packages: [String: Package?] = [:]
    private var projectIndices: [String: Int?] = [:]
    private var projects: [Project] = []
    /// The folder of the file before and its manifest.
    private var folder = ""
    private var folderManifest: FolderManifest?

    mutating func place(_ absolute: String) -> Outcome {
        let file = standardizer.standardize(absolute)
        let slash = PathSplit.lastSlash(in: file)
        let parent = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? ""
        // Compared on bytes: two spellings of one name that Swift calls equal may answer differently on disk.
        if folderManifest == nil || !PathSplit.sameBytes(parent, folder) {
            folder = parent
            folderManifest = manifest(of: finder.nearestManifest(inOrAbove: parent, standardizer: &standardizer))
        }
        // What the folder's manifest says of one file it says of all whose name holds no `/` byte: the path is
        // then exactly the folder, a `/` that is a character of its own, and the name.
        let inFolder = slash.map { PathSplit.nameHasNoSlash(file, after: $0) } ?? false
        switch folderManifest ?? .nothing {
        case .nothing:
            return .unplaced
        case .package(nil, _):
            return .leftOut
        case .package(let package?, let known):
            let programs: Set<String>?
            if inFolder, let known {
                programs = known
            } else {
                programs = package.targets.programs(of: file)
                if inFolder, package.targets.answersPerFolder(folder) { folderManifest = .package(package, programs: .some(programs)) }
            }
            return programs.map { .placed(ProgramScope.Membership(domain: package.domain, programs: $0)) } ?? .leftOut
        case .projects(let indices, var holders):
            var placed: (manifest: String, programs: Set<String>, selfContained: Bool)?
            var count = 0
            for (position, index) in indices.enumerated() {
                let synchronized: [Int]
                if inFolder, let known = holders[position] {
                    synchronized = known
                } else {
                    synchronized = projects[index].targets.synchronizedTargets(holding: file)
                    if inFolder { holders[position] = synchronized }
                }
                guard let (programs, selfContained) = projects[index].programs(of: file, synchronizedHolders: synchronized) else { continue }
                count += 1
                placed = (projects[index].manifest, programs, selfContained)
            }
            folderManifest = .projects(indices, synchronizedHolders: holders)
            // A file compiled by two projects: not placed (compared with everything).
            guard count <= 1 else { return .leftOut }
            return placed.map {
                .placed(ProgramScope.Membership(domain: $0.manifest, programs: $0.programs, isSelfContained: $0.selfContained))
            } ?? .unplaced
        }
    }

    /// Reads the manifests `found` names, unless read before.
    private mutating func manifest(of found: ManifestFinder.Manifest?) -> FolderManifest {
        switch found {
        case nil:
            return .nothing
        case .package(let directory)?:
            if packages[directory] == nil {
                packages[directory] = .some(SwiftPackageTargets(directory: directory).map {
                    Package(targets: $0, domain: directory + "/Package.swift")
                })
            }
            return .package(packages[directory] ?? nil, programs: nil)
        case .xcodeProjects(let manifests)?:
            var indices: [Int] = []
            for manifest in manifests {
                if projectIndices[manifest] == nil {
                    var index: Int?
                    if let targets = XcodeProjectTargets(pbxprojPath: manifest, standardizer: &standardizer) {
                        projects.append(Project(manifest: manifest, targets: targets))
                        index = projects.count - 1
                    }
                    projectIndices[manifest] = .some(index)
                }
                if let index = projectIndices[manifest] ?? nil { indices.append(index) }
            }
            return .projects(indices, synchronizedHolders: Array(repeating: nil, count: indices.count))
        }
    }
}
