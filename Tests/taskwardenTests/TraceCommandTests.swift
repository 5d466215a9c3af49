import Foundation
import Synchronization
import Testing
@testable import taskwarden

@Suite("taskwarden trace")
struct TraceCommandTests {
    final class Output: Sendable {
        let text = Mutex("")
        let errors = Mutex("")
    }

    func run(_ arguments: [String], in directory: String) -> (taskwarden.ExitStatus, String, String) {
        let output = Output()
        let context = CommandContext(
            workingDirectory: directory,
            writeOutput: { line in output.text.withLock { $0 += line } },
            writeError: { line in output.errors.withLock { $0 += line } })
        let status = CommandLineTool.run(arguments: arguments, context: context)
        return (status, output.text.withLock { $0 }, output.errors.withLock { $0 })
    }

    @Test func rendersATraceThroughTheDispatcher() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tw-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = #"[{"ph":"b","cat":"task","name":"price:1","id":"0x1","pid":1,"ts":0},{"ph":"e","cat":"task","name":"price:1","id":"0x1","pid":1,"ts":1500000}]"#
        try Data(trace.utf8).write(to: directory.appendingPathComponent("trace.json"))
        let (status, output, errors) = run(["trace", "render", "trace.json", "-o", "timeline.html"], in: directory.path)
        #expect(status == .success)
        #expect(errors.isEmpty)
        #expect(output == "wrote timeline.html: 1 rows in 1 groups, 1 spans over 1.500 s\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("timeline.html").path))
    }

    @Test func badInputIsAUsageOrInputErrorNamingIt() {
        let (status, _, errors) = run(["trace", "render", "missing.json"], in: "/nonexistent")
        #expect(status == .usageOrInputError)
        #expect(errors == "taskwarden trace: cannot read trace 'missing.json': no such file\n")
        let (usageStatus, _, usageErrors) = run(["trace", "paint"], in: "/tmp")
        #expect(usageStatus == .usageOrInputError)
        #expect(usageErrors.hasPrefix("taskwarden trace: unknown action 'paint'"))
    }

    @Test func isListedInHelp() {
        let (_, output, _) = run(["--help"], in: "/tmp")
        #expect(output.contains("trace"))
        let (_, usage, _) = run(["trace", "--help"], in: "/tmp")
        #expect(usage.contains("taskwarden trace render TRACE.json"))
        #expect(usage.contains("Rendering again over the previous timeline replaces it."))
    }

    func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tw-trace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    /// `"ts": "inf"` used to make the page's data `{}` while the run reported rows and spans and exited 0.
    @Test func nonFiniteTimestampsAreSkippedNamedAndTheRestIsDrawn() throws {
        try withDirectory { directory in
            let trace = #"""
            [{"ph":"b","cat":"task","name":"price:1","id":"0x1","pid":1,"ts":0},
             {"ph":"b","cat":"task","name":"price:inf","id":"0x2","pid":1,"ts":"inf"},
             {"ph":"e","cat":"task","name":"price:1","id":"0x1","pid":1,"ts":1500000},
             {"ph":"X","pid":1,"tid":1,"name":"big","ts":-1e308,"dur":1},
             {"ph":"n","cat":"task","name":"nan","id":"0x1","pid":1,"ts":"nan"}]
            """#
            try Data(trace.utf8).write(to: URL(fileURLWithPath: directory + "/trace.json"))
            let (status, output, errors) = run(["trace", "render", "trace.json", "-o", "timeline.html"], in: directory)
            #expect(status == .success)
            #expect(output == "wrote timeline.html: 1 rows in 1 groups, 1 spans over 1.500 s (3 events skipped)\n")
            #expect(errors == #"taskwarden trace: 'trace.json': skipped 3 events with a non-finite or out-of-range "ts": "#
                + #"event 1 "price:inf" (ts inf), event 3 "big" (ts -1e+308), event 4 "nan" (ts nan)"# + "\n")
            let html = try String(contentsOfFile: directory + "/timeline.html", encoding: .utf8)
            let start = try #require(html.range(of: #"id="trace-data">"#))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let data = try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
            #expect(data["duration"] as? Double == 1_500_000)
            #expect((data["groups"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test func aTraceThatIsAFIFOOrADirectoryIsAnInputErrorSayingSo() throws {
        try withDirectory { directory in
            #expect(mkfifo(directory + "/fifo.json", 0o644) == 0)
            try FileManager.default.createDirectory(atPath: directory + "/dir.json", withIntermediateDirectories: false)
            let (fifoStatus, _, fifoErrors) = run(["trace", "render", "fifo.json", "-o", "a.html"], in: directory)
            #expect(fifoStatus == .usageOrInputError)
            #expect(fifoErrors == "taskwarden trace: cannot read trace 'fifo.json': it is a named pipe (FIFO), not a trace file (trace render reads regular files)\n")
            let (directoryStatus, _, directoryErrors) = run(["trace", "render", "dir.json", "-o", "b.html"], in: directory)
            #expect(directoryStatus == .usageOrInputError)
            #expect(directoryErrors == "taskwarden trace: cannot read trace 'dir.json': it is a directory, not a trace file (trace render reads regular files)\n")
        }
    }

    @Test func anOutputThatIsNotARegularFileOrIsTheTraceIsAnInputError() throws {
        try withDirectory { directory in
            let trace = #"[{"ph":"X","pid":1,"tid":1,"name":"a","ts":0,"dur":1}]"#
            try Data(trace.utf8).write(to: URL(fileURLWithPath: directory + "/t.html"))
            #expect(mkfifo(directory + "/pipe", 0o644) == 0)
            let (selfStatus, _, selfErrors) = run(["trace", "render", "t.html"], in: directory)
            #expect(selfStatus == .usageOrInputError)
            #expect(selfErrors == "taskwarden trace: cannot write 't.html': it is the trace being rendered; give another output path with -o\n")
            #expect(try String(contentsOfFile: directory + "/t.html", encoding: .utf8) == trace)
            let (pipeStatus, _, pipeErrors) = run(["trace", "render", "t.html", "-o", "pipe"], in: directory)
            #expect(pipeStatus == .usageOrInputError)
            #expect(pipeErrors == "taskwarden trace: cannot write 'pipe': it is a named pipe (FIFO); trace render writes regular files only\n")
        }
    }

    @Test func aSourceFileGivenAsTheOutputIsAnInputErrorAndKept() throws {
        try withDirectory { directory in
            let trace = #"[{"ph":"X","pid":1,"tid":1,"name":"a","ts":0,"dur":1}]"#
            try Data(trace.utf8).write(to: URL(fileURLWithPath: directory + "/t.json"))
            try Data("struct Keep {}\n".utf8).write(to: URL(fileURLWithPath: directory + "/Keep.swift"))
            let (status, output, errors) = run(["trace", "render", "t.json", "-o", "Keep.swift"], in: directory)
            #expect(status == .usageOrInputError)
            #expect(output.isEmpty)
            #expect(errors == "taskwarden trace: cannot write 'Keep.swift': it exists and is not a timeline trace render wrote (it does not start like one); trace render replaces only an earlier timeline (remove the file, or give another output path with -o)\n")
            #expect(try String(contentsOfFile: directory + "/Keep.swift", encoding: .utf8) == "struct Keep {}\n")
            // The previous timeline is rendered over as before.
            #expect(run(["trace", "render", "t.json", "-o", "t.html"], in: directory).0 == .success)
            #expect(run(["trace", "render", "t.json", "-o", "t.html"], in: directory).0 == .success)
        }
    }
}
