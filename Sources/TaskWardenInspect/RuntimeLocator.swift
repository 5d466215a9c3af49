#if os(Linux)
import Glibc

/// Finds a process's concurrency runtime — `libswift_Concurrency.so`, or the executable itself when the
/// runtime is linked statically — reads what it exports for debuggers, and picks the matching
/// ``RuntimeLayout``; or says precisely why there is none.
struct RuntimeLocator {
    /// What the process's runtime is, and where its task metadata lives.
    struct Found {
        var identity: RuntimeIdentity
        var layout: RuntimeLayout
        var taskMetadata: UInt64
        /// The functions a task that has not started yet resumes in (it enters its closure through one).
        var startAdapters: Set<UInt64>
        /// The metadata pointer every slab of a task allocator starts with.
        var slabMetadata: UInt64
    }

    static let debugSymbols: Set<String> = [
        "_swift_concurrency_debug_asyncTaskMetadata",
        "_swift_concurrency_debug_asyncTaskSlabMetadata",
        "_swift_concurrency_debug_asyncTaskSize",
        "_swift_concurrency_debug_internal_layout_version",
        "_swift_concurrency_debug_supportsPriorityEscalation",
        "_swift_concurrency_debug_future_adapter",
        "_swift_concurrency_debug_non_future_adapter",
    ]

    let pid: Int32
    let processName: String
    let map: MemoryMap
    let memory: any RemoteMemory
    var layouts = RuntimeLayout.known

    func locate() throws(InspectionError) -> Found {
        let process = "process \(pid) (\(processName))"
        let byPath = Dictionary(grouping: map.regions.filter { $0.path.hasPrefix("/") }, by: \.path)
        let executablePath = Self.readLink("/proc/\(pid)/exe")
        let libraryPath = byPath.keys.first { ($0.split(separator: "/").last ?? "").hasPrefix("libswift_Concurrency.so") }
        let swiftCoreLoaded = byPath.keys.contains { ($0.split(separator: "/").last ?? "").hasPrefix("libswiftCore.so") }

        if let libraryPath {
            guard let file = open(libraryPath, regions: byPath[libraryPath] ?? []) else {
                throw InspectionError(.runtimeSymbolsMissing, "\(process) has \(libraryPath) loaded, but taskwarden cannot open that file to read its symbols")
            }
            return try identify(file: file, path: libraryPath, regions: byPath[libraryPath] ?? [], isStatic: false, process: process)
        }
        // No shared runtime: the runtime may be linked into the executable (--static-swift-stdlib).
        let mainPath = executablePath.flatMap { path in byPath.keys.first { $0.replacingDeleted() == path.replacingDeleted() } }
        guard let mainPath, let regions = byPath[mainPath], let file = open(mainPath, regions: regions) else {
            if swiftCoreLoaded { throw noConcurrency(process) }
            throw InspectionError(.notSwift, "\(process) is not a Swift program (no Swift runtime is loaded in it)")
        }
        let symbols = ELFSymbolTable(file: file)
        if let symbols, symbols.values(of: ["_swift_concurrency_debug_asyncTaskMetadata"]).isEmpty == false {
            return try identify(file: file, path: mainPath, regions: regions, isStatic: true, process: process)
        }
        let hasSwiftMetadata = file.sections.contains { $0.name == "swift5_types" || $0.name == "swift5_protocols" }
        if swiftCoreLoaded { throw noConcurrency(process) }
        if hasSwiftMetadata {
            if symbols?.isFull != true {
                throw InspectionError(.runtimeSymbolsMissing,
                    "\(process) is a Swift program with its runtime linked in and its symbol table stripped, so its task runtime cannot be found (taskwarden needs the _swift_concurrency_debug_* symbols): build it without stripping .symtab (no -s, no strip), or link the runtime dynamically")
            }
            throw noConcurrency(process)
        }
        throw InspectionError(.notSwift, "\(process) is not a Swift program (no Swift runtime is loaded in it, and its executable has no Swift metadata)")
    }

    private func noConcurrency(_ process: String) -> InspectionError {
        InspectionError(.noConcurrencyRuntime,
            "\(process) runs Swift without the concurrency runtime (libswift_Concurrency is not loaded), so it has no tasks to show")
    }

    private func identify(file: ELFFile, path: String, regions: [MemoryRegion], isStatic: Bool, process: String) throws(InspectionError) -> Found {
        guard let symbols = ELFSymbolTable(file: file), let bias = file.loadBias(in: regions) else {
            throw InspectionError(.runtimeSymbolsMissing, "\(process): \(path) has no symbol table taskwarden can read")
        }
        let values = symbols.values(of: Self.debugSymbols)
        guard let metadataSymbol = values["_swift_concurrency_debug_asyncTaskMetadata"],
              let slabSymbol = values["_swift_concurrency_debug_asyncTaskSlabMetadata"],
              let sizeSymbol = values["_swift_concurrency_debug_asyncTaskSize"],
              let versionSymbol = values["_swift_concurrency_debug_internal_layout_version"] else {
            throw InspectionError(.runtimeSymbolsMissing,
                "\(process): the concurrency runtime in \(path) does not export _swift_concurrency_debug_asyncTaskMetadata, …asyncTaskSlabMetadata, …asyncTaskSize and …internal_layout_version (a runtime older than Swift 5.9, or a stripped one), so its tasks cannot be found safely")
        }
        guard let metadata = memory.word(metadataSymbol &+ bias), let slabMetadata = memory.word(slabSymbol &+ bias),
              let size = memory.word(sizeSymbol &+ bias),
              let version = memory.uint32(versionSymbol &+ bias) else {
            throw InspectionError(.processChanged, "\(process): cannot read the concurrency runtime's debug variables (the process may have exited)")
        }
        var escalation = false
        if let symbol = values["_swift_concurrency_debug_supportsPriorityEscalation"], let byte = memory.bytes(symbol &+ bias, count: 1) {
            escalation = byte[0] != 0
        }
        let identity = RuntimeIdentity(path: path, isStaticallyLinked: isStatic, machine: file.machine, layoutVersion: version,
                                       taskSize: size, supportsPriorityEscalation: escalation, compilerComments: file.comments,
                                       buildID: file.buildID)
        guard let layout = layouts.first(where: { $0.matches(identity) }) else {
            let tested = layouts.map { "\($0.release) \($0.architecture)" }.joined(separator: ", ")
            throw InspectionError(.unknownRuntime,
                "\(process) runs a concurrency runtime taskwarden was not tested on: \(identity.summary); tested: \(tested). Reading a layout it does not know could show a task under another task's name, so it stops here (a new runtime is one entry in RuntimeLayouts.swift)")
        }
        guard metadata != 0, metadata % 8 == 0 else {
            throw InspectionError(.processChanged, "\(process): the concurrency runtime's task metadata pointer reads as 0x\(String(metadata, radix: 16))")
        }
        var adapters = Set<UInt64>()
        for name in ["_swift_concurrency_debug_future_adapter", "_swift_concurrency_debug_non_future_adapter"] {
            if let symbol = values[name], let adapter = memory.word(symbol &+ bias), adapter != 0 { adapters.insert(adapter) }
        }
        return Found(identity: identity, layout: layout, taskMetadata: metadata, startAdapters: adapters, slabMetadata: slabMetadata)
    }

    /// The file behind `regions`, opened through `/proc/PID/map_files` (the mapped file even if it was
    /// replaced or deleted), else through the process's root, else by path.
    private func open(_ path: String, regions: [MemoryRegion]) -> ELFFile? {
        guard let first = regions.min(by: { $0.start < $1.start }) else { return nil }
        let candidates = [
            "/proc/\(pid)/map_files/\(String(first.start, radix: 16))-\(String(first.end, radix: 16))",
            "/proc/\(pid)/root\(path.replacingDeleted())",
            path.replacingDeleted(),
        ]
        for candidate in candidates {
            if let file = try? ELFFile(path: candidate) { return file }
        }
        return nil
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// The path without the ` (deleted)` the kernel appends for a file removed since it was mapped.
    func replacingDeleted() -> String {
        hasSuffix(" (deleted)") ? String(dropLast(" (deleted)".count)) : self
    }
}
#endif
