/// A name family whose live task count kept growing across census samples while none of its tasks ended —
/// the signature of a leak: tasks arrive at rate λ > 0 and nothing ever completes.
public struct LeakSuspect: Sendable, Hashable {
    /// The name family (`thumbnail` for `thumbnail:7`).
    public let family: String
    /// The family's live count in each sample, oldest first.
    public let counts: [Int]
    /// New tasks per second between the first and last sample (λ).
    public let arrivalsPerSecond: Double
}

extension CensusSnapshot {
    /// Finds families whose live count grew across `samples` (oldest first) while none of their tasks ended.
    ///
    /// A family is suspect when, between every pair of consecutive samples, no task of it disappeared and its
    /// count never fell, and over the whole series its count rose. Work that starts and finishes — even a lot
    /// of it — is never flagged, because something ends. Give at least `minimumSamples` samples, taken far
    /// enough apart that healthy work would have finished.
    ///
    /// ```swift
    /// var samples: [CensusSnapshot] = []
    /// for _ in 0..<4 { samples.append(TaskCensus.shared.snapshot()); try await clock.sleep(for: .seconds(30)) }
    /// for suspect in CensusSnapshot.leakSuspects(in: samples) { print("leak?", suspect.family, suspect.counts) }
    /// ```
    public static func leakSuspects(in samples: [CensusSnapshot], minimumSamples: Int = 3) -> [LeakSuspect] {
        guard samples.count >= max(minimumSamples, 2) else { return [] }
        var families = Set<String>()
        for sample in samples { for record in sample.records { families.insert(String(record.family)) } }
        var suspects: [LeakSuspect] = []
        for family in families.sorted() {
            let members = samples.map { sample in
                Set(sample.records.lazy.filter { $0.family == family }.map(\.id))
            }
            let nothingEnded = zip(members, members.dropFirst()).allSatisfy { earlier, later in
                earlier.isSubset(of: later)
            }
            let counts = members.map(\.count)
            guard nothingEnded, let first = counts.first, let last = counts.last, last > first else { continue }
            let seconds = Self.seconds(samples.last!.takenAt - samples.first!.takenAt)
            suspects.append(LeakSuspect(
                family: family, counts: counts,
                arrivalsPerSecond: seconds > 0 ? Double(last - first) / seconds : .infinity))
        }
        return suspects
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
