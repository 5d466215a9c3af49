import Foundation
import Testing
import TaskWarden
@testable import taskwarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `top` does with a census endpoint that lies: numbers out of range, control characters in names, a
/// message that never ends, and paths that are not sockets at all.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TopHostileInputTests {
    static let osc = "\u{1B}]0;PWNED\u{07}"

    @Test func aHugeAgeFromTheSocketIsClampedNotATrap() throws {
        let runtime = RuntimeFolder()
        let server = try FakeCensusServer(in: runtime.path, processName: "liar",
                                          payload: try FakeCensusServer.snapshotLine([("x", "f.swift", "9.3e12")]))
        let run = try ToolRun(["top", "--socket", server.path, "--once"], runtime: runtime)
        // Either the decoder refuses the number (naming the field) or top shows it clamped; never a crash.
        #expect(run.status == 0 || (run.status == 2 && run.errors.contains("ageMs")), "\(run.status) \(run.errors)")
        if run.status == 0 {
            #expect(run.output.contains("36500d00h"))
        }
    }

    @Test func everyAgeTopComputesIsClamped() {
        let takenAt = Duration.seconds(5)
        let records = [
            CensusRecord(name: "ancient", id: TaskID(rawValue: 1), parentID: nil, fileID: "a.swift", line: 1,
                         startedAt: takenAt - .milliseconds(9_300_000_000_000_000)),
            CensusRecord(name: "future", id: TaskID(rawValue: 2), parentID: nil, fileID: "b.swift", line: 2,
                         startedAt: takenAt + .seconds(1_000_000)),
        ]
        var model = TopModel(process: "p", pid: 1)
        model.ingest(CensusSnapshot(takenAt: takenAt, records: records))
        model.handle(.character("e"))
        let screen = TopScreen.lines(model, width: 120, height: 20).joined(separator: "\n")
        #expect(screen.contains("36500d00h"))
        #expect(screen.contains("0ms"))
        #expect(TopReport.text(model).contains("ancient"))
        #expect(TopReport.json(model).contains("\"oldestAgeMs\" : 3153600000000"))
    }

    @Test func controlCharactersAreShownNotObeyed() {
        let record = CensusRecord(name: "a\(Self.osc)b\nforged line", id: TaskID(rawValue: 1), parentID: nil,
                                  fileID: "f\u{1B}[31m.swift", line: 1, startedAt: .zero)
        var model = TopModel(process: "evil\(Self.osc)", pid: 1)
        model.ingest(CensusSnapshot(takenAt: .seconds(1), records: [record]))
        model.handle(.character("e"))
        let outputs = TopScreen.lines(model, width: 200, height: 20) + [TopReport.text(model)]
        for output in outputs {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output)")
        }
        #expect(TopReport.text(model).contains(#""a\u001b]0;PWNED\u0007b\nforged line" #1"#))
        #expect(TopReport.text(model).hasPrefix(#"evil\u001b]0;PWNED\u0007 (pid 1)"#))
        #expect(outputs.joined().contains(#"f\u001b[31m.swift:1"#))
        #expect(TerminalText.escaped("\u{9B}\u{202E}ok\\") == #"\u009b\u202eok\"#)
        #expect(TerminalText.escaped(TerminalText.escaped("x\u{7F}")) == #"x\u007f"#)
    }

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed: run Scripts/ci-prerequisites.sh"))
    func anOSCTitleNeverReachesARealTerminal() throws {
        let runtime = RuntimeFolder()
        let line = try FakeCensusServer.snapshotLine([("price\(Self.osc)", "f\(Self.osc).swift", "12")])
        for arguments in ["--once", "--interval-ms 100"] {
            let server = try FakeCensusServer(in: runtime.path, processName: "evil\(Self.osc)", payload: line)
            let tmux = try TmuxSession(width: 120, height: 20, command:
                "\(builtProduct("taskwarden")) top --socket \(server.path) \(arguments); echo EXITED; sleep 600")
            let screen = try #require(try tmux.screen { $0.contains { $0.contains("(pid 4242)") } },
                                      "\((try? tmux.screen())?.joined(separator: "\n") ?? "")")
            #expect(try tmux.paneTitle() != "PWNED")
            #expect(screen.contains { $0.contains(#"evil\u001b]0;PWNED\u0007 (pid 4242)"#) })
            #expect(try tmux.screen { $0.contains { $0.contains(#"price\u001b]0;PWNED\u0007"#) } } != nil)
            if arguments != "--once" { try tmux.send("q") }
            #expect(try tmux.screen { $0.contains("EXITED") } != nil)
            #expect(try tmux.paneTitle() != "PWNED")
        }
    }

    @Test func aMessageWithoutANewlineIsCutOffAtTheLimit() throws {
        let runtime = RuntimeFolder()
        let server = try FakeCensusServer(in: runtime.path, processName: "flood",
                                          payload: [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20), repeatPayload: 80)
        let run = try ToolRun(["top", "--socket", server.path, "--once"], runtime: runtime)
        #expect(run.status == 2)
        #expect(run.errors == "taskwarden top: \(server.path): a census message longer than 16 MiB without a newline (not a census endpoint, or a broken one)\n")
    }

    @Test func eachByteIsSearchedForANewlineOnce() throws {
        var reader = CensusLineReader(maximumLineLength: 1 << 20)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<200 {
            reader.append(chunk)
            #expect(try reader.nextLine() == nil)
        }
        reader.append(Array("y\nsecond\nthird".utf8))
        #expect(try reader.nextLine()?.count == 200 * 4096 + 1)
        #expect(try reader.nextLine() == "second")
        #expect(try reader.nextLine() == nil)
        reader.append(Array("\n".utf8))
        #expect(try reader.nextLine() == "third")
        #expect(reader.bytesSearched == 200 * 4096 + "y\nsecond\nthird\n".utf8.count)
        for _ in 0..<300 { reader.append(chunk) }
        #expect(throws: CensusLineReader.LineTooLong.self) { try reader.nextLine() }
    }

    @Test func aPathThatIsNotASocketSaysWhatItIs() throws {
        let runtime = RuntimeFolder()
        let file = runtime.path + "/plain", fifo = runtime.path + "/pipe", folder = runtime.path + "/folder"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let expected = [
            file: "a regular file, not a socket (a census endpoint is a Unix socket)",
            fifo: "a FIFO (named pipe), not a socket (a census endpoint is a Unix socket)",
            folder: "a folder, not a socket (give the socket inside it, PID.census, or use --pid PID)",
            runtime.path + "/missing": "no such file (no process serves a census there)",
        ]
        for (path, problem) in expected {
            let run = try ToolRun(["top", "--socket", path], runtime: runtime)
            #expect(run.status == 2)
            #expect(run.errors == "taskwarden top: \(path): \(problem)\n")
        }
    }
}
