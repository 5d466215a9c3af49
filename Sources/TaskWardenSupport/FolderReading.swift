#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists a folder with `readdir`, the one way TaskWarden's modules read folders' entries.
///
/// Why one place: `readdir` returns a record only `d_reclen` bytes long, while `dirent.d_name` is declared
/// as a fixed array of 256 (Darwin: 1024) bytes. Swift reads that field as a value — a copy of the whole
/// array — whenever it is passed by value (`withUnsafeBytes(of: entry.pointee.d_name)`), reading past the
/// record; for the last entry of `readdir`'s buffer that can cross into an unmapped page and crash. Here the
/// name is read from the field's address up to its terminating NUL, which is inside the record.
///
/// ```swift
/// FolderReading.forEachEntry(of: "/proc/self/task") { name, kind in
///     print(String(decoding: name, as: UTF8.self))
/// }
/// ```
package enum FolderReading {
    /// Where the name starts in an entry (a stored field of a C struct always has an offset).
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// Calls `body` with each entry's name (its bytes, without the NUL; `.` and `..` are skipped) and its
    /// `d_type` (`DT_UNKNOWN` where the file system does not say). The bytes are valid only during the call.
    /// Returns false when `folder` cannot be opened.
    @discardableResult
    package static func forEachEntry(
        of folder: String, _ body: (_ name: UnsafeRawBufferPointer, _ kind: UInt8) throws -> Void
    ) rethrows -> Bool {
        guard let stream = opendir(folder) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let start = UnsafeRawPointer(entry) + nameOffset
            let name = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
            if name.count <= 2, name.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }
            try body(name, entry.pointee.d_type)
        }
        return true
    }
}
