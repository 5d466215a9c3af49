import TaskWardenSupport

/// A ``TaskTracer`` that keeps intervals and events in memory and writes them as Chrome Trace Event JSON, which
/// Perfetto (ui.perfetto.dev), `chrome://tracing` and `taskwarden trace render` open.
///
/// Each interval becomes its own track: an async begin/end pair (`"ph":"b"` / `"ph":"e"`) sharing an `id`, named
/// by the interval's message — for a task, the task's name. Async pairs are used instead of `B`/`E` because tasks
/// hop threads. The runtime ids of the task and its parent task, and the ids of the interval and its parent
/// interval (see ``TraceContext``), are in `args`.
///
/// ```swift
/// let recorder = TraceRecorder()
/// await recorder.withInterval("price-check", message: "price-check") { … }
/// try recorder.chromeTraceJSON().write(toFile: "trace.json", atomically: true, encoding: .utf8)
/// ```
///
/// Cost: one lock, one clock read and one append per begin, end or event; nothing is allocated per event while
/// the reserved `capacity` lasts (a message is retained, not copied; names up to 15 UTF-8 bytes are stored
/// inline). Past the capacity the buffer doubles, as an `Array` does, up to the retention limit.
///
/// Memory is bounded: by default the recorder keeps the most recent 262,144 begins, ends and events (about
/// 25 MB) and drops the oldest beyond that, counting them in ``droppedCount`` — so a recorder left on in a
/// long-lived process stays the same size. An interval whose begin was dropped is left out of the trace; one
/// whose end was dropped shows as unfinished. Pass `retention: .all` to keep everything (a bounded run, a test),
/// or `.mostRecent(n)` for another bound.
///
/// ```swift
/// let recorder = TraceRecorder(processName: "price-server", retention: .mostRecent(100_000))
/// ```
public final class TraceRecorder: TaskTracer {
    /// How many begins, ends and events a recorder keeps.
    public enum Retention: Sendable, Equatable {
        /// Everything, for as long as the recorder lives.
        case all
        /// The most recent `n` (at least 1); older ones are dropped as new ones arrive.
        case mostRecent(Int)

        /// The default: the most recent 262,144 records.
        public static let standard = Retention.mostRecent(262_144)

        var limit: Int? {
            switch self {
            case .all: return nil
            case .mostRecent(let count): return max(1, count)
            }
        }
    }

    enum Phase: UInt8 { case begin, end, event }

    struct Record {
        var phase: Phase
        var id: UInt64
        var parent: UInt64
        var task: UInt64
        var parentTask: UInt64
        var time: Duration
        var name: StaticString
        var message: String
    }

    private struct State {
        var nextID: UInt64 = 1
        /// The records, oldest first until the limit is reached; from then on a ring whose oldest record is at
        /// `head`.
        var records: [Record] = []
        var head = 0
        var dropped = 0
        let limit: Int?

        mutating func append(_ record: Record) {
            guard let limit, records.count >= limit else {
                records.append(record)
                return
            }
            records[head] = record
            head = head + 1 == records.count ? 0 : head + 1
            dropped += 1
        }

        /// The records in the order they were made.
        var ordered: [Record] {
            head == 0 ? records : Array(records[head...] + records[..<head])
        }

        mutating func removeAll() {
            records.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    private let state: Locked<State>
    private let elapsed: @Sendable () -> Duration
    /// The process name written into the trace's metadata.
    public let processName: String

    /// Creates a recorder timing events on `clock`, measured from the moment of creation.
    ///
    /// - Parameters:
    ///   - processName: shown by trace viewers as the process that owns the tracks.
    ///   - capacity: how many begins, ends and events to reserve room for up front (at most the retention limit).
    ///   - retention: how many to keep; the most recent 262,144 unless you say otherwise.
    ///   - clock: where time comes from; pass a `ManualClock` in tests.
    public init<C: Clock>(
        processName: String = "TaskWarden", capacity: Int = 4096, retention: Retention = .standard, clock: C
    ) where C.Duration == Duration {
        let origin = clock.now
        self.elapsed = { origin.duration(to: clock.now) }
        self.processName = processName
        var initial = State(limit: retention.limit)
        initial.records.reserveCapacity(min(max(0, capacity), retention.limit ?? .max))
        self.state = Locked(initial)
    }

    /// Creates a recorder timing events on the continuous clock.
    public convenience init(processName: String = "TaskWarden", capacity: Int = 4096, retention: Retention = .standard) {
        self.init(processName: processName, capacity: capacity, retention: retention, clock: ContinuousClock())
    }

    public func beginInterval(_ name: StaticString, message: String) -> TraceInterval {
        let context = TraceContext.current
        let task = TaskID.current?.rawValue ?? 0
        let time = elapsed()
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            state.append(Record(
                phase: .begin, id: id, parent: context.intervalID, task: task,
                parentTask: context.taskID?.rawValue ?? 0, time: time, name: name, message: message))
            return id
        }
        return TraceInterval(id: id, name: name)
    }

    public func endInterval(_ interval: TraceInterval) {
        let time = elapsed()
        state.withLock { state in
            state.append(Record(
                phase: .end, id: interval.id, parent: 0, task: 0, parentTask: 0, time: time, name: interval.name,
                message: ""))
        }
    }

    public func emitEvent(_ name: StaticString, message: String) {
        let within = TraceContext.current.intervalID
        let time = elapsed()
        state.withLock { state in
            state.append(Record(
                phase: .event, id: within, parent: 0, task: 0, parentTask: 0, time: time, name: name,
                message: message))
        }
    }

    /// How many begins, ends and events the recorder holds now.
    public var recordCount: Int { state.withLock { $0.records.count } }

    /// How many begins, ends and events were dropped to stay within the retention limit.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Drops everything recorded so far, keeping the reserved capacity (useful between benchmark rounds).
    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// A snapshot of the recorded intervals, in the order they began; unfinished intervals have no end.
    public var intervals: [RecordedInterval] {
        RecordedInterval.pair(snapshot())
    }

    func snapshot() -> [Record] { state.withLock { $0.ordered } }

    /// The recording as Chrome Trace Event JSON (the object form, `{"traceEvents":[…]}`).
    public func chromeTraceJSON() -> String {
        ChromeTraceEncoder.encode(snapshot(), processName: processName)
    }
}

/// One interval as recorded by a ``TraceRecorder``.
public struct RecordedInterval: Sendable, Equatable {
    /// The recorder's id for the interval (its track in the trace).
    public var id: UInt64
    /// The interval that was current in the task that opened this one; `0` for none.
    public var parentID: UInt64
    /// The runtime id of the task that opened the interval; `0` outside a task.
    public var taskID: UInt64
    /// The task that opened the parent interval; `0` for none.
    public var parentTaskID: UInt64
    /// The static name, e.g. `"task"`.
    public var name: String
    /// The message, for a task its name, e.g. `"price:1234"`.
    public var message: String
    /// When it began, measured from the recorder's creation.
    public var start: Duration
    /// When it ended, or `nil` if it has not ended yet.
    public var end: Duration?

    static func pair(_ records: [TraceRecorder.Record]) -> [RecordedInterval] {
        var result: [RecordedInterval] = []
        var position: [UInt64: Int] = [:]
        for record in records {
            switch record.phase {
            case .begin:
                position[record.id] = result.count
                result.append(RecordedInterval(
                    id: record.id, parentID: record.parent, taskID: record.task, parentTaskID: record.parentTask,
                    name: record.name.description,
                    message: record.message, start: record.time, end: nil))
            case .end:
                if let index = position[record.id], result[index].end == nil { result[index].end = record.time }
            case .event:
                continue
            }
        }
        return result
    }
}
