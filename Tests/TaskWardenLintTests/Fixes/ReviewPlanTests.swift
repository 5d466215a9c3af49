import Foundation
import Testing
@testable import TaskWardenLint

/// The plan file's format: what `fix --write-plan` writes reads back as the same plan, in a stable order, and
/// every line that is not a plan's is an error naming that line.
@Suite struct ReviewPlanTests {
    static let hash = String(repeating: "ab", count: 32)

    static func plan(_ body: String) -> String {
        ReviewPlan.headerLine + "\n" + body
    }

    func parseError(_ text: String) -> ReviewPlanError? {
        do {
            _ = try ReviewPlan.parse(text, source: "names.plan")
            return nil
        } catch {
            return error
        }
    }

    @Test func aPlanReadsBackAsWrittenInPathThenSourceOrder() throws {
        let plan = ReviewPlan(files: [
            .init(path: "Sources/Z.swift", sha256: Self.hash, rows: [
                .init(line: 9, column: 5, kind: "addTask", name: "z-load", note: "per item · does: await load(item)"),
                .init(line: 3, column: 9, kind: "Task.init", name: nil, note: "forwarding helper: thread a name through"),
            ]),
            .init(path: "Sources/My App/\"Quoted\" A.swift", sha256: Self.hash, rows: [
                .init(line: 2, column: 13, kind: ".task", name: "a-refresh", note: ""),
                .init(line: 2, column: 5, kind: "Task.detached", name: "a-detached", note: "does: x # y"),
            ]),
        ])
        let text = plan.text
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(rows == [
            #"file "Sources/My App/\"Quoted\" A.swift" sha256 "# + Self.hash,
            #"  2:5 Task.detached "a-detached"  # does: x # y"#,
            #"  2:13 .task "a-refresh""#,
            #"file "Sources/Z.swift" sha256 "# + Self.hash,
            #"  3:9 Task.init -  # forwarding helper: thread a name through"#,
            #"  9:5 addTask "z-load"  # per item · does: await load(item)"#,
        ])
        let read = try ReviewPlan.parse(text, source: "names.plan")
        #expect(read.text == text)
        #expect(read.files.map(\.path) == ["Sources/My App/\"Quoted\" A.swift", "Sources/Z.swift"])
        #expect(read.files[0].rows.map(\.name) == ["a-detached", "a-refresh"])
        #expect(read.files[0].rows[0].note == "does: x # y")
        #expect(read.files[1].rows[0].name == nil)
        #expect(read.files[1].rows.map(\.planLine) == [16, 17])
        #expect(read.namedRows.map(\.row.name) == ["a-detached", "a-refresh", "z-load"])
    }

    @Test func editsAPersonMakesAreRead() throws {
        // Tabs, extra spaces, a note without a space before it, comments anywhere, CRLF line endings.
        let text = Self.plan("""

            # a comment of the reviewer's
            file "A.swift" sha256 \(Self.hash)
            \t3:9   Task.init\t"renamed-by-hand"
            4:9 Task.init -
            5:9 Task.init "no-note"#tight

            """)
        let plan = try ReviewPlan.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), source: "names.plan")
        #expect(plan.files[0].rows.map(\.name) == ["renamed-by-hand", nil, "no-note"])
        #expect(plan.files[0].rows.map(\.note) == ["", "", "tight"])
        #expect(plan.files[0].rows.map(\.planLine) == [5, 6, 7])
    }

    @Test func pathsAndNamesOfAnyTextStayOnTheirLine() throws {
        for path in ["a\nb.swift", "tab\there.swift", "back\\slash.swift", "é ü 🎵.swift", "\u{7}bell.swift", "line\u{2028}sep.swift"] {
            let plan = ReviewPlan(files: [.init(path: path, sha256: Self.hash, rows: [.init(line: 1, column: 1, kind: "Task.init", name: "a\"b\\c\nd")])])
            // The header, the instructions, a blank line, the file line and the row: nothing else ends a line.
            #expect(plan.text.utf8.filter { $0 == 10 }.count == 1 + ReviewPlan.instructions.count + 3)
            let read = try ReviewPlan.parse(plan.text, source: "p")
            #expect(read.files[0].path == path)
            #expect(read.files[0].rows[0].name == "a\"b\\c\nd")
        }
        #expect(try PlanString.read(#""\ud83c\udfb5 \u00e9" x"#.unicodeScalars[...]).value == "🎵 é")
    }

    @Test func everyMalformedLineIsAnErrorNamingIt() {
        let file = "file \"A.swift\" sha256 \(Self.hash)\n"
        let cases: [(String, Int?, String)] = [
            ("", nil, "is empty"),
            ("hello\n", 1, "is not a taskwarden fix plan"),
            ("# taskwarden fix plan, format 2\n", 1, "format 2; this taskwarden reads format 1"),
            (Self.plan("  3:9 Task.init \"a\"\n"), 2, "a site row before any 'file' line"),
            (Self.plan(file + "3 Task.init \"a\"\n"), 3, "'3' is not LINE:COLUMN"),
            (Self.plan(file + "0:9 Task.init \"a\"\n"), 3, "is not LINE:COLUMN"),
            (Self.plan(file + "-1:9 Task.init \"a\"\n"), 3, "is not LINE:COLUMN"),
            (Self.plan(file + "99999999999999999999:9 Task.init \"a\"\n"), 3, "is not LINE:COLUMN"),
            (Self.plan(file + "3:9 Task.init\n"), 3, "a row is 'LINE:COLUMN KIND"),
            (Self.plan(file + "3:9 Task.init a-name\n"), 3, "the name must be in double quotes"),
            (Self.plan(file + "3:9 Task.init \"a-name\n"), 3, "the name has no closing quote"),
            (Self.plan(file + "3:9 Task.init \"a\\q\"\n"), 3, "\\q, which is not a JSON string escape"),
            (Self.plan(file + "3:9 Task.init \"a\u{1B}[2J\"\n"), 3, "a control character"),
            (Self.plan(file + "3:9 Task.init \"a\" b\n"), 3, "unexpected 'b' after the name"),
            (Self.plan(file + "3:9 Task.init \"a\"\"b\"\n"), 3, "a space must follow the name"),
            (Self.plan(file + "3:9 async let \"a\"\n"), 3, "'async' is not a kind of site fix names"),
            (Self.plan(file + "3:9 Task.spawn \"a\"\n"), 3, "'Task.spawn' is not a kind of site fix names"),
            (Self.plan(file + "3:9 Task.init \"a\"\n3:9 Task.init \"b\"\n"), 4, "listed twice (also on line 3)"),
            (Self.plan(file + file), 3, "is listed twice (also on line 2)"),
            (Self.plan("file A.swift sha256 \(Self.hash)\n"), 2, "the path must be in double quotes"),
            (Self.plan("file \"A.swift\"\n"), 2, "64 lowercase hex digits"),
            (Self.plan("file \"A.swift\" sha256 ABC\n"), 2, "64 lowercase hex digits"),
            (Self.plan("file \"\" sha256 \(Self.hash)\n"), 2, "names no file"),
            (Self.plan(file + "3:9 Task.init \"" + String(repeating: "a", count: 70_000) + "\"\n"), 3, "longer than 65536 bytes"),
        ]
        for (text, line, message) in cases {
            let error = parseError(text)
            #expect(error?.line == line, "\(text.prefix(80))")
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error") for \(text.prefix(80))")
            #expect(error?.description.hasPrefix("names.plan" + (line.map { ":\($0)" } ?? "") + ": error: ") == true)
        }
    }

    @Test func errorMessagesCannotStartALineOrMoveTheCursor() {
        let error = parseError(Self.plan("file \"A.swift\" sha256 \(Self.hash)\n3:9 Task\u{1B}]0;x\u{7} \"a\"\n"))
        #expect(error?.description.contains("\u{1B}") == false)
        #expect(error?.description.contains("\\u{1B}") == true)
    }

    /// Editors on Windows save UTF-8 with a byte-order mark; the plan read from such a file is the plan.
    @Test func aPlanSavedWithAByteOrderMarkReadsAsThePlan() throws {
        let text = Self.plan("file \"A.swift\" sha256 \(Self.hash)\n  3:9 Task.init \"a\"\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("taskwarden-bom-\(UUID().uuidString).plan").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let read = try ReviewPlanFile.read(path, name: "names.plan")
        #expect(read == text)
        #expect(try ReviewPlan.parse(read, source: "names.plan") == ReviewPlan.parse(text, source: "names.plan"))
        // A plan saved so can be written over like any plan.
        #expect(throws: Never.self) { try ReviewPlanFile.checkReplaceable(path, name: "names.plan") }
    }
}
