#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``TaskCensus/serve(at:processName:maximumClients:)`` (or a look-up of served processes) failed. Every case names the
/// path involved.
///
/// ```swift
/// do { endpoint = try TaskCensus.shared.serve() }
/// catch { log.warning("census endpoint not started: \(error)") }
/// ```
public enum CensusEndpointError: Error, Equatable, CustomStringConvertible {
    /// A live process already serves a census at this path; it is never replaced.
    case inUse(String)
    /// Something that is not a socket is at the path; it is never replaced.
    case notASocket(String)
    /// The path does not fit in a `sockaddr_un` (`limit` bytes).
    case pathTooLong(String, limit: Int)
    /// The runtime folder exists but belongs to another user or is not a folder: someone may be trying to
    /// intercept the socket, so nothing is created in it.
    case unsafeFolder(String, reason: String)
    /// A system call failed.
    case system(String, path: String?, errno: Int32)

    public var description: String {
        switch self {
        case .inUse(let path):
            return "\(path): a live process already serves a census here"
        case .notASocket(let path):
            return "\(path): exists and is not a socket; not replacing it"
        case .pathTooLong(let path, let limit):
            return "\(path): socket path longer than \(limit) bytes"
        case .unsafeFolder(let path, let reason):
            return "\(path): not a safe runtime folder (\(reason))"
        case .system(let call, let path, let code):
            return "\(path.map { "\($0): " } ?? "")\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
