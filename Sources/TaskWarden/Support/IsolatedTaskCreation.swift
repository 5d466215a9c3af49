// Creating a task around a caller's `@isolated(any)` operation without moving it off its actor.
//
// A wrapper closure written inside a TaskWarden function is isolated to whatever that function is isolated to
// (the caller's `#isolation`), not to the operation it wraps. For `Warden.task { @SomeActor in … }` called from
// nonisolated code, such a wrapper starts on the global executor and hops to `SomeActor` afterwards: an extra
// job, and a task created later with plain `Task { @SomeActor in … }` can overtake it. `Task.init` enqueues a
// task directly on its closure's actor, so the wrapper must be isolated to the *operation's* isolation — a
// value known only at run time. A closure that refers to an `isolated` parameter is isolated to that
// parameter's value, so the wrappers below are formed inside functions taking the actor as `isolated any Actor`,
// and they call the operation directly (calling it through a nonisolated function would leave the actor and
// come back, which reorders it again).

/// Where and how to create a task: the arguments `Task.init` takes besides the operation.
struct TaskCreation: Sendable {
    let name: String
    let priority: TaskPriority?
    let executorPreference: (any TaskExecutor)?

    init(name: String, priority: TaskPriority?, executorPreference: (any TaskExecutor)?) {
        self.name = name
        self.priority = priority
        self.executorPreference = executorPreference
    }
}

extension Actor {
    /// Calls `body` with `self` as an `isolated` argument without switching to the actor.
    ///
    /// Sound only because every body TaskWarden passes creates a task and touches no state of the actor: the
    /// `isolated` parameter is needed for the *static* isolation of the closure formed inside, not for exclusive
    /// access. An `isolated` parameter is an ordinary parameter at the machine level, so the cast is the one
    /// `Actor.assumeIsolated` performs, minus its check that the caller already runs on the actor.
    nonisolated func withUncheckedIsolation<T>(_ body: (isolated Self) -> T) -> T {
        typealias Isolated = (isolated Self) -> T
        typealias Plain = (Self) -> T
        return withoutActuallyEscaping(body) { (escapable: @escaping Isolated) -> T in
            unsafeBitCast(escapable, to: Plain.self)(self)
        }
    }
}

/// An operation isolated to an actor, handed to `Warden.task` with the census on: it runs in a task isolated to
/// that actor and leaves the census when it returns. (A nonisolated operation needs no such care: a plain
/// closure around it is nonisolated too.)
///
/// `@unchecked Sendable` is sound: the operation was passed as `sending` (its caller gave up every other use of
/// it); it is read here for its isolation and called exactly once, by the one task created for it; the census
/// and the entry are themselves safe to share.
final class CensusTrackedOperation<Success: Sendable>: @unchecked Sendable {
    private let operation: @isolated(any) () async -> Success
    private let census: TaskCensus
    private let entry: CensusEntry

    init(_ operation: sending @escaping @isolated(any) () async -> Success, census: TaskCensus, entry: CensusEntry) {
        self.operation = operation
        self.census = census
        self.entry = entry
    }

    /// The task running the operation on `actor`, the operation's own isolation, enqueued there directly.
    func makeTask(_ creation: TaskCreation, on actor: any Actor) -> Task<Success, Never> {
        actor.withUncheckedIsolation { actor in self.makeIsolatedTask(creation, on: actor) }
    }

    private func makeIsolatedTask(_ creation: TaskCreation, on actor: isolated any Actor) -> Task<Success, Never> {
        guard let preference = creation.executorPreference else {
            return Task(name: creation.name, priority: creation.priority) {
                _ = actor
                defer { self.census.deregister(self.entry) }
                return await self.operation()
            }
        }
        return Task(name: creation.name, executorPreference: preference, priority: creation.priority) {
            _ = actor
            defer { self.census.deregister(self.entry) }
            return await self.operation()
        }
    }

}

/// The throwing twin of ``CensusTrackedOperation`` (same soundness argument).
final class CensusTrackedThrowingOperation<Success: Sendable>: @unchecked Sendable {
    private let operation: @isolated(any) () async throws -> Success
    private let census: TaskCensus
    private let entry: CensusEntry

    init(
        _ operation: sending @escaping @isolated(any) () async throws -> Success, census: TaskCensus, entry: CensusEntry
    ) {
        self.operation = operation
        self.census = census
        self.entry = entry
    }

    func makeTask(_ creation: TaskCreation, on actor: any Actor) -> Task<Success, any Error> {
        actor.withUncheckedIsolation { actor in self.makeIsolatedTask(creation, on: actor) }
    }

    private func makeIsolatedTask(_ creation: TaskCreation, on actor: isolated any Actor) -> Task<Success, any Error> {
        guard let preference = creation.executorPreference else {
            return Task(name: creation.name, priority: creation.priority) {
                _ = actor
                defer { self.census.deregister(self.entry) }
                return try await self.operation()
            }
        }
        return Task(name: creation.name, executorPreference: preference, priority: creation.priority) {
            _ = actor
            defer { self.census.deregister(self.entry) }
            return try await self.operation()
        }
    }

}
