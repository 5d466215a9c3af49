/// TaskWarden's named-task creation path: every task the library starts goes through here, so the census
/// (when enabled) knows about all of them.
///
/// ```swift
/// let check = TaskWarden.task(name: "price-check:\(release.id)") {
///     try await prices.refresh(release.id)
/// }
/// ```
public enum TaskWarden {
    /// Starts a named unstructured task, registered in `census` while it runs.
    ///
    /// Behaves like `Task(name:priority:operation:)`: it inherits the caller's actor isolation, priority and
    /// task-locals, and it is *not* cancelled when the caller is; whoever holds the returned handle owns it.
    /// With the census off this is `Task(name:)` plus one branch. With it on, the task is registered before
    /// this returns (so a census taken right after sees it) and leaves when its operation returns.
    ///
    /// - Parameters:
    ///   - name: the task's name, e.g. `thumbnail:7` (see the naming convention).
    ///   - executorPreference: a task executor to run nonisolated code on; unstructured tasks do not inherit
    ///     the caller's preference, so pass it when it matters (the background simulator does).
    ///   - census: where to register; tests pass their own.
    @discardableResult
    public static func task<Success: Sendable>(
        name: String,
        priority: TaskPriority? = nil,
        executorPreference: (any TaskExecutor)? = nil,
        census: TaskCensus = .shared,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        guard census.isEnabled else {
            // `Task(name:priority:)` when there is no preference: the executor-preference initializer adds a
            // task option record, which costs measurably more per task.
            guard let executorPreference else { return Task(name: name, priority: priority, operation: operation) }
            return Task(name: name, executorPreference: executorPreference, priority: priority, operation: operation)
        }
        let ticket = census.reserveTicket()
        let parent = TaskID.current
        // Capturing `isolation` makes the wrapper run on the caller's actor, exactly where `Task {}` would have
        // started, so ordering on that actor is unchanged.
        let task = Task(name: name, executorPreference: executorPreference, priority: priority) { [isolation] in
            _ = isolation
            defer { census.deregister(ticket: ticket) }
            return await operation()
        }
        census.register(ticket: ticket, name: name, id: task.taskID, parentID: parent, fileID: fileID, line: line)
        return task
    }

    /// Starts a named unstructured throwing task, registered in `census` while it runs.
    ///
    /// See ``task(name:priority:executorPreference:census:fileID:line:isolation:operation:)-(_,_,_,_,_,_,_,()->Success)``
    /// for the semantics; errors thrown by `operation` are delivered through the handle's `value`.
    @discardableResult
    public static func task<Success: Sendable>(
        name: String,
        priority: TaskPriority? = nil,
        executorPreference: (any TaskExecutor)? = nil,
        census: TaskCensus = .shared,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        guard census.isEnabled else {
            // `Task(name:priority:)` when there is no preference: the executor-preference initializer adds a
            // task option record, which costs measurably more per task.
            guard let executorPreference else { return Task(name: name, priority: priority, operation: operation) }
            return Task(name: name, executorPreference: executorPreference, priority: priority, operation: operation)
        }
        let ticket = census.reserveTicket()
        let parent = TaskID.current
        let task = Task(name: name, executorPreference: executorPreference, priority: priority) { [isolation] in
            _ = isolation
            defer { census.deregister(ticket: ticket) }
            return try await operation()
        }
        census.register(ticket: ticket, name: name, id: task.taskID, parentID: parent, fileID: fileID, line: line)
        return task
    }

    /// Registers the *current* task in `census` under `name` while `body` runs.
    ///
    /// This is the creation path for tasks TaskWarden does not create with `Task.init` itself: task-group
    /// children (call it first thing in the child's body) and handlers started by a platform. Typed errors
    /// pass through unchanged; the entry leaves the census however `body` ends.
    ///
    /// ```swift
    /// let parent = TaskID.current
    /// group.addTask(name: "price:\(id)") {
    ///     await TaskWarden.withCensusEntry(name: "price:\(id)", parentID: parent) { await fetchPrice(id) }
    /// }
    /// ```
    public static func withCensusEntry<Result, Failure: Error>(
        name: String,
        parentID: TaskID? = nil,
        census: TaskCensus = .shared,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        guard census.isEnabled, let id = TaskID.current else {
            return try await body()
        }
        let ticket = census.reserveTicket()
        census.register(ticket: ticket, name: name, id: id, parentID: parentID, fileID: fileID, line: line)
        defer { census.deregister(ticket: ticket) }
        return try await body()
    }
}
