import Synchronization
import TaskWarden

// The rate limiter's admit cost when a token is free, against the floor of any lock-based pacer: one lock
// round-trip and one clock read. And its queue: enqueueing and cancelling 160,000 waiters must cost what
// eight times 20,000 cost (a ratio near 1.0 is linear; a queue scanned per operation makes it about 8×).

private let admissions = 100_000
private let floorLock = Mutex(0)

/// Queues `count` waiters behind a limiter with no turn left, then cancels them from the back (the far end
/// for a queue scanned from the front) and waits until every one has left.
private func enqueueAndCancel(_ count: Int) async {
    let limiter = try! RateLimiter(limit: 1, per: .seconds(3_600), census: TaskCensus(isEnabled: false))
    _ = try! await limiter.acquire()
    var waiters: [Task<Void, any Error>] = []
    waiters.reserveCapacity(count)
    for _ in 0..<count {
        // Task.immediate queues each waiter before the loop goes on (Linux, OS 26 runtimes).
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            waiters.append(Task.immediate { _ = try await limiter.acquire() })
        }
    }
    precondition(limiter.waitingCount == count)
    for waiter in waiters.reversed() { waiter.cancel() }
    for waiter in waiters { _ = await waiter.result }
    precondition(limiter.waitingCount == 0)
}

let pacingSuite = BenchmarkSuite(name: "pacing", comparisons: [
    Comparison("limiter admit (token free) vs lock + clock", operations: admissions,
        baseline: {
            let clock = ContinuousClock()
            for _ in 0..<admissions {
                let now = clock.now
                floorLock.withLock { $0 &+= now == clock.now ? 1 : 2 }
            }
        },
        candidate: {
            // A limit no run reaches, so every call takes the admit path.
            let limiter = try! RateLimiter(limit: Int.max, per: .seconds(3600))
            for _ in 0..<admissions { try! await limiter.acquire() }
            precondition(limiter.admittedCount == admissions)
        }),
    Comparison("limiter enqueue+cancel: 160k waiters vs 8 × 20k", target: 1.5, operations: 160_000, rounds: 5,
        baseline: {
            for _ in 0..<8 { await enqueueAndCancel(20_000) }
        },
        candidate: {
            await enqueueAndCancel(160_000)
        }),
])
