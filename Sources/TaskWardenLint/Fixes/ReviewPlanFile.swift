#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TaskWardenSupport

/// Reading and writing a ``ReviewPlan`` on disk, with the checks a file named on the command line gets:
///
/// - a plan is read only from a regular file (a FIFO, a device or a directory is refused, and opening never
///   waits for a writer), at most ``maximumBytes``, and must be UTF-8 (a leading byte-order mark, which
///   editors on Windows add when they save, is dropped);
/// - a plan is written only as a regular file, through a temporary beside it renamed into place (Ctrl-C
///   removes the temporary, as for `fix`'s own writes); what is already at the path must be a plan, so a
///   source file, a symbolic link, a FIFO or anything else is never replaced.
///
/// ```swift
/// let text = try ReviewPlanFile.read("/work/app/names.plan", name: "names.plan")
/// try ReviewPlanFile.write(plan.text, to: "/work/app/names.plan", name: "names.plan")
/// ```
public enum ReviewPlanFile {
    /// A plan is a line a site: 64 MiB hold several hundred thousand rows.
    public static let maximumBytes = 64 << 20

    /// The plan's text, without a leading UTF-8 byte-order mark.
    public static func read(_ path: String, name: String) throws(ReviewPlanError) -> String {
        func failure(_ message: String) -> ReviewPlanError { ReviewPlanError(source: name, line: nil, message: message) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read the plan (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read the plan (\(String(cString: strerror(errno))))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw failure("is \(kindName(status.st_mode)), not a plan file (a plan is a regular file written by fix --write-plan)")
        }
        guard Int(status.st_size) <= maximumBytes else {
            throw failure("is \(status.st_size) bytes long; a plan may hold at most \(maximumBytes) bytes")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the plan (\(String(cString: strerror(errno))))")
            }
            if got == 0 { break }
            bytes += chunk[..<got]
            // A file that grows while being read is refused, not cut.
            guard bytes.count <= maximumBytes else { throw failure("grew past \(maximumBytes) bytes while being read; a plan may hold at most that") }
        }
        // An editor may have saved the plan with a byte-order mark; it is not part of the header line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .firstIndex { String(validating: $0, as: UTF8.self) == nil }.map { $0 + 1 }
            throw ReviewPlanError(source: name, line: line, message: "is not valid UTF-8")
        }
        guard !text.unicodeScalars.contains("\u{0}") else { throw failure("holds a NUL byte; this is not a plan taskwarden wrote") }
        return text
    }

    /// Writes `text` at `path`: only a new file, or over a regular file that is a plan.
    public static func write(_ text: String, to path: String, name: String,
                             temporaries: TemporaryFileRegistry = .process) throws(ReviewPlanError) {
        func failure(_ message: String) -> ReviewPlanError { ReviewPlanError(source: name, line: nil, message: message) }
        try checkReplaceable(path, name: name)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let created = temporaries.create(template: "\(directory)/\(AtomicSourceWriter.temporaryPrefix(for: fileName))XXXXXX") else {
            throw failure("cannot write the plan (\(temporaries.isInterrupted ? "interrupted" : String(cString: strerror(errno))))")
        }
        var committed = false
        defer { if !committed { temporaries.discard(created.path) } }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { AtomicSourceWriter.systemWrite(created.descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                close(created.descriptor)
                throw failure("cannot write the plan (\(written < 0 ? String(cString: strerror(errno)) : "no space written"))")
            }
            offset += written
        }
        // mkstemp makes the file 0600; a plan is shared in review like any text file.
        guard fchmod(created.descriptor, 0o644) == 0, fsync(created.descriptor) == 0, close(created.descriptor) == 0 else {
            throw failure("cannot write the plan (\(String(cString: strerror(errno))))")
        }
        var refusal: ReviewPlanError?
        let outcome = temporaries.commit(created.path, to: path, exchange: .unsupported, lastCheck: {
            // Again right before the rename: the path may have changed meanwhile.
            do throws(ReviewPlanError) { try checkReplaceable(path, name: name) } catch { refusal = error }
            return refusal == nil
        })
        switch outcome {
        case .renamed: committed = true
        case .checkFailed: throw refusal ?? failure("cannot write the plan")
        case .interrupted: throw failure("interrupted; the plan was not written")
        case .failed(let code): throw failure("cannot write the plan (\(String(cString: strerror(code))))")
        case .conflictKept: throw failure("cannot write the plan")
        }
    }

    /// Nothing at `path`, or a regular file whose first line is a plan's.
    static func checkReplaceable(_ path: String, name: String) throws(ReviewPlanError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw ReviewPlanError(source: name, line: nil, message: "cannot write the plan (\(String(cString: strerror(errno))))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ReviewPlanError(source: name, line: nil,
                message: "is \(kindName(status.st_mode)); a plan is written only as a regular file, never through or over anything else")
        }
        let first = (try? read(path, name: name))?.prefix { $0 != "\n" }
        guard let first, first.hasPrefix("# taskwarden fix plan, format ") else {
            throw ReviewPlanError(source: name, line: nil,
                message: "exists and is not a taskwarden fix plan; not replaced (remove it, or write the plan to another path)")
        }
    }

    static func kindName(_ mode: mode_t) -> String { RegularFileOutput.nonRegularKind(mode) ?? "a regular file" }
}
