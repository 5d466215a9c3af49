import Foundation
import Testing
import TaskWardenTimeline

@Suite("trace render command")
struct TraceRenderCommandTests {
    @Test func parsesTheDocumentedForm() throws {
        let options = try TraceRenderCommand.parse(["render", "out/trace.json", "-o", "timeline.html"])
        #expect(options == .init(tracePath: "out/trace.json", outputPath: "timeline.html", title: "trace.json"))
        let defaults = try TraceRenderCommand.parse(["render", "runs/a.json", "--title", "Nightly"])
        #expect(defaults.outputPath == "runs/a.html")
        #expect(defaults.title == "Nightly")
    }

    @Test func rejectsBadCommandLinesNamingTheProblem() {
        #expect(throws: TraceRenderCommand.UsageError(description: "unknown action 'draw' for 'taskwarden trace' (known: render)")) {
            try TraceRenderCommand.parse(["draw", "t.json"])
        }
        #expect(throws: TraceRenderCommand.UsageError(description: "-o needs a value")) {
            try TraceRenderCommand.parse(["render", "t.json", "-o"])
        }
        #expect(throws: TraceRenderCommand.UsageError(description: "missing TRACE.json: the trace file to render")) {
            try TraceRenderCommand.parse(["render"])
        }
        #expect(throws: TraceRenderCommand.UsageError(description: "unknown option '--zoom' for 'taskwarden trace render'")) {
            try TraceRenderCommand.parse(["render", "t.json", "--zoom"])
        }
    }

    @Test func rendersAFileAndReportsWhatItDrew() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tw-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(ChromeTraceParserTests.recorderTrace.utf8).write(to: directory.appendingPathComponent("trace.json"))
        let options = try TraceRenderCommand.parse(["render", "trace.json", "-o", "timeline.html"])
        let summary = try TraceRenderCommand.run(options, workingDirectory: directory.path)
        #expect(summary == "wrote timeline.html: 3 rows in 2 groups, 3 spans over 0.000 s")
        let html = try String(contentsOf: directory.appendingPathComponent("timeline.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func aMissingTraceIsNamed() throws {
        let options = try TraceRenderCommand.parse(["render", "nowhere.json"])
        #expect(throws: TimelineError.unreadable(path: "nowhere.json", reason: "no such file")) {
            try TraceRenderCommand.run(options, workingDirectory: "/nonexistent-dir")
        }
    }
}
