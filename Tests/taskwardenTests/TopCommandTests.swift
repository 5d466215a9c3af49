import Foundation
import Testing
import TaskWarden

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `taskwarden top` without a terminal (its output is a pipe here): one snapshot, then exit — and how it
/// finds the process to show.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TopCommandTests {
    @Test func withoutArgumentsItPicksTheOnlyServedProcessAndPrintsOneSnapshot() throws {
        let runtime = RuntimeFolder()
        let served = try ServedExample(in: runtime)
        let run = try ToolRun(["top"], runtime: runtime)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("price-check (pid \(served.pid)) · ") == true)
        #expect(lines.contains("FAMILY        TASKS    OLDEST"))
        #expect(lines.contains { $0.hasPrefix("price-alert ") })
        #expect(lines.contains { $0.hasPrefix("├─ \"price-alert:1\" #") })
    }

    @Test func jsonForScripts() throws {
        let runtime = RuntimeFolder()
        let served = try ServedExample(in: runtime)
        let run = try ToolRun(["top", "--socket", served.socket, "--once", "--format", "json"], runtime: runtime)
        #expect(run.status == 0, "\(run.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["process"] as? String == "price-check")
        #expect(object["pid"] as? Int == Int(served.pid))
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        let alert = try #require(tasks.first { $0["name"] as? String == "price-alert:1" })
        #expect(alert["family"] as? String == "price-alert")
        #expect(alert["file"] as? String == "PriceCheck/ServeCensusMode.swift")
        let families = try #require(object["families"] as? [[String: Any]])
        #expect(families.contains { $0["family"] as? String == "price-alert" })
        #expect(tasks.count == object["count"] as? Int)
    }

    @Test func withoutArgumentsAndNothingServedItSaysWhereItLooked() throws {
        let runtime = RuntimeFolder()
        let run = try ToolRun(["top"], runtime: runtime)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("taskwarden top: no process serves a census in \(runtime.censusFolder) "))
    }

    @Test func withTwoServedProcessesItListsThemAndExits2() throws {
        let runtime = RuntimeFolder()
        let first = try ServedExample(in: runtime)
        let second = try ServedExample(in: runtime)
        let run = try ToolRun(["top", "--once"], runtime: runtime)
        #expect(run.status == 2)
        let pids = [first.pid, second.pid].sorted()
        #expect(run.errors == """
            taskwarden top: 2 processes serve a census; pick one with --pid:
              PID      PROCESS
              \(String(pids[0]).padding(toLength: 8, withPad: " ", startingAt: 0)) price-check
              \(String(pids[1]).padding(toLength: 8, withPad: " ", startingAt: 0)) price-check

            """)
        let picked = try ToolRun(["top", "--pid", "\(second.pid)"], runtime: runtime)
        #expect(picked.status == 0)
        #expect(picked.output.hasPrefix("price-check (pid \(second.pid)) · "))
    }

    @Test func aStaleSocketIsNotOffered() throws {
        let runtime = RuntimeFolder()
        let crashed = try ServedExample(in: runtime)
        kill(crashed.pid, SIGKILL)
        crashed.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: crashed.socket))
        let run = try ToolRun(["top"], runtime: runtime)
        #expect(run.status == 2)
        #expect(run.errors.contains("no process serves a census"))
        let direct = try ToolRun(["top", "--socket", crashed.socket], runtime: runtime)
        #expect(direct.status == 2)
        #expect(direct.errors == "taskwarden top: \(crashed.socket): cannot connect: nobody is serving there any more (a stale socket)\n")
    }

    @Test func badUsageNamesTheInput() throws {
        let runtime = RuntimeFolder()
        let run = try ToolRun(["top", "--pid", "none"], runtime: runtime)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("taskwarden top: --pid needs a process id, not 'none'"))
        let missing = try ToolRun(["top", "--pid", "999999"], runtime: runtime)
        #expect(missing.errors.hasPrefix("taskwarden top: process 999999 serves no census (no \(runtime.censusFolder)/999999.census)"))
        let both = try ToolRun(["top", "--pid", "1", "--socket", "x"], runtime: runtime)
        #expect(both.errors.hasPrefix("taskwarden top: give --pid or --socket, not both"))
    }
}
