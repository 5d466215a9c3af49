#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TaskWardenSupport

/// The names in a directory with what `readdir` says of each: whether it is a regular file.
///
/// The collector asks `stat` only of entries it may read (and of links, folders and entries whose kind the
/// file system does not give, `DT_UNKNOWN`), and `lstat` only of entries `readdir` does not call folders: a tree holds many more images, JSON and other files it never
/// reads than Swift files and folders, and each `stat` is a system call. (It still asks `stat` of Swift files:
/// their identity must match the one `stat` gives for a file named on the command line, and `readdir`'s inode
/// need not, on overlay file systems.)
///
/// ```swift
/// let listing = DirectoryListing.read("/repo/Sources")   // nil when the directory cannot be listed
/// listing?.entries.map(\.name)                          // ["App.swift", "Views", …] (unsorted)
/// ```
struct DirectoryListing {
    struct Entry {
        /// The entry's name; bytes that are not UTF-8 read as U+FFFD (as `FileManager` lists them).
        var name: String
        /// `readdir` says it is a regular file (not a link to one).
        var isRegularFile: Bool
        /// `readdir` says it is a folder (not a link to one): the walk need not ask `lstat` whether it is a link.
        var isDirectory = false
    }

    var entries: [Entry] = []

    /// An entry could be `Package.swift`: that name in any case, or a name with a non-ASCII byte (which case
    /// folding on a case-insensitive volume could turn into it). When none could, the folder holds no package
    /// manifest, and the results cache need not ask `stat` for one (``CachedPrograms``).
    var mayHoldPackageManifest: Bool {
        entries.contains { entry in
            let name = entry.name.utf8
            if name.contains(where: { $0 >= 0x80 }) { return true }
            return name.count == 13 && name.elementsEqual("package.swift".utf8) { $0 | 0x20 == $1 | 0x20 }
        }
    }

    /// The entries of `path` but `.` and `..`; nil when it cannot be opened.
    static func read(_ path: String) -> DirectoryListing? {
        var listing = DirectoryListing()
        let readable = FolderReading.forEachEntry(of: path) { name, kind in
            let kind = Int32(kind)
            listing.entries.append(
                Entry(name: String(decoding: name, as: UTF8.self), isRegularFile: kind == Int32(DT_REG), isDirectory: kind == Int32(DT_DIR))
            )
        }
        guard readable else { return nil }
        return listing
    }
}
