#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file that changes whenever its bytes do: device, inode, size, and modification and
/// change times to the nanosecond — what git's index compares to decide that a file is unchanged without
/// reading it.
///
/// ```swift
/// var status = stat(); stat(path, &status)
/// let print = FileFingerprint(status)
/// print == recorded && !print.isRacy(recordedAt: index.recordedAt)   // unchanged: its recorded facts hold
/// ```
struct FileFingerprint: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Timestamp
    var changed: Timestamp

    /// A point in time as the file system stamps files: seconds and nanoseconds since 1970.
    struct Timestamp: Hashable, Comparable, Sendable {
        var seconds: Int64
        var nanoseconds: Int64

        static func < (left: Timestamp, right: Timestamp) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }

        /// The wall clock now (the clock file systems stamp files with).
        static func now() -> Timestamp {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Timestamp(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
        }

        init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        init(_ time: timespec) {
            self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
        }
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Timestamp, changed: Timestamp) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ status: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                  modified: Timestamp(modified), changed: Timestamp(changed))
    }

    /// How close to the moment its facts were recorded a file may have been changed for its fingerprint still
    /// to be trusted: file systems stamp times with a coarse clock (a few milliseconds on Linux, one or two
    /// seconds on some), so two writes within one tick leave the same fingerprint.
    static let racyWindowSeconds: Int64 = 2

    /// Whether the fingerprint was taken too close to `recordedAt` (the time the run that recorded the file's
    /// facts started, before it read the file) to prove that the file did not change again after it was read:
    /// git's "racily clean" entries. Such a file is read and hashed again, though its fingerprint matches. A
    /// write after the read stamps the file at `recordedAt` or later, so a fingerprint stamped well before it
    /// changes with any such write.
    func isRacy(recordedAt: Timestamp) -> Bool {
        let limit = Timestamp(seconds: recordedAt.seconds - Self.racyWindowSeconds, nanoseconds: recordedAt.nanoseconds)
        return !(modified < limit) || !(changed < limit)
    }
}
