import TaskWarden
import TaskWardenTesting
import TaskWardenSupport

/// What the simulated service answers: a price, or "too many requests", always with its rate-limit headers.
struct PriceResponse: Sendable {
    enum Body: Sendable {
        case price(cents: Int)
        case tooManyRequests
    }
    var body: Body
    var rateLimit: RateLimitReport
}

/// A stand-in for a marketplace price API: each lookup takes a seeded latency on the injected clock, and the
/// service enforces its own fixed-window rate limit, reporting limit / remaining / reset with every answer.
final class SimulatedPriceService<C: Clock>: Sendable where C.Duration == Duration {
    private struct Window {
        var start: C.Instant?
        var used = 0
    }

    private let clock: C
    private let limit: Int
    private let window: Duration
    private let latency: ClosedRange<Int>
    private let seed: UInt64
    private let state = Locked(Window())   // Locked, not Mutex: ThreadSanitizer sees pthread mutexes, not Mutex hand-overs

    init(clock: C, limit: Int, window: Duration, latencyMilliseconds latency: ClosedRange<Int>, seed: UInt64) {
        self.clock = clock
        self.limit = limit
        self.window = window
        self.latency = latency
        self.seed = seed
    }

    /// Looks up a price. The request counts against the limit when it arrives; the answer comes after the
    /// latency. Cancellation while waiting throws `CancellationError`.
    func price(for release: WantedRelease) async throws -> PriceResponse {
        let accepted = state.withLock { window -> Bool in
            rollIfEnded(&window, at: clock.now)
            guard window.used < limit else { return false }
            window.used += 1
            return true
        }
        var generator = SeededRandomNumberGenerator(seed: seed &* 31 &+ UInt64(release.releaseID))
        try await clock.sleep(for: .milliseconds(Int.random(in: latency, using: &generator)))
        let cents = Int.random(in: 300...(release.maximumPrice * 150), using: &generator)
        // Headers describe the window as it is when the response is sent, like a real server's.
        let report = state.withLock { window -> RateLimitReport in
            let now = clock.now
            rollIfEnded(&window, at: now)
            let resetIn = now.duration(to: (window.start ?? now).advanced(by: self.window))
            return RateLimitReport(limit: limit, window: self.window, remaining: limit - window.used, resetIn: resetIn)
        }
        return PriceResponse(body: accepted ? .price(cents: cents) : .tooManyRequests, rateLimit: report)
    }

    /// A window starts with the first request after the previous one ended.
    private func rollIfEnded(_ window: inout Window, at now: C.Instant) {
        if let start = window.start, now >= start.advanced(by: self.window) { window = Window() }
        if window.start == nil { window.start = now }
    }
}
