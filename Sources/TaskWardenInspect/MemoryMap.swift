/// One line of `/proc/PID/maps`.
public struct MemoryRegion: Sendable, Equatable {
    public var start: UInt64
    public var end: UInt64
    public var readable: Bool
    public var writable: Bool
    public var executable: Bool
    public var isPrivate: Bool
    public var offset: UInt64
    public var inode: UInt64
    /// The file or pseudo-name (`[heap]`, `[stack]`), empty for anonymous memory.
    public var path: String

    public var size: UInt64 { end - start }
    /// Anonymous or heap memory, where the runtime allocates tasks.
    public var isAnonymous: Bool { path.isEmpty || path == "[heap]" || path.hasPrefix("[anon:") }
}

/// A process's address space as `/proc/PID/maps` lists it, sorted by address.
///
/// ```swift
/// let map = try MemoryMap(parsing: mapsText)
/// map.contains(0x7f00_0000_1000, count: 208)    // readable all the way?
/// ```
public struct MemoryMap: Sendable {
    public let regions: [MemoryRegion]
    /// The regions' bounds and permissions again, without their paths: the lookups every pointer check
    /// makes copy no strings.
    private let starts: [UInt64]
    private let ends: [UInt64]
    private let permissions: [UInt8]

    public init(regions: [MemoryRegion]) {
        self.regions = regions.sorted { $0.start < $1.start }
        starts = self.regions.map(\.start)
        ends = self.regions.map(\.end)
        permissions = self.regions.map { ($0.readable ? 1 : 0) | ($0.executable ? 2 : 0) }
    }

    /// Parses the text of `/proc/PID/maps`; lines it does not understand are skipped.
    public init(parsing text: String) {
        var regions: [MemoryRegion] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count >= 5 else { continue }
            let range = fields[0].split(separator: "-")
            let perms = Array(fields[1].utf8)
            guard range.count == 2, perms.count >= 4,
                  let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16), start < end,
                  let offset = UInt64(fields[2], radix: 16), let inode = UInt64(fields[4]) else { continue }
            var path = fields.count > 5 ? String(fields[5]) : ""
            while path.hasPrefix(" ") { path.removeFirst() }
            regions.append(MemoryRegion(
                start: start, end: end,
                readable: perms[0] == UInt8(ascii: "r"), writable: perms[1] == UInt8(ascii: "w"),
                executable: perms[2] == UInt8(ascii: "x"), isPrivate: perms[3] == UInt8(ascii: "p"),
                offset: offset, inode: inode, path: path))
        }
        self.init(regions: regions)
    }

    /// The region holding `address`, by binary search.
    public func region(containing address: UInt64) -> MemoryRegion? {
        index(containing: address).map { regions[$0] }
    }

    /// The end of the region holding `address`.
    public func end(ofRegionContaining address: UInt64) -> UInt64? {
        index(containing: address).map { ends[$0] }
    }

    private func index(containing address: UInt64) -> Int? {
        var low = 0, high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= address { low = middle + 1 } else { high = middle }
        }
        guard low < starts.count, starts[low] <= address else { return nil }
        return low
    }

    /// Whether `count` bytes from `address` lie in one readable region (objects never span two).
    public func isReadable(_ address: UInt64, count: UInt64) -> Bool {
        guard let index = index(containing: address), permissions[index] & 1 != 0 else { return false }
        return address <= UInt64.max - count && address + count <= ends[index]
    }

    /// Whether `address` points into executable code.
    public func isCode(_ address: UInt64) -> Bool {
        guard let index = index(containing: address) else { return false }
        return permissions[index] & 2 != 0
    }
}
