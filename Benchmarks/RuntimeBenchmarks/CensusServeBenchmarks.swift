import Foundation
import TaskWarden
import TaskWardenTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `swift run -c release RuntimeBenchmarks census-serve`: what a client streaming the census at 10 Hz costs the
// served process, with 10,000 live named tasks — process CPU (getrusage: every thread, the endpoint's
// included) for a fixed amount of work, rounds with the client streaming alternating with rounds where the
// same client is connected but idle. The client is a separate process (python3), so its own CPU is not
// counted. Target: ≤ 1.05×.

private let liveTasks = 10_000
private let churnPerRound = 200_000
private let rounds = 12

/// The client: connects, then on "stream"/"stop" lines from its standard input starts or stops a 10 Hz
/// stream and answers "ok" once the switch has taken effect (the first snapshot arrived; after a stop, the
/// error reply to a marker request, which comes after everything queued before it).
private let clientScript = #"""
import socket, sys, threading
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
f = s.makefile('rb')
f.readline()
snapshot, marker = threading.Event(), threading.Event()
received = [0]
def read():
    for line in f:
        if line.startswith(b'{"type":"error"'): marker.set()
        else: received[0] += 1; snapshot.set()
threading.Thread(target=read, daemon=True).start()
print("connected", flush=True)
for line in sys.stdin:
    if line.strip() == "stream":
        snapshot.clear(); s.sendall(b'{"type":"stream","intervalMs":100}\n'); snapshot.wait()
    else:
        marker.clear(); s.sendall(b'{"type":"stop"}\n{"type":"marker"}\n'); marker.wait()
    print("ok", received[0], flush=True)
"""#

private func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Server-like work: named tasks created and awaited through the census, on two drivers.
private func churn(_ census: TaskCensus) async {
    await withTaskGroup(of: Void.self) { group in
        for driver in 0..<2 {
            group.addTask {
                for index in 0..<(churnPerRound / 2) {
                    _ = await Warden.task(name: "price:\(driver)", census: census) { index }.value
                }
            }
        }
    }
}

func runCensusServeBenchmark() async {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
        print("census-serve: needs /usr/bin/python3 for the client process"); return
    }
    let census = TaskCensus()
    let gate = Gate()
    let live = (0..<liveTasks).map { index in
        Warden.task(name: "thumbnail:\(index)", census: census) { await gate.wait() }
    }
    var template = Array((FileManager.default.temporaryDirectory.path + "/census-bench-XXXXXX").utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let endpoint: CensusEndpoint
    do { endpoint = try census.serve(at: folder + "/bench.census", processName: "census-serve-benchmark") } catch {
        print("census-serve: \(error)"); return
    }
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    client.arguments = ["-c", clientScript, endpoint.path]
    let input = Pipe(), output = Pipe()
    client.standardInput = input
    client.standardOutput = output
    do { try client.run() } catch { print("census-serve: cannot start the client: \(error)"); return }
    var reader = LineReader(output.fileHandleForReading)
    guard reader.next() == "connected" else { print("census-serve: the client did not connect"); return }
    func switchClient(streaming: Bool) {
        input.fileHandleForWriting.write(Data((streaming ? "stream\n" : "stop\n").utf8))
        _ = reader.next()
    }

    await churn(census)   // warm-up
    var idle: [Double] = [], streaming: [Double] = []
    let builtBefore = endpoint.statistics.snapshotsBuilt
    let threadBefore = endpoint.statistics.threadCPUNanoseconds
    for round in 0..<(rounds * 2) {
        // Alternate, and alternate which goes first in each pair.
        let stream = (round % 2 == 0) == ((round / 2) % 2 == 0)
        switchClient(streaming: stream)
        let start = processCPUSeconds()
        await churn(census)
        let used = processCPUSeconds() - start
        if stream { streaming.append(used) } else { idle.append(used) }
    }
    switchClient(streaming: false)
    let snapshots = endpoint.statistics.snapshotsBuilt - builtBefore
    let threadCPU = Double(endpoint.statistics.threadCPUNanoseconds - threadBefore) / 1e9
    input.fileHandleForWriting.closeFile()
    client.waitUntilExit()
    endpoint.close()
    gate.open()
    for task in live { await task.value }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let extraPerSnapshot = (streaming.reduce(0, +) - idle.reduce(0, +)) / Double(max(snapshots, 1))
    print("census-serve: \(liveTasks) live named tasks, \(churnPerRound) tasks created and awaited per round, \(rounds) rounds each")
    print("  process CPU per round, idle client:      median \(format(median(idle), decimals: 3)) s, best \(format(idle.min()!, decimals: 3)) s")
    print("  process CPU per round, 10 Hz stream:     median \(format(median(streaming), decimals: 3)) s, best \(format(streaming.min()!, decimals: 3)) s")
    let ratio = median(streaming) / median(idle)
    print("  ratio (medians):                         \(format(ratio, decimals: 3))×  ≤ 1.05× " + (ratio <= 1.05 ? "met" : "MISSED"))
    print("  ratio (best rounds):                     \(format(streaming.min()! / idle.min()!, decimals: 3))×")
    print("  snapshots streamed: \(snapshots); extra process CPU per snapshot of \(liveTasks) tasks ≈ \(format(extraPerSnapshot * 1_000, decimals: 2)) ms")
    print("  the endpoint thread's own CPU: \(format(threadCPU * 1_000 / Double(max(snapshots, 1)), decimals: 2)) ms per snapshot, i.e. that many % of one core at 10 Hz")
}

/// Lines from a pipe, blocking.
private struct LineReader {
    let handle: FileHandle
    var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line.hasPrefix("ok") ? "ok" : line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
