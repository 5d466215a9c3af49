import Foundation

/// `NSString.standardizingPath` (symbolic links resolved, `.` and `..` removed) for many paths in few folders:
/// each folder is standardized once, from its own folder's answer, so a path costs one check (is its last
/// component a link?) and one lookup of its folder.
/// Foundation resolves a path component by component, so standardizing every file of a large tree, or every
/// file reference of a large Xcode project, cost hundreds of milliseconds.
///
/// The check is an `lstat` until one in the folder succeeds (the folder can then be searched, as an `lstat`
/// of a name in it needs); after that the folder is read once (``FolderEntries``) and its entries answer
/// while they say plainly "not a link". A link, a kind `readdir` does not tell, or a name it did not keep
/// takes the `lstat` as before, so the answer is what the `lstat` alone gave (for a tree that does not change
/// while it is read: the entries are those of the moment the folder was read, as folders' answers always were).
///
/// ```swift
/// var standardizer = PathStandardizer()
/// standardizer.standardize("/src/App/../App/Feed.swift")  // "/src/App/Feed.swift"
/// ```
struct PathStandardizer {
    /// What is known of each folder, by its spelling in the paths asked about.
    private var folders: [String: Folder] = [:]

    private struct Folder {
        /// The folder standardized, once asked for.
        var standardized: String?
        /// An `lstat` of a name in the folder succeeded.
        var searchable = false
        /// nil until read; `.some(nil)` when it could not be read.
        var entries: FolderEntries??

        /// Whether the entries show `name` exists and is no link (so an `lstat` would succeed and say so), read
        /// here once the folder is known to be searchable; and the folder's standardized path, if known.
        mutating func check(_ name: Substring, in folder: String) -> (isNonLink: Bool, standardized: String?) {
            guard searchable else { return (false, standardized) }
            return (readEntries(at: folder)?.isKnownNonLink(name) ?? false, standardized)
        }

        mutating func readEntries(at folder: String) -> FolderEntries? {
            if let entries { return entries }
            let read = FolderEntries(reading: folder)
            entries = .some(read)
            return read
        }
    }

    mutating func standardize(_ path: String) -> String {
        // Darwin's standardizingPath drops `/private` from `/private/var/…`: such paths go the exact way.
        guard path.hasPrefix("/"), path != "/", !path.hasPrefix("/private/"), let slash = PathSplit.lastSlash(in: path) else {
            return (path as NSString).standardizingPath
        }
        let name = path[path.index(after: slash)...]
        // A name Foundation treats specially: the slow, exact way.
        if name.isEmpty || name == "." || name == ".." { return (path as NSString).standardizingPath }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        // One lookup of the folder, in place: it answers for the name and knows its own standardized path. A
        // path too long for `lstat` fails there, whatever the folder holds.
        var (isNonLink, standardFolder) = (false, String?.none)
        if path.utf8.count < Int(PATH_MAX) {
            (isNonLink, standardFolder) = folders[folder, default: Folder()].check(name, in: folder)
        }
        if !isNonLink {
            var status = stat()
            // A link or a missing file: the slow, exact way.
            if lstat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFLNK { return (path as NSString).standardizingPath }
            folders[folder, default: Folder()].searchable = true
        }
        // The folder is standardized the same way, once.
        let standard = slash == path.startIndex ? "/" : standardFolder ?? standardizedFolder(folder)
        var result = standard
        result.reserveCapacity(standard.utf8.count + 1 + name.utf8.count)
        if !standard.hasSuffix("/") { result += "/" }
        result += name
        return result
    }

    /// Standardizes `folder` and remembers it under both spellings: a standardized path stands for itself (an
    /// Xcode group's files name the group's standardized path).
    private mutating func standardizedFolder(_ folder: String) -> String {
        let result = standardize(folder)
        folders[folder, default: Folder()].standardized = result
        if result != folder { folders[result, default: Folder()].standardized = result }
        return result
    }

    /// The entries of `folder`, read once (``ManifestFinder`` asks for them too); nil when it cannot be listed.
    mutating func entries(of folder: String) -> FolderEntries? {
        folders[folder, default: Folder()].readEntries(at: folder)
    }
}
