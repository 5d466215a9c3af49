import TaskWardenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The results cache's folder on disk, and every file operation the cache makes in it.
///
/// An entry is trusted to be what this user's `taskwarden` wrote only because nobody else can write there, so
/// the folder is checked as `ssh` checks a key folder: it and every folder above it must belong to this user
/// or to root, and none may be writable by its group or by others (a folder with the sticky bit, such as
/// `/tmp`, may be: nobody else can replace what is in it). A folder that fails is not used at all.
///
/// Reading never waits and never follows: an entry is opened without following a symbolic link and without
/// blocking (a FIFO or a device at an entry's path is skipped, not waited on), must be a regular file of at
/// most ``maximumEntryBytes``, and is read to its size and no further. Writing goes through a temporary
/// beside the entry, registered with ``TemporaryFileRegistry`` so that Ctrl-C or SIGTERM removes it, and
/// renamed into place; temporaries a killed run left behind are removed when their folder is next written.
///
/// ```swift
/// switch CacheFolder.at("/home/me/.cache/taskwarden", subfolder: "v3") {
/// case .success(let folder): folder.read("ab/ab12…")
/// case .failure(let refusal): print(refusal.detail)   // "is writable by its group; …"
/// }
/// ```
struct CacheFolder: Sendable {
    /// The folder, without a trailing slash.
    let path: String
    let temporaries: TemporaryFileRegistry
    /// `write(2)`, injected by tests (an interrupt in the middle of an entry).
    let writeCall: AtomicSourceWriter.WriteCall
    /// The sub-folders whose stale temporaries this run has removed (each is looked at once).
    private let swept = Locked<Set<String>>([])

    /// No entry is larger (a file's facts are a few kilobytes; a generated file's, a few megabytes).
    static let maximumEntryBytes = 64 << 20

    /// Why a folder is not used.
    struct Refusal: Error, Equatable, Sendable {
        /// The folder that failed the check (the cache folder or one above it).
        var folder: String
        var detail: String
    }

    /// The folder `subfolder` of `root` (the folder the user named), both created private to this user if
    /// missing, once the two and every folder above them pass the check.
    static func at(_ root: String, subfolder: String, temporaries: TemporaryFileRegistry = .process, user: uid_t = geteuid(),
                   writeCall: @escaping AtomicSourceWriter.WriteCall = AtomicSourceWriter.systemWrite) -> Result<CacheFolder, Refusal> {
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        guard trimmed.hasPrefix("/") else {
            return .failure(Refusal(folder: trimmed, detail: "is not an absolute path"))
        }
        let path = trimmed + "/" + subfolder
        if let refusal = makeFolder(path, user: user) { return .failure(refusal) }
        // The folders as named (a link among them is an entry of its checked parent), and the folders they
        // lead to. The folder named and the entries' folder must be closed to others even with a sticky bit.
        if let refusal = checkChain(path, strict: 2, user: user) { return .failure(refusal) }
        guard let real = realpath(path, nil) else {
            return .failure(Refusal(folder: path, detail: "cannot be read (\(String(cString: strerror(errno))))"))
        }
        defer { free(real) }
        let resolved = String(cString: real)
        if resolved != path, let refusal = checkChain(resolved, strict: 2, user: user) { return .failure(refusal) }
        return .success(CacheFolder(path: path, temporaries: temporaries, writeCall: writeCall))
    }

    /// Creates `path` and any missing folder above it, each private to this user (0700).
    private static func makeFolder(_ path: String, user: uid_t) -> Refusal? {
        var status = stat()
        if lstat(path, &status) == 0 { return nil }
        let parent = Self.parent(of: path)
        if parent != path, let refusal = makeFolder(parent, user: user) { return refusal }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            return Refusal(folder: path, detail: "cannot be created (\(String(cString: strerror(errno))))")
        }
        return nil
    }

    /// The check of `path` and every folder above it; the first `strict` of them get no sticky-bit leniency.
    static func checkChain(_ path: String, strict: Int, user: uid_t) -> Refusal? {
        var current = path
        var level = 0
        while true {
            let isCacheFolder = level < strict
            level += 1
            var status = stat()
            guard lstat(current, &status) == 0 else {
                return Refusal(folder: current, detail: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if let detail = problem(status, user: user, isCacheFolder: isCacheFolder) {
                return Refusal(folder: current, detail: detail)
            }
            let parent = Self.parent(of: current)
            if parent == current { return nil }
            current = parent
        }
    }

    /// `/a/b` → `/a`; `/a` → `/`; `/` → `/`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// What is wrong with one folder of a chain, or nil. A symbolic link is an entry of its parent, which is
    /// checked; where it leads is checked as a chain of its own.
    static func problem(_ status: stat, user: uid_t, isCacheFolder: Bool) -> String? {
        let kind = status.st_mode & S_IFMT
        if kind == S_IFLNK { return nil }
        guard kind == S_IFDIR else { return "is not a folder" }
        if status.st_uid != user && status.st_uid != 0 {
            return "belongs to user \(status.st_uid), not to this user (\(user)) or root; another user could write entries there"
        }
        let sticky = status.st_mode & S_ISVTX != 0
        if status.st_mode & 0o002 != 0, !sticky || isCacheFolder {
            return "is writable by others; they could write entries that hide or invent findings (chmod o-w, or use another --cache-path)"
        }
        if status.st_mode & 0o020 != 0, !sticky || isCacheFolder {
            return "is writable by its group; its members could write entries that hide or invent findings (chmod g-w, or use another --cache-path)"
        }
        return nil
    }

    /// The bytes of the regular file at `relative` (inside the folder), or nil: missing, not a regular file
    /// (a FIFO, a device, a link), larger than ``maximumEntryBytes``, or unreadable.
    func read(_ relative: String) -> [UInt8]? {
        let descriptor = open(path + "/" + relative, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size >= 0, Int(status.st_size) <= Self.maximumEntryBytes else { return nil }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        while count < size {
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, size - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }     // shorter than its size: being replaced; a miss
            count += got
        }
        return bytes
    }

    /// Writes `bytes` at `relative` through a temporary beside it; failures (a full disk, an interrupt) leave
    /// nothing behind and are otherwise ignored: the cache only saves time.
    func write(_ bytes: [UInt8], to relative: String) {
        let target = path + "/" + relative
        let folder = Self.parent(of: target)
        var status = stat()
        if lstat(folder, &status) != 0 {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { return }
        } else if swept.withLock({ $0.insert(folder).inserted }) {
            removeStaleTemporaries(in: folder)
        }
        let name = target[target.index(after: target.lastIndex(of: "/")!)...]
        guard let created = temporaries.create(template: "\(folder)/.\(name).taskwarden-\(getpid())-XXXXXX") else { return }
        var committed = false
        defer { if !committed { temporaries.discard(created.path) } }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { writeCall(created.descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                close(created.descriptor)
                return
            }
            offset += written
        }
        guard close(created.descriptor) == 0 else { return }
        committed = temporaries.commit(created.path, to: target, exchange: .unsupported, lastCheck: { true }) == .renamed
    }

    /// Temporaries of runs that were killed outright (SIGKILL, power loss) in `folder`: `.NAME.taskwarden-PID-XXXXXX`
    /// whose process no longer exists.
    func removeStaleTemporaries(in folder: String) {
        guard let listing = DirectoryListing.read(folder) else { return }
        for entry in listing.entries where entry.name.hasPrefix(".") {
            guard let marker = entry.name.range(of: ".taskwarden-", options: .backwards) else { continue }
            let parts = entry.name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 6, let id = pid_t(parts[0]), id > 0, id != getpid() else { continue }
            if kill(id, 0) != 0, errno == ESRCH { unlink(folder + "/" + entry.name) }
        }
    }
}
