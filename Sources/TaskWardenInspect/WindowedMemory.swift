/// Another process's memory with one span already read: reads inside it are answered from those bytes,
/// others go to the process. Lets a task be decoded from the one read that fetched its object and the start
/// of its allocator slab (where its name and first records live) instead of one system call per record.
struct WindowedMemory: RemoteMemory {
    let base: any RemoteMemory
    let start: UInt64
    let window: [UInt8]

    func read(_ address: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        if address >= start, address - start <= UInt64(window.count), UInt64(window.count) - (address - start) >= UInt64(buffer.count) {
            let offset = Int(address - start)
            window.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + buffer.count)]))
            }
            return true
        }
        return base.read(address, into: buffer)
    }
}

/// Another process's memory read a page at a time and kept in a small direct-mapped cache, for the many
/// small reads of an async backtrace (a task's contexts sit in its allocator slabs, near one another).
/// Bounded: `slots` pages at most. ``invalidate()`` between tasks, so one task's backtrace is read at the
/// moment that task is; a consistency check reads the process directly.
final class PageCachedMemory: RemoteMemory {
    private let base: any RemoteMemory
    private let pageSize: UInt64 = 4096
    private let slots: Int
    private var pages: [UInt64]
    private var storage: [UInt8]
    private(set) var misses = 0

    /// Forgets every cached page (the next reads see the process as it is now).
    func invalidate() {
        for slot in pages.indices { pages[slot] = .max }
    }

    init(base: any RemoteMemory, slots: Int = 1_024) {
        self.base = base
        self.slots = slots
        pages = [UInt64](repeating: .max, count: slots)
        storage = [UInt8](repeating: 0, count: slots * 4096)
    }

    func read(_ address: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let page = address / pageSize
        let offset = Int(address % pageSize)
        guard buffer.count <= 512, offset + buffer.count <= Int(pageSize) else { return base.read(address, into: buffer) }
        let slot = Int(page % UInt64(slots))
        if pages[slot] != page {
            misses += 1
            let loaded = storage.withUnsafeMutableBytes { bytes in
                base.read(page * pageSize, into: UnsafeMutableRawBufferPointer(rebasing: bytes[(slot * 4096)..<((slot + 1) * 4096)]))
            }
            guard loaded else {
                pages[slot] = .max
                return base.read(address, into: buffer)
            }
            pages[slot] = page
        }
        storage.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[(slot * 4096 + offset)..<(slot * 4096 + offset + buffer.count)]))
        }
        return true
    }
}
