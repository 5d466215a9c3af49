import TaskWarden
import TaskWardenSupport

/// What one price check did, for the summary.
struct PriceCheckSummary {
    var wanted: Int
    var priced: Int
    var bargains: Int
    var tooManyRequests: Int
    var peakInFlight: Int
    var elapsed: Duration
    var finalLimit: Int
    var wasCancelled: Bool
    var traceIntervals: Int
}

/// The price check the example demonstrates: fan out over the wantlist at most `concurrency` at a time, each
/// child pacing itself through the shared limiter, applying what the service reports, and retrying a
/// "too many requests" answer; then apply every price that came back — also after a cancellation.
struct PriceCheck<C: Clock> where C.Duration == Duration {
    var options: PriceCheckOptions
    var clock: C
    var recorder: TraceRecorder

    func run() async throws -> PriceCheckSummary {
        let service = SimulatedPriceService(
            clock: clock, limit: options.serverLimit, window: options.window,
            latencyMilliseconds: options.latency, seed: options.seed)
        // The client starts from a guess; the first response tells it the real limit.
        let limiter = try RateLimiter(limit: options.initialLimit, per: options.window, clock: clock)
        let counters = Counters()
        let start = clock.now
        let recorder = self.recorder

        let results = await recorder.withInterval("price-check", message: "price-check") {
            await fanOut(
                over: Wantlist.releases(count: options.items, seed: options.seed),
                maxInFlight: options.concurrency,
                tracer: recorder,
                name: { "price:\($0.releaseID)" }
            ) { release -> Int? in
                counters.enter()
                defer { counters.leave() }
                while true {
                    do {
                        try await limiter.acquire()
                        recorder.emitEvent("admitted", message: "admitted by the rate limiter")
                        let response = try await service.price(for: release)
                        try? limiter.apply(response.rateLimit)
                        switch response.body {
                        case .price(let cents):
                            return cents
                        case .tooManyRequests:
                            counters.rejected()
                            recorder.emitEvent("retry", message: "429, waiting for the next window")
                        }
                    } catch {
                        return nil  // cancelled while waiting for a turn or for the answer
                    }
                }
            }
        }
        let wasCancelled = Task.isCancelled
        // The apply step: runs whether the check finished or was cancelled, with what was paid for.
        let prices = recorder.withInterval("apply", message: "apply-prices") {
            results.compactMap { result in result.output.map { (result.item, $0) } }
        }
        let bargains = prices.filter { $0.1 <= $0.0.maximumPrice * 100 }.count
        return PriceCheckSummary(
            wanted: options.items, priced: prices.count, bargains: bargains,
            tooManyRequests: counters.rejectedCount, peakInFlight: counters.peak,
            elapsed: start.duration(to: clock.now), finalLimit: limiter.limit, wasCancelled: wasCancelled,
            traceIntervals: recorder.intervals.count)
    }
}

/// In-flight and rejection counts, shared by the children.
final class Counters: Sendable {
    private struct State {
        var inFlight = 0
        var peak = 0
        var rejected = 0
    }
    private let state = Locked(State())   // Locked, not Mutex: ThreadSanitizer sees pthread mutexes, not Mutex hand-overs

    func enter() {
        state.withLock { state in
            state.inFlight += 1
            state.peak = max(state.peak, state.inFlight)
        }
    }
    func leave() { state.withLock { $0.inFlight -= 1 } }
    func rejected() { state.withLock { $0.rejected += 1 } }
    var peak: Int { state.withLock { $0.peak } }
    var rejectedCount: Int { state.withLock { $0.rejected } }
}
