import Foundation

/// Reads Chrome Trace Event JSON — written by TaskWarden's `TraceRecorder` or by any other tool — into a
/// ``Timeline``.
///
/// Understood: the array form and the object form (`{"traceEvents":[…]}`), including an array missing its
/// closing `]` (the format allows it for traces cut short). Async events (`b`/`e`/`n` nestable and legacy
/// `S`/`F`) make one track per (process, category, id), named by the first begin; duration events (`B`/`E`,
/// `X`) and thread instants make one track per thread, named from `thread_name` metadata. Counters, flows,
/// samples and object events are not drawn and not counted as errors.
///
/// ```swift
/// let timeline = try ChromeTraceParser.parse(Data(contentsOf: traceURL), source: "trace.json")
/// print(timeline.tracks.count, timeline.spanCount)
/// ```
public enum ChromeTraceParser {
    /// Parses `data`; `source` names the input in errors.
    public static func parse(_ data: Data, source: String) throws(TimelineError) -> Timeline {
        let events = try traceEvents(in: data, source: source)
        var builder = TimelineBuilder()
        for case let event as [String: Any] in events {
            builder.add(event)
        }
        let skippedNonObjects = events.count - events.lazy.filter { $0 is [String: Any] }.count
        for _ in 0..<skippedNonObjects { builder.skipped.note("not a JSON object") }
        let timeline = builder.build()
        if timeline.tracks.isEmpty {
            throw .nothingToDraw(source: source, eventCount: events.count, skipped: timeline.skipped)
        }
        return timeline
    }

    static func traceEvents(in data: Data, source: String) throws(TimelineError) -> [Any] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // The array form may legally end without `]` when a trace was cut short.
            guard let repaired = closedArray(data), let parsed = try? JSONSerialization.jsonObject(with: repaired) else {
                throw .notJSON(source: source, reason: "\(error.localizedDescription)")
            }
            object = parsed
        }
        if let array = object as? [Any] { return array }
        if let dictionary = object as? [String: Any] {
            guard let events = dictionary["traceEvents"] as? [Any] else {
                throw .notATrace(source: source, reason: "a JSON object without a \"traceEvents\" array")
            }
            return events
        }
        throw .notATrace(source: source, reason: "neither an array of events nor an object with \"traceEvents\"")
    }

    /// `[ {…}, {…},` → `[ {…}, {…} ]`, or nil when the text is not an unterminated array.
    static func closedArray(_ data: Data) -> Data? {
        guard var text = String(data: data, encoding: .utf8) else { return nil }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("["), !text.hasSuffix("]") else { return nil }
        if text.hasSuffix(",") { text.removeLast() }
        return Data((text + "]").utf8)
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
                + (skipped.total > 0
                    ? "; skipped: " + skipped.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                    : "") + ")"
        case .unwritable(let path, let reason):
            "cannot write '\(path)': \(reason)"
        }
    }
}
