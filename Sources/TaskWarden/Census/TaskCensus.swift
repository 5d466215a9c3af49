import Synchronization
import TaskWardenSupport

/// The live census of tasks started through TaskWarden's named-task creation path.
///
/// Every task TaskWarden starts — `Warden.task(name:)`, owners, fan-out children, background handlers —
/// registers here while it runs, with its name, id, parent id, creation site and start time. The census is
/// off by default; while off, creating a task costs one branch more than `Task(name:)`.
///
/// ```swift
/// TaskCensus.shared.isEnabled = true                       // e.g. in debug builds or behind a flag
/// let render = Warden.task(name: "thumbnail:7") { await renderThumbnail(7) }
/// print(TaskCensus.shared.snapshot().treeDescription())    // like LLDB's `language swift task tree`
/// ```
///
/// Tests create their own census (`TaskCensus(clock: clock)`) and pass it to the owners they test, so tests
/// running in parallel never see each other's tasks.
public final class TaskCensus: Sendable {
    /// The process-wide census every TaskWarden API uses unless given another. Off until enabled.
    public static let shared = TaskCensus(isEnabled: false)

    @usableFromInline let enabled: Atomic<Bool>
    private let state = Locked(State())
    private let elapsed: @Sendable () -> Duration

    /// Live entries in a slab: registering and leaving are an index store and a free-list push, with no
    /// hashing, because this sits on every task's creation path.
    private struct State: ~Copyable {
        var slots: [CensusEntry?] = []
        var free: [Int] = []
        var count = 0
    }

    /// Creates a census that timestamps entries on `clock`, measured from now.
    public init<C: Clock>(isEnabled: Bool = true, clock: C) where C.Duration == Duration {
        enabled = Atomic(isEnabled)
        let epoch = clock.now
        elapsed = { epoch.duration(to: clock.now) }
    }

    /// Creates a census on the platform's cheapest monotonic clock: `ContinuousClock` on Apple platforms, the
    /// kernel's coarse monotonic clock on Linux (ages to within a few milliseconds; a precise read there costs
    /// ~8% of creating a task).
    public convenience init(isEnabled: Bool = true) {
        #if canImport(Glibc)
        self.init(isEnabled: isEnabled, clock: CoarseMonotonicClock())
        #else
        self.init(isEnabled: isEnabled, clock: ContinuousClock())
        #endif
    }

    /// Whether new tasks are registered. Tasks registered while enabled still leave when they end.
    @inlinable
    public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// How many registered tasks are alive.
    public var liveCount: Int {
        state.withLock { $0.count }
    }

    /// A consistent copy of every live record.
    public func snapshot() -> CensusSnapshot {
        let now = elapsed()
        let records = state.withLock { state in
            state.slots.compactMap { entry in entry.map { $0.record } }
        }
        return CensusSnapshot(takenAt: now, records: records)
    }

    /// The live entries for the census endpoint, unordered: the slab itself, shared copy-on-write, so the lock
    /// is held for one reference copy however many tasks are alive (`snapshot()` copies every record under
    /// it). The fields the endpoint reads are immutable once an entry is registered.
    func liveEntries() -> (takenAt: Duration, entries: [CensusEntry?]) {
        let now = elapsed()
        return (now, state.withLock { $0.slots })
    }

    // MARK: Registration (the creation path)

    /// Describes a task about to be created; it is not live until ``register(_:id:)``.
    func makeEntry(name: String, parentID: TaskID?, fileID: String, line: Int) -> CensusEntry {
        CensusEntry(name: name, parentID: parentID, fileID: fileID, line: line, startedAt: elapsed())
    }

    /// Makes `entry` live under the task's id, unless that task already ended.
    func register(_ entry: CensusEntry, id: TaskID) {
        state.withLock { state in
            // The task may have run to completion between `Task.init` returning and this call.
            guard !entry.ended else { return }
            entry.id = id
            if let index = state.free.popLast() {
                state.slots[index] = entry
                entry.slot = index
            } else {
                entry.slot = state.slots.count
                state.slots.append(entry)
            }
            state.count += 1
        }
    }

    /// Removes `entry`; called by the task itself as it ends. Removing an entry twice is harmless.
    func deregister(_ entry: CensusEntry) {
        state.withLock { state in
            entry.ended = true
            guard entry.slot >= 0 else { return }
            state.slots[entry.slot] = nil
            state.free.append(entry.slot)
            entry.slot = -1
            state.count -= 1
        }
    }
}

/// One task's census registration.
///
/// `@unchecked Sendable` is sound because the mutable fields (`id`, `slot`, `ended`) are only written inside
/// the owning census's lock, and read there too — except `id`, which the census endpoint reads after taking the
/// slab under the lock: `id` is written before the entry enters the slab and never after. The rest is immutable.
final class CensusEntry: @unchecked Sendable {
    let name: String
    let parentID: TaskID?
    let fileID: String
    let line: Int
    let startedAt: Duration
    var id = TaskID(rawValue: 0)
    var slot = -1
    var ended = false

    init(name: String, parentID: TaskID?, fileID: String, line: Int, startedAt: Duration) {
        self.name = name
        self.parentID = parentID
        self.fileID = fileID
        self.line = line
        self.startedAt = startedAt
    }

    var record: CensusRecord {
        CensusRecord(name: name, id: id, parentID: parentID, fileID: fileID, line: line, startedAt: startedAt)
    }
}

/// A summary instead of the stored fields: `Mirror` cannot copy the `Atomic` flag (Swift Testing reflects the
/// operands of a failed `#expect`, and would crash instead of reporting the failure).
extension TaskCensus: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["isEnabled": isEnabled, "liveCount": liveCount], displayStyle: .class)
    }
}
