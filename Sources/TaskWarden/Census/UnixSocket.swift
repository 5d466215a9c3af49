#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the Unix-domain socket calls the census endpoint and its clients make. Every function
/// returns the C result or throws a ``CensusEndpointError`` naming the call and the path; nothing here keeps
/// state.
enum UnixSocket {
    /// `sockaddr_un.sun_path`'s capacity, including the terminating zero (108 on Linux, 104 on Apple).
    static let pathCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// A new stream socket, close-on-exec, optionally non-blocking.
    static func make(nonBlocking: Bool) throws(CensusEndpointError) -> Int32 {
        #if canImport(Darwin)
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw .system("socket", path: nil, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if nonBlocking { setNonBlocking(descriptor) }
        #if canImport(Darwin)
        // Apple has no MSG_NOSIGNAL: ask the socket itself not to raise SIGPIPE on a closed peer.
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Calls `body` with `path` as a `sockaddr_un`, or throws if it does not fit.
    static func withAddress<R>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) throws(CensusEndpointError) -> R {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { throw .pathTooLong(path, limit: pathCapacity - 1) }
        var address = sockaddr_un()
        #if canImport(Darwin)
        address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects a blocking socket to `path`; throws with the `errno` of `connect` (e.g. `ECONNREFUSED` for a
    /// stale socket file whose process is gone, `ENOENT` for no file).
    static func connect(to path: String) throws(CensusEndpointError) -> Int32 {
        let descriptor = try make(nonBlocking: false)
        let result = try withAddress(path) { address, length in
            #if canImport(Darwin)
            Darwin.connect(descriptor, address, length)
            #else
            Glibc.connect(descriptor, address, length)
            #endif
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw .system("connect", path: path, errno: code)
        }
        return descriptor
    }

    /// What is at `path`: nothing, a socket a live process accepts on, a stale socket (its process is gone),
    /// or something else.
    enum Occupant: Equatable {
        case nothing
        case live
        case stale
        case notASocket
    }

    static func occupant(of path: String) -> Occupant {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return .notASocket }
        do {
            let descriptor = try connect(to: path)
            close(descriptor)
            return .live
        } catch .system(_, _, let code) where code == ECONNREFUSED {
            return .stale
        } catch {
            // Any other failure (e.g. EACCES): treat it as someone else's, never replace it.
            return .live
        }
    }

    /// Sends as much of `bytes` as the socket takes now, never raising SIGPIPE. Returns the count sent, 0 if
    /// the socket is full, or -1 if the peer is gone.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        #if canImport(Darwin)
        let sent = Darwin.send(descriptor, base, bytes.count, 0)
        #else
        let sent = Glibc.send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL))
        #endif
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1
    }

    /// The user id of the peer connected on `descriptor`, or nil if the platform cannot tell.
    static func peerUserID(_ descriptor: Int32) -> uid_t? {
        #if canImport(Darwin)
        var uid = uid_t()
        var gid = gid_t()
        return getpeereid(descriptor, &uid, &gid) == 0 ? uid : nil
        #else
        // `struct ucred` (pid, uid, gid) is only declared under _GNU_SOURCE, so its layout is spelled out here.
        var credentials = LinuxPeerCredentials()
        var length = socklen_t(MemoryLayout<LinuxPeerCredentials>.size)
        let result = getsockopt(descriptor, SOL_SOCKET, linuxPeerCredentialsOption, &credentials, &length)
        guard result == 0, length == socklen_t(MemoryLayout<LinuxPeerCredentials>.size) else { return nil }
        return credentials.uid
        #endif
    }
}

#if !canImport(Darwin)
/// Linux's `struct ucred`.
private struct LinuxPeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}

/// `SO_PEERCRED`: 21 on PowerPC, 17 on every other Linux architecture Swift runs on.
#if arch(powerpc64) || arch(powerpc64le)
private let linuxPeerCredentialsOption: Int32 = 21
#else
private let linuxPeerCredentialsOption: Int32 = 17
#endif
#endif
