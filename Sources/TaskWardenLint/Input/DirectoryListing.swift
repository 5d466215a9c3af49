#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a directory with what `readdir` says of each: whether it is a regular file.
///
/// The collector asks `stat` only of entries it may read (and of links, folders and entries whose kind the
/// file system does not give, `DT_UNKNOWN`): a tree holds many more images, JSON and other files it never
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
    }

    var entries: [Entry] = []

    /// The entries of `path` but `.` and `..`; nil when it cannot be opened.
    static func read(_ path: String) -> DirectoryListing? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var listing = DirectoryListing()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            listing.entries.append(Entry(name: name, isRegularFile: Int32(entry.pointee.d_type) == Int32(DT_REG)))
        }
        return listing
    }
}
