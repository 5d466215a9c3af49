/// Decodes every candidate, then reads each decoded task's header again: a task whose id, status or first
/// record changed in between is decoded afresh (its name, wait and records may belong to another moment),
/// up to `rereads` times, and then left out and counted — never shown half-read.
struct TaskReadPass {
    let decoder: TaskObjectDecoder
    let memory: any RemoteMemory
    let rereads: Int
    /// Whether each task's async backtrace is read with it.
    let backtraces: Bool

    /// Bytes read at each candidate in the first pass: the object, and the start of the allocator slab that
    /// follows it, where the runtime puts the name record and the first status records.
    var window = 1_024
    /// Candidates read per system call.
    var batch = 512

    /// The tasks read consistently, and how many were left out.
    func read(_ candidates: [UInt64]) -> (tasks: [RawTask], dropped: Int) {
        var decoded: [RawTask] = []
        decoded.reserveCapacity(candidates.count)
        var buffer = [UInt8](repeating: 0, count: batch * window)
        var first = 0
        while first < candidates.count {
            let slice = candidates[first..<min(first + batch, candidates.count)]
            first = slice.endIndex
            // A window never runs past the end of its mapping (the read would fail whole).
            let spans = slice.map { address in (address, windowSize(at: address)) }
            let readWhole = buffer.withUnsafeMutableBytes { memory.read(spans: spans, into: $0) }
            var offset = 0
            for (index, span) in spans.enumerated() {
                defer { offset += span.1 }
                var reader = decoder
                var header: [UInt8]?
                if readWhole[index] {
                    let bytes = Array(buffer[offset..<(offset + span.1)])
                    reader = decoder.reading(WindowedMemory(base: memory, start: span.0, window: bytes))
                    header = bytes
                }
                if case .task(var task) = reader.decode(at: span.0, header: header) {
                    if backtraces { task.resumeAddresses = resumeAddresses(of: task) }
                    decoded.append(task)
                }
            }
        }
        // The second look, again in one batch.
        let objectSize = Int(decoder.layout.taskSize)
        var again = [UInt8](repeating: 0, count: decoded.count * objectSize)
        let rereadWhole = again.withUnsafeMutableBytes { memory.read(spans: decoded.map { ($0.address, objectSize) }, into: $0) }
        var tasks: [RawTask] = []
        tasks.reserveCapacity(decoded.count)
        var dropped = 0
        for (index, task) in decoded.enumerated() {
            let header = rereadWhole[index] ? Array(again[(index * objectSize)..<((index + 1) * objectSize)]) : nil
            if decoder.isUnchanged(task, header: header) {
                tasks.append(task)
            } else if let settled = settle(task.address) {
                tasks.append(settled)
            } else if case .task = decoder.decode(at: task.address) {
                // Still a live task, but never the same twice in a row: left out, and counted.
                dropped += 1
            }
        }
        return (tasks, dropped)
    }

    private func windowSize(at address: UInt64) -> Int {
        let minimum = decoder.headerSize
        guard let end = decoder.map.end(ofRegionContaining: address) else { return minimum }
        return Int(min(UInt64(window), max(end - address, UInt64(minimum))))
    }

    /// Reads the task at `address` until two reads agree, at most `rereads` times.
    private func settle(_ address: UInt64) -> RawTask? {
        for _ in 0..<rereads {
            guard case .task(var task) = decoder.decode(at: address) else { return nil }
            if backtraces { task.resumeAddresses = resumeAddresses(of: task) }
            if decoder.isUnchanged(task, header: nil) { return task }
        }
        return nil
    }

    private let pages: PageCachedMemory

    init(decoder: TaskObjectDecoder, memory: any RemoteMemory, rereads: Int, backtraces: Bool = false) {
        self.decoder = decoder
        self.memory = memory
        self.rereads = rereads
        self.backtraces = backtraces
        pages = PageCachedMemory(base: memory, slots: 16)
    }

    /// The task's resume addresses, read now, through a page cache emptied first.
    private func resumeAddresses(of task: RawTask) -> [UInt64] {
        let status = decoder.layout.status
        guard task.statusFlags & status.running == 0 else { return [] }
        pages.invalidate()
        let reader = AsyncBacktraceReader(memory: pages, map: decoder.map)
        if decoder.startAdapters.contains(task.resumeFunction) && task.dependency == nil {
            // It has not entered its closure yet: the closure is what it will run.
            return reader.entryPoint(context: task.resumeContext, offset: decoder.layout.task.entryPointBeforeContext).map { [$0] } ?? []
        }
        return reader.resumeAddresses(function: task.resumeFunction, context: task.resumeContext)
    }
}
