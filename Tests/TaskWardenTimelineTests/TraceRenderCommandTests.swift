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

    @Test func anEmptyOutputPathIsRefusedNotTakenForTheWorkingFolder() {
        for option in ["-o", "--output"] {
            #expect(throws: TraceRenderCommand.UsageError(description: "\(option): the path is empty")) {
                try TraceRenderCommand.parse(["render", "t.json", option, ""])
            }
        }
        // An empty title is only an empty title.
        #expect((try? TraceRenderCommand.parse(["render", "t.json", "--title", ""]))?.title == "")
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

    // MARK: - Where the page may be written (and what may be read)

    /// A fresh directory holding `trace.json`, removed afterwards.
    func withTraceDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tw-render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(ChromeTraceParserTests.recorderTrace.utf8).write(to: URL(fileURLWithPath: directory + "/trace.json"))
        try body(directory)
    }

    func render(_ arguments: [String], in directory: String) throws -> String {
        try TraceRenderCommand.run(try TraceRenderCommand.parse(["render"] + arguments), workingDirectory: directory)
    }

    func fileType(_ path: String) -> String {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType)?.rawValue ?? "missing"
    }

    /// Expects the render to be refused with a message naming `output` and saying `reason`.
    func expectRefused(_ arguments: [String], in directory: String, naming output: String, because reason: String) {
        #expect {
            try render(arguments, in: directory)
        } throws: { error in
            let text = "\(error)"
            return text.contains("'\(output)'") && text.contains(reason)
        }
    }

    @Test func aCharacterDeviceIsNotReplaced() throws {
        try withTraceDirectory { directory in
            // A device node of our own where we may make one (as root), so a regression cannot replace the
            // system's /dev/null; else /dev/null itself.
            var device = directory + "/null"
            // Major 1, minor 3 is the null device on Linux (encoded as major << 8 | minor for small numbers).
            if mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) != 0 { device = "/dev/null" }
            expectRefused(["trace.json", "-o", device], in: directory, naming: device, because: "a character device")
            #expect(fileType(device) == FileAttributeType.typeCharacterSpecial.rawValue)
        }
    }

    @Test func aFIFOIsNotReplaced() throws {
        try withTraceDirectory { directory in
            #expect(mkfifo(directory + "/pipe", 0o644) == 0)
            expectRefused(["trace.json", "-o", "pipe"], in: directory, naming: "pipe", because: "a named pipe (FIFO)")
            var status = stat()
            #expect(lstat(directory + "/pipe", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test func aSymbolicLinkIsNotReplacedNorWrittenThrough() throws {
        try withTraceDirectory { directory in
            try Data("keep".utf8).write(to: URL(fileURLWithPath: directory + "/target.html"))
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.html", withDestinationPath: "target.html")
            try FileManager.default.createSymbolicLink(atPath: directory + "/dangling.html", withDestinationPath: "nowhere.html")
            expectRefused(["trace.json", "-o", "link.html"], in: directory, naming: "link.html", because: "a symbolic link")
            expectRefused(["trace.json", "-o", "dangling.html"], in: directory, naming: "dangling.html", because: "a symbolic link")
            #expect(fileType(directory + "/link.html") == FileAttributeType.typeSymbolicLink.rawValue)
            #expect(try String(contentsOfFile: directory + "/target.html", encoding: .utf8) == "keep")
            #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere.html"))
        }
    }

    @Test func theTraceItselfIsNeverOverwritten() throws {
        try withTraceDirectory { directory in
            let trace = ChromeTraceParserTests.recorderTrace
            try Data(trace.utf8).write(to: URL(fileURLWithPath: directory + "/t.html"))
            try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
            #expect(link(directory + "/trace.json", directory + "/sub/hard.html") == 0)
            // The default output of t.html is t.html; the same file spelt another way; a hard link to it.
            expectRefused(["t.html"], in: directory, naming: "t.html", because: "the trace being rendered")
            expectRefused(["trace.json", "-o", "./sub/../trace.json"], in: directory, naming: "./sub/../trace.json", because: "the trace being rendered")
            expectRefused(["trace.json", "-o", "sub/hard.html"], in: directory, naming: "sub/hard.html", because: "the trace being rendered")
            #expect(try String(contentsOfFile: directory + "/t.html", encoding: .utf8) == trace)
            #expect(try String(contentsOfFile: directory + "/trace.json", encoding: .utf8) == trace)
        }
    }

    @Test func aDirectoryIsNotAnOutput() throws {
        try withTraceDirectory { directory in
            try FileManager.default.createDirectory(atPath: directory + "/out.html", withIntermediateDirectories: false)
            expectRefused(["trace.json", "-o", "out.html"], in: directory, naming: "out.html", because: "a directory")
        }
    }

    @Test func anEarlierPageIsReplacedKeepingItsPermissions() throws {
        try withTraceDirectory { directory in
            let output = directory + "/timeline.html"
            _ = try render(["trace.json", "-o", "timeline.html", "--title", "First"], in: directory)
            #expect(chmod(output, 0o640) == 0)
            _ = try render(["trace.json", "-o", "timeline.html", "--title", "Second"], in: directory)
            let page = try String(contentsOfFile: output, encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(page.contains("<title>Second · TaskWarden timeline</title>"))
            let permissions = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int
            #expect(permissions == 0o640)
            // No temporary file is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["timeline.html", "trace.json"])
        }
    }

    @Test func aFileThatIsNotAPageIsNotReplaced() throws {
        try withTraceDirectory { directory in
            let kept = [
                "Keep.swift": "struct Keep {}\n",
                "notes.html": "<!DOCTYPE html>\n<html>\n<head><title>Notes</title></head>\n",
                "short.html": "<!DOCTYPE html>\n",
            ]
            for (name, text) in kept {
                try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
                expectRefused(["trace.json", "-o", name], in: directory, naming: name,
                              because: "it exists and is not a timeline trace render wrote")
                #expect(try String(contentsOfFile: directory + "/" + name, encoding: .utf8) == text)
            }
            // Nothing to lose in an empty file: it is written.
            #expect(FileManager.default.createFile(atPath: directory + "/empty.html", contents: Data()))
            _ = try render(["trace.json", "-o", "empty.html"], in: directory)
            #expect(try String(contentsOfFile: directory + "/empty.html", encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test func aTraceThatIsAFIFOOrADirectoryIsNamedWithWhatItIs() throws {
        try withTraceDirectory { directory in
            #expect(mkfifo(directory + "/fifo.json", 0o644) == 0)
            try FileManager.default.createDirectory(atPath: directory + "/dir.json", withIntermediateDirectories: false)
            #expect(throws: TimelineError.unreadable(
                path: "fifo.json", reason: "it is a named pipe (FIFO), not a trace file (trace render reads regular files)")) {
                try render(["fifo.json", "-o", "a.html"], in: directory)
            }
            #expect(throws: TimelineError.unreadable(
                path: "dir.json", reason: "it is a directory, not a trace file (trace render reads regular files)")) {
                try render(["dir.json", "-o", "b.html"], in: directory)
            }
        }
    }
}

