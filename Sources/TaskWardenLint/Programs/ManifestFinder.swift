import Foundation

/// Finds the manifest nearest above a file, remembering each folder's answer.
struct ManifestFinder {
    enum Manifest: Hashable {
        /// The folder holding `Package.swift`, and the `project.pbxproj` files of the `.xcodeproj` bundles beside
        /// it: a file no target of the package holds may be one the project compiles (an examples repository
        /// whose package builds its libraries and whose project builds its apps).
        case package(String, projects: [String])
        /// The `project.pbxproj` files of the `.xcodeproj` bundles in the nearest folder that has any.
        case xcodeProjects([String])
    }

    private var answers: [String: Manifest?] = [:]

    /// The folder holding `path` (string operations: NSString's path methods cost microseconds each, and this
    /// runs for every file).
    static func parent(of path: String) -> String {
        guard let slash = PathSplit.lastSlash(in: path) else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The manifest in `folder` or the nearest folder above it; folders are read through `standardizer`, which
    /// reads each once for both.
    mutating func nearestManifest(inOrAbove folder: String, standardizer: inout PathStandardizer) -> Manifest? {
        var directory = folder
        var visited: [String] = []
        var found: Manifest?
        while true {
            if let known = answers[directory] {
                found = known
                break
            }
            visited.append(directory)
            if let manifest = Self.manifest(in: directory, standardizer: &standardizer) {
                found = manifest
                break
            }
            let parent = Self.parent(of: directory)
            if parent == directory || parent.isEmpty { break }
            directory = parent
        }
        for folder in visited { answers[folder] = .some(found) }
        return found
    }

    /// The manifest in `directory` itself, from one read of the folder.
    ///
    /// Most folders hold neither manifest: their entries (``FolderEntries``) show that without a `stat` of
    /// `Package.swift` or a `String` for every entry. A folder whose entries could name either is asked the
    /// way ``manifestAskingFoundation(in:)`` asks; one that cannot be listed is asked that way too.
    static func manifest(in directory: String, standardizer: inout PathStandardizer) -> Manifest? {
        guard let entries = standardizer.entries(of: directory) else { return manifestAskingFoundation(in: directory) }
        return entries.mayHoldPackage || entries.mayHoldProject ? manifestAskingFoundation(in: directory) : nil
    }

    /// The manifest in `directory` as `FileManager` sees it: `Package.swift` first (with any projects beside
    /// it), else the Xcode projects.
    static func manifestAskingFoundation(in directory: String) -> Manifest? {
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
            .map { directory + "/" + $0 + "/project.pbxproj" }
            .filter { manager.fileExists(atPath: $0) }
        if manager.fileExists(atPath: directory + "/Package.swift") { return .package(directory, projects: projects) }
        return projects.isEmpty ? nil : .xcodeProjects(projects)
    }
}
