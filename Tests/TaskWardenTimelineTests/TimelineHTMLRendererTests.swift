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
}
