/// A point in simulated time: how long after the simulation's start.
///
/// Codable, so a ledger can persist it; printed as `d3 04:12:05.250` (day, then time of day).
public struct SimulatedInstant: InstantProtocol, Codable, Sendable, CustomStringConvertible {
    /// Time since the simulation started.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    /// The simulation's start.
    public static let start = SimulatedInstant(offset: .zero)

    public func advanced(by duration: Duration) -> SimulatedInstant { SimulatedInstant(offset: offset + duration) }
    public func duration(to other: SimulatedInstant) -> Duration { other.offset - offset }
    public static func < (lhs: SimulatedInstant, rhs: SimulatedInstant) -> Bool { lhs.offset < rhs.offset }

    public var description: String {
        let (seconds, attoseconds) = offset.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        let sign = seconds < 0 ? "-" : ""
        let total = abs(seconds)
        let day = total / 86_400
        let hour = total % 86_400 / 3600
        let minute = total % 3600 / 60
        let second = total % 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = abs(milliseconds)
        let fraction = millis == 0 ? "" : "." + String(String(millis + 1000).dropFirst())
        return "\(sign)d\(day) \(two(hour)):\(two(minute)):\(two(second))\(fraction)"
    }
}

extension Duration {
    /// `count` minutes.
    public static func minutes(_ count: Int) -> Duration { .seconds(count * 60) }
    /// `count` hours.
    public static func hours(_ count: Int) -> Duration { .seconds(count * 3600) }
    /// `count` days of 24 hours.
    public static func days(_ count: Int) -> Duration { .seconds(count * 86_400) }
}
