#if canImport(os)
import os

/// A ``TaskTracer`` over `OSSignposter`, so intervals show up in Instruments' Points of Interest and os_signpost
/// lanes.
///
/// Signpost names must be `StaticString`, so the interval's static name (e.g. `"task"`) is the signpost name and
/// the dynamic task name (`price:1234`) is the message — the same string the task was created with, marked
/// public because task names follow the no-PII naming convention.
///
/// ```swift
/// let tracer = SignpostTracer(subsystem: "com.example.recordshelf", category: "price-check")
/// await fanOut(over: wantlist, maxInFlight: 6, tracer: tracer, name: { "price:\($0.releaseID)" }) { … }
/// ```
public struct SignpostTracer: TaskTracer {
    private let signposter: OSSignposter

    /// Creates a tracer logging to `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        self.signposter = OSSignposter(subsystem: subsystem, category: category)
    }

    /// Creates a tracer over an existing signposter.
    public init(_ signposter: OSSignposter) {
        self.signposter = signposter
    }

    public func beginInterval(_ name: StaticString, message: String) -> TraceInterval {
        let id = signposter.makeSignpostID()
        let state = signposter.beginInterval(name, id: id, "\(message, privacy: .public)")
        return TraceInterval(id: id.rawValue, name: name, state: SignpostState(state))
    }

    public func endInterval(_ interval: TraceInterval) {
        guard let box = interval.state as? SignpostState else { return }
        signposter.endInterval(interval.name, box.state)
    }

    public func emitEvent(_ name: StaticString, message: String) {
        signposter.emitEvent(name, "\(message, privacy: .public)")
    }
}

/// Carries an `OSSignpostIntervalState` from begin to end.
///
/// `@unchecked Sendable` is safe: the box is immutable (one `let`, set at creation), and the state it holds is
/// never mutated by us — it is only handed back to `OSSignposter.endInterval`, which the os framework allows
/// from any thread.
private final class SignpostState: @unchecked Sendable {
    let state: OSSignpostIntervalState
    init(_ state: OSSignpostIntervalState) { self.state = state }
}
#endif
