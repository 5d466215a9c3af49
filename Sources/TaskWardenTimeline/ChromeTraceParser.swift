import Foundation

/// Reads Chrome Trace Event JSON — written by TaskWarden's `TraceRecorder` or by any other tool — into a
/// ``Timeline``.
///
/// Understood: the array form and the object form (`{"traceEvents":[…]}`), including an array missing its
/// closing `]` (the format allows it for traces cut short). Async events (`b`/`e`/`n` nestable and legacy
/// `S`/`F`) make one track per (process, category, id), named by the first begin; duration events (`B`/`E`,
/// `X`) and thread instants make one track per thread, named from `thread_name` metadata. Counters, flows,
/// samples and object events are not drawn and not counted as errors. Events without a usable timestamp
/// (missing, `inf`, `nan`, beyond ±2⁵³ µs) are skipped and named in ``Timeline/skipped``.
///
/// The input is read once, front to back, one event at a time (``TraceEventReader``): memory holds the
/// timeline being built, not the file's JSON.
///
/// ```swift
/// let timeline = try ChromeTraceParser.parse(Data(contentsOf: traceURL), source: "trace.json")
/// print(timeline.tracks.count, timeline.spanCount)
/// ```
public enum ChromeTraceParser {
    /// Parses `data`; `source` names the input in errors.
    public static func parse(_ data: Data, source: String) throws(TimelineError) -> Timeline {
        try parse(ByteInput(.bytes([UInt8](data))), source: source)
    }

    /// Parses what `input` yields, one event at a time.
    static func parse(_ input: ByteInput, source: String) throws(TimelineError) -> Timeline {
        var reader = TraceEventReader(input, source: source)
        var builder = TimelineBuilder()
        while let event = try reader.nextEvent() {
            builder.add(event, index: reader.eventCount - 1)
        }
        let timeline = builder.build()
        if timeline.tracks.isEmpty {
            throw .nothingToDraw(source: source, eventCount: reader.eventCount, skipped: timeline.skipped)
        }
        return timeline
    }
}

/// Why a trace could not be turned into a timeline; each case names the input.
public enum TimelineError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notJSON(source: String, reason: String)
    case notATrace(source: String, reason: String)
    case nothingToDraw(source: String, eventCount: Int, skipped: SkippedEvents)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read trace '\(path)': \(reason)"
        case .notJSON(let source, let reason):
            "'\(source)' is not JSON: \(reason)"
        case .notATrace(let source, let reason):
            "'\(source)' is not a Chrome trace: \(reason)"
        case .nothingToDraw(let source, let count, let skipped):
            "'\(source)' has no spans to draw (\(count) events"
                + (skipped.total > 0 ? "; skipped: " + skipped.explanations.joined(separator: "; ") : "") + ")"
        case .unwritable(let path, let reason):
            "cannot write '\(path)': \(reason)"
        }
    }
}
