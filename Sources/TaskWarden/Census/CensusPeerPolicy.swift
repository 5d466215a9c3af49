#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may read a served census: only processes running as the same user as the server.
///
/// Task names can say a lot about a process (which records a user is pricing), so the socket is 0600 in a
/// 0700 folder *and* each connection's peer is checked (`SO_PEERCRED` on Linux, `getpeereid` on Apple) —
/// file permissions alone do not cover a socket path passed in by the app, or a folder made wider later.
///
/// ```swift
/// CensusPeerPolicy.admits(peerUserID: 1000, serverUserID: 1000)   // .admit
/// CensusPeerPolicy.admits(peerUserID: nil, serverUserID: 1000)    // .refuse("peer credentials unavailable")
/// ```
package enum CensusPeerPolicy {
    package enum Decision: Equatable, Sendable {
        case admit
        case refuse(String)
    }

    /// The decision for a peer whose user id is `peerUserID` (nil when the platform could not tell).
    /// Unknown credentials are refused; so is root, unless the server itself runs as root: a census is for
    /// its own user, and root can read the process's memory anyway without being invited.
    package static func admits(peerUserID: uid_t?, serverUserID: uid_t) -> Decision {
        guard let peerUserID else { return .refuse("peer credentials unavailable") }
        guard peerUserID == serverUserID else {
            return .refuse("peer uid \(peerUserID) is not the server's uid \(serverUserID)")
        }
        return .admit
    }
}
