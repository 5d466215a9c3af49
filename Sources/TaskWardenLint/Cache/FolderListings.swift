/// What every folder of one tree held at the last run, with the folder's fingerprint then: a later run that
/// finds a folder's fingerprint unchanged (and not taken racily close to the recording) uses the listing kept
/// here instead of opening and reading the folder, as git's untracked cache does.
///
/// Creating, removing or renaming an entry changes its folder's modification time, so a folder whose `stat` is
/// unchanged lists the same names of the same kinds. The folder's own `stat` costs nothing extra: the walk asks
/// it anyway, of the folder above (``TreePrefetch``). What a file holds is not here: every Swift file is still
/// `stat`ed (``FileIndex``).
///
/// Kept per tree (working folder and roots) and build of the tool in one file under the cache folder, written only when a listing
/// was read afresh or a folder was no longer walked:
///
/// ```text
/// taskwarden-folders <format> <recorded-at seconds> <nanoseconds> <count> <payload length> <checksum>\n
/// count × { u32 path length, path, u64 device, u64 inode, i64 size, i64 mtime s, i64 mtime ns, i64 ctime s,
///           i64 ctime ns, u32 entries, entries × { u8 kind (1 regular file, 2 folder, 0 other), u32 name length,
///           name } }                                                                  (integers little-endian)
/// ```
///
/// Every count and length read from it is checked against what is left of it; a file that is not whole is
/// ignored (every folder is read).
///
/// ```swift
/// if let listing = known.listing(of: "/repo/Sources", fingerprint: fingerprint) { … }   // nil: read the folder
/// ```
struct FolderListings: Sendable {
    static let format = 1

    struct Folder: Sendable {
        var fingerprint: FileFingerprint
        var listing: DirectoryListing
    }

    /// When the run that read these folders started, before it read any.
    var recordedAt: FileFingerprint.Timestamp
    var folders: [String: Folder]

    init(recordedAt: FileFingerprint.Timestamp, folders: [String: Folder] = [:]) {
        self.recordedAt = recordedAt
        self.folders = folders
    }

    /// The listing of the folder at `path` whose fingerprint is now `fingerprint`; nil when it changed, was not
    /// seen, or was stamped too close to the recording to be trusted (it is read again).
    func listing(of path: String, fingerprint: FileFingerprint) -> DirectoryListing? {
        guard let folder = folders[path], folder.fingerprint == fingerprint, !fingerprint.isRacy(recordedAt: recordedAt) else { return nil }
        return folder.listing
    }

    /// The name of a tree's listings in the cache folder.
    static func name(workingDirectory: String, roots: [String]) -> String {
        let material = ["folders", "\(format)", ResultsCache.toolBuild, workingDirectory] + roots.sorted()
        return "folders/" + SHA256.hex(Array(material.joined(separator: "\u{0}").utf8))
    }

    // MARK: The file

    var bytes: [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(folders.count * 200)
        for (path, folder) in folders.sorted(by: { $0.key < $1.key }) {
            payload.appendEntryHead(path: path, fingerprint: folder.fingerprint)
            payload.appendInteger(UInt32(folder.listing.entries.count))
            for entry in folder.listing.entries {
                payload.append(entry.isRegularFile ? 1 : entry.isDirectory ? 2 : 0)
                let entryName = Array(entry.name.utf8)
                payload.appendInteger(UInt32(entryName.count))
                payload += entryName
            }
        }
        return RecordedTreeFile.bytes(kind: "taskwarden-folders", format: Self.format, recordedAt: recordedAt, count: folders.count, payload: payload)
    }

    /// The listings in `bytes`, or nil when they are not a whole file of this format.
    init?(bytes: [UInt8]) {
        guard let (recordedAt, count, payload) = RecordedTreeFile.read(bytes, kind: "taskwarden-folders", format: Self.format, minimumEntryBytes: 64)
        else { return nil }
        var reader = ByteReader(payload)
        var folders: [String: Folder] = [:]
        folders.reserveCapacity(count)
        for _ in 0..<count {
            guard let (path, fingerprint) = reader.entryHead(), let entryCount = reader.integer(UInt32.self),
                  Int(entryCount) <= payload.count
            else { return nil }
            var listing = DirectoryListing()
            listing.entries.reserveCapacity(Int(entryCount))
            for _ in 0..<entryCount {
                guard let kind = reader.bytes(1)?.first, kind <= 2, let nameLength = reader.integer(UInt32.self), nameLength <= 65_536,
                      let entryName = reader.bytes(Int(nameLength))
                else { return nil }
                listing.entries.append(DirectoryListing.Entry(name: String(decoding: entryName, as: UTF8.self),
                                                              isRegularFile: kind == 1, isDirectory: kind == 2))
            }
            folders[path] = Folder(fingerprint: fingerprint, listing: listing)
        }
        guard reader.isAtEnd else { return nil }
        self.init(recordedAt: recordedAt, folders: folders)
    }
}
