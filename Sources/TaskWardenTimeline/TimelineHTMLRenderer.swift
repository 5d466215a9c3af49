import Foundation

/// Renders a ``Timeline`` as one self-contained HTML page: no network, no external scripts or styles.
///
/// The page draws the timeline the way a profiler's task lane does: one row per task labelled with its name,
/// rows grouped by name prefix (click a group to fold it), a time axis, hover details (name, start, duration,
/// args), and zoom and pan (ctrl/⌘-wheel or W/S to zoom at the pointer, drag, shift-wheel or A/D to pan,
/// double-click or F to fit).
///
/// The trace data sits in a `<script type="application/json">` element, written as JSON with `<`, `>`, `&`,
/// U+2028 and U+2029 escaped (`\u003c` …), so no task name can end the element, open a comment or otherwise
/// change how the browser reads the page. The page is written in one pass, grouping rows in linear time.
///
/// ```swift
/// let timeline = try ChromeTraceParser.parse(data, source: "trace.json")
/// let html = TimelineHTMLRenderer.render(timeline, title: "price-check")
/// try html.write(toFile: "timeline.html", atomically: true, encoding: .utf8)
/// ```
public enum TimelineHTMLRenderer {
    /// The page for `timeline`, titled `title`.
    public static func render(_ timeline: Timeline, title: String) -> String {
        var writer = PageWriter(.memory)
        var work = RenderWork()
        // Memory never fails to take bytes: `.memory` does not throw.
        try? write(timeline, title: title, to: &writer, work: &work)
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    /// Writes the page through `writer` (which flushes it to its destination piece by piece).
    static func write(
        _ timeline: Timeline, title: String, to writer: inout PageWriter, work: inout RenderWork
    ) throws(TimelineError) {
        let template = TimelineHTMLTemplate.parts
        writer.append(template.beforeTitle)
        writer.append(escapeHTML(title))
        writer.append(template.beforeData)
        try writePayload(timeline, title: title, to: &writer, work: &work)
        writer.append(template.afterData)
        try writer.flush()
    }

    /// The trace data as JSON, safe to embed in a `<script>` element.
    static func payload(_ timeline: Timeline, title: String) -> String {
        var work = RenderWork()
        return payload(timeline, title: title, work: &work)
    }

    /// ``payload(_:title:)``, counting the work done on rows in `work`.
    static func payload(_ timeline: Timeline, title: String, work: inout RenderWork) -> String {
        var writer = PageWriter(.memory)
        try? writePayload(timeline, title: title, to: &writer, work: &work)
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    /// `{"duration":…,"groups":[{"name":…,"rows":[{"instants":…,"name":…,"spans":…}]}],"skipped":…,"title":…}`,
    /// times relative to the start in µs rounded to ns; keys sorted, as `JSONSerialization` wrote them.
    private static func writePayload(
        _ timeline: Timeline, title: String, to writer: inout PageWriter, work: inout RenderWork
    ) throws(TimelineError) {
        // Groups in order of first appearance, each with its rows' indices: one pass, each row placed once.
        var groupOrder: [String] = []
        var rowsOfGroup: [String: [Int]] = [:]
        for (index, track) in timeline.tracks.enumerated() {
            if rowsOfGroup[track.group] == nil { groupOrder.append(track.group) }
            rowsOfGroup[track.group, default: []].append(index)
            work.rowsPlaced += 1
        }
        let origin = timeline.start
        func relative(_ time: Double) -> Double { ((time - origin) * 1000).rounded() / 1000 }

        writer.append(#"{"duration":"#)
        JSONText.appendNumber(relative(timeline.end), to: &writer.buffer)
        writer.append(#","groups":["#)
        for (groupNumber, group) in groupOrder.enumerated() {
            if groupNumber > 0 { writer.append(",") }
            writer.append(#"{"name":"#)
            JSONText.appendQuoted(group, to: &writer.buffer, escaping: .scriptSafe)
            writer.append(#","rows":["#)
            for (rowNumber, index) in rowsOfGroup[group, default: []].enumerated() {
                if rowNumber > 0 { writer.append(",") }
                writeRow(timeline.tracks[index], relative: relative, to: &writer)
                work.rowsWritten += 1
                try writer.flushIfFull()
            }
            writer.append("]}")
        }
        writer.append(#"],"skipped":"#)
        JSONText.appendNumber(timeline.skipped.total, to: &writer.buffer)
        writer.append(#","title":"#)
        JSONText.appendQuoted(title, to: &writer.buffer, escaping: .scriptSafe)
        writer.append("}")
    }

    /// `{"instants":[[t,"name"],…],"name":"…","spans":[[start,end,depth,"name","category",[["k","v"],…],unfinished],…]}`
    private static func writeRow(_ track: TimelineTrack, relative: (Double) -> Double, to writer: inout PageWriter) {
        writer.append(#"{"instants":["#)
        for (number, instant) in track.instants.enumerated() {
            writer.append(number > 0 ? ",[" : "[")
            JSONText.appendNumber(relative(instant.time), to: &writer.buffer)
            writer.append(",")
            JSONText.appendQuoted(instant.name, to: &writer.buffer, escaping: .scriptSafe)
            writer.append("]")
        }
        writer.append(#"],"name":"#)
        JSONText.appendQuoted(track.name, to: &writer.buffer, escaping: .scriptSafe)
        writer.append(#","spans":["#)
        for (number, span) in track.spans.enumerated() {
            writer.append(number > 0 ? ",[" : "[")
            JSONText.appendNumber(relative(span.start), to: &writer.buffer)
            writer.append(",")
            JSONText.appendNumber(relative(span.end), to: &writer.buffer)
            writer.append(",")
            JSONText.appendNumber(span.depth, to: &writer.buffer)
            writer.append(",")
            JSONText.appendQuoted(span.name, to: &writer.buffer, escaping: .scriptSafe)
            writer.append(",")
            JSONText.appendQuoted(span.category, to: &writer.buffer, escaping: .scriptSafe)
            writer.append(",[")
            for (argumentNumber, argument) in span.args.enumerated() {
                writer.append(argumentNumber > 0 ? ",[" : "[")
                JSONText.appendQuoted(argument.key, to: &writer.buffer, escaping: .scriptSafe)
                writer.append(",")
                JSONText.appendQuoted(argument.value, to: &writer.buffer, escaping: .scriptSafe)
                writer.append("]")
            }
            writer.append(span.isUnfinished ? "],1]" : "],0]")
        }
        writer.append("]}")
    }

    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// What rendering did to rows, counted so a test can show the work grows linearly with the rows (a row
/// copied again for every later row of its group made 80,000 rows of one group take 43 s).
struct RenderWork: Equatable {
    /// Row placements while grouping, counting every row moved or copied, each time.
    var rowsPlaced = 0
    /// Rows written to the page.
    var rowsWritten = 0

    var total: Int { rowsPlaced + rowsWritten }
}
