#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TaskWarden

// The trace recorder's cost per interval (target ≤ 200 ns, allocation-free per event after warm-up).
// Baseline: the two clock reads any timed interval needs.

private let intervals = 100_000
private let recorder = TraceRecorder(capacity: intervals * 2 + 16, retention: .all)
private let names = (0..<64).map { "price:\(40_000 + $0 * 7)" }

/// The baseline for both comparisons: the two clock reads per interval, nothing recorded.
private func twoClockReads() async {
    let clock = ContinuousClock()
    var total = Duration.zero
    for _ in 0..<intervals {
        let start = clock.now
        total += start.duration(to: clock.now)
    }
    precondition(total >= .zero)
}

/// Heap in use after 1 and after 10 million intervals (with the default retention), and what 1 million cost
/// an unbounded recorder, printed as figures.
private func recorderMemory() async {
    guard let start = SwiftAllocationCounter.heapInUse() else {
        print("  recorder memory: heap statistics not available here")
        return
    }
    let bounded = TraceRecorder()
    func record(_ count: Int, into recorder: TraceRecorder) {
        for index in 0..<count {
            recorder.endInterval(recorder.beginInterval("task", message: names[index & 63]))
        }
    }
    record(1_000_000, into: bounded)
    let afterOne = SwiftAllocationCounter.heapInUse()! - start
    record(9_000_000, into: bounded)
    let afterTen = SwiftAllocationCounter.heapInUse()! - start
    let unbounded = TraceRecorder(retention: .all)
    let beforeUnbounded = SwiftAllocationCounter.heapInUse()!
    record(1_000_000, into: unbounded)
    let unboundedGrowth = SwiftAllocationCounter.heapInUse()! - beforeUnbounded
    func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576) + " MB" }
    print("  recorder memory, default retention (\(bounded.recordCount) records kept, \(bounded.droppedCount) dropped):"
          + " \(megabytes(afterOne)) after 1M intervals, \(megabytes(afterTen)) after 10M:"
          + " ratio \(format(Double(afterTen) / Double(max(afterOne, 1)), decimals: 2))×;"
          + " retention .all, 1M intervals: \(megabytes(unboundedGrowth))")
    withExtendedLifetime((bounded, unbounded)) {}
}

let tracingSuite = BenchmarkSuite(name: "tracing", figures: recorderMemory, comparisons: [
    Comparison("recorder begin+end vs 2 clock reads", operations: intervals,
        baseline: twoClockReads,
        candidate: {
            recorder.removeAll()
            let allocations = SwiftAllocationCounter.count {
                for index in 0..<intervals {
                    recorder.endInterval(recorder.beginInterval("task", message: names[index & 63]))
                }
            }
            SwiftAllocationCounter.report("recorder begin+end", allocations: allocations, per: intervals)
        }),
    Comparison("recorder withInterval (task-local) vs 2 reads", operations: intervals,
        baseline: twoClockReads,
        candidate: {
            recorder.removeAll()
            for index in 0..<intervals {
                recorder.withInterval("task", message: names[index & 63]) {}
            }
        }),
])

/// Measures how much heap memory a body leaves allocated (glibc's heap in use, before and after).
///
/// A recorder that allocated per event would keep what it allocated (the events are stored), so zero growth
/// over 100 000 intervals after warm-up shows the per-event path is allocation-free. (An allocation freed again
/// within the body would not show; the per-event path has none to free — see Guides/Tracing.md.)
enum SwiftAllocationCounter {
    static let reported = Atomic<Int>(0)

    /// Heap bytes in use after `body` minus before, or nil where glibc's statistics are not available.
    static func count(_ body: () -> Void) -> Int? {
        guard let before = heapInUse() else {
            body()
            return nil
        }
        body()
        return heapInUse().map { $0 - before }
    }

    /// glibc's `mallinfo2()`: `uordblks + hblkhd`. Swift's Glibc module does not import `<malloc.h>`, so the function is
    /// looked up at run time. It returns a 10-word struct; on x86-64 System V such a result is written through a
    /// hidden pointer passed as the first integer argument, which is exactly a `(pointer) -> pointer` C call.
    static func heapInUse() -> Int? {
        #if canImport(Glibc) && arch(x86_64)
        typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
        guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
        let call = unsafeBitCast(symbol, to: MallInfo2.self)
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBytes { _ = call($0.baseAddress!) }
        // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, …: bytes in use are the heap's
        // (uordblks) plus the large blocks glibc maps on their own (hblkhd), where big arrays live.
        return fields[7] + fields[4]
        #else
        return nil
        #endif
    }

    /// Prints the figure for the warm-up run and the first measured run.
    static func report(_ what: String, allocations bytes: Int?, per operations: Int) {
        let run = reported.add(1, ordering: .relaxed).newValue
        guard run <= 2 else { return }
        let figure = bytes.map { "heap in use grew by \($0) bytes" } ?? "heap growth not measurable here"
        print("  \(what): \(figure) over \(operations) intervals (\(run == 1 ? "warm-up" : "after warm-up"))")
    }
}
