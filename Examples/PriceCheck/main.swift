import Foundation
import TaskWarden

// price-check: the RecordShelf background price check, runnable. See `swift run price-check --help`.

SimulateDaysMode.runIfRequested()   // `--simulate-days N`: the background refresh simulation; exits

let options: PriceCheckOptions
do {
    switch try PriceCheckOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        print(PriceCheckOptions.usage)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data("price-check: \(error)\n".utf8))
    exit(2)
}

if options.serveCensus { await ServeCensusMode.run(options) }   // `--serve-census`: runs until SIGINT/SIGTERM

let clock = ContinuousClock()
let recorder = TraceRecorder(processName: "price-check", capacity: options.items * 4 + 64, clock: clock)
let check = Task(name: "price-check") {
    try await PriceCheck(options: options, clock: clock, recorder: recorder).run()
}
if let cancelAfter = options.cancelAfter {
    Task(name: "price-check-deadline") {
        try? await clock.sleep(for: cancelAfter)
        check.cancel()
    }
}

do {
    let summary = try await check.value
    let json = recorder.chromeTraceJSON()
    try Data(json.utf8).write(to: URL(fileURLWithPath: options.tracePath))
    let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
    print("""
        price check \(summary.wasCancelled ? "cancelled" : "finished") in \(String(format: "%.2f", seconds)) s
          priced          \(summary.priced) of \(summary.wanted) releases (\(summary.bargains) under their maximum price)
          applied         \(summary.priced) prices\(summary.wasCancelled ? " (everything that completed before the cancellation)" : "")
          peak in flight  \(summary.peakInFlight) (limit \(options.concurrency))
          rate limit      \(summary.finalLimit) per \(options.window) reported by the service (client guessed \(options.initialLimit)); \(summary.tooManyRequests) requests answered 429 and retried
          throughput      \(String(format: "%.1f", Double(summary.priced) / max(seconds, 1e-9))) prices/s
          trace           \(options.tracePath): \(summary.traceIntervals) intervals (open in ui.perfetto.dev, or: swift run taskwarden trace render \(options.tracePath) -o timeline.html)
        """)
} catch {
    FileHandle.standardError.write(Data("price-check: \(error)\n".utf8))
    exit(1)
}
