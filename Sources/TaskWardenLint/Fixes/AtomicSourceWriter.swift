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
/// The new bytes go to a temporary file in the same directory (so the final `rename` never crosses a file
/// system), are flushed to disk, get the original file's permission bits, and replace the file with one
/// `rename`. Nothing is written when the bytes are unchanged. The file is checked against the bytes the fix
/// was computed from just before the rename, so an edit made by someone else during the run is not lost.
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

    public var description: String {
        switch self {
        case .readOnly(let path): "\(path): file is read-only; not changed"
        case .changedDuringRun(let path): "\(path): file changed while taskwarden was running; not changed (run fix again)"
        case .unreadable(let path, let reason): "\(path): cannot read file (\(reason)); not changed"
        case .writeFailed(let path, let reason): "\(path): cannot write file (\(reason)); not changed"
        }
    }
}

public struct AtomicSourceWriter: SourceWriting {
    /// Writes bytes to an open file descriptor, like POSIX `write`: returns the count written, or -1 and sets
    /// `errno`. Injected by tests to simulate a full disk; the default is the system call.
    public typealias WriteCall = @Sendable (Int32, UnsafeRawBufferPointer) -> Int

    let writeCall: WriteCall

    public init(writeCall: @escaping WriteCall = AtomicSourceWriter.systemWrite) {
        self.writeCall = writeCall
    }

    public static let systemWrite: WriteCall = { descriptor, buffer in
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    public func replace(_ path: String, expecting old: [UInt8], with new: [UInt8]) throws(SourceWriteError) {
        guard old != new else { return }
        // Write through a symbolic link to its target rather than replacing the link with a file.
        let target = Self.resolved(path)
        var status = stat()
        guard stat(target, &status) == 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        // No write bit at all means read-only on purpose, even for a superuser whom `access` would let through.
        guard access(target, W_OK) == 0, status.st_mode & 0o222 != 0 else { throw .readOnly(path: path) }

        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let fileName = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory)/.\(fileName).taskwarden-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: Self.errorText()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do throws(SourceWriteError) {
            try writeAll(new, to: descriptor, path: path)
            // Keep the permission bits (mkstemp creates 0600) and, where allowed, the owner.
            guard fchmod(descriptor, status.st_mode & 0o7777) == 0, fsync(descriptor) == 0 else {
                throw SourceWriteError.writeFailed(path: path, reason: Self.errorText())
            }
            _ = fchown(descriptor, status.st_uid, status.st_gid)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .writeFailed(path: path, reason: Self.errorText()) }

        // Last moment before the rename: is the file still what the fix was computed from?
        guard let current = Self.readBytes(target) else { throw .unreadable(path: path, reason: Self.errorText()) }
        guard current == old else { throw .changedDuringRun(path: path) }
        guard rename(temporary, target) == 0 else { throw .writeFailed(path: path, reason: Self.errorText()) }
        committed = true
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
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
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
