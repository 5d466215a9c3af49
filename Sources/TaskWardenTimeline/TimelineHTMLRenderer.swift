import Foundation

/// Renders a ``Timeline`` as one self-contained HTML page: no network, no external scripts or styles.
///
/// The page draws the timeline the way a profiler's task lane does: one row per task labelled with its name,
/// rows grouped by name prefix (click a group to fold it), a time axis, hover details (name, start, duration,
/// args), and zoom and pan (ctrl/⌘-wheel or W/S to zoom at the pointer, drag, shift-wheel or A/D to pan,
/// double-click or F to fit).
///
/// ```swift
/// let timeline = try ChromeTraceParser.parse(data, source: "trace.json")
/// let html = TimelineHTMLRenderer.render(timeline, title: "price-check")
/// try html.write(toFile: "timeline.html", atomically: true, encoding: .utf8)
/// ```
public enum TimelineHTMLRenderer {
    /// The page for `timeline`, titled `title`.
    public static func render(_ timeline: Timeline, title: String) -> String {
        let payload = self.payload(timeline, title: title)
        return TimelineHTMLTemplate.page
            .replacingOccurrences(of: "{{TITLE}}", with: escapeHTML(title))
            .replacingOccurrences(of: "{{DATA}}", with: payload)
    }

    /// The trace data as JSON, safe to embed in a `<script>` element.
    static func payload(_ timeline: Timeline, title: String) -> String {
        let origin = timeline.start
        func relative(_ time: Double) -> Double { ((time - origin) * 1000).rounded() / 1000 }
        var groups: [[String: Any]] = []
        var groupIndex: [String: Int] = [:]
        for track in timeline.tracks {
            let row: [String: Any] = [
                "name": track.name,
                "spans": track.spans.map { span -> [Any] in
                    [relative(span.start), relative(span.end), span.depth, span.name, span.category,
                     span.args.map { [$0.key, $0.value] }, span.isUnfinished ? 1 : 0]
                },
                "instants": track.instants.map { [relative($0.time), $0.name] as [Any] },
            ]
            if let index = groupIndex[track.group] {
                var rows = groups[index]["rows"] as! [[String: Any]]
                rows.append(row)
                groups[index]["rows"] = rows
            } else {
                groupIndex[track.group] = groups.count
                groups.append(["name": track.group, "rows": [row]])
            }
        }
        let object: [String: Any] = [
            "title": title,
            "duration": relative(timeline.end),
            "skipped": timeline.skipped.total,
            "groups": groups,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        // `</` would end the script element early; U+2028/2029 are line breaks to old JavaScript parsers.
        return String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
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
