/// Read-only access to another address space, one span at a time. ``ProcessMemory`` reads a live process;
/// tests read a synthetic one, so every decoding rule can be tried on layouts and races a real process does
/// not produce on demand.
public protocol RemoteMemory {
    /// Copies `buffer.count` bytes from `address`; false (and nothing meaningful in `buffer`) when any byte
    /// of the span cannot be read.
    func read(_ address: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Bool

    /// Reads several spans, packed one after another into `buffer`; per span, whether it was read whole.
    /// A process reader does it in few system calls; the default reads them one by one.
    func read(spans: [(address: UInt64, count: Int)], into buffer: UnsafeMutableRawBufferPointer) -> [Bool]
}

extension RemoteMemory {
    public func read(spans: [(address: UInt64, count: Int)], into buffer: UnsafeMutableRawBufferPointer) -> [Bool] {
        var offset = 0
        return spans.map { span in
            defer { offset += span.count }
            guard offset + span.count <= buffer.count else { return false }
            return read(span.address, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + span.count)]))
        }
    }
}

extension RemoteMemory {
    /// `count` bytes from `address`, or nil.
    public func bytes(_ address: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        var result = [UInt8](repeating: 0, count: count)
        let ok = result.withUnsafeMutableBytes { read(address, into: $0) }
        return ok ? result : nil
    }

    /// A little-endian 64-bit word, or nil.
    public func word(_ address: UInt64) -> UInt64? {
        var value: UInt64 = 0
        let ok = withUnsafeMutableBytes(of: &value) { read(address, into: $0) }
        return ok ? UInt64(littleEndian: value) : nil
    }

    /// A little-endian 32-bit word, or nil.
    public func uint32(_ address: UInt64) -> UInt32? {
        var value: UInt32 = 0
        let ok = withUnsafeMutableBytes(of: &value) { read(address, into: $0) }
        return ok ? UInt32(littleEndian: value) : nil
    }

    /// A NUL-terminated UTF-8 string of at most `limit` bytes, read in small steps so a string near the end of
    /// a mapping is still found. Nil when it is unreadable, longer than `limit` or not valid UTF-8.
    public func cString(_ address: UInt64, limit: Int) -> String? {
        var collected: [UInt8] = []
        var cursor = address
        let step = 64
        while collected.count <= limit {
            // Never cross a 4 KiB page in one read: the next page may not be mapped.
            let toPageEnd = Int(4096 - cursor % 4096)
            guard let chunk = bytes(cursor, count: min(step, toPageEnd)) else { return nil }
            if let end = chunk.firstIndex(of: 0) {
                collected += chunk[..<end]
                guard collected.count <= limit else { return nil }
                return String(validating: collected, as: UTF8.self)
            }
            collected += chunk
            cursor &+= UInt64(chunk.count)
        }
        return nil
    }
}
