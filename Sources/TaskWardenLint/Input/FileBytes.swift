#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into a byte array with `open`/`read` (no `Data` in between: the byte scan and the
/// UTF-8 check work on the bytes directly).
enum FileBytes {
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? max(0, Int(info.st_size)) : 0
        var bytes = [UInt8](repeating: 0, count: max(expected, 4096))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The file as UTF-8 text, as `String(contentsOfFile:encoding: .utf8)` reads it (a leading byte-order mark
    /// dropped; nil when the file cannot be read or is not UTF-8), without Foundation's conversions: a project
    /// file runs to megabytes, and every run reads the manifests.
    static func text(_ path: String) -> String? {
        // Checked by the run's own validator (the standard library's generic check goes scalar by scalar),
        // then copied as is.
        guard let bytes = read(path), UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...], as: UTF8.self)
    }

    /// `read(2)`; the name `read` is taken by this type's own function.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func lastErrorDescription() -> String {
        String(cString: strerror(errno))
    }
}
