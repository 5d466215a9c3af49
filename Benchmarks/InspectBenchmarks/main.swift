// What reading a process's tasks from outside costs: `Benchmarks/inspect-benchmark.sh` builds the release
// products and runs this with their folder.
//
//   snapshot   one snapshot of a process with 20,000 live tasks (InspectTarget many 20000): time with and
//              without async backtraces (median of 7, in this process), then `taskwarden tasks --pid` as its own
//              process (wall time, peak RSS), against the target's resident size.
//   slowdown   the target's CPU per round of fixed work (InspectTarget work 10000) while `taskwarden top --pid
//              --interval-ms 100` reads it in a tmux pane (10 Hz, or as fast as a read allows), against phases with
//              no reader; phases alternate, each the mean of 200 rounds run wholly inside it; medians of the phases.
import FixtureSupport
import Foundation
import TaskWardenInspect

#if canImport(Glibc)
import Glibc
#endif

let products = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".build/release"
let suites = CommandLine.arguments.count > 2 ? Array(CommandLine.arguments.dropFirst(2)) : ["snapshot", "slowdown"]

/// A fixture process: started, read until READY; lines after READY are handed to `onLine`.
final class Target {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var pending = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: products + "/InspectTarget")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        while let line = nextLine(), line != "READY" {}
    }

    func nextLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                defer { pending.removeSubrange(pending.startIndex...newline) }
                return String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            pending.append(data)
        }
    }

    /// Drops every line the target printed so far, and the next one (the round under way).
    func drain() {
        pending.removeAll()
        let descriptor = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0, read(descriptor, &buffer, buffer.count) > 0 else { break }
        }
        _ = nextLine()
    }

    var residentKilobytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Runs a command to its end; its wall time and peak resident set (from wait4).
func measure(_ executable: String, _ arguments: [String]) -> (wall: Double, peakKilobytes: Int, status: Int32) {
    let clock = ContinuousClock()
    let start = clock.now
    var pid = pid_t()
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    // Nothing else of this process: a tmux server started here would keep the target's pipes open for its life.
    closeAllDescriptors(from: 3, in: &actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (.nan, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    return (seconds(clock.now - start), usage.ru_maxrss, status)
}

if suites.contains("snapshot") {
    let target = try Target(["many", "20000"])
    let inspector = try ProcessInspector(pid: target.process.processIdentifier)
    var withFrames: [Double] = [], withoutFrames: [Double] = []
    var count = 0, scanned: UInt64 = 0
    for _ in 0..<7 {
        let plain = try inspector.snapshot(backtraces: false)
        withoutFrames.append(seconds(plain.readTime))
        let full = try inspector.snapshot()
        withFrames.append(seconds(full.readTime))
        count = full.tasks.count
        scanned = full.bytesScanned
    }
    let resident = target.residentKilobytes
    let cli = (0..<3).map { _ in measure(products + "/taskwarden", ["tasks", "--pid", "\(target.process.processIdentifier)", "--format", "json"]) }
    let cliWall = median(cli.map(\.wall)), cliPeak = cli.map(\.peakKilobytes).max() ?? 0
    print("snapshot: \(count) live tasks; target resident \(resident / 1024) MB, \(scanned >> 20) MB of anonymous memory scanned")
    print(String(format: "  in process, median of 7: %.0f ms without backtraces, %.0f ms with (%.1f µs a task)",
                 median(withoutFrames) * 1000, median(withFrames) * 1000, median(withFrames) * 1e6 / Double(max(count, 1))))
    print(String(format: "  taskwarden tasks --pid --format json, median of 3: %.2f s wall, peak RSS %d MB (%.2f× the target's resident size)",
                 cliWall, cliPeak / 1024, Double(cliPeak) / Double(max(resident, 1))))
    target.stop()
}

if suites.contains("slowdown") {
    let target = try Target(["work", "10000"])
    let pid = target.process.processIdentifier
    let session = "inspect-benchmark-\(getpid())"
    func tmux(_ arguments: [String]) -> Int32 {
        measure("/usr/bin/tmux", ["-L", session, "-f", "/dev/null"] + arguments).status
    }
    func screen() -> [String] {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", session, "capture-pane", "-p", "-t", "0"]
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    // Phases alternate: top reading, no reader. Each phase first lets top come up, then drops every round the
    // target reported before (and the one under way), then sums the CPU and wall time of the next rounds —
    // rounds that ran entirely inside the phase.
    let roundsPerPhase = 200, phases = 12
    var on: [Double] = [], off: [Double] = [], onWall: [Double] = [], offWall: [Double] = []
    var header = ""
    for phase in 0..<phases {
        let reading = phase % 2 == 0
        if reading {
            _ = tmux(["new-session", "-d", "-x", "160", "-y", "50", "\(products)/taskwarden top --pid \(pid) --interval-ms 100"])
            usleep(500_000)   // top is up and reading
        }
        target.drain()
        var cpu = 0.0, wall = 0.0
        for _ in 0..<roundsPerPhase {
            guard let line = target.nextLine() else { break }
            let fields = line.split(separator: " ")
            guard fields.count == 3, let roundCPU = Double(fields[1]), let roundWall = Double(fields[2]) else { continue }
            cpu += roundCPU
            wall += roundWall
        }
        if reading {
            header = screen().first ?? ""
            guard tmux(["has-session"]) == 0, header.contains("live tasks") else {
                print("slowdown: top was not reading the target (its screen: \(header))")
                exit(1)
            }
            _ = tmux(["kill-server"])
            on.append(cpu / Double(roundsPerPhase)); onWall.append(wall / Double(roundsPerPhase))
        } else {
            off.append(cpu / Double(roundsPerPhase)); offWall.append(wall / Double(roundsPerPhase))
        }
    }
    _ = tmux(["kill-server"])
    target.stop()
    print("slowdown: target with 10,000 parked tasks, 2,000 tasks of work a round; top --pid refreshing every 100 ms vs no reader")
    print("  \(phases / 2) phases of each, \(roundsPerPhase) rounds a phase, alternating; top's last header: \(header)")
    print(String(format: "  target CPU a round, median of the phases: %.2f ms with top vs %.2f ms without: %.2f×", median(on) / 1000, median(off) / 1000, median(on) / median(off)))
    print(String(format: "  target wall a round, median: %.2f ms vs %.2f ms: %.2f× (top's own CPU competes for the same cores)",
                 median(onWall) / 1000, median(offWall) / 1000, median(onWall) / median(offWall)))
}
