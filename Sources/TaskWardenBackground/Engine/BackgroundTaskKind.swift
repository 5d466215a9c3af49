/// The two kinds of background work the platform schedules.
///
/// The kind decides the platform limits the engine enforces (one pending app refresh, at most ten pending
/// processing requests) and, in ``BackgroundTaskEngine`` backends such as the simulator, the time budget a run
/// gets before it expires (about 30 seconds for an app refresh, minutes for processing).
public enum BackgroundTaskKind: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Short, frequent work that keeps content fresh (`BGAppRefreshTask`). About 30 seconds per run.
    case appRefresh = "app-refresh"
    /// Longer, deferrable maintenance (`BGProcessingTask`). Minutes per run.
    case processing

    /// How many unexecuted requests of this kind the platform accepts at once.
    public var pendingRequestLimit: Int {
        switch self {
        case .appRefresh: return 1
        case .processing: return 10
        }
    }

    public var description: String { rawValue }
}
