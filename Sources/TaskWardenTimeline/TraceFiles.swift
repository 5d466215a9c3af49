import Foundation
import TaskWardenSupport

/// Opening the trace and replacing the page, with the file-system checks `trace render` promises:
///
/// - the trace must be a regular file (a directory, FIFO, device or socket is refused with what it is);
/// - the page is written only as a regular file: an existing output that is a symbolic link, a FIFO, a
///   device, a directory or a socket is refused, never replaced or written through;
/// - the page never replaces the trace itself (same device and inode, however the two paths are spelt), nor an
///   existing file that is not an earlier page (one that does not start as every page does); an empty file may
///   be replaced;
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
        do {
            return try RegularFileOutput.check(path, writer: "trace render", refusing: refusal(of: trace))
        } catch {
            throw .unwritable(path: name, reason: error.reason)
        }
    }

    /// Writes the page through `body` into a temporary file beside `path`, then renames it over `path`
    /// (`RegularFileOutput`, the one implementation `lint --write-baseline` shares).
    static func replace(
        _ path: String, name: String, trace: OpenTrace, body: (inout PageWriter) throws(TimelineError) -> Void
    ) throws(TimelineError) {
        // The page's own errors (rendering, writing) pass through as they are; the file system's are named here.
        var pageError: TimelineError?
        do throws(RegularFileOutput.Failure) {
            try RegularFileOutput.replace(path, writer: "trace render", refusing: refusal(of: trace)) {
                descriptor throws(RegularFileOutput.Failure) in
                var writer = PageWriter(.file(descriptor: descriptor, path: name))
                do throws(TimelineError) {
                    try body(&writer)
                    try writer.flush()
                } catch {
                    pageError = error
                    throw RegularFileOutput.Failure(reason: "\(error)")
                }
            }
        } catch {
            throw pageError ?? .unwritable(path: name, reason: error.reason)
        }
    }

    /// The page never replaces the trace itself (same device and inode, however the two paths are spelt), nor
    /// any other file but an earlier page: `-o` aimed at a source file by mistake must not cost the source.
    private static func refusal(of trace: OpenTrace) -> RegularFileOutput.Refusal {
        { path, status in
            if UInt64(status.st_dev) == trace.device && UInt64(status.st_ino) == trace.inode {
                return "it is the trace being rendered; give another output path with -o"
            }
            guard status.st_size > 0, !startsLikeAPage(path) else { return nil }
            return "it exists and is not a timeline trace render wrote (it does not start like one); trace render "
                + "replaces only an earlier timeline (remove the file, or give another output path with -o)"
        }
    }

    /// Whether the file at `path` starts with the bytes every page starts with: the template up to the title,
    /// which `TimelineHTMLRenderer` writes first and has written unchanged since the first page. A file that
    /// cannot be opened is let through: the write then fails on its own, with the reason.
    static func startsLikeAPage(_ path: String) -> Bool {
        let head = Array(TimelineHTMLTemplate.parts.beforeTitle.utf8)
        // O_NONBLOCK: should the path become a FIFO after the check, opening it must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: head.count)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return count == head.count && bytes == head
    }

    /// "a directory", "a named pipe (FIFO)" …; nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        RegularFileOutput.nonRegularKind(mode)
    }

    static func systemReason(_ code: Int32) -> String {
        RegularFileOutput.systemReason(code)
    }
}
