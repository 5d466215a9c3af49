#if os(Linux)
import Glibc

/// Small text files under `/proc` (and a few others), read whole with plain system calls: no Foundation, so
/// the reader works in a statically linked `taskwarden`.
enum ProcFiles {
    /// The file's text, or the `errno` that stopped reading it.
    static func read(_ path: String, limit: Int = 64 << 20) -> Result<String, ProcFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ProcFileError(code: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ProcFileError(code: errno))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    static func text(_ path: String) -> String? {
        try? read(path).get()
    }

    /// The value of a `Key:` line of a `/proc/PID/status`-style file.
    static func field(_ key: String, in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.dropFirst(key.count + 1).trimmingWhitespace()
        }
        return nil
    }

    /// The process's name: the file name of its first argument (`/proc/PID/cmdline`; the kernel's `comm` is cut
    /// at 15 characters), else `comm`; nil when it is gone.
    static func processName(_ pid: Int32) -> String? {
        if let commandLine = text("/proc/\(pid)/cmdline"),
           let first = commandLine.split(separator: "\u{0}", omittingEmptySubsequences: false).first,
           let name = first.split(separator: "/").last, !name.isEmpty {
            return String(name)
        }
        return text("/proc/\(pid)/comm").map { $0.trimmingWhitespace() }
    }

    /// The user name for `uid` from `/etc/passwd` (no NSS: a static binary cannot load it), or nil.
    static func userName(_ uid: UInt32) -> String? {
        guard let passwd = text("/etc/passwd") else { return nil }
        for line in passwd.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 2, UInt32(fields[2]) == uid { return String(fields[0]) }
        }
        return nil
    }
}

struct ProcFileError: Error {
    var code: Int32
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }
}
#endif
