import TaskWarden
import TaskWardenSupport
import TaskWardenTesting

/// A price lookup service for simulations: paced by a shared `RateLimiter`, answering after a seeded random
/// latency on the simulator's clock, failing a seeded fraction of the time. It counts every lookup it
/// *completed* (returned a price for), so a test can check that none of them was lost before being applied.
public final class SimulatedPriceSource: Sendable {
    /// A lowest-price answer for one release.
    public struct Price: Sendable, Equatable {
        public var releaseID: Int
        public var cents: Int
    }

    private let clock: SimulatedClock
    private let limiter: RateLimiter<SimulatedClock>
    private let latency: ClosedRange<Duration>
    private let failureRate: Double
    private let state: Locked<(random: SeededRandomNumberGenerator, completed: Int)>

    /// - Parameters:
    ///   - clock: the simulator's clock, on which latencies and the limiter's windows pass.
    ///   - requestsPerMinute: the limit the service enforces (its limiter is shared by every lookup).
    ///   - latency: how long an answer takes, drawn per lookup.
    ///   - failureRate: the fraction of lookups that fail (0 ... 1).
    ///   - seed: decides latencies and failures.
    public init(
        clock: SimulatedClock, requestsPerMinute: Int, latency: ClosedRange<Duration>, failureRate: Double, seed: UInt64
    ) throws {
        self.clock = clock
        self.limiter = try RateLimiter(limit: requestsPerMinute, per: .seconds(60), clock: clock)
        self.latency = latency
        self.failureRate = failureRate
        self.state = Locked((SeededRandomNumberGenerator(seed: seed), 0))
    }

    /// Lookups that returned a price.
    public var completedLookups: Int { state.withLock { $0.completed } }

    /// Waits for a turn at the limiter, then for the answer. `nil` when the lookup failed or was cancelled.
    public func lowestPrice(for releaseID: Int) async -> Price? {
        do { try await limiter.acquire() } catch { return nil }
        let (delay, fails, cents) = state.withLock { state in
            (state.random.duration(in: latency),
             Double.random(in: 0..<1, using: &state.random) < failureRate,
             Int.random(in: 100...9_900, using: &state.random))
        }
        do { try await clock.sleep(for: delay) } catch { return nil }
        if fails { return nil }
        state.withLock { $0.completed += 1 }
        return Price(releaseID: releaseID, cents: cents)
    }
}
