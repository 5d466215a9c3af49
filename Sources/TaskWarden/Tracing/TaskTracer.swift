/// Where TaskWarden reports what tasks did: intervals (a span of work) and events (a moment).
///
/// Intervals carry a static name — a category such as `"task"` or `"price-check"`, the `StaticString` that
/// `OSSignposter` requires — and a dynamic message, which for a task is the task's name (`price:1234`), so the
/// same string identifies the work in the census, in Instruments and in a Chrome trace.
///
/// Two tracers ship with the library: ``TraceRecorder`` (everywhere; keeps events in memory and writes Chrome
/// Trace Event JSON) and `SignpostTracer` (Apple platforms; forwards to `OSSignposter`). Most code opens
/// intervals with ``TaskTracer/withInterval(_:message:operation:)``, which also makes the interval the parent of
/// intervals opened inside it, including in child tasks:
///
/// ```swift
/// let recorder = TraceRecorder()
/// let prices = await recorder.withInterval("price-check", message: "price-check") {
///     await fanOut(over: wantlist, maxInFlight: 6, tracer: recorder, name: { "price:\($0.releaseID)" }) {
///         await source.price(for: $0)
///     }
/// }
/// ```
///
/// Implementations must be cheap and must not suspend: they are called on the hot path of every traced task.
///
/// The name is `TaskTracer`, not `Tracer`, so that a file importing both TaskWarden and swift-distributed-tracing
/// (whose protocol is `Tracer`) needs no qualification; Guides/Tracing.md says how intervals map onto its spans.
public protocol TaskTracer: Sendable {
    /// Opens an interval and returns the token that closes it.
    func beginInterval(_ name: StaticString, message: String) -> TraceInterval

    /// Closes an interval opened by ``beginInterval(_:message:)`` on this tracer. Closing twice is ignored by the
    /// shipped tracers.
    func endInterval(_ interval: TraceInterval)

    /// Records a moment, attached to the current interval of the calling task where the tracer supports it.
    func emitEvent(_ name: StaticString, message: String)
}

/// An open interval: the token a ``TaskTracer`` hands out at the beginning and takes back at the end.
public struct TraceInterval: Sendable {
    /// The tracer's identifier for the interval (a ``TraceRecorder`` id, or an `OSSignpostID`'s raw value).
    public let id: UInt64
    /// The static name the interval was opened with.
    public let name: StaticString
    /// Tracer-specific state that must travel from begin to end (an `OSSignpostIntervalState` box).
    let state: (any AnyObject & Sendable)?

    /// Creates a token; tracers outside this module pass only an id and a name.
    public init(id: UInt64, name: StaticString) {
        self.init(id: id, name: name, state: nil)
    }

    init(id: UInt64, name: StaticString, state: (any AnyObject & Sendable)?) {
        self.id = id
        self.name = name
        self.state = state
    }
}

/// The task-local tracing context: which interval the current task is inside, and which task opened it.
///
/// Child tasks inherit it, so an interval opened in a child records the interval (and task) its parent was in
/// as its parent — the link a trace viewer needs to show which fan-out a `price:…` child belongs to.
public struct TraceContext: Sendable, Equatable {
    /// The innermost interval opened with ``TaskTracer/withInterval(_:message:isolation:operation:)``; `0` for none.
    public var intervalID: UInt64
    /// The task that opened that interval.
    public var taskID: TaskID?

    /// Outside any interval.
    public static let none = TraceContext(intervalID: 0, taskID: nil)

    /// Creates a context.
    public init(intervalID: UInt64, taskID: TaskID?) {
        self.intervalID = intervalID
        self.taskID = taskID
    }

    /// The context of the running task.
    @TaskLocal public static var current: TraceContext = .none
}

extension TaskTracer {
    /// Runs `operation` inside an interval: the interval begins when `operation` starts (inside the calling task,
    /// so time spent waiting to be scheduled is not counted) and ends when it returns or throws.
    ///
    /// While `operation` runs, the interval is ``TraceContext/current``, so intervals opened inside it
    /// (and in its child tasks) name it as their parent.
    ///
    /// ```swift
    /// let price = try await tracer.withInterval("task", message: "price:\(release.id)") {
    ///     try await source.price(for: release)
    /// }
    /// ```
    ///
    /// Cancellation: the interval neither checks nor causes cancellation; a cancelled `operation` still ends it.
    public func withInterval<Result>(
        _ name: StaticString,
        message: String,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let interval = beginInterval(name, message: message)
        defer { endInterval(interval) }
        let context = TraceContext(intervalID: interval.id, taskID: TaskID.current)
        return try await TraceContext.$current.withValue(context, operation: operation)
    }

    /// The synchronous form of ``withInterval(_:message:isolation:operation:)``.
    public func withInterval<Result>(
        _ name: StaticString,
        message: String,
        operation: () throws -> Result
    ) rethrows -> Result {
        let interval = beginInterval(name, message: message)
        defer { endInterval(interval) }
        let context = TraceContext(intervalID: interval.id, taskID: TaskID.current)
        return try TraceContext.$current.withValue(context, operation: operation)
    }
}

/// A tracer that records nothing; the default when no tracer is passed.
public struct NoTracer: TaskTracer {
    /// Creates a tracer that discards everything.
    public init() {}
    @inlinable public func beginInterval(_ name: StaticString, message: String) -> TraceInterval {
        TraceInterval(id: 0, name: name)
    }
    @inlinable public func endInterval(_ interval: TraceInterval) {}
    @inlinable public func emitEvent(_ name: StaticString, message: String) {}
}

/// The tracer protocol's name until this version.
@available(*, deprecated, renamed: "TaskTracer")
public typealias Tracer = TaskTracer
