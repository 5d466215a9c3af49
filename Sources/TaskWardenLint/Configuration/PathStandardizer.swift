import Foundation

/// `NSString.standardizingPath` (symbolic links resolved, `.` and `..` removed) for many paths in few folders:
/// each folder is standardized once, and a file's own name only costs an `lstat` to see that it is not a link.
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
        // A standardized path stands for itself: the files of a folder found this way (an Xcode group) hit.
        folders[result] = result
        return result
    }

    private mutating func standardized(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return (path as NSString).standardizingPath }
        let name = path[path.index(after: slash)...]
        var status = stat()
        // A link, a missing file, or a name Foundation treats specially: the slow, exact way.
        if name.isEmpty || name == "." || name == ".." || lstat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFLNK {
            return (path as NSString).standardizingPath
        }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let standardFolder: String
        if let known = folders[folder] {
            standardFolder = known
        } else {
            standardFolder = (folder as NSString).standardizingPath
            folders[folder] = standardFolder
        }
        return standardFolder + (standardFolder.hasSuffix("/") ? "" : "/") + name
    }
}
