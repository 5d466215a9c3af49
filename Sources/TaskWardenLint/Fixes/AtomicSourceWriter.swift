#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a source file's bytes so that a reader — or a killed run — only ever sees the old file or the new
/// one, never a mix.
///
/// ```swift
/// let writer = AtomicSourceWriter()
/// try writer.replace("Sources/Library.swift", expecting: oldBytes, with: newBytes)
/// ```
///
/// The new bytes go to a temporary file in the same directory (`.Name.swift.taskwarden-PID-XXXXXX`, so the
/// final `rename` never crosses a file system), are flushed to disk, get the original file's owner, group
/// and exact mode bits (setuid, setgid and sticky included), and replace the file with one `rename`.
/// Nothing is written when the bytes are unchanged.
///
/// A file that replacing would change in more than its bytes is refused and left alone
/// (``SourceWriteError/cannotKeepIdentity(path:_:)``): one with several hard links (a new file would
/// split them), one whose owner or group this user cannot give the new file, or whose mode bits cannot
/// be set again. Writing such a file in place instead would not be atomic, and `fix` never leaves a file
/// half-written.
///
/// The file is compared with the bytes the fix was computed from after the temporary is written, and its
/// `stat` (inode, size, modification and change times) once more right before the replacement, so an edit
/// made by someone else during the run is not lost. The replacement itself swaps the temporary with the file
/// (``FileExchange``) and checks the replaced file once more — same inode, size, modification time and bytes
/// — swapping back if a write landed after the last `stat`. What remains: writes through a descriptor
/// opened on the old file before the swap (they go to the replaced file), and, only when a conflict was
/// found, a write to the new file in the microseconds between the two swaps. Where the system cannot swap
/// entries, the temporary is renamed over the file, and a write between the last `stat` and the `rename`
/// is lost.
public protocol SourceWriting: Sendable {
    /// Replaces the file at `path`, which must still hold `old`, with `new`.
    func replace(_ path: String, expecting old: [UInt8], with new: [UInt8]) throws(SourceWriteError)
}

/// Why a file was not written. The file is always left exactly as it was.
public enum SourceWriteError: Error, Equatable, CustomStringConvertible {
    case readOnly(path: String)
    case changedDuringRun(path: String)
    case unreadable(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// Replacing the file would change more than its bytes (hard links, owner, mode bits).
    case cannotKeepIdentity(path: String, IdentityLoss)
    /// SIGINT or SIGTERM arrived while writing.
    case interrupted(path: String)

    public var description: String {
        switch self {
        case .readOnly(let path): "\(path): file is read-only; not changed"
        case .changedDuringRun(let path): "\(path): file changed while taskwarden was running; not changed (run fix again)"
        case .unreadable(let path, let reason): "\(path): cannot read file (\(reason)); not changed"
        case .writeFailed(let path, let reason): "\(path): cannot write file (\(reason)); not changed"
        case .cannotKeepIdentity(let path, let loss): "\(path): \(loss.reason); not changed (\(loss.advice))"
        case .interrupted(let path): "\(path): interrupted; not changed"
        }
    }
}

public struct AtomicSourceWriter: SourceWriting {
    /// Writes bytes to an open file descriptor, like POSIX `write`: returns the count written, or -1 and sets
    /// `errno`. Injected by tests to simulate a full disk; the default is the system call.
    public typealias WriteCall = @Sendable (Int32, UnsafeRawBufferPointer) -> Int

    let writeCall: WriteCall
    let temporaries: TemporaryFileRegistry
    /// Runs after the content check and before the last `stat` check; tests inject an edit here.
    let afterContentCheck: @Sendable (String) -> Void
    /// Runs after the last `stat` check and right before the replacement; tests inject an edit here.
    let beforeReplacement: @Sendable (String) -> Void
    /// How the temporary takes the file's place (``FileExchange/system``; tests: a system without a swap).
    let exchange: FileExchange

    public init(writeCall: @escaping WriteCall = AtomicSourceWriter.systemWrite,
                temporaries: TemporaryFileRegistry = .process,
                exchange: FileExchange = .system,
                afterContentCheck: @escaping @Sendable (String) -> Void = { _ in },
                beforeReplacement: @escaping @Sendable (String) -> Void = { _ in }) {
        self.writeCall = writeCall
        self.temporaries = temporaries
        self.exchange = exchange
        self.afterContentCheck = afterContentCheck
        self.beforeReplacement = beforeReplacement
    }

    public static let systemWrite: WriteCall = { descriptor, buffer in
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    /// The temporary name's pattern for `fileName`: `.Name.swift.taskwarden-PID-` then six characters.
    static func temporaryPrefix(for fileName: String, processID: Int32 = getpid()) -> String {
        ".\(fileName).taskwarden-\(processID)-"
    }

    public func replace(_ path: String, expecting old: [UInt8], with new: [UInt8]) throws(SourceWriteError) {
        guard old != new else { return }
        // Write through a symbolic link to its target rather than replacing the link with a file.
        let target = Self.resolved(path)
        var status = stat()
        guard stat(target, &status) == 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        // No write bit at all means read-only on purpose, even for a superuser whom `access` would let through.
        guard access(target, W_OK) == 0, status.st_mode & 0o222 != 0 else { throw .readOnly(path: path) }
        if let loss = Self.identityProblem(of: ReplacedFileStatus(status), runningAs: geteuid(), inGroups: Self.groups()) {
            throw .cannotKeepIdentity(path: path, loss)
        }

        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let fileName = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        guard let created = temporaries.create(template: "\(directory)/\(Self.temporaryPrefix(for: fileName))XXXXXX") else {
            if temporaries.isInterrupted { throw .interrupted(path: path) }
            throw .writeFailed(path: path, reason: Self.errorText())
        }
        let (descriptor, temporary) = (created.descriptor, created.path)

        var committed = false
        defer {
            if !committed { temporaries.discard(temporary) }
        }
        do throws(SourceWriteError) {
            try writeAll(new, to: descriptor, path: path)
            // Owner first: changing it clears the setuid and setgid bits, which the mode then sets again.
            if fchown(descriptor, status.st_uid, status.st_gid) != 0, geteuid() == 0 {
                throw SourceWriteError.writeFailed(path: path, reason: Self.errorText())
            }
            guard fchmod(descriptor, status.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
                throw SourceWriteError.writeFailed(path: path, reason: Self.errorText())
            }
            var written = stat()
            guard fstat(descriptor, &written) == 0 else { throw SourceWriteError.writeFailed(path: path, reason: Self.errorText()) }
            guard written.st_mode & 0o7777 == status.st_mode & 0o7777, written.st_uid == status.st_uid, written.st_gid == status.st_gid else {
                throw SourceWriteError.cannotKeepIdentity(path: path, .attributes(mode: status.st_mode & 0o7777))
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .writeFailed(path: path, reason: Self.errorText()) }

        // Is the file still what the fix was computed from? Read it, remember its stat…
        var checked = stat()
        guard let current = Self.readBytes(target, status: &checked) else { throw .unreadable(path: path, reason: Self.errorText()) }
        guard current == old else { throw .changedDuringRun(path: path) }
        afterContentCheck(target)
        // …and compare that stat right before the replacement: a write since the read changes size or times.
        var renameError: Int32 = 0
        let outcome = temporaries.commit(temporary, to: target, exchange: exchange, lastCheck: {
            var last = stat()
            guard stat(target, &last) == 0 else {
                renameError = errno
                return false
            }
            guard ReplacedFileStatus(last).sameContentVersion(as: ReplacedFileStatus(checked)) else { return false }
            beforeReplacement(target)
            return true
        }, replacedIsUnchanged: { replaced in
            // The file swapped out must be the one checked, unwritten since: a rename changes its change time,
            // so the inode, size, modification time and bytes are compared.
            var now = stat()
            guard let bytes = Self.readBytes(replaced, status: &now) else { return false }
            return ReplacedFileStatus(now).sameWrite(as: ReplacedFileStatus(checked)) && bytes == old
        })
        switch outcome {
        case .renamed: committed = true
        case .interrupted: throw .interrupted(path: path)
        case .checkFailed:
            if renameError != 0 { throw .unreadable(path: path, reason: String(cString: strerror(renameError))) }
            throw .changedDuringRun(path: path)
        case .failed(let code): throw .writeFailed(path: path, reason: String(cString: strerror(code)))
        case .conflictKept(let other):
            committed = true
            throw .writeFailed(path: path, reason: "it changed while being replaced and could not be put back; the other version is in \(other)")
        }
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SourceWriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                writeCall(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: Self.errorText())
            }
            if written == 0 { throw .writeFailed(path: path, reason: "no space written") }
            offset += written
        }
    }

    /// The file's bytes, or nil when it cannot be read.
    public static func readBytes(_ path: String) -> [UInt8]? {
        var status = stat()
        return readBytes(path, status: &status)
    }

    /// The file's bytes, and its `stat` taken before reading them.
    static func readBytes(_ path: String, status: inout stat) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
