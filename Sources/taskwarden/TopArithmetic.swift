import TaskWarden

/// The checked arithmetic `top` does on numbers another process sent it. The census decoder already refuses
/// numbers out of its protocol's ranges; this is the second line, at the point of use: whatever reaches `top`,
/// an age is between zero and ``maximumAge`` before anything multiplies it, and a rate is a finite number
/// before it becomes an `Int`.
///
/// ```swift
/// let shown = TopArithmetic.displayable(snapshot)    // ages clamped to 0…100 years
/// TopArithmetic.milliseconds(.seconds(4))             // 4000
/// ```
enum TopArithmetic {
    /// A hundred years: longer than any process has run, far below what a nanosecond count in 64 bits holds
    /// (292 years), which is where the census's own formatting would trap.
    static let maximumAge: Duration = .seconds(100 * 365 * 24 * 3_600)

    /// `age` clamped into `0…maximumAge`.
    static func clamped(_ age: Duration) -> Duration {
        min(max(age, .zero), maximumAge)
    }

    /// The snapshot with every record's age clamped (a start after the snapshot becomes age zero).
    static func displayable(_ snapshot: CensusSnapshot) -> CensusSnapshot {
        let takenAt = snapshot.takenAt
        guard snapshot.records.contains(where: { clamped(takenAt - $0.startedAt) != takenAt - $0.startedAt }) else {
            return snapshot
        }
        let records = snapshot.records.map { record in
            CensusRecord(name: record.name, id: record.id, parentID: record.parentID, fileID: record.fileID,
                         line: record.line, startedAt: takenAt - clamped(takenAt - record.startedAt))
        }
        return CensusSnapshot(takenAt: takenAt, records: records)
    }

    /// Whole milliseconds of a clamped duration (cannot overflow: at most 3.2e12).
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = clamped(duration).components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }

    /// `perSecond` in tenths, for one decimal place; nil when it is not a finite number a line can show.
    static func tenths(_ perSecond: Double) -> Int? {
        let scaled = (perSecond * 10).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return nil }
        return Int(scaled)
    }
}
