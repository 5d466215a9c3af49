import Synchronization

/// The live census of tasks started through TaskWarden's named-task creation path.
///
/// Every task TaskWarden starts — `TaskWarden.task(name:)`, owners, fan-out children, background handlers —
/// registers here while it runs, with its name, id, parent id, creation site and start time. The census is
/// off by default; while off, creating a task costs one branch more than `Task(name:)`.
///
/// ```swift
/// TaskCensus.shared.isEnabled = true                       // e.g. in debug builds or behind a flag
/// let render = TaskWarden.task(name: "thumbnail:7") { await renderThumbnail(7) }
/// print(TaskCensus.shared.snapshot().treeDescription())    // like LLDB's `language swift task tree`
/// ```
///
/// Tests create their own census (`TaskCensus(clock: clock)`) and pass it to the owners they test, so tests
/// running in parallel never see each other's tasks.
public final class TaskCensus: Sendable {
    /// The process-wide census every TaskWarden API uses unless given another. Off until enabled.
    public static let shared = TaskCensus(isEnabled: false)

    private let enabled: Atomic<Bool>
    private let nextTicket = Atomic<UInt64>(1)
    private let state = Locked(State())
    private let elapsed: @Sendable () -> Duration

    private struct State: ~Copyable {
        var live: [UInt64: CensusRecord] = [:]
        /// Tickets whose task ended before its creator could register it (the task ran to completion between
        /// `Task.init` returning and the registration); registration consumes them instead of inserting.
        var endedBeforeRegistration: Set<UInt64> = []
    }

    /// Creates a census that timestamps entries on `clock`, measured from now.
    public init<C: Clock>(isEnabled: Bool = true, clock: C) where C.Duration == Duration {
        enabled = Atomic(isEnabled)
        let epoch = clock.now
        elapsed = { epoch.duration(to: clock.now) }
    }

    /// Creates a census on the continuous clock.
    public convenience init(isEnabled: Bool = true) {
        self.init(isEnabled: isEnabled, clock: ContinuousClock())
    }

    /// Whether new tasks are registered. Tasks registered while enabled still leave when they end.
    public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// How many registered tasks are alive.
    public var liveCount: Int {
        state.withLock { $0.live.count }
    }

    /// A consistent copy of every live record.
    public func snapshot() -> CensusSnapshot {
        let now = elapsed()
        let records = state.withLock { Array($0.live.values) }
        return CensusSnapshot(takenAt: now, records: records)
    }

    // MARK: Registration (the creation path)

    /// Reserves a ticket for a task about to be created. No lock.
    func reserveTicket() -> UInt64 {
        nextTicket.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Registers the task holding `ticket`, unless it already ended.
    func register(ticket: UInt64, name: String, id: TaskID, parentID: TaskID?, fileID: String, line: Int) {
        let record = CensusRecord(
            name: name, id: id, parentID: parentID, fileID: fileID, line: line, startedAt: elapsed())
        state.withLock { state in
            if state.endedBeforeRegistration.remove(ticket) == nil {
                state.live[ticket] = record
            }
        }
    }

    /// Removes the task holding `ticket`; called by the task itself as it ends.
    func deregister(ticket: UInt64) {
        state.withLock { state in
            if state.live.removeValue(forKey: ticket) == nil {
                state.endedBeforeRegistration.insert(ticket)
            }
        }
    }
}
