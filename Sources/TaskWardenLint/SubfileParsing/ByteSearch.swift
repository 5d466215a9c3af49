#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte sequence fast, for the byte scans that read every file: the C library's `memchr` (vectorised)
/// jumps to the needle's rarest byte, and only there are the other bytes compared.
enum ByteSearch {
    /// Calls `body` with the start of every occurrence of `needle` that starts in `bytes[start..<end]`, in order,
    /// until it returns false. An occurrence may run past `end` (a token is recognised where it starts).
    static func forEach(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                        _ body: (Int) -> Bool) {
        let end = min(end, bytes.count)
        guard let base = bytes.baseAddress, !needle.isEmpty, start >= 0, start < end else { return }
        let anchor = anchorOffset(of: needle)
        let anchorByte = Int32(needle[anchor])
        // The anchor of an occurrence starting before `end` lies before `end + anchor`, and the whole
        // occurrence must fit in the buffer.
        let anchorLimit = min(end + anchor, bytes.count - (needle.count - 1 - anchor))
        var anchorIndex = start + anchor
        needle.withUnsafeBytes { needleBytes in
            while anchorIndex < anchorLimit {
                guard let hit = memchr(base + anchorIndex, anchorByte, anchorLimit - anchorIndex) else { return }
                let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let candidate = found - anchor
                if memcmp(base + candidate, needleBytes.baseAddress!, needle.count) == 0, !body(candidate) { return }
                anchorIndex = found + 1
            }
        }
    }

    /// Whether `byte` occurs in `bytes`.
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// Calls `body` with the offset of every `byte` in `bytes`, in order.
    static func forEach(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count, let hit = memchr(base + start, Int32(byte), bytes.count - start) {
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            body(found)
            start = found + 1
        }
    }

    /// The needle's byte least common in Swift source: upper-case letters and punctuation before lower-case
    /// letters, and rare lower-case letters before common ones.
    static func anchorOffset(of needle: [UInt8]) -> Int {
        var best = 0
        for index in needle.indices where rank[Int(needle[index])] < rank[Int(needle[best])] { best = index }
        return best
    }

    /// Lower-case letters from rarest to most common in code rank 100…125, space and `.` 200, the rest 0.
    private static let rank: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for (position, byte) in "zqjxkvbwygfpmhudclsnrioate".utf8.enumerated() { table[Int(byte)] = 100 + position }
        table[Int(UInt8(ascii: " "))] = 200
        table[Int(UInt8(ascii: "."))] = 200
        return table
    }()
}
