#if os(Linux)
import CTaskWardenInspect
import Glibc

/// Another process's memory, read with `process_vm_readv`: no stop, no write, no signal. A span that is
/// not mapped (or was unmapped a moment ago) reads as a failure, never as a fault in this process.
///
/// ```swift
/// let memory = ProcessMemory(pid: 4242)
/// let word = memory.word(0x7f00_1234_0000)
/// ```
public final class ProcessMemory: RemoteMemory {
    public let pid: Int32
    /// `process_vm_readv` calls made (the benchmark reports them).
    public private(set) var systemCalls = 0
    /// The `errno` of the last failed read.
    public private(set) var lastError: Int32 = 0

    public init(pid: Int32) {
        self.pid = pid
    }

    public func read(_ address: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard buffer.count > 0 else { return true }
        guard let base = buffer.baseAddress, address <= UInt64.max - UInt64(buffer.count) else { return false }
        var local = iovec(iov_base: base, iov_len: buffer.count)
        var remote = iovec(iov_base: UnsafeMutableRawPointer(bitPattern: UInt(address)), iov_len: buffer.count)
        systemCalls += 1
        let count = tw_process_vm_readv(pid, &local, 1, &remote, 1)
        if count < 0 { lastError = errno }
        return count == buffer.count
    }

    /// Reads several spans with as few calls as possible (1,024 spans a call). `spans[i]` lands in
    /// `buffer[offsets[i]…]`; the result says, per span, whether it was read whole.
    public func read(spans: [(address: UInt64, count: Int)], into buffer: UnsafeMutableRawBufferPointer) -> [Bool] {
        var results = [Bool](repeating: false, count: spans.count)
        guard let base = buffer.baseAddress else { return results }
        var offsets: [Int] = []
        offsets.reserveCapacity(spans.count)
        var total = 0
        for span in spans {
            offsets.append(total)
            total += span.count
        }
        guard total <= buffer.count else { return results }
        var next = 0
        while next < spans.count {
            let batch = next..<min(next + 1_024, spans.count)
            var locals = batch.map { iovec(iov_base: base + offsets[$0], iov_len: spans[$0].count) }
            var remotes = batch.map { iovec(iov_base: UnsafeMutableRawPointer(bitPattern: UInt(spans[$0].address)), iov_len: spans[$0].count) }
            systemCalls += 1
            let count = tw_process_vm_readv(pid, &locals, UInt(locals.count), &remotes, UInt(remotes.count))
            guard count >= 0 else {
                lastError = errno
                // The first span failed: skip it and go on with the rest.
                next = batch.lowerBound + 1
                continue
            }
            // The kernel stops at the first span it cannot read whole: the ones before it are complete.
            var remaining = count
            var index = batch.lowerBound
            while index < batch.upperBound, remaining >= spans[index].count {
                results[index] = true
                remaining -= spans[index].count
                index += 1
            }
            next = index == batch.upperBound ? index : index + 1
        }
        return results
    }
}
#endif
