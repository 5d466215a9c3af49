import TaskWarden
import TaskWardenSupport

/// The heart of the simulator: a FIFO of runnable jobs (what ``SimulatorExecutor`` receives) and a heap of
/// timers (what ``SimulatedClock`` sleepers wait on), both behind one lock, plus the virtual "now".
///
/// Nothing here runs on its own: the driver (``BackgroundSimulator``) drains jobs and advances time, so every
/// interleaving is decided by the order of enqueues and timer deadlines, never by threads.
final class SimulationScheduler: Sendable {
    struct Timer {
        var deadline: Duration
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    struct State {
        var now: Duration = .zero
        var jobs: [UnownedJob] = []
        var jobHead = 0
        var timers = TimerHeap()
        var timerIDs: UInt64 = 0
        /// Sleepers cancelled before they registered their timer.
        var cancelledEarly: Set<UInt64> = []
        var jobsRun: UInt64 = 0
    }

    let state = Locked(State())

    var now: Duration { state.withLock { $0.now } }

    // MARK: Jobs

    func enqueue(_ job: UnownedJob) {
        state.withLock { $0.jobs.append(job) }
    }

    private func nextJob() -> UnownedJob? {
        state.withLock { state in
            guard state.jobHead < state.jobs.count else { return nil }
            let job = state.jobs[state.jobHead]
            state.jobHead += 1
            if state.jobHead == state.jobs.count {
                state.jobs.removeAll(keepingCapacity: true)
                state.jobHead = 0
            }
            state.jobsRun += 1
            return job
        }
    }

    /// Runs jobs until none is runnable; returns how many ran.
    @discardableResult
    func drain(on executor: UnownedTaskExecutor) -> Int {
        var count = 0
        while let job = nextJob() {
            job.runSynchronously(on: executor)
            count += 1
        }
        return count
    }

    // MARK: Timers

    func makeTimerID() -> UInt64 {
        state.withLock { state in
            state.timerIDs += 1
            return state.timerIDs
        }
    }

    /// Registers a sleeper; resumes it at once if its deadline has passed or it was already cancelled.
    func addTimer(id: UInt64, deadline: Duration, continuation: CheckedContinuation<Void, any Error>) {
        enum Action { case wait, resume, cancel }
        let action: Action = state.withLock { state in
            if state.cancelledEarly.remove(id) != nil { return .cancel }
            if deadline <= state.now { return .resume }
            state.timers.insert(Timer(deadline: deadline, id: id, continuation: continuation))
            return .wait
        }
        switch action {
        case .wait: break
        case .resume: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
    }

    /// Cancels a sleeper: it wakes with `CancellationError` (as `Task.sleep` does).
    func cancelTimer(id: UInt64) {
        let timer: Timer? = state.withLock { state in
            if let timer = state.timers.remove(id: id) { return timer }
            state.cancelledEarly.insert(id)
            return nil
        }
        timer?.continuation.resume(throwing: CancellationError())
    }

    var nextTimerDeadline: Duration? { state.withLock { $0.timers.first?.deadline } }

    /// Moves "now" to `instant` (never backwards) and wakes every sleeper due by then, earliest first.
    func advance(to instant: Duration) {
        let due: [Timer] = state.withLock { state in
            if instant > state.now { state.now = instant }
            var due: [Timer] = []
            while let first = state.timers.first, first.deadline <= state.now {
                due.append(state.timers.removeFirst())
            }
            return due
        }
        for timer in due { timer.continuation.resume() }
    }

    /// Sleepers still waiting (for diagnostics).
    var waitingTimers: Int { state.withLock { $0.timers.count } }
}

/// A binary min-heap of timers ordered by (deadline, id), so equal deadlines wake in registration order.
struct TimerHeap {
    private var items: [SimulationScheduler.Timer] = []

    var first: SimulationScheduler.Timer? { items.first }
    var count: Int { items.count }

    private static func less(_ a: SimulationScheduler.Timer, _ b: SimulationScheduler.Timer) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.id < b.id
    }

    mutating func insert(_ timer: SimulationScheduler.Timer) {
        items.append(timer)
        siftUp(items.count - 1)
    }

    mutating func removeFirst() -> SimulationScheduler.Timer { remove(at: 0) }

    /// Linear search: cancellation is rare compared with expiry, and the heap holds few sleepers.
    mutating func remove(id: UInt64) -> SimulationScheduler.Timer? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        return remove(at: index)
    }

    private mutating func remove(at index: Int) -> SimulationScheduler.Timer {
        items.swapAt(index, items.count - 1)
        let removed = items.removeLast()
        if index < items.count {
            siftDown(index)
            siftUp(index)
        }
        return removed
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(items[child], items[parent]) else { return }
            items.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, Self.less(items[left], items[smallest]) { smallest = left }
            if right < items.count, Self.less(items[right], items[smallest]) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
