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

/// How many events were left out and why.
public struct SkippedEvents: Sendable, Equatable {
    /// Count per reason, e.g. `"no numeric ts": 3`.
    public var counts: [String: Int] = [:]

    public var total: Int { counts.values.reduce(0, +) }

    mutating func note(_ reason: String) { counts[reason, default: 0] += 1 }
}
