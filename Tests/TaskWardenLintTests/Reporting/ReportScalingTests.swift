import Foundation
import Testing
@testable import TaskWardenLint

/// Complexity of reports, measured as work and output size (no clocks): doubling the findings roughly doubles
/// the cost, where it used to grow with findings × file size (SARIF line texts) or findings² (label collisions).
@Suite(.enabled(if: !builtWithThreadSanitizer, "work counts, not races: the plain run measures them"))
struct ReportScalingTests {
    /// One function holding `count` unnamed tasks: `count` unnamed-task findings and `count` label collisions.
    static func unnamedTasks(_ count: Int, rules: [any Rule]) -> LintResult {
        let body = (0..<count).map { _ in "    Task { await work() }" }.joined(separator: "\n")
        return LintEngine(rules: rules, parallel: false).run(sources: [("Sources/App/Many.swift", "func launch() {\n\(body)\n}\n")])
    }

    @Test func sarifSplitsEachFileIntoLinesOncePerReport() {
        var work: [Int] = []
        for count in [200, 400] {
            let result = Self.unnamedTasks(count, rules: [UnnamedTaskRule(), TaskLabelCollisionRule()])
            #expect(result.findings.count == 2 * count)
            var lines = LineTextIndex(result)
            let report = SARIFReporter().report(result, lines: &lines)
            #expect(report.contains("\"startLine\" : \(count + 1)"))
            #expect(lines.filesSplit == 1)
            #expect(lines.charactersSplit == result.sourceText(of: "Sources/App/Many.swift")!.utf8.count)
            work.append(lines.charactersSplit)
        }
        // Twice the findings in a file twice the size: twice the work (it was four times: findings × size).
        #expect(Double(work[1]) / Double(work[0]) < 2.2)
    }

    @Test func lineTextIndexAnswersLinesAndUnknownFiles() {
        var lines = LineTextIndex(source: { $0 == "a.swift" ? "one\r\ntwo\rthree\nfour" : nil })
        #expect(lines.text(file: "a.swift", line: 1) == "one")
        #expect(lines.text(file: "a.swift", line: 3) == "three")
        #expect(lines.text(file: "a.swift", line: 4) == "four")
        #expect(lines.text(file: "a.swift", line: 5) == nil)
        #expect(lines.text(file: "b.swift", line: 1) == nil)
        #expect(lines.filesSplit == 1)
    }

    @Test func labelCollisionOutputGrowsLinearlyWithTheSites() throws {
        var sizes: [Int] = []
        for count in [300, 600] {
            let result = Self.unnamedTasks(count, rules: [TaskLabelCollisionRule()])
            #expect(result.findings.count == count)
            let finding = try #require(result.findings.first)
            #expect(finding.related.count == RelatedSiteList.limit)
            #expect(finding.message.hasSuffix("Many.swift:7:5 and \(count - 1 - RelatedSiteList.limit) others; name them to tell them apart"))
            sizes.append(JSONReporter().report(result).utf8.count)
        }
        // Twice the sites: twice the output (it was four times: every finding listed every other site).
        #expect(Double(sizes[1]) / Double(sizes[0]) < 2.2)
    }

    @Test func relatedSiteListCountsTheRestWithGroupedDigits() {
        let positions = (1...4001).map { SourcePosition(file: "a.swift", line: $0, column: 1, utf8Offset: $0) }
        let list = RelatedSiteList(others: positions.dropFirst())
        #expect(list.total == 4000)
        #expect(list.text().hasSuffix("a.swift:6:1 and 3,995 others"))
        #expect(RelatedSiteList(others: positions.prefix(6)).text().hasSuffix("a.swift:5:1 and 1 other"))
        #expect(RelatedSiteList.grouped(1_234_567) == "1,234,567")
        #expect(RelatedSiteList.grouped(999) == "999")
    }
}
