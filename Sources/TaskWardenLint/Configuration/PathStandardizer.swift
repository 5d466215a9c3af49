import Foundation

/// `NSString.standardizingPath` (symbolic links resolved, `.` and `..` removed) for many paths in few folders:
/// each folder is standardized once, from its own folder's answer, so a path costs one `lstat` (is its last
/// component a link?) unless its folder was seen before.
/// Foundation resolves a path component by component, so standardizing every file of a large tree, or every
/// file reference of a large Xcode project, cost hundreds of milliseconds.
///
/// ```swift
/// var standardizer = PathStandardizer()
/// standardizer.standardize("/src/App/../App/Feed.swift")  // "/src/App/Feed.swift"
/// ```
struct PathStandardizer {
    private var folders: [String: String] = [:]

    mutating func standardize(_ path: String) -> String {
        let result = standardized(path)
        // Remembered under both spellings: a standardized path stands for itself (an Xcode group's files hit).
        folders[path] = result
        folders[result] = result
        return result
    }

    private mutating func standardized(_ path: String) -> String {
        if let known = folders[path] { return known }
        // Darwin's standardizingPath drops `/private` from `/private/var/…`: such paths go the exact way.
        guard path.hasPrefix("/"), path != "/", !path.hasPrefix("/private/"), let slash = path.lastIndex(of: "/") else {
            return (path as NSString).standardizingPath
        }
        let name = path[path.index(after: slash)...]
        var status = stat()
        // A link, a missing file, or a name Foundation treats specially: the slow, exact way.
        if name.isEmpty || name == "." || name == ".." || lstat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFLNK {
            return (path as NSString).standardizingPath
        }
        // The folder is standardized the same way, once: each folder then costs one `lstat`.
        let folder = ManifestFinder.parent(of: path)
        let standardFolder = folder == "/" ? "/" : standardize(folder)
        return standardFolder + (standardFolder.hasSuffix("/") ? "" : "/") + name
    }
}
