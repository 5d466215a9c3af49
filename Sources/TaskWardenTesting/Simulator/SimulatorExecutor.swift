/// The task executor simulated handler tasks prefer. It only queues jobs; the simulator runs them one at a time
/// on the thread that drives the simulation, so the order of execution depends on nothing but the order of
/// enqueues and the seed.
///
/// Work stays on this executor as long as it runs in tasks that inherit the preference (the handler's task,
/// its task-group children, nonisolated async functions). An actor hop or an unstructured `Task {}` leaves it:
/// that work then runs on the global pool, outside virtual time, and the simulation is no longer deterministic.
public final class SimulatorExecutor: TaskExecutor, Sendable {
    let scheduler: SimulationScheduler

    init(scheduler: SimulationScheduler) { self.scheduler = scheduler }

    public func enqueue(_ job: consuming ExecutorJob) {
        scheduler.enqueue(UnownedJob(job))
    }

    /// Runs every runnable job on the calling thread; returns how many ran.
    @discardableResult
    func drain() -> Int {
        scheduler.drain(on: asUnownedTaskExecutor())
    }
}
