import Foundation

/// Where a path splits into its folder and its last component, found on the UTF-8 bytes: `String`'s
/// character-wise search walks grapheme clusters, and paths of every file of a tree are split several times.
enum PathSplit {
    /// `path.lastIndex(of: "/")`: the last `/` that is a character of its own.
    ///
    /// The last `/` byte is such a character when the bytes either side of it are ASCII: only a non-ASCII
    /// scalar (a combining mark after it, a prepended mark before it) can join a `/` into a larger character.
    /// Other paths take the character-wise search.
    static func lastSlash(in path: String) -> String.Index? {
        let utf8 = path.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var index = bytes.count - 1
            while index >= 0, bytes[index] != UInt8(ascii: "/") { index -= 1 }
            guard index >= 0 else { return nil }
            let asciiBefore = index == 0 || bytes[index - 1] < 0x80
            let asciiAfter = index + 1 == bytes.count || bytes[index + 1] < 0x80
            return asciiBefore && asciiAfter ? index : -1
        }
        switch found {
        case .some(.some(let offset)) where offset >= 0: return utf8.index(utf8.startIndex, offsetBy: offset)
        case .some(.none): return nil
        default: return path.lastIndex(of: "/")
        }
    }

    /// `(parent as NSString).appendingPathComponent(component)`, without bridging to `NSString` when the
    /// answer is plainly `parent/component`: both non-empty, no `/` at either end of the join or at the end of
    /// `component`, and no `//` in either (which Darwin's Foundation would fold). Other joins ask Foundation.
    static func appending(_ component: String, to parent: String) -> String {
        guard let last = parent.utf8.last, last != UInt8(ascii: "/"), let first = component.utf8.first,
              first != UInt8(ascii: "/"), component.utf8.last != UInt8(ascii: "/"),
              !hasDoubleSlash(parent), !hasDoubleSlash(component)
        else { return (parent as NSString).appendingPathComponent(component) }
        var joined = ""
        joined.reserveCapacity(parent.utf8.count + 1 + component.utf8.count)
        joined += parent
        joined += "/"
        joined += component
        return joined
    }

    private static func hasDoubleSlash(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") { return true }
                previous = byte
            }
            return false
        }
    }

    /// Whether `a` and `b` are the same bytes (`==` also calls canonically equivalent spellings equal).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { left in
            b.withUTF8 { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    /// Whether the part of `path` after `slash` (as ``lastSlash(in:)`` found it) holds no `/` byte at all: then
    /// the path is exactly its folder, a `/` and a name, whatever characters the name holds.
    static func nameHasNoSlash(_ path: String, after slash: String.Index) -> Bool {
        let start = path.utf8.distance(from: path.utf8.startIndex, to: slash) + 1
        return path.utf8.withContiguousStorageIfAvailable { !$0[start...].contains(UInt8(ascii: "/")) }
            ?? !path.utf8[path.utf8.index(after: slash)...].contains(UInt8(ascii: "/"))
    }
}
