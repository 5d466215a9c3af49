import Foundation

/// Opening the trace and replacing the page, with the file-system checks `trace render` promises:
///
/// - the trace must be a regular file (a directory, FIFO, device or socket is refused with what it is);
/// - the page is written only as a regular file: an existing output that is a symbolic link, a FIFO, a
///   device, a directory or a socket is refused, never replaced or written through;
/// - the page never replaces the trace itself (same device and inode, however the two paths are spelt);
/// - the page is written to a temporary file next to the output and renamed over it when complete, so a
///   reader never sees half a page. The checks are repeated right before the rename; what another process
///   puts at the output path in the microseconds between that check and the rename is replaced.
enum TraceFiles {
    /// The open trace and its identity, to compare the output against.
    struct OpenTrace {
        var descriptor: Int32
        var device: UInt64
        var inode: UInt64
    }

    /// Opens the regular file at `path` (shown as `name`) for reading.
    static func openTrace(at path: String, name: String) throws(TimelineError) -> OpenTrace {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadable(path: name, reason: errno == ENOENT ? "no such file" : systemReason(errno))
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw .unreadable(path: name, reason: "it is \(kind), not a trace file (trace render reads regular files)")
        }
        // O_NONBLOCK: should the path become a FIFO after the check, opening it must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: name, reason: systemReason(errno)) }
        guard fstat(descriptor, &status) == 0 else {
            let reason = systemReason(errno)
            close(descriptor)
            throw .unreadable(path: name, reason: reason)
        }
        if let kind = nonRegularKind(status.st_mode) {
            close(descriptor)
            throw .unreadable(path: name, reason: "it is \(kind), not a trace file (trace render reads regular files)")
        }
        return OpenTrace(descriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Checks that the page may be written at `path` (shown as `name`): nothing there yet, or a regular file
    /// that is not the trace. Returns the existing file's permission bits, which the new page keeps.
    @discardableResult
    static func checkOutput(at path: String, name: String, trace: OpenTrace) throws(TimelineError) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .unwritable(path: name, reason: systemReason(errno))
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            throw .unwritable(path: name, reason: "it is a symbolic link; trace render writes regular files only and "
                + "does not write through links (give the link's target as the output)")
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw .unwritable(path: name, reason: "it is \(kind); trace render writes regular files only")
        }
        if UInt64(status.st_dev) == trace.device, UInt64(status.st_ino) == trace.inode {
            throw .unwritable(path: name, reason: "it is the trace being rendered; give another output path with -o")
        }
        return status.st_mode & 0o7777
    }

    /// Writes the page through `body` into a temporary file beside `path`, then renames it over `path`.
    static func replace(
        _ path: String, name: String, trace: OpenTrace, body: (inout PageWriter) throws(TimelineError) -> Void
    ) throws(TimelineError) {
        let existingMode = try checkOutput(at: path, name: name, trace: trace)
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0..<(1 << 40)), radix: 36)
            temporary = (directory.isEmpty ? "." : directory) + "/.\(base).taskwarden-\(suffix)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .unwritable(path: name, reason: systemReason(errno)) }
        do throws(TimelineError) {
            if let existingMode, fchmod(descriptor, existingMode) != 0 {
                throw .unwritable(path: name, reason: systemReason(errno))
            }
            var writer = PageWriter(.file(descriptor: descriptor, path: name))
            try body(&writer)
            try writer.flush()
            if fsync(descriptor) != 0 { throw .unwritable(path: name, reason: systemReason(errno)) }
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw .unwritable(path: name, reason: systemReason(errno))
            }
            descriptor = -1
            try checkOutput(at: path, name: name, trace: trace)  // again: the path may have changed meanwhile
            guard rename(temporary, path) == 0 else { throw .unwritable(path: name, reason: systemReason(errno)) }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    /// "a directory", "a named pipe (FIFO)" …; nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
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

    static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
