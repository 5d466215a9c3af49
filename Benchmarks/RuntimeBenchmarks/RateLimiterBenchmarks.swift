import Synchronization
import TaskWarden

// The rate limiter's admit cost when a token is free, against the floor of any lock-based pacer: one lock
// round-trip and one clock read.

private let admissions = 100_000
private let floorLock = Mutex(0)

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
])
