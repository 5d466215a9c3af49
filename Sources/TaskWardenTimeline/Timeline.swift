/// A trace reduced to what the timeline draws: tracks (rows) of spans, grouped, on one time axis.
///
/// Times are microseconds, as in the Chrome Trace Event format.
public struct Timeline: Sendable, Equatable {
    /// Every row, in drawing order: by group, then by first start.
    public var tracks: [TimelineTrack]
    /// The earliest timestamp in the trace.
    public var start: Double
    /// The latest timestamp in the trace (unfinished spans are drawn up to here).
    public var end: Double
    /// Events that could not be used, with the reason (at most a few kept as examples).
    public var skipped: SkippedEvents

    /// The distinct group names, in drawing order.
    public var groups: [String] {
        var seen = Set<String>()
        return tracks.map(\.group).filter { seen.insert($0).inserted }
    }

    /// The number of spans across all tracks.
    public var spanCount: Int { tracks.reduce(0) { $0 + $1.spans.count } }
}

/// One row of the timeline: a task (an async track) or a thread.
public struct TimelineTrack: Sendable, Equatable {
    /// What the row is labelled with: the task's name, or the thread's name.
    public var name: String
    /// The group the row is listed under: the name's prefix before `:` for tasks (`price` for `price:42`),
    /// the process for threads.
    public var group: String
    /// Spans on the row, by start time.
    public var spans: [TimelineSpan]
    /// Instants on the row, by time.
    public var instants: [TimelineInstant]
}

/// A span of work on a track.
public struct TimelineSpan: Sendable, Equatable {
    public var name: String
    public var category: String
    public var start: Double
    public var end: Double
    /// Nesting depth on its track (0 = outermost).
    public var depth: Int
    /// `true` when the trace has no end for it; `end` is then the end of the trace.
    public var isUnfinished: Bool
    /// The event's `args`, flattened to text, sorted by key.
    public var args: [TimelineArgument]
}

/// A moment on a track.
public struct TimelineInstant: Sendable, Equatable {
    public var name: String
    public var time: Double
}

/// One `args` entry.
public struct TimelineArgument: Sendable, Equatable {
    public var key: String
    public var value: String
}

/// How many events were left out and why, with the first few of each kind named.
public struct SkippedEvents: Sendable, Equatable {
    /// How many examples are kept per reason.
    public static let examplesPerReason = 3

    /// Count per reason, e.g. `"without a numeric \"ts\"": 3`.
    public var counts: [String: Int] = [:]
    /// The first events skipped for each reason, by index in the trace's event array (from 0) and name,
    /// e.g. `event 12 "price:7" (ts inf)`.
    public var examples: [String: [String]] = [:]

    public init(counts: [String: Int] = [:], examples: [String: [String]] = [:]) {
        self.counts = counts
        self.examples = examples
    }

    public var total: Int { counts.values.reduce(0, +) }

    mutating func note(_ reason: String, example: String) {
        counts[reason, default: 0] += 1
        if examples[reason, default: []].count < Self.examplesPerReason { examples[reason, default: []].append(example) }
    }

    /// One line per reason, naming the first events: `2 events with a non-finite or out-of-range "ts": event 1
    /// "price:1" (ts inf), event 4 "price:3" (ts nan)`; `…and N more` when more were skipped than named.
    public var explanations: [String] {
        counts.sorted { $0.key < $1.key }.map { reason, count in
            let named = examples[reason] ?? []
            var line = "\(count) \(count == 1 ? "event" : "events") \(reason): " + named.joined(separator: ", ")
            if count > named.count { line += ", and \(count - named.count) more" }
            return line
        }
    }
}
