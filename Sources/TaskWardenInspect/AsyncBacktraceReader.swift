/// Walks a suspended task's chain of async contexts: the function it resumes in, then, for each context, the
/// function its caller resumes in. Each context is `{ parent context, caller's resume function }`. Bounded,
/// and every address checked: a context must be readable memory and a resume function must be code.
///
/// ```swift
/// let addresses = AsyncBacktraceReader(memory: memory, map: map).resumeAddresses(of: task)
/// ```
struct AsyncBacktraceReader {
    let memory: any RemoteMemory
    let map: MemoryMap
    /// The deepest chain followed.
    var frameLimit = 128

    /// The function a task that has not started will enter: kept `offset` bytes before its first context.
    func entryPoint(context: UInt64, offset: UInt64) -> UInt64? {
        guard context > offset, map.isReadable(context &- offset, count: 8),
              let entry = memory.word(context &- offset), map.isCode(entry) else { return nil }
        return entry
    }

    func resumeAddresses(function: UInt64, context: UInt64) -> [UInt64] {
        var addresses: [UInt64] = []
        if function != 0, map.isCode(function) { addresses.append(function) }
        var next = context
        var seen = Set<UInt64>()
        while next != 0, addresses.count < frameLimit, next % 8 == 0, seen.insert(next).inserted,
              map.isReadable(next, count: 16), let words = memory.bytes(next, count: 16) {
            let parent = UInt64(littleEndian: words.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self) })
            let resume = UInt64(littleEndian: words.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) })
            guard resume == 0 || map.isCode(resume) else { break }
            if resume != 0, addresses.last != resume { addresses.append(resume) }
            next = parent
        }
        return addresses
    }
}
