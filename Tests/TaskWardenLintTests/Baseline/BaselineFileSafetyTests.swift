import Foundation
import Testing
@testable import TaskWardenLint

/// What `--write-baseline` may replace, and how a baseline that is not one is refused: a message naming the file
/// and what is wrong, in memory bounded by the run's findings.
@Suite struct BaselineFileSafetyTests {
    static func baseline() -> Baseline { Baseline(accepting: BaselineTests.lint(BaselineTests.original)) }

    static func reason(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? Baseline.FileError)?.description ?? "\(error)" }
    }

    // MARK: Writing

    @Test func aSymbolicLinkIsNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        try directory.write("target.json", "{\"keep\": true}\n")
        let link = directory.path + "/baseline.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path + "/target.json")
        let reason = Self.reason { try Self.baseline().write(to: link) }
        #expect(reason?.contains("it is a symbolic link") == true, "\(reason ?? "written")")
        #expect(try String(contentsOfFile: directory.path + "/target.json", encoding: .utf8) == "{\"keep\": true}\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == directory.path + "/target.json")
    }

    @Test func aFIFOIsRefusedWithoutWaitingOnIt() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/baseline.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reason = Self.reason { try Self.baseline().write(to: fifo) }
        #expect(reason?.contains("it is a named pipe (FIFO); --write-baseline writes regular files only") == true, "\(reason ?? "written")")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aSwiftSourceOrAnotherFileIsNeverReplacedWithJSON() throws {
        let directory = try TemporaryDirectory()
        let source = "func launch() { Task { await sync() } }\n"
        try directory.write("Launch.swift", source)
        let reason = Self.reason { try Self.baseline().write(to: directory.path + "/Launch.swift") }
        #expect(reason?.contains("it is a Swift source file") == true, "\(reason ?? "written")")
        #expect(try String(contentsOfFile: directory.path + "/Launch.swift", encoding: .utf8) == source)
        // Not even a new one.
        #expect(Self.reason { try Self.baseline().write(to: directory.path + "/New.swift") }?.contains("Swift source") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/New.swift"))
        try directory.write("README.md", "# Notes\n")
        #expect(Self.reason { try Self.baseline().write(to: directory.path + "/README.md") }?.contains("is not a baseline file") == true)
        #expect(try String(contentsOfFile: directory.path + "/README.md", encoding: .utf8) == "# Notes\n")
    }

    @Test func anEarlierBaselineIsReplacedKeepingItsModeBits() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/baseline.json"
        try Self.baseline().write(to: path)
        #expect(chmod(path, 0o640) == 0)
        try Baseline(entries: []).write(to: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(try Baseline.load(path).entries.isEmpty)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["baseline.json"])
    }

    // MARK: Reading

    @Test func aBadBaselineSaysWhatIsWrongAndWhere() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/baseline.json"
        func reason(_ text: String) throws -> String? {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return Self.reason { _ = try Baseline.check(path) }
        }
        #expect(try reason(#"{"version": true, "findings": []}"#) == "baseline '\(path)': 'version' is true at byte 13 (line 1); expected the whole number 1")
        #expect(try reason(#"{"version": "1", "findings": []}"#)?.contains("'version' is a string") == true)
        #expect(try reason(#"{"version": 1.5, "findings": []}"#)?.contains("'version' is 1.5") == true)
        #expect(try reason(#"{"findings": []}"#)?.contains("has no 'version'") == true)
        #expect(try reason(#"{"version": 1}"#)?.contains("has no 'findings' array") == true)
        #expect(try reason(#"{"version": 1, "version": 1, "findings": []}"#)?.contains("'version' appears twice") == true)
        #expect(try reason(#"{"version": 1, "findings": [{"file": "a.swift", "rule": true, "message": "", "line": ""}]}"#)?
            .contains("findings[0].rule is true at byte") == true)
        #expect(try reason(#"{"version": 1, "findings": [{"file": "a.swift", "message": "", "line": ""}]}"#)?
            .contains("findings[0].rule: missing") == true)
        #expect(try reason(#"{"version": 1, "findings": []} trailing"#)?.contains("after the object's closing '}'") == true)
        #expect(try reason("")?.contains("is empty") == true)
        // Deeper than any JSON reader should follow: refused at the level that goes too far, without recursion.
        let deep = #"{"version": 1, "findings": [], "x": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        // The 512th '[' would be the 513th level (the object is the first): it starts at byte 37 + 511.
        #expect(try reason(deep)?.contains("arrays and objects nest deeper than 512 levels at byte 548 (line 1)") == true)
        let deeper = #"{"version": 1, "findings": [], "x": "# + String(repeating: "[", count: 200_000)
        #expect(try reason(deeper)?.contains("nest deeper than 512 levels") == true)
    }

    @Test func stringsAreDecodedAndCheckedAcrossChunks() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/baseline.json"
        // A message longer than the reader's 64 KB chunk, with escapes and multi-byte characters around its edges.
        let long = String(repeating: "é", count: 40_000)
        let text = #"{"version": 1, "findings": [{"file": "a\u00e9\ud83d\ude00.swift", "rule": "r", "message": "\#(long)\n\"q\"", "line": "\t"}]}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let entry = try #require(try Baseline.load(path).entries.first)
        #expect(entry.file == "aé😀.swift")
        #expect(entry.message == long + "\n\"q\"")
        #expect(entry.line == "\t")
        var bytes = Array(text.utf8)
        bytes[70_000] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(Self.reason { _ = try Baseline.check(path) }?.contains("is not valid UTF-8") == true)
        try #"{"version": 1, "findings": [{"file": "\ud83d.swift", "rule": "r", "message": "m", "line": "l"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Self.reason { _ = try Baseline.check(path) }?.contains("a lone surrogate") == true)
        try "{\"version\": 1, \"findings\": [{\"file\": \"a\tb\"}]}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Self.reason { _ = try Baseline.check(path) }?.contains("a control character (9) inside a string") == true)
    }

    @Test func aFolderOrAFIFOIsNotABaseline() throws {
        let directory = try TemporaryDirectory()
        #expect(Self.reason { _ = try Baseline.check(directory.path) } == "baseline '\(directory.path)': is a directory, not a baseline file (--baseline reads a regular file)")
        let fifo = directory.path + "/baseline.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(Self.reason { _ = try Baseline.check(fifo) }?.contains("is a named pipe (FIFO), not a baseline file") == true)
        #expect(Self.reason { _ = try Baseline.load(fifo) }?.contains("is a named pipe (FIFO)") == true)
    }

    @Test func matchingKeepsNoMoreThanTheFindingsCanUse() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/baseline.json"
        let result = BaselineTests.lint(BaselineTests.original)
        // The run's own entries, then many that match nothing, one of them with a 1 MB message.
        let own = try Self.baseline().entries.map { entry in
            String(decoding: try JSONSerialization.data(withJSONObject: ["file": entry.file, "rule": entry.rule,
                                                                         "message": entry.message, "line": entry.line]), as: UTF8.self)
        }
        var text = #"{"version": 1, "findings": ["# + own.joined(separator: ",\n")
        let huge = String(repeating: "x", count: 1 << 20)
        text += ",\n" + (0..<5_000).map { #"{"file": "Other\#($0).swift", "rule": "unnamed-task", "message": "m", "line": "l"}"# }.joined(separator: ",\n")
        text += ",\n" + #"{"file": "App/Launch.swift", "rule": "unnamed-task", "message": "\#(huge)", "line": "Task { await sync() }"}"#
        text += "\n  ]\n}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let checked = try Baseline.check(path)
        #expect(checked.entryCount == result.findings.count + 5_001)
        #expect(try Baseline.newFindings(in: result, from: checked).isEmpty)
        // The reader with the limit newFindings uses keeps no field longer than the findings' own.
        var reader = try BaselineReader(path: path)
        var kept = 0
        _ = try reader.read(limit: 1024) { fields in if fields.message != nil { kept += 1 } }
        #expect(kept == result.findings.count + 5_000)
        #expect(reader.longestKept <= 1024)
        // A run with one more finding than the baseline holds reports it.
        let more = BaselineTests.lint(BaselineTests.original.replacingOccurrences(of: "}\n}", with: "}\n    Task { await sync() }\n}"))
        #expect(try Baseline.newFindings(in: more, from: checked) == Self.baseline().newFindings(in: more))
        #expect(try !Baseline.newFindings(in: more, from: checked).isEmpty)
    }
}
