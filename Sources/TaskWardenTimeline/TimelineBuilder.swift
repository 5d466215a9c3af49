import Foundation

/// Collects trace events one at a time into tracks; ``build()`` closes what is still open and orders rows.
struct TimelineBuilder {
    private struct OpenSpan {
        var name: String
        var category: String
        var start: Double
        var args: [TimelineArgument]
    }

    private struct Track {
        var isThread: Bool
        var processID: String
        var threadID: String
        var name: String?
        var spans: [TimelineSpan] = []
        var instants: [TimelineInstant] = []
    }

    var skipped = SkippedEvents()
    private var trackIndex: [String: Int] = [:]
    /// Async tracks by process and id alone, for instants whose category differs from their span's.
    private var asyncTrackByID: [String: Int] = [:]
    private var tracks: [Track] = []
    /// Spans begun and not yet ended, by track; kept apart so a track whose spans all ended holds no buffer.
    private var openSpans: [Int: [OpenSpan]] = [:]
    /// One copy of each repeated category and instant name (`"admitted by the rate limiter"` on every task):
    /// strings over 15 UTF-8 bytes are heap-allocated, so sharing them keeps memory near the trace's size.
    private var internedStrings: Set<String> = []
    private var processNames: [String: String] = [:]
    private var threadNames: [String: String] = [:]
    private var earliest = Double.infinity
    private var latest = -Double.infinity

    /// Phases that carry no drawable data here; ignored without complaint.
    private static let ignoredPhases: Set<String> = ["C", "s", "t", "f", "P", "O", "N", "D", "(", ")", "v", "V", "c", "="]

    /// Timestamps and durations are microseconds; beyond ±2⁵³ µs (about 285 years) a `Double` no longer holds
    /// every microsecond and differences between events can overflow, so such values are rejected like `inf`.
    static let largestTime = 9_007_199_254_740_992.0

    /// Adds the event at `index` in the trace's event array (the index names it in skip reports).
    mutating func add(_ event: JSONValue, index: Int) {
        guard event.objectMembers != nil else {
            skipped.note("not a JSON object", example: "event \(index)")
            return
        }
        guard let phase = event["ph"]?.stringValue else {
            skipped.note("without \"ph\"", example: Self.describe(event, index: index))
            return
        }
        if phase == "M" {
            addMetadata(event)
            return
        }
        if Self.ignoredPhases.contains(phase) { return }
        guard let timestampValue = event["ts"], let timestamp = timestampValue.doubleValue else {
            skipped.note("without a numeric \"ts\"", example: Self.describe(event, index: index))
            return
        }
        guard Self.isUsableTime(timestamp) else {
            skipped.note("with a non-finite or out-of-range \"ts\"",
                         example: Self.describe(event, index: index, value: "ts", timestampValue))
            return
        }
        var duration = 0.0
        if phase == "X", let durationValue = event["dur"], let value = durationValue.doubleValue {
            guard Self.isUsableTime(value) else {
                skipped.note("with a non-finite or out-of-range \"dur\"",
                             example: Self.describe(event, index: index, value: "dur", durationValue))
                return
            }
            duration = max(0, value)
        }
        let name = event["name"]?.text ?? ""
        let category = intern(event["cat"]?.text ?? "")
        let processID = event["pid"]?.text ?? "0"
        let threadID = event["tid"]?.text ?? "0"
        note(timestamp)
        switch phase {
        case "b", "S", "e", "F", "n":
            guard let id = Self.asyncID(event) else {
                skipped.note("async without \"id\"", example: Self.describe(event, index: index))
                return
            }
            let key = "a|\(processID)|\(category)|\(id)"
            if phase == "n", trackIndex[key] == nil, let track = asyncTrackByID["\(processID)|\(id)"] {
                tracks[track].instants.append(TimelineInstant(name: intern(name), time: timestamp))
                return
            }
            let track = trackFor(key: key, isThread: false, processID: processID, threadID: threadID)
            asyncTrackByID["\(processID)|\(id)"] = track
            switch phase {
            case "b", "S":
                if tracks[track].name == nil { tracks[track].name = name }
                openSpans[track, default: []].append(OpenSpan(name: name, category: category, start: timestamp, args: Self.arguments(event)))
            case "n":
                tracks[track].instants.append(TimelineInstant(name: intern(name), time: timestamp))
            default:
                close(on: track, named: name, at: timestamp, index: index, event: event)
            }
        case "B":
            let track = threadTrack(processID, threadID)
            openSpans[track, default: []].append(OpenSpan(name: name, category: category, start: timestamp, args: Self.arguments(event)))
        case "E":
            let track = threadTrack(processID, threadID)
            close(on: track, named: nil, at: timestamp, index: index, event: event)
        case "X":
            note(timestamp + duration)
            let track = threadTrack(processID, threadID)
            tracks[track].spans.append(TimelineSpan(
                name: name, category: category, start: timestamp, end: timestamp + duration, depth: 0,
                isUnfinished: false, args: Self.arguments(event)))
        case "i", "I", "R":
            let track = threadTrack(processID, threadID)
            tracks[track].instants.append(TimelineInstant(name: intern(name), time: timestamp))
        default:
            skipped.note("with unsupported phase \"\(phase)\"", example: Self.describe(event, index: index))
        }
    }

    /// The timeline; the builder's tracks are moved into it, not copied, so the spans are held once.
    mutating func build() -> Timeline {
        let start = earliest.isFinite ? earliest : 0
        let end = latest.isFinite ? latest : start
        var pending = tracks.map(Optional.some)
        tracks = []
        trackIndex = [:]
        asyncTrackByID = [:]
        var rows: [TimelineTrack] = []
        rows.reserveCapacity(pending.count)
        for index in pending.indices {
            var track = pending[index]!
            pending[index] = nil  // the track's arrays are now held only here, so they change in place
            for open in openSpans.removeValue(forKey: index) ?? [] {
                track.spans.append(TimelineSpan(
                    name: open.name, category: open.category, start: open.start, end: end, depth: 0,
                    isUnfinished: true, args: open.args))
            }
            guard !track.spans.isEmpty || !track.instants.isEmpty else { continue }
            let name: String
            let group: String
            if track.isThread {
                name = threadNames["\(track.processID)|\(track.threadID)"] ?? "thread \(track.threadID)"
                group = processNames[track.processID] ?? "process \(track.processID)"
            } else {
                name = track.name ?? track.spans.first?.name ?? "async"
                group = String(name.prefix { $0 != ":" })
            }
            var spans = track.spans
            var instants = track.instants
            track = Track(isThread: track.isThread, processID: "", threadID: "")
            Self.assignDepths(&spans)
            instants.sort { $0.time < $1.time }
            rows.append(TimelineTrack(name: name, group: group, spans: spans, instants: instants))
        }
        // Groups by their first activity, rows within a group likewise; ties by name for a stable page.
        let firstTime: (TimelineTrack) -> Double = { min($0.spans.first?.start ?? .infinity, $0.instants.first?.time ?? .infinity) }
        var groupStart: [String: Double] = [:]
        for row in rows { groupStart[row.group] = min(groupStart[row.group] ?? .infinity, firstTime(row)) }
        rows.sort { lhs, rhs in
            let (lg, rg) = (groupStart[lhs.group]!, groupStart[rhs.group]!)
            if lhs.group != rhs.group { return (lg, lhs.group) < (rg, rhs.group) }
            return (firstTime(lhs), lhs.name) < (firstTime(rhs), rhs.name)
        }
        return Timeline(tracks: rows, start: start, end: end, skipped: skipped)
    }

    // MARK: - Helpers

    private mutating func note(_ time: Double) {
        earliest = min(earliest, time)
        latest = max(latest, time)
    }

    private mutating func threadTrack(_ processID: String, _ threadID: String) -> Int {
        trackFor(key: "t|\(processID)|\(threadID)", isThread: true, processID: processID, threadID: threadID)
    }

    private mutating func trackFor(key: String, isThread: Bool, processID: String, threadID: String) -> Int {
        if let index = trackIndex[key] { return index }
        tracks.append(Track(isThread: isThread, processID: processID, threadID: threadID))
        trackIndex[key] = tracks.count - 1
        return tracks.count - 1
    }

    /// Ends the innermost open span with `name` (nestable async ends name their begin), else the innermost.
    private mutating func close(on track: Int, named name: String?, at time: Double, index: Int, event: JSONValue) {
        guard var open = openSpans[track], !open.isEmpty else {
            skipped.note("ending nothing open", example: Self.describe(event, index: index))
            return
        }
        openSpans[track] = nil  // `open` is now the only reference: changed in place
        let position = name.flatMap { name in open.lastIndex { $0.name == name } } ?? open.count - 1
        let ended = open.remove(at: position)
        if !open.isEmpty { openSpans[track] = open }
        tracks[track].spans.append(TimelineSpan(
            name: ended.name, category: ended.category, start: ended.start, end: max(ended.start, time), depth: 0,
            isUnfinished: false, args: ended.args))
    }

    private mutating func addMetadata(_ event: JSONValue) {
        let processID = event["pid"]?.text ?? "0"
        guard let value = event["args"]?["name"]?.text else { return }
        switch event["name"]?.stringValue {
        case "process_name": processNames[processID] = value
        case "thread_name": threadNames["\(processID)|\(event["tid"]?.text ?? "0")"] = value
        default: break
        }
    }

    /// Sorts spans by start (longer first on ties) and gives each the number of spans enclosing it.
    static func withDepths(_ spans: [TimelineSpan]) -> [TimelineSpan] {
        var spans = spans
        assignDepths(&spans)
        return spans
    }

    /// ``withDepths(_:)`` in place.
    static func assignDepths(_ spans: inout [TimelineSpan]) {
        spans.sort { ($0.start, -$0.end) < ($1.start, -$1.end) }
        var enclosingEnds: [Double] = []
        for index in spans.indices {
            while let last = enclosingEnds.last, last <= spans[index].start, last < spans[index].end {
                enclosingEnds.removeLast()
            }
            spans[index].depth = enclosingEnds.count
            enclosingEnds.append(spans[index].end)
        }
    }

    private mutating func intern(_ string: String) -> String {
        guard string.utf8.count > 15 else { return string }  // shorter ones are stored inline anyway
        if let existing = internedStrings.firstIndex(of: string) { return internedStrings[existing] }
        internedStrings.insert(string)
        return string
    }

    static func isUsableTime(_ time: Double) -> Bool {
        time.isFinite && abs(time) <= largestTime
    }

    /// `event 12 "price:7"`, with `(ts inf)` when a value is named: how a skipped event is pointed at.
    static func describe(_ event: JSONValue, index: Int, value label: String? = nil, _ value: JSONValue? = nil) -> String {
        var text = "event \(index)"
        if let name = event["name"]?.text { text += " " + quoted(name) }
        if let label, let value { text += " (\(label) \(value.text ?? value.compactJSON))" }
        return text
    }

    /// A name in a message: quoted, control characters escaped, cut at 80 characters.
    static func quoted(_ name: String) -> String {
        var bytes: [UInt8] = []
        let shown = name.count > 80 ? String(name.prefix(80)) + "…" : name
        JSONText.appendQuoted(shown, to: &bytes, escaping: .json)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func asyncID(_ event: JSONValue) -> String? {
        if let id = event["id"]?.text { return id }
        if let id2 = event["id2"], id2.objectMembers != nil {
            if let local = id2["local"]?.text { return "local:" + local }
            if let global = id2["global"]?.text { return global }
        }
        return nil
    }

    /// `args` as text, sorted by key; nested values as compact JSON. A repeated key keeps its last value.
    static func arguments(_ event: JSONValue) -> [TimelineArgument] {
        guard let members = event["args"]?.objectMembers, !members.isEmpty else { return [] }
        var latest: [String: String] = [:]
        for member in members {
            latest[member.key] = member.value.text ?? (member.value == .null ? "null" : member.value.compactJSON)
        }
        return latest.map { TimelineArgument(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    }
}
