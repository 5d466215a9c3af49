/// Where things are in one concurrency runtime's task objects, and how to recognise that runtime: one entry
/// of ``RuntimeLayout/known`` per tested release and architecture. The next Swift release is one more entry.
///
/// A runtime is accepted only when everything it says about itself matches an entry: the architecture, the
/// layout version and task size it exports for debuggers (`_swift_concurrency_debug_internal_layout_version`,
/// `_swift_concurrency_debug_asyncTaskSize`), whether it escalates priorities, and the compiler that built
/// it (the `llvm-project` commit in its `.comment`, which names the release). Anything else is refused by
/// name — reading a layout that merely looks right could show a task under another task's name.
///
/// How the entry for a release with a task registry fits (Swift 6.4 adds one, with
/// `swift_reflection_iterateTaskRegistry` and a name field in the task): give it
/// `discovery: .registry(…)` — a new ``Discovery`` case read by a new ``TaskDiscovery`` conformance beside
/// ``HeapScanDiscovery`` — and `name: .taskField(offset:)`; the decoding of everything else stays as it is.
///
/// ```swift
/// let layout = RuntimeLayout.known.first { $0.matches(identity) }
/// ```
public struct RuntimeLayout: Sendable {
    /// How live tasks are found.
    public enum Discovery: Sendable, Equatable {
        /// Scan the process's anonymous writable memory for words equal to the task metadata pointer, at this
        /// alignment, then validate each hit (6.3 keeps no list of tasks).
        case heapScan(alignment: UInt64)
    }

    /// Where a task's name is kept.
    public enum NameLocation: Sendable, Equatable {
        /// In a status record of this kind, a pointer at `pointerOffset` into the record. The runtime pushes
        /// it first, when the task is created, so it must be the oldest record (the end of the chain), and it
        /// copies the string right after it in the task's allocator, so the string must start within
        /// `stringWindow` bytes after the record.
        case statusRecord(kind: UInt8, pointerOffset: UInt64, stringWindow: UInt64)
        /// A pointer field of the task object itself, at `offset`.
        case taskField(offset: UInt64)
    }

    /// Offsets into a task object (from its start).
    public struct TaskOffsets: Sendable {
        public var jobFlags: UInt64
        public var idLow: UInt64
        public var resumeFunction: UInt64
        public var resumeContext: UInt64
        public var statusFlags: UInt64
        public var statusRecord: UInt64
        public var idHigh: UInt64
        public var basePriority: UInt64
        /// The first slab of the task's own allocator, where all its status records live.
        public var firstSlab: UInt64
        /// The task's pointer to its dependency record (the innermost record while it waits).
        public var dependencyRecord: UInt64
        /// A task that has not started keeps the function it will enter this many bytes before its first
        /// async context (in the context's prefix).
        public var entryPointBeforeContext: UInt64
        /// A child task's parent pointer and next-sibling pointer follow the object (at ``RuntimeLayout/taskSize``);
        /// a group child's group pointer follows those.
        public var childFragmentSize: UInt64
    }

    /// Bits of the job flags word.
    public struct JobFlagBits: Sendable {
        public var kindMask: UInt32
        public var taskKind: UInt32
        public var priorityShift: UInt32
        public var isChild: UInt32
        public var isFuture: UInt32
        public var isGroupChild: UInt32
        public var isAsyncLet: UInt32
        public var hasExecutorPreference: UInt32
        public var isNamed: UInt32
        /// Every bit a task's flags may have; a word with others is not a task.
        public var known: UInt32
    }

    /// Bits of the status flags word.
    public struct StatusBits: Sendable {
        public var priorityMask: UInt32
        public var cancelled: UInt32
        public var recordLocked: UInt32
        public var escalated: UInt32
        public var running: UInt32
        public var enqueued: UInt32
        public var complete: UInt32
        public var hasDependency: UInt32
        public var known: UInt32
    }

    /// Status records: a flags word (kind in its low byte), the next record, then the kind's payload.
    public struct RecordLayout: Sendable {
        public var parent: UInt64
        public var payload: UInt64
        public var size: UInt64
        public var dependencyKind: UInt8
        public var childKind: UInt8
        public var groupKind: UInt8
        public var cancellationKind: UInt8
        public var escalationKind: UInt8
        public var executorPreferenceKind: UInt8
        public var lockKind: UInt8
        /// In a dependency record: what it waits on (two words), the wait kind, and the waiting task.
        public var dependencyTarget: UInt64
        public var dependencyExtra: UInt64
        public var dependencyWaitKind: UInt64
        public var dependencyOwner: UInt64
        /// Wait kinds.
        public var waitsOnTask: UInt32
        public var waitsOnContinuation: UInt32
        public var waitsOnGroup: UInt32
        public var enqueuedOnExecutor: UInt32
        /// A task group object holds its status record at this offset.
        public var groupRecordOffset: UInt64
    }

    /// A slab of a task's allocator: a header (the slab metadata pointer, the next slab, the capacity), then
    /// `capacity` bytes of data from `dataOffset`.
    public struct SlabLayout: Sendable {
        public var next: UInt64
        public var capacity: UInt64
        public var dataOffset: UInt64
    }

    /// Swift class metadata, for naming the actor a task is queued on.
    public struct ClassMetadataLayout: Sendable {
        public var description: UInt64
        /// In a context descriptor: its parent (relative pointer) and, for a type, its name (relative pointer).
        public var parent: UInt64
        public var name: UInt64
    }

    /// The release as people say it, e.g. `Swift 6.3.1`.
    public var release: String
    /// ELF machine number (62 is x86_64, 183 is AArch64) and its name.
    public var machine: UInt16
    public var architecture: String
    public var layoutVersion: UInt32
    public var taskSize: UInt64
    public var supportsPriorityEscalation: Bool
    /// A string the runtime's `.comment` section contains (its compiler, which names the release).
    public var compilerIdentification: String
    /// Builds this entry was tested on (GNU build id → which), for the record and for messages.
    public var testedBuilds: [String: String]
    public var discovery: Discovery
    public var name: NameLocation
    public var task: TaskOffsets
    public var jobFlags: JobFlagBits
    public var status: StatusBits
    public var records: RecordLayout
    public var slab: SlabLayout
    public var classMetadata: ClassMetadataLayout

    /// Whether `identity` is this runtime.
    public func matches(_ identity: RuntimeIdentity) -> Bool {
        identity.machine == machine && identity.layoutVersion == layoutVersion && identity.taskSize == taskSize
            && identity.supportsPriorityEscalation == supportsPriorityEscalation
            && identity.compilerComments.contains { $0.contains(compilerIdentification) }
    }
}
