import FixtureSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `taskwarden tasks --pid`, end to end: the built tool reading fixture processes.
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: !builtWithThreadSanitizer, "the fixtures are built with ThreadSanitizer, whose shadow memory the reader refuses"))
struct TasksCommandTests {
    /// The text tree once the fixture has settled (beta awaits alpha), at most ~10 s.
    static func settledTree(_ target: FixtureProcess, _ extra: [String] = []) throws -> String {
        var last = ""
        for _ in 0..<50 {
            let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"] + extra)
            #expect(run.status == 0, "\(run.errors)")
            last = run.output
            if last.contains("('beta')") && last.contains("[awaiting Task") && last.contains("[queued on actor") { return last }
            usleep(200_000)
        }
        return last
    }

    @Test func drawsTheTreeLikeLLDB() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let alpha = try #require(target.id(of: "alpha")), beta = try #require(target.id(of: "beta"))
        let fan = try #require(target.id(of: "fan:0")), leaf = try #require(target.id(of: "leaf:0.0"))
        let tree = try Self.settledTree(target)
        let lines = tree.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("InspectTarget (pid \(target.pid)) · 27 live tasks · Swift 6.3.1 runtime (libswift_Concurrency.so) · read in "))
        let betaLine = try #require(lines.firstIndex { $0.hasPrefix("├╴ Task \(beta) ('beta'), addr = 0x") })
        #expect(lines[betaLine].hasSuffix(" [suspended] [awaiting Task \(alpha) ('alpha')]"))
        #expect(lines[betaLine + 1] == "│     frame #0: Task<>.value.getter")
        #expect(lines[betaLine + 2].hasPrefix("│     frame #1: closure #2 in static KnownTree.start() at KnownTree.swift:"))
        #expect(lines.contains { $0.hasPrefix("│  ├╴ Task \(fan) ('fan:0'), addr = ") && $0.hasSuffix(" [group child] [suspended] [awaiting its group (4 children)]") })
        #expect(lines.contains { $0.hasPrefix("│  │  ├╴ Task \(leaf) ('leaf:0.0'), addr = ") })
        #expect(lines.contains { $0.contains("('gate-waiter')") && $0.hasSuffix("[enqueued] [queued on actor InspectTarget.Gate]") })
        #expect(lines.contains { $0.contains("[async let] [suspended] [awaiting a continuation]") })
    }

    @Test func jsonForScripts() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        _ = try Self.settledTree(target)
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)", "--format", "json"])
        #expect(run.status == 0, "\(run.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["process"] as? String == "InspectTarget")
        #expect((object["runtime"] as? [String: Any])?["release"] as? String == "Swift 6.3.1")
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        #expect(tasks.count == object["count"] as? Int)
        let beta = try #require(tasks.first { $0["name"] as? String == "beta" })
        let wait = try #require(beta["waitingOn"] as? [String: Any])
        #expect(wait["kind"] as? String == "task")
        #expect(wait["name"] as? String == "alpha")
        #expect(wait["task"] as? Int == target.id(of: "alpha").map(Int.init))
        let frames = try #require(beta["frames"] as? [[String: Any]])
        #expect(frames.contains { ($0["file"] as? String)?.hasSuffix("KnownTree.swift") == true && $0["line"] is Int })
        let fanOut = try #require(tasks.first { $0["name"] as? String == "fan-out" })
        #expect((fanOut["children"] as? [Int])?.count == 3)
        #expect(tasks.contains { $0["kind"] as? String == "async-let" && $0["name"] is NSNull })
    }

    @Test func filtersByNameStateAndDepth() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        _ = try Self.settledTree(target)
        let fan = try #require(target.id(of: "fan-out"))
        let leaves = try runTaskwarden(["tasks", "--pid", "\(target.pid)", "--name", "leaf:1.*", "--no-frames"])
        let leafLines = leaves.output.split(separator: "\n").dropFirst()
        #expect(leaves.output.split(separator: "\n")[0].contains("27 live tasks, 4 shown"))
        #expect(leafLines.count == 4)
        #expect(leafLines.allSatisfy { $0.contains("('leaf:1.") && $0.contains("[child of Task ") })
        let top = try runTaskwarden(["tasks", "--pid", "\(target.pid)", "--depth", "1", "--no-frames"])
        #expect(top.output.contains("Task \(fan) ('fan-out')"))
        #expect(!top.output.contains("('fan:0')"))
        let suspended = try runTaskwarden(["tasks", "--pid", "\(target.pid)", "--suspended", "--no-frames"])
        #expect(!suspended.output.contains("('gate-holder')"))
        #expect(!suspended.output.contains("('gate-waiter')"))
        #expect(suspended.output.contains("('beta')"))
        let usage = try runTaskwarden(["tasks", "--pid", "\(target.pid)", "--depth", "0"])
        #expect(usage.status == 2)
        #expect(usage.errors.hasPrefix("taskwarden tasks: --depth needs a whole number of at least 1, not '0'"))
    }

    @Test func aNonSwiftProcessIsRefusedInOneLine() throws {
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.run()
        // SIGKILL: a child of the test runner inherits its blocked SIGTERM.
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let run = try runTaskwarden(["tasks", "--pid", "\(sleeper.processIdentifier)"])
        #expect(run.status == 2)
        #expect(run.errors == "taskwarden tasks: process \(sleeper.processIdentifier) (sleep) is not a Swift program (no Swift runtime is loaded in it, and its executable has no Swift metadata)\n")
        #expect(run.output.isEmpty)
    }

    @Test func swiftWithoutConcurrencyIsRefusedInOneLine() throws {
        let target = try FixtureProcess("InspectTargetPlain")
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"])
        #expect(run.status == 2)
        #expect(run.errors == "taskwarden tasks: process \(target.pid) (InspectTargetPlain) runs Swift without the concurrency runtime (libswift_Concurrency is not loaded), so it has no tasks to show\n")
    }

    @Test func aRuntimeLayoutItDoesNotKnowIsRefusedByName() throws {
        let target = try FixtureProcess("InspectTargetFakeRuntime")
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("taskwarden tasks: process \(target.pid) (InspectTargetFakeRuntime) runs a concurrency runtime taskwarden was not tested on: the runtime linked into InspectTargetFakeRuntime ("))
        #expect(run.errors.contains("layout version 99, task size 208"))
        #expect(run.errors.contains("; tested: Swift 6.3.1 x86_64."))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test(.enabled(if: canSwitchUsers, "needs root and setpriv to run the reader as another user"))
    func anotherUsersProcessIsRefusedWithTheFix() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])   // runs as root
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"], user: 65534)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("taskwarden tasks: process \(target.pid) (InspectTarget) belongs to root (uid 0), and taskwarden runs as "))
        #expect(run.errors.hasSuffix("only the same user (or root) may read its tasks; run taskwarden as that user (sudo -u root taskwarden …) or as root\n"))
    }

    @Test(.enabled(if: canSwitchUsers, "needs root and setpriv to run both processes as an unprivileged user"))
    func aNonDumpableProcessIsRefusedWithTheFix() throws {
        let target = try FixtureProcess("InspectTargetFakeRuntime", ["--not-dumpable"], user: 65534)
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"], user: 65534)
        #expect(run.status == 2)
        #expect(run.errors.contains("is not dumpable"))
        #expect(run.errors.hasSuffix("run taskwarden as root, or let the process stay dumpable\n"))
    }

    @Test func badUsageNamesTheInput() throws {
        let missing = try runTaskwarden(["tasks"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("taskwarden tasks: give the process with --pid N"))
        let gone = try runTaskwarden(["tasks", "--pid", "999999"])
        #expect(gone.status == 2)
        #expect(gone.errors == "taskwarden tasks: no process has id 999999\n")
    }
}

/// Under `swift test --sanitize=thread` the fixtures carry ThreadSanitizer's shadow memory: the reader says so in
/// one line at once instead of scanning it for hours.
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: builtWithThreadSanitizer, "only a ThreadSanitizer build has sanitized fixtures"))
struct SanitizedTargetTests {
    @Test func aProcessBuiltWithThreadSanitizerIsRefusedInOneLine() throws {
        let target = try FixtureProcess("InspectTarget", ["tree"])
        let run = try runTaskwarden(["tasks", "--pid", "\(target.pid)"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("taskwarden tasks: process \(target.pid) (InspectTarget) has "))
        #expect(run.errors.hasSuffix("most likely the shadow memory of a sanitizer (-sanitize=thread or address); read a build without it\n"))
        #expect(run.errors.filter { $0 == "\n" }.count == 1)
    }
}
