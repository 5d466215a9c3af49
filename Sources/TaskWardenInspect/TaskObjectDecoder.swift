/// Reads one task object from another process's memory and checks everything it reads against what the
/// runtime guarantees of a live task, so that a stale copy of a task (freed, or half-built over an old one)
/// is refused rather than shown with the wrong name:
///
/// - the object: the task metadata, a task's job flags, a status word with a priority and only known bits,
///   a resume function that is code and a resume context that is readable;
/// - its status records: a bounded, acyclic chain of known kinds, each inside one of the task's own allocator
///   slabs (the slab chain itself bounded and every slab carrying the slab metadata);
/// - what the records claim: a dependency record exactly when the status says there is one, naming this task
///   as the waiter and being the one the task points to; a child or group record whose first child names this
///   task as its parent; a suspended task that either waits on something or has not started;
/// - the name: only from the oldest record (the runtime pushes it first), with the string right after it.
///
/// ```swift
/// let decoder = TaskObjectDecoder(memory: memory, map: map, layout: .swift631Linux64, metadata: metadataPointer,
///                                 slabMetadata: slabPointer, startAdapters: adapters)
/// if case .task(let task) = decoder.decode(at: candidate) { print(task.id, task.name ?? "unnamed") }
/// ```
struct TaskObjectDecoder {
    enum Outcome: Equatable {
        case task(RawTask)
        /// The words there are not a live task of this runtime (a stale copy, freed memory, a half-built object).
        case notATask
        /// A task that has finished (its object is still referenced, e.g. by a `Task` handle).
        case completed
    }

    let memory: any RemoteMemory
    let map: MemoryMap
    let layout: RuntimeLayout
    let metadata: UInt64
    let slabMetadata: UInt64
    let startAdapters: Set<UInt64>
    /// The most status records followed from one task (a real task has a handful).
    var recordLimit = 64
    /// The most allocator slabs followed from one task.
    var slabLimit = 256
    /// The longest task name read, in bytes.
    var nameLimit = 1_024

    /// The same decoder reading through `memory` (a window of bytes already read, for one).
    func reading(_ memory: any RemoteMemory) -> TaskObjectDecoder {
        var copy = TaskObjectDecoder(memory: memory, map: map, layout: layout, metadata: metadata,
                                     slabMetadata: slabMetadata, startAdapters: startAdapters)
        copy.recordLimit = recordLimit
        copy.slabLimit = slabLimit
        copy.nameLimit = nameLimit
        return copy
    }

    /// Bytes of a task that `decode` reads at once: the object and the child fragments after it.
    var headerSize: Int { Int(layout.taskSize + layout.task.childFragmentSize + 8) }

    /// Decodes the task at `address`; `header` may hold bytes already read from there (at least the object).
    func decode(at address: UInt64, header: [UInt8]? = nil) -> Outcome {
        guard address % 16 == 0 else { return .notATask }
        let bytes: [UInt8]
        if let header, header.count >= Int(layout.taskSize) {
            bytes = header
        } else if let read = memory.bytes(address, count: headerSize) ?? memory.bytes(address, count: Int(layout.taskSize)) {
            bytes = read
        } else {
            return .notATask
        }
        let object = ObjectBytes(bytes: bytes)
        let offsets = layout.task, jobBits = layout.jobFlags, statusBits = layout.status
        guard object.word(0) == metadata,
              let jobFlags = object.half(offsets.jobFlags), let idLow = object.half(offsets.idLow), let idHigh = object.half(offsets.idHigh),
              let statusFlags = object.half(offsets.statusFlags), let firstRecord = object.word(offsets.statusRecord),
              let resumeFunction = object.word(offsets.resumeFunction), let resumeContext = object.word(offsets.resumeContext),
              let basePriority = object.word(offsets.basePriority), let firstSlab = object.word(offsets.firstSlab),
              let dependencyPointer = object.word(offsets.dependencyRecord) else { return .notATask }
        guard jobFlags & jobBits.kindMask == jobBits.taskKind, jobFlags & ~jobBits.known == 0,
              statusFlags & ~statusBits.known == 0 else { return .notATask }
        let id = UInt64(idHigh) << 32 | UInt64(idLow)
        guard id != 0 else { return .notATask }
        if statusFlags & statusBits.complete != 0 { return .completed }
        // A live task has a priority, something to resume and a context to resume it in.
        guard statusFlags & statusBits.priorityMask != 0, basePriority > 0, basePriority <= 0xFF,
              resumeFunction != 0, map.isCode(resumeFunction),
              resumeContext % 16 == 0, map.isReadable(resumeContext, count: 16) else { return .notATask }

        var task = RawTask(address: address, id: id, jobFlags: jobFlags, statusFlags: statusFlags, firstRecord: firstRecord,
                           name: nil, parentAddress: 0, groupAddress: 0, dependency: nil, ownedGroups: [],
                           resumeFunction: resumeFunction, resumeContext: resumeContext, basePriority: UInt8(basePriority))
        if jobFlags & jobBits.isChild != 0 {
            guard let parent = object.word(layout.taskSize), isObject(parent) else { return .notATask }
            task.parentAddress = parent
            if jobFlags & jobBits.isGroupChild != 0 {
                guard let group = object.word(layout.taskSize + offsets.childFragmentSize), isPointer(group) else { return .notATask }
                task.groupAddress = group
            }
        }

        guard let records = statusRecords(from: firstRecord) else { return .notATask }
        if !records.isEmpty {
            guard let slabs = slabs(from: firstSlab),
                  records.allSatisfy({ $0.kind == layout.records.lockKind || slabs.contains(where: $0.address) }) else { return .notATask }
        }
        var dependencyRecord: UInt64?
        for record in records {
            switch record.kind {
            case layout.records.dependencyKind:
                // The runtime names the waiting task in its dependency record, and the task points at the record.
                guard dependencyRecord == nil, record.word(layout.records.dependencyOwner) == address, dependencyPointer == record.address,
                      let kind = record.word(layout.records.dependencyWaitKind).map({ UInt32(truncatingIfNeeded: $0) }),
                      let target = record.word(layout.records.dependencyTarget),
                      let extra = record.word(layout.records.dependencyExtra) else { return .notATask }
                dependencyRecord = record.address
                task.dependency = RawTask.Dependency(waitKind: kind, target: target, extra: extra)
            case layout.records.childKind:
                guard let first = record.word(layout.records.payload), first == 0 || isChild(first, of: address, group: nil) else { return .notATask }
            case layout.records.groupKind:
                let group = record.address &- layout.records.groupRecordOffset
                guard let first = record.word(layout.records.payload), first == 0 || isChild(first, of: address, group: group) else { return .notATask }
                task.ownedGroups.append(group)
            default:
                break
            }
        }
        let hasDependency = statusFlags & statusBits.hasDependency != 0
        guard hasDependency == (dependencyRecord != nil) else { return .notATask }
        // Off every thread and out of every queue, a task waits on something — or has not started yet.
        if statusFlags & (statusBits.running | statusBits.enqueued) == 0 && !hasDependency {
            guard startAdapters.contains(resumeFunction) else { return .notATask }
        }
        if jobFlags & jobBits.isNamed != 0 {
            task.name = name(of: task, records: records)
        }
        return .task(task)
    }

    /// Whether the bytes at `task.address` still describe the same task in the same state: every field the
    /// decoding relied on that does not move while a task runs (id, flags, status, first record, resume
    /// point). Anything else means it changed while it was being read.
    func isUnchanged(_ task: RawTask, header: [UInt8]?) -> Bool {
        guard let bytes = header ?? memory.bytes(task.address, count: Int(layout.taskSize)), bytes.count >= Int(layout.taskSize) else {
            return false
        }
        let object = ObjectBytes(bytes: bytes)
        let offsets = layout.task
        guard object.word(0) == metadata, let low = object.half(offsets.idLow), let high = object.half(offsets.idHigh),
              UInt64(high) << 32 | UInt64(low) == task.id, object.half(offsets.jobFlags) == task.jobFlags,
              object.half(offsets.statusFlags) == task.statusFlags, object.word(offsets.statusRecord) == task.firstRecord,
              object.word(offsets.resumeFunction) == task.resumeFunction, object.word(offsets.resumeContext) == task.resumeContext else {
            return false
        }
        return true
    }

    // MARK: Records

    struct Record {
        var address: UInt64
        var kind: UInt8
        var bytes: [UInt8]

        func word(_ offset: UInt64) -> UInt64? { ObjectBytes(bytes: bytes).word(offset) }
    }

    /// The status record chain, innermost first; nil when a link is unreadable, a kind unknown, or the chain
    /// longer than ``recordLimit`` or circular.
    func statusRecords(from first: UInt64) -> [Record]? {
        var records: [Record] = []
        var seen = Set<UInt64>()
        var next = first
        var known: Set<UInt8> = [layout.records.dependencyKind, layout.records.childKind, layout.records.groupKind,
                                 layout.records.cancellationKind, layout.records.escalationKind,
                                 layout.records.executorPreferenceKind, layout.records.lockKind]
        if let nameRecordKind { known.insert(nameRecordKind) }
        while next != 0 {
            guard records.count < recordLimit, next % 8 == 0, seen.insert(next).inserted,
                  map.isReadable(next, count: layout.records.size),
                  let bytes = memory.bytes(next, count: Int(layout.records.size)) else { return nil }
            let record = Record(address: next, kind: bytes[0], bytes: bytes)
            guard known.contains(record.kind), let parent = record.word(layout.records.parent) else { return nil }
            records.append(record)
            next = parent
        }
        return records
    }

    /// The data ranges of the task allocator's slabs, from the first; nil when a slab does not check out.
    func slabs(from first: UInt64) -> SlabRanges? {
        var ranges = SlabRanges()
        var next = first
        var seen = Set<UInt64>()
        while next != 0 {
            guard ranges.count < slabLimit, next % 8 == 0, seen.insert(next).inserted,
                  map.isReadable(next, count: layout.slab.dataOffset),
                  let header = memory.bytes(next, count: Int(layout.slab.dataOffset)) else { return nil }
            let slab = ObjectBytes(bytes: header)
            guard slab.word(0) == slabMetadata, let following = slab.word(layout.slab.next),
                  let capacity = slab.half(layout.slab.capacity), capacity > 0, capacity <= 1 << 30 else { return nil }
            ranges.append(start: next &+ layout.slab.dataOffset, end: next &+ layout.slab.dataOffset &+ UInt64(capacity))
            next = following
        }
        return ranges
    }

    private var nameRecordKind: UInt8? {
        if case .statusRecord(let kind, _, _) = layout.name { return kind }
        return nil
    }

    /// The name, read only from where this runtime keeps it; nil when that place does not check out.
    private func name(of task: RawTask, records: [Record]) -> String? {
        switch layout.name {
        case .statusRecord(let kind, let pointerOffset, let stringWindow):
            guard let record = records.last, record.kind == kind,
                  let pointer = record.word(pointerOffset),
                  pointer >= record.address &+ layout.records.payload &+ 8, pointer - record.address <= stringWindow,
                  map.isReadable(pointer, count: 1) else { return nil }
            return memory.cString(pointer, limit: nameLimit)
        case .taskField(let offset):
            guard let pointer = memory.word(task.address &+ offset), pointer != 0, map.isReadable(pointer, count: 1) else { return nil }
            return memory.cString(pointer, limit: nameLimit)
        }
    }

    /// Whether the task at `child` is a live child of `parent` (and of `group`, for a group's child).
    private func isChild(_ child: UInt64, of parent: UInt64, group: UInt64?) -> Bool {
        guard isObject(child), memory.word(child) == metadata,
              let flags = memory.uint32(child &+ layout.task.jobFlags), flags & layout.jobFlags.isChild != 0,
              memory.word(child &+ layout.taskSize) == parent else { return false }
        guard let group else { return true }
        return flags & layout.jobFlags.isGroupChild != 0
            && memory.word(child &+ layout.taskSize &+ layout.task.childFragmentSize) == group
    }

    private func isPointer(_ value: UInt64) -> Bool {
        value % 8 == 0 && map.isReadable(value, count: 8)
    }

    private func isObject(_ value: UInt64) -> Bool {
        value % 16 == 0 && map.isReadable(value, count: layout.taskSize)
    }
}

/// Little-endian words out of bytes read from a process.
struct ObjectBytes {
    let bytes: [UInt8]

    func word(_ offset: UInt64) -> UInt64? {
        guard offset <= UInt64(bytes.count), UInt64(bytes.count) - offset >= 8 else { return nil }
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: Int(offset), as: UInt64.self) })
    }

    func half(_ offset: UInt64) -> UInt32? {
        guard offset <= UInt64(bytes.count), UInt64(bytes.count) - offset >= 4 else { return nil }
        return UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: Int(offset), as: UInt32.self) })
    }
}

/// Address ranges of a task's allocator slabs.
struct SlabRanges {
    private var ranges: [(start: UInt64, end: UInt64)] = []

    var count: Int { ranges.count }

    mutating func append(start: UInt64, end: UInt64) { ranges.append((start, end)) }

    /// Whether a record at `address` lies inside one of the slabs.
    func contains(where address: UInt64) -> Bool {
        ranges.contains { address >= $0.start && address < $0.end }
    }
}
