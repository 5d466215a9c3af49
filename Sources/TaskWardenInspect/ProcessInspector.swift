#if os(Linux)
import Glibc

/// Reads every live task of another Swift process, without stopping it (unless asked) and without writing
/// to it. Create one per process and take as many snapshots as you like: the runtime is identified once,
/// symbol tables are loaded once.
///
/// ```swift
/// let inspector = try ProcessInspector(pid: 4242)          // throws InspectionError with the reason and fix
/// let snapshot = try inspector.snapshot()
/// for task in snapshot.tasks { print(task.id, task.name ?? "unnamed", task.state) }
/// ```
public final class ProcessInspector {
    public let pid: Int32
    public let processName: String
    public let runtime: RuntimeIdentity
    public let layout: RuntimeLayout
    private let memory: ProcessMemory
    private let metadata: UInt64
    private let startAdapters: Set<UInt64>
    private let slabMetadata: UInt64
    private var symbolizer: Symbolizer?
    private var symbolizedRegions: [MemoryRegion] = []
    /// How many times a task that changed while it was read is read again before it is left out.
    var rereads = 3

    public init(pid: Int32) throws(InspectionError) {
        guard pid > 0 else { throw InspectionError(.badArgument, "\(pid) is not a process id") }
        var info = stat()
        guard stat("/proc/\(pid)", &info) == 0 else {
            throw InspectionError(.noSuchProcess, "no process has id \(pid)")
        }
        self.pid = pid
        processName = ProcFiles.processName(pid) ?? "?"
        memory = ProcessMemory(pid: pid)
        let map = try Self.readMap(pid: pid)
        // One read proves this process may read that one's memory at all; if not, say why.
        guard let probe = map.regions.first(where: { $0.readable }) else {
            throw InspectionError(.processChanged, "process \(pid) (\(processName)) has no readable memory (it is exiting?)")
        }
        guard memory.word(probe.start) != nil else {
            throw AccessDiagnosis.refusal(ProcessAccess.facts(pid: pid, readError: memory.lastError), userName: ProcFiles.userName)
        }
        let found = try RuntimeLocator(pid: pid, processName: processName, map: map, memory: memory).locate()
        runtime = found.identity
        layout = found.layout
        metadata = found.taskMetadata
        startAdapters = found.startAdapters
        slabMetadata = found.slabMetadata
        try Self.checkScanSize(map, process: "process \(pid) (\(processName))")
    }

    /// Refuses a process whose memory is too large to scan, before any snapshot tries.
    static func checkScanSize(_ map: MemoryMap, process: String) throws(InspectionError) {
        let size = HeapScanDiscovery.scannedSize(of: map)
        guard size > HeapScanDiscovery.scanLimit else { return }
        throw InspectionError(.tooMuchMemory,
            "\(process) has \(size >> 30) GiB of anonymous writable mappings, more than taskwarden scans for tasks (\(HeapScanDiscovery.scanLimit >> 30) GiB): most likely the shadow memory of a sanitizer (-sanitize=thread or address); read a build without it")
    }

    /// One snapshot. `consistent` freezes the process for the read (see ``ProcessFreezer``); `backtraces:
    /// false` skips the async backtraces (faster for a live view that does not show them).
    public func snapshot(consistent: Bool = false, backtraces: Bool = true) throws(InspectionError) -> TaskSnapshot {
        let start = ProcessFreezer.now()
        let freezer = consistent ? try ProcessFreezer.freeze(pid: pid) : nil
        defer { freezer?.thaw() }
        let map = try Self.readMap(pid: pid)
        try Self.checkScanSize(map, process: "process \(pid) (\(processName))")
        var discovery: any TaskDiscovery
        switch layout.discovery {
        case .heapScan(let alignment): discovery = HeapScanDiscovery(alignment: alignment)
        }
        let candidates = discovery.candidates(in: map, memory: memory, metadata: metadata)
        let decoder = TaskObjectDecoder(memory: memory, map: map, layout: layout, metadata: metadata,
                                        slabMetadata: slabMetadata, startAdapters: startAdapters)
        let (raws, dropped) = TaskReadPass(decoder: decoder, memory: memory, rereads: rereads, backtraces: backtraces).read(candidates)
        freezer?.thaw()
        if backtraces, symbolizer == nil || symbolizedRegions != map.regions.filter({ $0.executable }) {
            symbolizer = Symbolizer(pid: pid, map: map)
            symbolizedRegions = map.regions.filter { $0.executable }
        }
        let symbolizer = backtraces ? self.symbolizer : nil
        let assembler = SnapshotAssembler(memory: memory, map: map, layout: layout, metadata: metadata,
                                          startAdapters: startAdapters, symbolize: symbolizer.map { symbolizer in { symbolizer.frame(at: $0) } })
        let tasks = assembler.assemble(raws)
        return TaskSnapshot(pid: pid, processName: processName, release: layout.release, runtime: runtime, tasks: tasks,
                            readTime: ProcessFreezer.elapsed(since: start), frozenFor: freezer?.frozenFor,
                            changedWhileRead: dropped, bytesScanned: discovery.bytesScanned, candidates: candidates.count)
    }

    private static func readMap(pid: Int32) throws(InspectionError) -> MemoryMap {
        switch ProcFiles.read("/proc/\(pid)/maps") {
        case .success(let text):
            let map = MemoryMap(parsing: text)
            guard !map.regions.isEmpty else {
                // A zombie, or a process that exited between the checks.
                throw InspectionError(.noSuchProcess, "process \(pid) has exited (it has no memory left to read)")
            }
            return map
        case .failure(let error):
            if error.code == ENOENT || error.code == ESRCH { throw InspectionError(.noSuchProcess, "no process has id \(pid) (it exited)") }
            throw AccessDiagnosis.refusal(ProcessAccess.facts(pid: pid, readError: error.code), userName: ProcFiles.userName)
        }
    }
}
#else
/// Reading another process's tasks needs Linux (`/proc`, `process_vm_readv`); elsewhere every attempt
/// throws ``InspectionError/Reason/unsupportedPlatform``.
public final class ProcessInspector {
    public init(pid: Int32) throws(InspectionError) {
        throw InspectionError(.unsupportedPlatform,
            "reading another process's tasks works on Linux only (it needs /proc and process_vm_readv); on Apple platforms use LLDB's `language swift task tree` or Instruments")
    }

    public func snapshot(consistent: Bool = false, backtraces: Bool = true) throws(InspectionError) -> TaskSnapshot {
        throw InspectionError(.unsupportedPlatform, "reading another process's tasks works on Linux only")
    }
}
#endif
