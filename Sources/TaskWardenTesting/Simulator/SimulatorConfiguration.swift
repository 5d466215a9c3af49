import TaskWardenBackground

/// How the simulated operating system behaves. Every range is sampled with the simulator's seed.
///
/// ```swift
/// var configuration = SimulatorConfiguration()
/// configuration.discretionaryDelay = .zero ... .hours(2)   // the OS runs a request up to 2 h after its earliest date
/// configuration.appRefreshBudget = .seconds(20) ... .seconds(30)
/// ```
public struct SimulatorConfiguration: Sendable {
    /// Added to a request's earliest begin date (or its submission time) before the system launches it: the
    /// earliest begin date is a floor, not a promise.
    public var discretionaryDelay: ClosedRange<Duration> = .zero ... .hours(1)
    /// Time an app refresh run gets before its expiration fires (about 30 s on iOS).
    public var appRefreshBudget: ClosedRange<Duration> = .seconds(30) ... .seconds(30)
    /// Time a processing run gets before its expiration fires (minutes on iOS).
    public var processingBudget: ClosedRange<Duration> = .seconds(300) ... .seconds(300)
    /// After expiration, how long the handler may keep running before the simulated system kills the app. The
    /// default, zero, allows only work that needs no time (applying results already in memory); anything that
    /// still waits on the clock after expiration marks the run ``SimulatedRunRecord/killed``.
    public var gracePeriodAfterExpiration: Duration = .zero
    /// The engine's own grace period after expiration (`BackgroundTaskEngine(expirationGrace:)`): how long it
    /// waits for a handler before reporting the outcome without it.
    public var engineExpirationGrace: Duration = .seconds(2)

    public init() {}

    func budget(for kind: BackgroundTaskKind) -> ClosedRange<Duration> {
        switch kind {
        case .appRefresh: return appRefreshBudget
        case .processing: return processingBudget
        }
    }
}
