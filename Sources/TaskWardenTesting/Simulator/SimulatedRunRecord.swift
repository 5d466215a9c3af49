import TaskWardenBackground

/// One launch in the simulator's timeline: when it started, whether and when it expired, when its outcome was
/// reported, when the handler actually finished, what it applied, and whether the chain continued after it.
public struct SimulatedRunRecord: Sendable, Equatable, CustomStringConvertible {
    /// Position in the timeline, from 0.
    public var index: Int
    public var identifier: String
    public var kind: BackgroundTaskKind
    /// The request's earliest begin date (`nil`: as soon as possible).
    public var earliestBegin: SimulatedInstant?
    public var startedAt: SimulatedInstant
    /// The budget this run got before expiration.
    public var budget: Duration
    /// When the expiration fired, if it did.
    public var expiredAt: SimulatedInstant?
    /// When the outcome was reported to the system (`setTaskCompleted`).
    public var completedAt: SimulatedInstant?
    public var outcome: BackgroundRunOutcome?
    /// When the handler closure returned or threw (after `completedAt` if it kept going past expiration).
    public var handlerFinishedAt: SimulatedInstant?
    /// The handler was still waiting on the clock when the grace period after expiration ended: on a device the
    /// app would have been killed here.
    public var killed: Bool
    /// What the handler reported with `BackgroundRun.recordApplied(_:)`.
    public var itemsApplied: Int
    /// Why the `scheduleNext` step failed, if it did.
    public var chainError: String?
    /// Whether a request for this identifier was pending when the run ended. `false` means the chain broke: the
    /// simulated system has nothing to launch and the timeline goes silent.
    public var nextRequestPending: Bool?

    public var description: String {
        var text = "#\(index) \(identifier) started \(startedAt)"
        if let expiredAt { text += ", expired \(expiredAt)" }
        if let outcome { text += ", \(outcome)" }
        text += ", applied \(itemsApplied)"
        if killed { text += ", KILLED (ignored expiration)" }
        if let chainError { text += ", scheduleNext failed: \(chainError)" }
        if nextRequestPending == false { text += ", CHAIN BROKEN" }
        return text
    }
}
