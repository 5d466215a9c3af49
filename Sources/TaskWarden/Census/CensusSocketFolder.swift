#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TaskWardenSupport

/// Where census endpoints put their sockets: one private folder per user, one socket per process.
///
/// The folder is `$XDG_RUNTIME_DIR/taskwarden-<uid>` (else `$TMPDIR`, else `/tmp`), created with permissions
/// 0700; each process's socket is `<pid>.census` in it. `taskwarden top` lists the folder to find processes
/// that serve their census.
///
/// ```swift
/// for served in CensusSocketFolder.servedProcesses() { print(served.pid, served.path) }
/// ```
package enum CensusSocketFolder {
    /// The folder for the current user, from the environment.
    package static var path: String {
        path(runtimeDirectory: environment("XDG_RUNTIME_DIR"), temporaryDirectory: environment("TMPDIR"),
             userID: geteuid())
    }

    /// The folder for `userID`: under `runtimeDirectory` when set and absolute, else `temporaryDirectory`,
    /// else `/tmp`.
    package static func path(runtimeDirectory: String?, temporaryDirectory: String?, userID: uid_t) -> String {
        let base = [runtimeDirectory, temporaryDirectory].lazy.compactMap { $0 }
            .first { $0.hasPrefix("/") } ?? "/tmp"
        return trimmingTrailingSlashes(base) + "/taskwarden-\(userID)"
    }

    /// The default socket path for the process `pid`.
    package static func socketPath(forProcess pid: Int32) -> String {
        path + "/\(pid).census"
    }

    /// A process serving its census, found in the folder.
    package struct ServedProcess: Sendable, Hashable {
        package let pid: Int32
        package let path: String
    }

    /// The processes whose sockets in `folder` accept connections, by pid. Stale sockets (left by a process
    /// that crashed: connecting fails with `ECONNREFUSED`) and other files are skipped, not removed.
    package static func servedProcesses(in folder: String = path) -> [ServedProcess] {
        var found: [ServedProcess] = []
        FolderReading.forEachEntry(of: folder) { bytes, _ in
            let name = String(decoding: bytes, as: UTF8.self)
            guard name.hasSuffix(".census"), let pid = Int32(name.dropLast(".census".count)) else { return }
            let socket = folder + "/" + name
            if UnixSocket.occupant(of: socket) == .live { found.append(ServedProcess(pid: pid, path: socket)) }
        }
        return found.sorted { $0.pid < $1.pid }
    }

    /// Creates the folder with permissions 0700, or checks an existing one: it must be a real folder (not a
    /// symbolic link) owned by this user; group and other permissions are removed.
    static func prepare(_ folder: String) throws(CensusEndpointError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw .system("mkdir", path: folder, errno: errno) }
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw .system("lstat", path: folder, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unsafeFolder(folder, reason: "not a folder") }
        guard info.st_uid == geteuid() else {
            throw .unsafeFolder(folder, reason: "owned by uid \(info.st_uid), not \(geteuid())")
        }
        if info.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 { throw .system("chmod", path: folder, errno: errno) }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
