#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognises files that are text, but not UTF-8 — UTF-16 or UTF-32, as some editors and Windows tools save
/// Swift files — so the message says what the file is and how to fix it instead of calling it binary.
///
/// ```swift
/// TextEncodingSniffer.encoding(of: [0xFF, 0xFE, 0x69, 0x00]) // "UTF-16 (little-endian)"
/// TextEncodingSniffer.encoding(of: Array("let x = 1".utf8))  // nil
/// ```
enum TextEncodingSniffer {
    /// The Unicode encoding other than UTF-8 the bytes are in, from a byte-order mark or, without one, from
    /// the pattern of NUL bytes that ASCII text leaves in UTF-16/32; nil when they look like neither.
    static func encoding(of bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        // No mark: mostly-ASCII text in UTF-16/32 has its NULs at fixed positions of each 2- or 4-byte unit.
        let sample = Array(bytes.prefix(4096))
        guard sample.count >= 8 else { return nil }
        for (unit, name) in [(4, "UTF-32"), (2, "UTF-16")] {
            let units = sample.count / unit
            var zeros = [Int](repeating: 0, count: unit)
            for index in 0..<(units * unit) where sample[index] == 0 { zeros[index % unit] += 1 }
            // The text byte of a unit is never NUL; the others nearly always are (ASCII text).
            func pattern(textByte: Int) -> Bool {
                zeros[textByte] == 0 && (0..<unit).allSatisfy { $0 == textByte || zeros[$0] * 10 >= units * 9 }
            }
            if pattern(textByte: 0) { return name + " (little-endian)" }
            if pattern(textByte: unit - 1) { return name + " (big-endian)" }
        }
        return nil
    }

    /// The problem to report for a file that contains NUL bytes or starts with a UTF-16/32 byte-order mark;
    /// nil for a file that may be UTF-8 text.
    static func problem(in bytes: [UInt8], path: String) -> InputProblem? {
        let hasNUL = bytes.withUnsafeBytes { raw in
            // memchr: a generic `contains` over a slice costs several instructions a byte, on every file of a tree.
            raw.baseAddress.map { memchr($0, 0, min(raw.count, 8192)) != nil } ?? false
        }
        // The common case, a UTF-8 file, costs one scan of its first 8 KB.
        guard hasNUL || bytes.first == 0xFF || bytes.first == 0xFE else { return nil }
        if let encoding = encoding(of: bytes) {
            return InputProblem(path: path, kind: .notUTF8, detail: "is \(encoding), not UTF-8; convert it to UTF-8 to lint it (skipped)")
        }
        if hasNUL {
            return InputProblem(path: path, kind: .binary, detail: "looks binary (contains NUL bytes); skipped")
        }
        return nil
    }
}
