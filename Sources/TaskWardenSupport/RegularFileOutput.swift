#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing an output file the way `trace render -o` and `lint --write-baseline` promise (both write through
/// this one implementation):
///
/// - the output is written only as a regular file: an existing path that is a symbolic link, a FIFO, a device,
///   a directory or a socket is refused, never replaced or written through;
/// - it never replaces a file the caller protects (`refusing`: the input being read, a Swift source);
/// - it is written to a temporary file next to the output and renamed over it when complete, so a reader never
///   sees half of it, with the existing file's permission bits (a new file gets `0666` less the umask). The
///   checks are repeated right before the rename; what another process puts at the path in the microseconds
///   between that check and the rename is replaced.
///
/// ```swift
/// try RegularFileOutput.replace("baseline.json", writer: "--write-baseline") { descriptor in
///     try RegularFileOutput.writeAll(Array(text.utf8), to: descriptor)
/// }
/// ```
package enum RegularFileOutput {
    /// Why the output cannot be written; `reason` completes "PATH: …".
    package struct Failure: Error, Sendable {
        package var reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// Says what an existing regular file at the output path must not be (nil: it may be replaced).
    package typealias Refusal = (_ path: String, _ status: stat) -> String?

    /// Checks that `path` may be written: nothing there yet, or a regular file `refusing` accepts. Returns the
    /// existing file's permission bits, which the new file keeps.
    @discardableResult
    package static func check(_ path: String, writer: String, refusing: Refusal = { _, _ in nil }) throws(Failure) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure(reason: systemReason(errno))
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            throw Failure(reason: "it is a symbolic link; \(writer) writes regular files only and does not write through "
                + "links (give the link's target as the output)")
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw Failure(reason: "it is \(kind); \(writer) writes regular files only")
        }
        if let refusal = refusing(path, status) { throw Failure(reason: refusal) }
        return status.st_mode & 0o7777
    }

    /// Writes through `body` into a temporary file beside `path`, then renames it over `path`.
    package static func replace(
        _ path: String, writer: String, refusing: Refusal = { _, _ in nil },
        body: (Int32) throws(Failure) -> Void
    ) throws(Failure) {
        let existingMode = try check(path, writer: writer, refusing: refusing)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0..<(1 << 40)), radix: 36)
            temporary = (directory == "/" ? "" : directory) + "/.\(base).taskwarden-\(suffix)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Failure(reason: systemReason(errno)) }
        do throws(Failure) {
            // `open` applies the umask; an existing file's bits are kept exactly.
            if let existingMode, fchmod(descriptor, existingMode) != 0 { throw Failure(reason: systemReason(errno)) }
            try body(descriptor)
            if fsync(descriptor) != 0 { throw Failure(reason: systemReason(errno)) }
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw Failure(reason: systemReason(errno))
            }
            descriptor = -1
            try check(path, writer: writer, refusing: refusing)  // again: the path may have changed meanwhile
            guard rename(temporary, path) == 0 else { throw Failure(reason: systemReason(errno)) }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    /// Writes every byte of `bytes` to `descriptor`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: systemReason(errno))
            }
            written += count
        }
    }

    /// "a directory", "a named pipe (FIFO)" …; nil for a regular file.
    package static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    package static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
