@testable import TaskWardenInspect

/// An address space made in a test: regions of bytes the decoder reads as it would a process's, and a hook
/// that runs before every read, so a test can change memory "while" it is read.
final class SyntheticMemory: RemoteMemory {
    struct Region {
        var start: UInt64
        var bytes: [UInt8]
        var executable = false
    }

    private(set) var regions: [Region] = []
    var beforeRead: ((SyntheticMemory) -> Void)?
    private(set) var reads = 0

    func add(_ start: UInt64, size: Int, executable: Bool = false) {
        regions.append(Region(start: start, bytes: [UInt8](repeating: 0, count: size), executable: executable))
    }

    var map: MemoryMap {
        MemoryMap(regions: regions.map {
            MemoryRegion(start: $0.start, end: $0.start + UInt64($0.bytes.count), readable: true, writable: !$0.executable,
                         executable: $0.executable, isPrivate: true, offset: 0, inode: 0, path: $0.executable ? "/code" : "")
        })
    }

    func write(_ value: UInt64, at address: UInt64) { write(withUnsafeBytes(of: value.littleEndian, Array.init), at: address) }
    func write32(_ value: UInt32, at address: UInt64) { write(withUnsafeBytes(of: value.littleEndian, Array.init), at: address) }
    func write(_ string: String, at address: UInt64) { write(Array(string.utf8) + [0], at: address) }

    func write(_ bytes: [UInt8], at address: UInt64) {
        guard let index = regions.firstIndex(where: { address >= $0.start && address + UInt64(bytes.count) <= $0.start + UInt64($0.bytes.count) }) else {
            fatalError("write outside the synthetic regions at 0x\(String(address, radix: 16))")
        }
        let offset = Int(address - regions[index].start)
        regions[index].bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }

    func read(_ address: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        reads += 1
        beforeRead?(self)
        guard let region = regions.first(where: { address >= $0.start && address + UInt64(buffer.count) <= $0.start + UInt64($0.bytes.count) }) else {
            return false
        }
        let offset = Int(address - region.start)
        region.bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + buffer.count)])) }
        return true
    }
}

/// A named task parked on a continuation, laid out as Swift 6.3.1 lays it out, in a synthetic address space:
/// the object, its allocator slab holding its dependency record and its name record (oldest, string right
/// after it), and code for its resume function.
struct SyntheticTask {
    static let layout = RuntimeLayout.swift631Linux64
    static let metadata: UInt64 = 0x7000_0000_1000
    static let slabMetadata: UInt64 = 0x7000_0000_2000
    static let code: UInt64 = 0x5000_0000_0000
    static let heap: UInt64 = 0x6000_0000_0000

    let memory = SyntheticMemory()
    let task: UInt64 = heap + 0x100
    let slab: UInt64 = heap + 0x400
    var dependencyRecord: UInt64 { slab + 0x80 }
    var nameRecord: UInt64 { slab + 0x20 }
    var context: UInt64 { slab + 0x100 }

    init(name: String = "price:4471", id: UInt64 = 42) {
        memory.add(Self.code, size: 0x1000, executable: true)
        memory.add(Self.heap, size: 0x2000)
        let offsets = Self.layout.task
        memory.write(Self.metadata, at: task)
        memory.write32(0x4200_1500, at: task + offsets.jobFlags)          // a named future task, medium priority
        memory.write32(UInt32(id), at: task + offsets.idLow)
        memory.write(Self.code + 0x40, at: task + offsets.resumeFunction)
        memory.write(context, at: task + offsets.resumeContext)
        memory.write32(0x4015, at: task + offsets.statusFlags)             // suspended with a dependency
        memory.write(dependencyRecord, at: task + offsets.statusRecord)
        memory.write(slab, at: task + offsets.firstSlab)
        memory.write(0x15, at: task + offsets.basePriority)
        memory.write(dependencyRecord, at: task + offsets.dependencyRecord)
        // The slab: its metadata, no next slab, a capacity.
        memory.write(Self.slabMetadata, at: slab)
        memory.write32(1_000, at: slab + 16)
        // The name record (oldest: parent 0) and its string right after it.
        memory.write(6, at: nameRecord)
        memory.write(0, at: nameRecord + 8)
        memory.write(nameRecord + 0x30, at: nameRecord + 16)
        memory.write(name, at: nameRecord + 0x30)
        // The dependency record: kind 0, then the name record; waits on a continuation; names the task.
        memory.write(0, at: dependencyRecord)
        memory.write(nameRecord, at: dependencyRecord + 8)
        memory.write(context, at: dependencyRecord + 16)
        memory.write(2, at: dependencyRecord + 32)
        memory.write(task, at: dependencyRecord + 40)
    }

    var decoder: TaskObjectDecoder {
        TaskObjectDecoder(memory: memory, map: memory.map, layout: Self.layout, metadata: Self.metadata,
                          slabMetadata: Self.slabMetadata, startAdapters: [Self.code + 0x10])
    }
}
