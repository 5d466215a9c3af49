#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path given to `top --socket`, when it is not a socket: a regular file, a FIFO or a folder
/// there cannot be a census endpoint, and saying "a stale socket" (what connecting reports for all of them)
/// would send the person looking for a process that never existed.
///
/// ```swift
/// if let problem = TopSocketPath.problem(at: path) { print("\(path): \(problem)") }
/// ```
enum TopSocketPath {
    /// Why `path` cannot be a census endpoint, or nil when it is a socket (which may still be stale).
    static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such file (no process serves a census there)" : String(cString: strerror(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return nil
        case S_IFREG: return "a regular file, not a socket (a census endpoint is a Unix socket)"
        case S_IFIFO: return "a FIFO (named pipe), not a socket (a census endpoint is a Unix socket)"
        case S_IFDIR: return "a folder, not a socket (give the socket inside it, PID.census, or use --pid PID)"
        case S_IFCHR, S_IFBLK: return "a device, not a socket (a census endpoint is a Unix socket)"
        default: return "not a socket (a census endpoint is a Unix socket)"
        }
    }
}
