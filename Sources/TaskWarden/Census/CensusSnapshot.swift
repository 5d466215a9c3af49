/// The census at one instant: every live record, oldest first.
///
/// ```swift
/// let snapshot = TaskCensus.shared.snapshot()
/// print(snapshot.countsByFamily)      // ["thumbnail": 12, "price-check": 1]
/// ```
public struct CensusSnapshot: Sendable, Equatable {
    /// When the snapshot was taken, on the census's clock.
    public let takenAt: Duration
    /// Live records ordered by start time, then id.
    public let records: [CensusRecord]

    public init(takenAt: Duration, records: [CensusRecord]) {
        self.takenAt = takenAt
        self.records = records.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }

    /// The number of live tasks.
    public var count: Int { records.count }

    /// Live tasks per full name (`thumbnail:7`).
    public var countsByName: [String: Int] {
        records.reduce(into: [:]) { $0[$1.name, default: 0] += 1 }
    }

    /// Live tasks per family, the name's prefix before `:` (`thumbnail`).
    public var countsByFamily: [String: Int] {
        records.reduce(into: [:]) { $0[String($1.family), default: 0] += 1 }
    }

    /// How long `record` has been alive at the time of the snapshot.
    public func age(of record: CensusRecord) -> Duration {
        takenAt - record.startedAt
    }
}
