import FixtureSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `top --pid` on a process that serves no census: every task read from its memory, live, with what each waits
/// on; and `--all-tasks` beside a census.
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: !builtWithThreadSanitizer, "the fixtures are built with ThreadSanitizer, whose shadow memory the reader refuses"))
struct TopTaskViewTests {
    @Test func oneSnapshotOfAProcessWithoutACensus() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let alpha = try #require(target.id(of: "alpha")), beta = try #require(target.id(of: "beta"))
        var output = ""
        for _ in 0..<50 {
            let run = try runTaskwarden(["top", "--pid", "\(target.pid)", "--once"])
            #expect(run.status == 0, "\(run.errors)")
            output = run.output
            if output.contains("awaiting Task \(alpha)") { break }
            usleep(200_000)
        }
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "InspectTarget (pid \(target.pid)) · 27 live tasks in 11 families")
        #expect(lines.contains { $0.hasPrefix("leaf ") && $0.hasSuffix(" 12         ?") })
        #expect(lines.contains { $0.hasPrefix("(unnamed) ") })
        #expect(lines.contains("├─ \"beta\" #\(beta)  suspended · awaiting Task \(alpha) ('alpha')"))
        #expect(lines.contains { $0.hasSuffix("\"gate-waiter\" #\(target.id(of: "gate-waiter") ?? 0)  enqueued · queued on actor InspectTarget.Gate") })
    }

    @Test func aProcessThatCannotBeReadEitherSaysBoth() throws {
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.run()
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let runtime = RuntimeFolder()
        let run = try ToolRun(["top", "--pid", "\(sleeper.processIdentifier)"], runtime: runtime)
        #expect(run.status == 2)
        #expect(run.errors == "taskwarden top: process \(sleeper.processIdentifier) serves no census (no \(runtime.censusFolder)/\(sleeper.processIdentifier).census), and its tasks cannot be read from outside: process \(sleeper.processIdentifier) (sleep) is not a Swift program (no Swift runtime is loaded in it, and its executable has no Swift metadata)\n")
    }

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed: run Scripts/ci-prerequisites.sh"))
    func wFollowsWhatTheSelectedTaskWaitsOn() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let alpha = try #require(target.id(of: "alpha")), beta = try #require(target.id(of: "beta"))
        let tmux = try TmuxSession(width: 120, height: 40, command:
            "\(builtProduct("taskwarden")) top --pid \(target.pid) --interval-ms 100; echo \"EXITED $?\"; sleep 600")
        #expect(try tmux.screen { $0.contains { $0.hasPrefix("  ▸ (unnamed)") } } != nil)
        // The whole tree, the cursor on beta (second from the top), then what it waits on.
        try tmux.send("t")
        #expect(try tmux.screen { $0.contains { $0.hasPrefix("› ├─ \"alpha\" #\(alpha)") } } != nil)
        try tmux.send("Down", "w")
        let chain = try #require(try tmux.screen { $0.contains { $0.hasPrefix("what Task \(beta) ('beta') waits on") } },
                                 "\((try? tmux.screen())?.joined(separator: "\n") ?? "")")
        let start = try #require(chain.firstIndex { $0.hasPrefix("what Task \(beta)") })
        #expect(chain[start + 1] == "Task \(beta) ('beta')  suspended · awaiting Task \(alpha) ('alpha')")
        #expect(chain[start + 2] == "└─ Task \(alpha) ('alpha')  suspended · awaiting a continuation")
        #expect(chain.contains { $0.hasPrefix("sort: c count") && $0.contains("w waits on") })
        try tmux.send("Escape", "q")
        #expect(try tmux.screen { $0.contains("EXITED 0") } != nil)
    }

    @Test func allTasksBesideTheCensus() throws {
        let runtime = RuntimeFolder()
        let served = try ServedExample(in: runtime)
        let run = try ToolRun(["top", "--pid", "\(served.pid)", "--all-tasks", "--once"], runtime: runtime)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // Tasks the census knows keep their exact age and creation site; the rest come from memory.
        let alert = try #require(lines.first { $0.contains("\"price-alert:1\" #") })
        #expect(alert.contains("  age ") && !alert.contains("age ≥"))
        #expect(alert.contains("PriceCheck/ServeCensusMode.swift:"))
        #expect(alert.hasSuffix("  suspended · awaiting a continuation") || alert.contains("  enqueued") || alert.contains("  running"))
        #expect(lines.contains { $0.hasPrefix("(unnamed) ") })
    }
}
