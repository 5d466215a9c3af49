import Foundation

/// Calendar time as a `Clock`: instants survive a relaunch (they are seconds since 1970), so a
/// ``RefreshLedger`` saved yesterday still orders correctly today, and they convert to the `Date` that
/// `BGTaskRequest.earliestBeginDate` wants. This is the only place TaskWarden reads the real time; everything
/// else takes a clock.
///
/// ```swift
/// let engine = BackgroundTaskEngine(clock: WallClock(), permittedIdentifiers: ["com.recordshelf.price-check"])
/// ```
public struct WallClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Codable, Sendable {
        /// Time since 1970-01-01 00:00:00 UTC.
        public var sinceEpoch: Duration

        public init(sinceEpoch: Duration) { self.sinceEpoch = sinceEpoch }
        public init(_ date: Date) {
            let seconds = date.timeIntervalSince1970
            sinceEpoch = .seconds(seconds.rounded(.down)) + .nanoseconds(Int64((seconds - seconds.rounded(.down)) * 1e9))
        }

        /// The same instant as a `Date`.
        public var date: Date {
            let (seconds, attoseconds) = sinceEpoch.components
            return Date(timeIntervalSince1970: Double(seconds) + Double(attoseconds) / 1e18)
        }

        public func advanced(by duration: Duration) -> Instant { Instant(sinceEpoch: sinceEpoch + duration) }
        public func duration(to other: Instant) -> Duration { other.sinceEpoch - sinceEpoch }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.sinceEpoch < rhs.sinceEpoch }
    }

    public init() {}

    public var now: Instant { Instant(Date()) }
    public var minimumResolution: Duration { .microseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return try Task.checkCancellation() }
        try await ContinuousClock().sleep(for: remaining, tolerance: tolerance)
    }
}
