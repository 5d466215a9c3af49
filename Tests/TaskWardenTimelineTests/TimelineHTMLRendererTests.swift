import Foundation
import Testing
@testable import TaskWardenTimeline

@Suite("Timeline HTML")
struct TimelineHTMLRendererTests {
    func page(_ json: String = ChromeTraceParserTests.recorderTrace, title: String = "price-check") throws -> String {
        TimelineHTMLRenderer.render(try ChromeTraceParser.parse(Data(json.utf8), source: "t.json"), title: title)
    }

    /// The JSON the page embeds, parsed back.
    func embedded(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: #"<script type="application/json" id="trace-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func isSelfContained() throws {
        let html = try page()
        #expect(!html.contains("<script src"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("http://"))
        #expect(!html.contains("https://"))
        #expect(!html.contains("@import"))
    }

    @Test func embedsRowsGroupedByPrefixWithSpansRelativeToTheStart() throws {
        let data = try embedded(try page())
        let groups = try #require(data["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["price-check", "price"])
        let rows = try #require(groups[1]["rows"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["price:1", "price:2"])
        let span = try #require((rows[0]["spans"] as? [[Any]])?.first)
        #expect(span[0] as? Double == 10)
        #expect(span[1] as? Double == 40)
        #expect(span[3] as? String == "price:1")
        #expect(data["duration"] as? Double == 100)
    }

    @Test func hostileNamesCannotBreakOutOfTheScriptOrTitle() throws {
        let name = "price:</script><img src=x onerror=alert(1)>"
        let html = try page(#"[{"ph":"X","pid":1,"tid":1,"name":"\#(name)","ts":0,"dur":1}]"#, title: "<b>t</b>")
        #expect(html.components(separatedBy: "</script>").count == 3)  // the data script and the code script only
        #expect(html.contains("<title>&lt;b&gt;t&lt;/b&gt; · TaskWarden timeline</title>"))
        let data = try embedded(html)
        #expect(data["title"] as? String == "<b>t</b>")
    }

    /// Names that, unescaped, change the HTML parser's state inside a script element: `<!--<script>` makes a
    /// later `</script>` not end it, so the page's code became data and nothing rendered.
    static let hostileNames = [
        "price:<!--<script>", "price:</script><img src=x onerror=alert(1)>", "price:<!--", "price:-->",
        "price:\u{2028}line\u{2029}para", "price:]]>&amp;<![CDATA[", "price:</SCRIPT >", "price:<script>",
    ]

    @Test func noNameCanChangeHowTheBrowserReadsTheEmbeddedData() throws {
        var events: [String] = []
        for (index, name) in Self.hostileNames.enumerated() {
            let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [name], options: []), as: UTF8.self).dropFirst().dropLast()
            events.append(#"{"ph":"b","cat":"task","name":\#(quoted),"id":\#(index),"pid":1,"ts":\#(index)}"#)
        }
        let html = try page("[" + events.joined(separator: ",") + "]", title: "<!--<script>")
        let start = try #require(html.range(of: #"<script type="application/json" id="trace-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = html[start.upperBound..<end.lowerBound]
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!data.contains(forbidden), "raw \(forbidden.debugDescription) inside the embedded data")
        }
        let parsed = try embedded(html)
        let rows = try #require((parsed["groups"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["name"] as? String }) == Set(Self.hostileNames))
        #expect(parsed["title"] as? String == "<!--<script>")
        // The page's own script follows the data intact.
        #expect(html[end.upperBound...].contains(#"const data = JSON.parse(document.getElementById("trace-data").textContent);"#))
    }

    @Test func aTitleLookingLikeAPlaceholderStaysTheTitle() throws {
        let html = try page(title: "{{DATA}}")
        #expect(html.contains("<title>{{DATA}} · TaskWarden timeline</title>"))
        #expect(html.components(separatedBy: #""duration":"#).count == 2)  // the data appears once
    }

    /// A timeline of `rows` tasks, all in one group (`price:0`, `price:1`, …) or each in its own.
    static func manyRows(_ rows: Int, sharedPrefix: Bool) -> Timeline {
        let tracks = (0..<rows).map { index in
            TimelineTrack(
                name: sharedPrefix ? "price:\(index)" : "price\(index)", group: sharedPrefix ? "price" : "price\(index)",
                spans: [TimelineSpan(name: "price:\(index)", category: "task", start: Double(index), end: Double(index + 1),
                                     depth: 0, isUnfinished: false, args: [])],
                instants: [])
        }
        return Timeline(tracks: tracks, start: 0, end: Double(rows), skipped: SkippedEvents())
    }

    /// Grouping copied a group's rows again for every row added to it: 80,000 rows sharing `price:` took 43 s.
    /// Counted, not timed: doubling the rows of one group must double the work, as it does for distinct groups.
    @Test(arguments: [true, false])
    func renderingWorkIsLinearInTheRowsOfAGroup(sharedPrefix: Bool) {
        func work(_ rows: Int) -> Int {
            var work = RenderWork()
            _ = TimelineHTMLRenderer.payload(Self.manyRows(rows, sharedPrefix: sharedPrefix), title: "t", work: &work)
            return work.total
        }
        let (small, large) = (work(3_000), work(6_000))
        #expect(small <= 2 * 3_000)
        #expect(Double(large) / Double(small) <= 2.05)
    }
}

