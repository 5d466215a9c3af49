import Foundation

/// The native targets of an Xcode project and the Swift files each compiles, read from `project.pbxproj`:
/// files listed in a target's Sources build phase (resolved through the group tree), and folders synchronized
/// with it (Xcode 16's `PBXFileSystemSynchronizedRootGroup`): a folder's membership exceptions for a target
/// that synchronizes it take those files (or folders) out of that target, and for a target that does not,
/// add them to it; an entry may name a folder, for everything below it. A framework or library target is
/// also part of every target that depends on it; an app extension or a test bundle is a program of its own.
///
/// ```swift
/// let project = XcodeProjectTargets(pbxprojPath: "/src/NetNewsWire.xcodeproj/project.pbxproj")
/// project?.programs(of: "/src/Mac/AppDelegate.swift")  // ["NetNewsWire"]
/// ```
struct XcodeProjectTargets: Sendable {
    struct Target: Sendable {
        var name: String
        var files: Set<String>
        /// Synchronized folders (absolute) and the files (absolute) excluded from them for this target.
        var folders: [String]
        var excluded: Set<String>
        var dependencies: [String]
        var isLinkedInto: Bool
    }

    let targets: [Target]
    /// File → the targets listing it in a Sources phase, built once (asked for every file of a run).
    private let listedBy: [String: [Int]]
    /// The targets with synchronized folders, each folder with its trailing slash.
    private let synchronized: [(target: Int, folders: [String])]

    init?(pbxprojPath: String) {
        var standardizer = PathStandardizer()
        self.init(pbxprojPath: pbxprojPath, standardizer: &standardizer)
    }

    /// Reads the project, standardizing paths with `standardizer`: discovery passes the one it standardizes
    /// files with, so a Swift file the project lists, and its folder, are looked up on disk once, not twice.
    init?(pbxprojPath: String, standardizer: inout PathStandardizer) {
        guard let text = FileBytes.text(pbxprojPath) else { return nil }
        let projectDirectory = ((pbxprojPath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        self.init(text: text, projectDirectory: projectDirectory, standardizer: &standardizer)
    }

    init?(text: String, projectDirectory: String) {
        var standardizer = PathStandardizer()
        self.init(text: text, projectDirectory: projectDirectory, standardizer: &standardizer)
    }

    init?(text: String, projectDirectory: String, standardizer: inout PathStandardizer) {
        var parser = OpenStepPropertyList(text)
        guard case .dictionary(let root)? = parser.parse(), case .dictionary(let objects)? = root["objects"],
              let rootID = root["rootObject"]?.string,
              let project = objects[rootID]?.dictionary
        else { return nil }
        func object(_ id: String?) -> [String: OpenStepPropertyList.Value]? { id.flatMap { objects[$0]?.dictionary } }

        // Paths of every file reference and synchronized folder, walking the group tree from the main group.
        var paths: [String: String] = [:]
        // The items with membership exceptions (synchronized folders), read again once every target is known.
        var exceptionHolders: Set<String> = []
        func walk(_ id: String, parent: String) {
            guard let item = object(id) else { return }
            let path = item["path"]?.string
            let base: String
            switch item["sourceTree"]?.string {
            case "<group>"?: base = path.map { PathSplit.appending($0, to: parent) } ?? parent
            case "SOURCE_ROOT"?: base = path.map { PathSplit.appending($0, to: projectDirectory) } ?? projectDirectory
            case "<absolute>"?: base = path ?? parent
            default: return
            }
            if item["exceptions"] != nil { exceptionHolders.insert(id) }
            // Only Swift files are ever looked up: other files (images, xibs, Objective-C) skip the standardizer.
            if item["isa"]?.string == "PBXFileReference", !base.hasSuffix(".swift") {
                paths[id] = base
                return
            }
            let standardized = standardizer.standardize(base)
            paths[id] = standardized
            for child in item["children"]?.array ?? [] { if let childID = child.string { walk(childID, parent: standardized) } }
        }
        if let mainGroup = project["mainGroup"]?.string {
            let projectPath = project["projectDirPath"]?.string ?? ""
            walk(mainGroup, parent: PathSplit.appending(projectPath, to: projectDirectory))
        }

        var targets: [Target] = []
        var ids: [String: String] = [:]  // target id → name
        for case let id? in (project["targets"]?.array ?? []).map(\.string) {
            guard let target = object(id), target["isa"]?.string == "PBXNativeTarget", let name = target["name"]?.string
            else { continue }
            ids[id] = name
            var files: Set<String> = []
            for case let phase? in (target["buildPhases"]?.array ?? []).map({ object($0.string) })
            where phase["isa"]?.string == "PBXSourcesBuildPhase" {
                for case let buildFile? in (phase["files"]?.array ?? []).map({ object($0.string) }) {
                    if let reference = buildFile["fileRef"]?.string, let path = paths[reference] { files.insert(path) }
                }
            }
            var folders: [String] = []
            var excluded: Set<String> = []
            for case let groupID? in (target["fileSystemSynchronizedGroups"]?.array ?? []).map(\.string) {
                guard let folder = paths[groupID] else { continue }
                folders.append(folder)
                for case let exception? in (object(groupID)?["exceptions"]?.array ?? []).map({ object($0.string) })
                where exception["target"]?.string == id {
                    for member in exception["membershipExceptions"]?.array ?? [] {
                        if let relative = member.string { excluded.insert(PathSplit.appending(relative, to: folder)) }
                    }
                }
            }
            let productType = target["productType"]?.string ?? ""
            let dependencies = (target["dependencies"]?.array ?? []).compactMap { object($0.string)?["target"]?.string }
            targets.append(Target(
                name: name, files: files, folders: folders, excluded: excluded, dependencies: dependencies,
                isLinkedInto: productType.contains("framework") || productType.contains("library")))
        }
        // Exceptions on a folder a target does not synchronize add those files to it. Only items the walk saw
        // with exceptions can have any: every other file reference is skipped without a lookup.
        for groupID in exceptionHolders {
            guard let path = paths[groupID] else { continue }
            for case let exception? in (object(groupID)?["exceptions"]?.array ?? []).map({ object($0.string) }) {
                guard let targetID = exception["target"]?.string, let name = ids[targetID],
                      let index = targets.firstIndex(where: { $0.name == name }), !targets[index].folders.contains(path)
                else { continue }
                // An entry naming a folder adds everything below it (Xcode lists a folder whose membership
                // changed as a whole); only Swift files are ever asked for, so any other entry is a folder or
                // a resource, and a resource's path holds no Swift file below it.
                for member in exception["membershipExceptions"]?.array ?? [] {
                    guard let relative = member.string else { continue }
                    let added = PathSplit.appending(relative, to: path)
                    if added.hasSuffix(".swift") { targets[index].files.insert(added) } else { targets[index].folders.append(added) }
                }
            }
        }
        for index in targets.indices { targets[index].dependencies = targets[index].dependencies.compactMap { ids[$0] } }
        self.targets = targets
        var listedBy: [String: [Int]] = [:]
        for (index, target) in targets.enumerated() {
            for file in target.files { listedBy[file, default: []].append(index) }
        }
        self.listedBy = listedBy
        synchronized = targets.enumerated().filter { !$0.element.folders.isEmpty }.map { ($0.offset, $0.element.folders.map { $0 + "/" }) }
        if targets.isEmpty { return nil }
    }

    func compiles(_ target: Target, _ file: String) -> Bool {
        if target.files.contains(file) { return true }
        guard !Self.isExcluded(file, from: target.excluded) else { return false }
        return target.folders.contains { file.hasPrefix($0 + "/") }
    }

    /// Whether `file` or a folder above it is among `excluded`: a membership exception may name a folder
    /// (`Mandelbrot`), which takes everything below it out of the target.
    static func isExcluded(_ file: String, from excluded: Set<String>) -> Bool {
        guard !excluded.isEmpty else { return false }
        var path = Substring(file)
        while true {
            if excluded.contains(String(path)) { return true }
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return false }
            path = path[..<slash]
        }
    }

    /// The targets whose program links `file` (its own targets, and those depending on a framework that
    /// compiles it); nil when no target compiles it.
    func programs(of file: String) -> Set<String>? {
        programs(ofTargets: ownTargets(of: file))
    }

    /// The indices (ascending) of the targets that compile `file`: what ``compiles(_:_:)`` says for every
    /// target, from the indexes built once.
    func ownTargets(of file: String) -> [Int] {
        ownTargets(of: file, synchronizedHolders: synchronizedTargets(holding: file))
    }

    /// ``ownTargets(of:)`` given what ``synchronizedTargets(holding:)`` says of `file` (discovery asks that
    /// once per folder).
    func ownTargets(of file: String, synchronizedHolders: [Int]) -> [Int] {
        var own = listedBy[file] ?? []
        for index in synchronizedHolders where !own.contains(index) && !Self.isExcluded(file, from: targets[index].excluded) {
            own.append(index)
        }
        return own.sorted()
    }

    /// The targets with a synchronized folder above `file`, before their exceptions. The test is on the
    /// path's folders only, so every file whose path is one folder, a `/` and a name without `/` gets the
    /// same answer.
    func synchronizedTargets(holding file: String) -> [Int] {
        synchronized.filter { $0.folders.contains { file.hasPrefix($0) } }.map(\.target)
    }

    /// Whether the targets at `indices` are all programs of their own (apps, extensions, test bundles, tools):
    /// no framework or library among them, which another project's program could link.
    func areSelfContained(_ indices: [Int]) -> Bool {
        !indices.isEmpty && indices.allSatisfy { !targets[$0].isLinkedInto }
    }

    /// The targets whose program links a file compiled by the targets at `indices` (from
    /// ``ownTargets(of:)``): they and those depending on a framework among them; nil when `indices` is empty.
    /// Many files share one answer, so discovery remembers it per set of indices.
    func programs(ofTargets indices: [Int]) -> Set<String>? {
        let own = Set(indices.map { targets[$0].name })
        guard !own.isEmpty else { return nil }
        var result = own
        var frontier = own.filter { name in targets.first { $0.name == name }?.isLinkedInto == true }
        while !frontier.isEmpty {
            var next: Set<String> = []
            for target in targets where !result.contains(target.name)
                && !frontier.isDisjoint(with: target.dependencies) {
                result.insert(target.name)
                if target.isLinkedInto { next.insert(target.name) }
            }
            frontier = next
        }
        return result
    }
}
