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
    }
}
