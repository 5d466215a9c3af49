/// The simulator's clock: `now` is virtual time, and `sleep(until:)` parks the caller until the simulator
/// advances past the deadline. It never sleeps for real.
///
/// Inject it wherever production code takes a `Clock` (the engine, the ledger, a rate limiter, latencies of a
/// fake service). Sleeping is cancellable and throws `CancellationError`, like `Task.sleep`.
///
/// ```swift
/// let simulator = BackgroundSimulator(seed: 1, permittedIdentifiers: ["com.recordshelf.price-check"])
/// let clock = simulator.clock
/// try await clock.sleep(for: .seconds(2))   // inside a simulated handler: 2 s of virtual time, 0 s of real time
/// ```
public struct SimulatedClock: Clock, Sendable {
    public typealias Instant = SimulatedInstant
    public typealias Duration = Swift.Duration

    let scheduler: SimulationScheduler

    init(scheduler: SimulationScheduler) { self.scheduler = scheduler }

    public var now: SimulatedInstant { SimulatedInstant(offset: scheduler.now) }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: SimulatedInstant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let scheduler = self.scheduler
        let id = scheduler.makeTimerID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                scheduler.addTimer(id: id, deadline: deadline.offset, continuation: continuation)
            }
        } onCancel: {
            scheduler.cancelTimer(id: id)
        }
    }
}
