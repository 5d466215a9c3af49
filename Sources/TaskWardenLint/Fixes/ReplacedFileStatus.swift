#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What replacing a file by `rename` must keep besides its bytes, and what tells one version of its bytes
/// from the next: the parts of `stat` ``AtomicSourceWriter`` decides with.
///
/// ```swift
/// let status = ReplacedFileStatus(linkCount: 2, owner: 501, group: 20, mode: 0o644)
/// AtomicSourceWriter.identityProblem(of: status, runningAs: 501, inGroups: [20]) // .hardLinks(count: 2)
/// ```
struct ReplacedFileStatus: Equatable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var linkCount: Int
    var owner: uid_t
    var group: gid_t
    var mode: mode_t
    var size: Int64 = 0
    var modified: timespec = timespec()
    var changed: timespec = timespec()

    init(linkCount: Int, owner: uid_t, group: gid_t, mode: mode_t) {
        self.linkCount = linkCount
        self.owner = owner
        self.group = group
        self.mode = mode
    }

    init(_ status: stat) {
        self.init(linkCount: Int(status.st_nlink), owner: status.st_uid, group: status.st_gid, mode: status.st_mode)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = status.st_mtimespec
        changed = status.st_ctimespec
        #else
        modified = status.st_mtim
        changed = status.st_ctim
        #endif
    }

    /// Same file, same size, same modification and change times: nobody wrote it in between.
    func sameContentVersion(as other: ReplacedFileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
            && changed.tv_sec == other.changed.tv_sec && changed.tv_nsec == other.changed.tv_nsec
    }

    /// Same file, same size, same modification time: no write since (a rename changes only the change time).
    func sameWrite(as other: ReplacedFileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
    }

    static func == (left: ReplacedFileStatus, right: ReplacedFileStatus) -> Bool {
        left.sameContentVersion(as: right) && left.linkCount == right.linkCount && left.owner == right.owner
            && left.group == right.group && left.mode == right.mode
    }
}

/// What replacing a file by a new one would lose besides its bytes: the reason a file is refused, and the
/// advice that fits it. Each case has its own advice, because the way out differs: a hard link can be
/// replaced by a copy, an owner or group is kept by running as a user who can give it.
///
/// ```swift
/// IdentityLoss.group(30, user: 501).reason  // "belongs to group 30, which user 501 cannot give a new file"
/// IdentityLoss.group(30, user: 501).advice  // "name it yourself, or run fix as a user in group 30"
/// ```
public enum IdentityLoss: Equatable, Sendable {
    /// The file has several hard links; a new file would split them.
    case hardLinks(count: Int)
    /// The file belongs to another user, whom only a superuser can give a new file.
    case owner(uid_t, user: uid_t)
    /// The file belongs to a group this user is not in.
    case group(gid_t, user: uid_t)
    /// The new file's owner, group or mode bits came out different from the old file's.
    case attributes(mode: mode_t)

    public var reason: String {
        switch self {
        case .hardLinks(let count): "has \(count) hard links; replacing it would split them"
        case .owner(let owner, let user): "is owned by user \(owner); a new file written by user \(user) could not keep that owner"
        case .group(let group, let user): "belongs to group \(group), which user \(user) cannot give a new file"
        case .attributes(let mode): "its owner, group or mode bits (\(String(mode, radix: 8))) could not be given to the new file"
        }
    }

    /// What the person can do instead; only a hard link is a link to replace.
    public var advice: String {
        switch self {
        case .hardLinks: "name it yourself, or replace the link by a copy"
        case .owner(let owner, _): "name it yourself, or run fix as user \(owner)"
        case .group(let group, _): "name it yourself, or run fix as a user in group \(group)"
        case .attributes: "name it yourself"
        }
    }
}

extension AtomicSourceWriter {
    /// Why replacing a file with this status by a new file would change more than its bytes, or nil.
    /// A superuser can give the new file any owner and group; anyone else only their own user and groups.
    static func identityProblem(of status: ReplacedFileStatus, runningAs user: uid_t, inGroups groups: Set<gid_t>) -> IdentityLoss? {
        if status.linkCount > 1 { return .hardLinks(count: status.linkCount) }
        guard user != 0 else { return nil }
        if status.owner != user { return .owner(status.owner, user: user) }
        if !groups.contains(status.group) { return .group(status.group, user: user) }
        return nil
    }

    /// The effective group and the supplementary groups of this process.
    static func groups() -> Set<gid_t> {
        var result: Set<gid_t> = [getegid()]
        let count = getgroups(0, nil)
        if count > 0 {
            var list = [gid_t](repeating: 0, count: Int(count))
            let got = getgroups(count, &list)
            if got > 0 { result.formUnion(list.prefix(Int(got))) }
        }
        return result
    }
}
