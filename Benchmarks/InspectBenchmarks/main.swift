// What reading a process's tasks from outside costs: `Benchmarks/inspect-benchmark.sh` builds the release
// products and runs this with their folder.
//
//   snapshot   one snapshot of a process with 20,000 live tasks (InspectTarget many 20000): time with and
//              without async backtraces (median of 7, in this process), then `taskwarden tasks --pid` as its own
//              process (wall time, peak RSS), against the target's resident size.
//   slowdown   the target's CPU per round of fixed work (InspectTarget work 10000) while `taskwarden top --pid`
//              refreshes at 10 Hz in a tmux pane, against rounds with no reader; rounds alternate, medians.
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
    func tmux(_ arguments: [String]) {
        _ = measure("/usr/bin/tmux", ["-L", session, "-f", "/dev/null"] + arguments)
    }
    var on: [Double] = [], off: [Double] = [], onWall: [Double] = [], offWall: [Double] = []
    _ = target.nextLine()   // the first round warms up
    for round in 0..<24 {
        let reading = round % 2 == 0
        if reading {
            tmux(["new-session", "-d", "-x", "160", "-y", "50", "\(products)/taskwarden top --pid \(pid) --interval-ms 100"])
            usleep(300_000)   // top is up and reading before the round starts
        }
        _ = target.nextLine()   // a round that straddled the switch
        guard let line = target.nextLine() else { break }
        let fields = line.split(separator: " ")
        guard fields.count == 3, let cpu = Double(fields[1]), let wall = Double(fields[2]) else { continue }
        if reading {
            on.append(cpu); onWall.append(wall)
            tmux(["kill-server"])
        } else {
            off.append(cpu); offWall.append(wall)
        }
    }
    tmux(["kill-server"])
    target.stop()
    print("slowdown: target with 10,000 parked tasks, 2,000 tasks of work a round; top --pid refreshing at 10 Hz vs no reader")
    print(String(format: "  target CPU a round, median: %.1f ms with top vs %.1f ms without: %.2f×", median(on) / 1000, median(off) / 1000, median(on) / median(off)))
    print(String(format: "  target wall a round, median: %.1f ms vs %.1f ms: %.2f× (the reader's own CPU competes for the same cores)",
                 median(onWall) / 1000, median(offWall) / 1000, median(onWall) / median(offWall)))
}

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later; Swift's Glibc module does not import it):
/// the child closes every descriptor from `lowest` up. Without it (an older C library), each descriptor open
/// now is closed by name.
func closeAllDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
        return
    }
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
        if let descriptor = Int32(entry), descriptor >= lowest { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
}
