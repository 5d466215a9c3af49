/// A bounds-checked reader over bytes: every read returns nil past `end`.
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    var end: Int

    mutating func byte() -> UInt8? {
        guard offset < end, offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard offset + size <= end, offset + size <= bytes.count else { return nil }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    mutating func u16() -> UInt16? { integer(UInt16.self) }
    mutating func u32() -> UInt32? { integer(UInt32.self) }
    mutating func u64() -> UInt64? { integer(UInt64.self) }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, offset + count <= end else { return false }
        offset += count
        return true
    }

    mutating func uleb() -> UInt64? {
        var result: UInt64 = 0, shift: UInt64 = 0
        while let byte = byte() {
            if shift < 64 { result |= UInt64(byte & 0x7F) << shift }
            shift += 7
            if byte & 0x80 == 0 { return result }
            if shift > 70 { return nil }
        }
        return nil
    }

    mutating func sleb() -> Int64? {
        var result: Int64 = 0, shift: Int64 = 0
        while let byte = byte() {
            if shift < 64 { result |= Int64(byte & 0x7F) << shift }
            shift += 7
            if byte & 0x80 == 0 {
                if shift < 64 && byte & 0x40 != 0 { result |= -(Int64(1) << shift) }
                return result
            }
            if shift > 70 { return nil }
        }
        return nil
    }

    mutating func cString() -> String? {
        let start = offset
        while offset < end, offset < bytes.count {
            if bytes[offset] == 0 {
                defer { offset += 1 }
                return String(decoding: bytes[start..<offset], as: UTF8.self)
            }
            offset += 1
        }
        return nil
    }
}
