import TaskWardenSupport

/// A ``TaskService``'s state, behind its lock.
struct ServiceState: Sendable {
    /// The task of a started loop.
    var loop: Task<Void, Never>?
    /// Whether a loop runs in a caller's `run()`.
    var runsInCaller = false
    var generation: UInt64 = 0
    /// Set by `stop()` and `triggerGracefulShutdown()`: the loop starts no further iteration.
    var stopRequested = false
    /// Loops waiting between iterations, woken by a stop request.
    var sleepers: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextSleeper: UInt64 = 0
    /// Callers of `stop()` waiting for `run()` to return.
    var endWaiters: [CheckedContinuation<Void, Never>] = []

    var isRunning: Bool { loop != nil || runsInCaller }

    /// A new loop begins; returns its generation.
    mutating func begin(inCaller: Bool) -> UInt64 {
        generation &+= 1
        stopRequested = false
        runsInCaller = inCaller
        return generation
    }

    /// Loop `generation` has exited: the service is stopped unless a newer loop began. Returns the callers of
    /// `stop()` to resume, and whether the loop ended because a stop was requested.
    mutating func end(_ generation: UInt64) -> (endWaiters: [CheckedContinuation<Void, Never>], stoppedOnRequest: Bool) {
        guard self.generation == generation else { return ([], false) }
        let stoppedOnRequest = stopRequested
        loop = nil
        runsInCaller = false
        defer { endWaiters = [] }
        return (endWaiters, stoppedOnRequest)
    }

    /// Marks the running loop stopped; returns the sleepers to wake (outside the lock).
    mutating func requestStop() -> [CheckedContinuation<Void, Never>] {
        guard isRunning else { return [] }
        stopRequested = true
        defer { sleepers = [:] }
        return Array(sleepers.values)
    }
}

/// What a loop body uses to decide whether to go on, and to wait between iterations.
struct ServiceLoop: Sendable {
    /// A loop: runs iterations until `shouldGoOn()` says no or an iteration says to stop.
    typealias Body = @Sendable (ServiceLoop) async -> Void

    let state: Locked<ServiceState>
    let generation: UInt64

    /// `false` once the task is cancelled or a stop was requested.
    func shouldGoOn() -> Bool {
        !Task.isCancelled && !state.withLock { $0.stopRequested || $0.generation != generation }
    }

    /// Waits until `deadline` on `clock`; returns early, with `false`, when a stop is requested or the task is
    /// cancelled. `true` when the deadline was reached.
    func sleep<C: Clock>(until deadline: C.Instant, on clock: C) async -> Bool where C.Duration == Duration {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                await waitForStopRequest()
                return false
            }
            let reachedDeadline = await group.next() ?? false
            group.cancelAll()
            return reachedDeadline
        }
    }

    /// Returns when a stop is requested or the task is cancelled.
    private func waitForStopRequest() async {
        let id = state.withLock { state in
            defer { state.nextSleeper &+= 1 }
            return state.nextSleeper
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.stopRequested || state.generation != generation || Task.isCancelled { return true }
                    state.sleepers[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume()
        }
    }

    /// Runs `iteration` again and again with no pause, until it returns `false` or the loop should stop.
    ///
    /// Between iterations the loop yields: an iteration that never suspends would otherwise hold one of the
    /// cooperative pool's few threads for as long as the loop runs (on a two-core machine, half the pool).
    static func repeating(_ iteration: @escaping @Sendable () async -> Bool) -> Body {
        { loop in
            while loop.shouldGoOn() {
                if await !iteration() { return }
                await Task.yield()
            }
        }
    }

    /// Runs `iteration` at a fixed rate: due at the start and every `interval` after it. An iteration that
    /// overruns is followed at once by the next, which takes the latest tick already passed as its own (ticks
    /// missed entirely are dropped, not made up); an interval of zero or less runs iterations back to back, yielding
    /// between them.
    /// `iteration` returns `false` to end the loop (its owner is gone).
    static func fixedRate<C: Clock>(
        every interval: Duration, clock: C, _ iteration: @escaping @Sendable () async -> Bool
    ) -> Body where C.Duration == Duration {
        { loop in
            var due = clock.now
            while loop.shouldGoOn() {
                if await !iteration() { return }
                // Checked again before waiting: an iteration that called `stop()` ends the loop now.
                guard loop.shouldGoOn() else { return }
                guard interval > .zero else {
                    await Task.yield()   // back to back, but never holding a cooperative thread (see `repeating`)
                    continue
                }
                let now = clock.now
                let next = due.advanced(by: interval)
                if next > now {
                    due = next
                    guard await loop.sleep(until: next, on: clock) else { return }
                } else {
                    due = FixedRateSchedule.latestTick(from: due, every: interval, notAfter: now)
                }
            }
        }
    }
}

/// The arithmetic of a fixed-rate schedule.
enum FixedRateSchedule {
    /// The latest `start + k·interval` (k ≥ 0) that is not after `now`; `interval` must be positive.
    static func latestTick<Instant: InstantProtocol>(
        from start: Instant, every interval: Duration, notAfter now: Instant
    ) -> Instant where Instant.Duration == Duration {
        let elapsed = start.duration(to: now)
        guard elapsed >= interval else { return start }
        var ticks = Int64((elapsed / interval).rounded(.down))
        // `Duration / Duration` is a Double: correct the count by one either way if rounding moved it.
        while ticks > 0, start.advanced(by: interval * ticks) > now { ticks -= 1 }
        while start.advanced(by: interval * (ticks + 1)) <= now { ticks += 1 }
        return start.advanced(by: interval * ticks)
    }
}
