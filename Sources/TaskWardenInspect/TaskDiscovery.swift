import CTaskWardenInspect

/// Finds the addresses that may hold live task objects; ``TaskObjectDecoder`` then checks each. One
/// conformance per ``RuntimeLayout/Discovery`` case.
protocol TaskDiscovery {
    /// Candidate task addresses, each at most once, in address order.
    mutating func candidates(in map: MemoryMap, memory: any RemoteMemory, metadata: UInt64) -> [UInt64]
    /// Bytes examined by the last call (the benchmark reports them).
    var bytesScanned: UInt64 { get }
}

/// The 6.3 way: every task object starts with the task metadata pointer, and tasks live in anonymous
/// writable memory (the malloc heap and its arenas, task allocator slabs), so a word equal to that pointer
/// at the allocator's alignment is a candidate. Freed objects drop out because the allocator overwrites
/// their first word (glibc's free does), and whatever else matches is refused by the decoder.
struct HeapScanDiscovery: TaskDiscovery {
    let alignment: UInt64
    /// Bytes read from the process at a time.
    var chunkSize = 1 << 20
    private(set) var bytesScanned: UInt64 = 0

    init(alignment: UInt64) {
        self.alignment = max(alignment, 8)
    }

    /// The most anonymous writable memory a scan reads (1 TiB). A sanitizer's shadow memory is tens of terabytes
    /// of such mappings (ThreadSanitizer: 40 TB), which would take hours to read; a real heap is far smaller.
    static let scanLimit: UInt64 = 1 << 40

    /// Whether the scan reads `region`: anonymous, readable and writable, not a thread's stack.
    static func scans(_ region: MemoryRegion) -> Bool {
        region.readable && region.writable && region.isAnonymous && region.path != "[stack]"
    }

    /// Bytes of `map` a scan would read.
    static func scannedSize(of map: MemoryMap) -> UInt64 {
        map.regions.reduce(0) { $0 &+ (scans($1) ? $1.size : 0) }
    }

    mutating func candidates(in map: MemoryMap, memory: any RemoteMemory, metadata: UInt64) -> [UInt64] {
        var found: [UInt64] = []
        bytesScanned = 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var offsets = [Int](repeating: 0, count: 4_096)
        let needle = metadata.littleEndian
        let stride = Int(alignment)
        for region in map.regions where Self.scans(region) {
            var start = region.start
            while start < region.end {
                let length = Int(min(UInt64(chunkSize), region.end - start))
                let read = buffer.withUnsafeMutableBytes { memory.read(start, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<length])) }
                if read {
                    bytesScanned += UInt64(length)
                    // Regions are page-aligned, so offsets that are multiples of the alignment are aligned.
                    var count = 0
                    buffer.withUnsafeBytes { raw in
                        count = tw_find_aligned_word(raw.baseAddress, length, needle, stride, &offsets, offsets.count)
                    }
                    if count > offsets.count {
                        offsets = [Int](repeating: 0, count: count)
                        buffer.withUnsafeBytes { raw in
                            count = tw_find_aligned_word(raw.baseAddress, length, needle, stride, &offsets, offsets.count)
                        }
                    }
                    for offset in offsets.prefix(count) { found.append(start + UInt64(offset)) }
                }
                start += UInt64(length)
            }
        }
        return found
    }
}
