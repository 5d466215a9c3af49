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
        var open: [OpenSpan] = []
    }

    var skipped = SkippedEvents()
    private var trackIndex: [String: Int] = [:]
    /// Async tracks by process and id alone, for instants whose category differs from their span's.
    private var asyncTrackByID: [String: Int] = [:]
    private var tracks: [Track] = []
    private var processNames: [String: String] = [:]
    private var threadNames: [String: String] = [:]
    private var earliest = Double.infinity
    private var latest = -Double.infinity

    /// Phases that carry no drawable data here; ignored without complaint.
    private static let ignoredPhases: Set<String> = ["C", "s", "t", "f", "P", "O", "N", "D", "(", ")", "v", "V", "c", "="]

    mutating func add(_ event: [String: Any]) {
        guard let phase = event["ph"] as? String else {
            skipped.note("without \"ph\"")
            return
        }
        if phase == "M" {
            addMetadata(event)
            return
        }
        if Self.ignoredPhases.contains(phase) { return }
        guard let timestamp = Self.number(event["ts"]) else {
            skipped.note("without a numeric \"ts\"")
            return
        }
        let name = Self.text(event["name"]) ?? ""
        let category = Self.text(event["cat"]) ?? ""
        let processID = Self.text(event["pid"]) ?? "0"
        let threadID = Self.text(event["tid"]) ?? "0"
        note(timestamp)
        switch phase {
        case "b", "S", "e", "F", "n":
            guard let id = Self.asyncID(event) else {
                skipped.note("async without \"id\"")
                return
            }
            let key = "a|\(processID)|\(category)|\(id)"
            if phase == "n", trackIndex[key] == nil, let track = asyncTrackByID["\(processID)|\(id)"] {
                tracks[track].instants.append(TimelineInstant(name: name, time: timestamp))
                return
            }
            let track = trackFor(key: key, isThread: false, processID: processID, threadID: threadID)
            asyncTrackByID["\(processID)|\(id)"] = track
            switch phase {
            case "b", "S":
                if tracks[track].name == nil { tracks[track].name = name }
                tracks[track].open.append(OpenSpan(name: name, category: category, start: timestamp, args: Self.arguments(event)))
            case "n":
                tracks[track].instants.append(TimelineInstant(name: name, time: timestamp))
            default:
                close(on: track, named: name, at: timestamp)
            }
        case "B":
            let track = trackFor(key: "t|\(processID)|\(threadID)", isThread: true, processID: processID, threadID: threadID)
            tracks[track].open.append(OpenSpan(name: name, category: category, start: timestamp, args: Self.arguments(event)))
        case "E":
            let track = trackFor(key: "t|\(processID)|\(threadID)", isThread: true, processID: processID, threadID: threadID)
            close(on: track, named: nil, at: timestamp)
        case "X":
            let duration = max(0, Self.number(event["dur"]) ?? 0)
            note(timestamp + duration)
            let track = trackFor(key: "t|\(processID)|\(threadID)", isThread: true, processID: processID, threadID: threadID)
            tracks[track].spans.append(TimelineSpan(
                name: name, category: category, start: timestamp, end: timestamp + duration, depth: 0,
                isUnfinished: false, args: Self.arguments(event)))
        case "i", "I", "R":
            let track = trackFor(key: "t|\(processID)|\(threadID)", isThread: true, processID: processID, threadID: threadID)
            tracks[track].instants.append(TimelineInstant(name: name, time: timestamp))
        default:
            skipped.note("with unsupported phase \"\(phase)\"")
        }
    }

    func build() -> Timeline {
        let start = earliest.isFinite ? earliest : 0
        let end = latest.isFinite ? latest : start
        var rows: [TimelineTrack] = []
        for var track in tracks {
            for open in track.open {
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
            rows.append(TimelineTrack(
                name: name, group: group, spans: Self.withDepths(track.spans),
                instants: track.instants.sorted { $0.time < $1.time }))
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

    private mutating func trackFor(key: String, isThread: Bool, processID: String, threadID: String) -> Int {
        if let index = trackIndex[key] { return index }
        tracks.append(Track(isThread: isThread, processID: processID, threadID: threadID))
        trackIndex[key] = tracks.count - 1
        return tracks.count - 1
    }

    /// Ends the innermost open span with `name` (nestable async ends name their begin), else the innermost.
    private mutating func close(on track: Int, named name: String?, at time: Double) {
        guard !tracks[track].open.isEmpty else {
            skipped.note("ending nothing open")
            return
        }
        let index = name.flatMap { name in tracks[track].open.lastIndex { $0.name == name } } ?? tracks[track].open.count - 1
        let open = tracks[track].open.remove(at: index)
        tracks[track].spans.append(TimelineSpan(
            name: open.name, category: open.category, start: open.start, end: max(open.start, time), depth: 0,
            isUnfinished: false, args: open.args))
    }

    private mutating func addMetadata(_ event: [String: Any]) {
        let processID = Self.text(event["pid"]) ?? "0"
        let value = (event["args"] as? [String: Any]).flatMap { Self.text($0["name"]) }
        guard let value else { return }
        switch event["name"] as? String {
        case "process_name": processNames[processID] = value
        case "thread_name": threadNames["\(processID)|\(Self.text(event["tid"]) ?? "0")"] = value
        default: break
        }
    }

    /// Sorts spans by start (longer first on ties) and gives each the number of spans enclosing it.
    static func withDepths(_ spans: [TimelineSpan]) -> [TimelineSpan] {
        var sorted = spans.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
        var enclosingEnds: [Double] = []
        for index in sorted.indices {
            while let last = enclosingEnds.last, last <= sorted[index].start, last < sorted[index].end {
                enclosingEnds.removeLast()
            }
            sorted[index].depth = enclosingEnds.count
            enclosingEnds.append(sorted[index].end)
        }
        return sorted
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let double as Double: double
        case let int as Int: Double(int)
        case let string as String: Double(string)
        default: nil
        }
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case nil, is NSNull: nil
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: value.map { "\($0)" }
        }
    }

    static func asyncID(_ event: [String: Any]) -> String? {
        if let id = text(event["id"]) { return id }
        if let id2 = event["id2"] as? [String: Any] {
            if let local = text(id2["local"]) { return "local:" + local }
            if let global = text(id2["global"]) { return global }
        }
        return nil
    }

    static func arguments(_ event: [String: Any]) -> [TimelineArgument] {
        guard let args = event["args"] as? [String: Any] else { return [] }
        return args.map { key, value in
            let rendered: String
            if JSONSerialization.isValidJSONObject(value),
               let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) {
                rendered = String(decoding: data, as: UTF8.self)
            } else {
                rendered = text(value) ?? "null"
            }
            return TimelineArgument(key: key, value: rendered)
        }.sorted { $0.key < $1.key }
    }
}
