/// TaskWarden's named-task creation path: every task the library starts goes through here, so the census
/// (when enabled) knows about all of them.
///
/// ```swift
/// let check = Warden.task(name: "price-check:\(release.id)") {
///     try await prices.refresh(release.id)
/// }
/// ```
///
/// The namespace is `Warden`, not `TaskWarden`, so that the module name stays free for qualification
/// (`TaskWarden.TaskSlot`, `TaskWarden.fanOut`).
public enum Warden {
    /// Starts a named unstructured task, registered in `census` while it runs.
    ///
    /// Behaves like `Task(name:priority:operation:)`: it inherits the caller's actor isolation, priority and
    /// task-locals, an operation isolated to an actor (`{ @MainActor in … }`) is enqueued directly on that
    /// actor, and it is *not* cancelled when the caller is; whoever holds the returned handle owns it. With the
    /// census off this is `Task(name:)` plus one branch. With it on, the task is registered before this
    /// returns (so a census taken right after sees it) and leaves when its operation returns; the census does
    /// not change where or in which order the operation runs.
    ///
    /// ```swift
    /// let upload = Warden.task(name: "cloud-sync-upload") { await sync.upload() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the task's name, e.g. `thumbnail:7` (see the naming convention).
    ///   - priority: the task's priority, as for `Task(priority:)`.
    ///   - executorPreference: a task executor to run nonisolated code on; unstructured tasks do not inherit
    ///     the caller's preference, so pass it when it matters (the background simulator does).
    ///   - census: where to register; tests pass their own.
    ///   - fileID: the caller's file, recorded as the task's creation site; leave the default.
    ///   - line: the caller's line, recorded with `fileID`; leave the default.
    ///   - isolation: the caller's actor, whose isolation the task inherits; leave the default.
    ///   - operation: the task's work.
    @discardableResult
    @inlinable
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
        return registeredTask(
            name: name, priority: priority, executorPreference: executorPreference, census: census,
            fileID: fileID, line: line, operation: operation)
    }

    /// The census-on half of `task(name:…)`, out of line so the census-off path inlines into the caller.
    @usableFromInline
    static func registeredTask<Success: Sendable>(
        name: String,
        priority: TaskPriority?,
        executorPreference: (any TaskExecutor)?,
        census: TaskCensus,
        fileID: String,
        line: Int,
        operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        let entry = census.makeEntry(name: name, parentID: TaskID.current, fileID: fileID, line: line)
        // A local copy: reading `.isolation` straight off a `sending` parameter crashes the Swift 6.3 compiler.
        let work = operation
        let task: Task<Success, Never>
        if let actor = work.isolation {
            let tracked = CensusTrackedOperation(work, census: census, entry: entry)
            task = tracked.makeTask(TaskCreation(name: name, priority: priority, executorPreference: executorPreference), on: actor)
        } else if let executorPreference {
            task = Task(name: name, executorPreference: executorPreference, priority: priority) {
                defer { census.deregister(entry) }
                return await work()
            }
        } else {
            task = Task(name: name, priority: priority) {
                defer { census.deregister(entry) }
                return await work()
            }
        }
        census.register(entry, id: task.taskID)
        return task
    }

    /// Starts a named unstructured throwing task, registered in `census` while it runs.
    ///
    /// See ``task(name:priority:executorPreference:census:fileID:line:isolation:operation:)-(_,_,_,_,_,_,_,()->Success)``
    /// for the semantics; errors thrown by `operation` are delivered through the handle's `value`.
    ///
    /// ```swift
    /// let check = Warden.task(name: "price-check:\(release.id)") { try await prices.refresh(release.id) }
    /// let price = try await check.value
    /// ```
    @discardableResult
    @inlinable
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
            guard let executorPreference else { return Task(name: name, priority: priority, operation: operation) }
            return Task(name: name, executorPreference: executorPreference, priority: priority, operation: operation)
        }
        return registeredTask(
            name: name, priority: priority, executorPreference: executorPreference, census: census,
            fileID: fileID, line: line, operation: operation)
    }

    /// The census-on half of the throwing `task(name:…)`, out of line.
    @usableFromInline
    static func registeredTask<Success: Sendable>(
        name: String,
        priority: TaskPriority?,
        executorPreference: (any TaskExecutor)?,
        census: TaskCensus,
        fileID: String,
        line: Int,
        operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        let entry = census.makeEntry(name: name, parentID: TaskID.current, fileID: fileID, line: line)
        let work = operation
        let task: Task<Success, any Error>
        if let actor = work.isolation {
            let tracked = CensusTrackedThrowingOperation(work, census: census, entry: entry)
            task = tracked.makeTask(TaskCreation(name: name, priority: priority, executorPreference: executorPreference), on: actor)
        } else if let executorPreference {
            task = Task(name: name, executorPreference: executorPreference, priority: priority) {
                defer { census.deregister(entry) }
                return try await work()
            }
        } else {
            task = Task(name: name, priority: priority) {
                defer { census.deregister(entry) }
                return try await work()
            }
        }
        census.register(entry, id: task.taskID)
        return task
    }

    /// The creation path for an owner that publishes a task's result from inside the task (``TaskRegistry``).
    ///
    /// The operation receives `leaveCensus` and calls it just before it publishes, so whoever sees the result
    /// (a waiter, `drain()`) also sees the task gone from the census; with the plain path the entry leaves only
    /// after the operation returns, a moment after its result is out. Nonisolated, no executor preference.
    @inlinable
    static func publishingTask(
        name: String,
        priority: TaskPriority?,
        census: TaskCensus,
        fileID: String,
        line: Int,
        operation: @escaping @Sendable (_ leaveCensus: () -> Void) async -> Void
    ) -> Task<Void, Never> {
        guard census.isEnabled else { return Task(name: name, priority: priority) { await operation {} } }
        return registeredPublishingTask(name: name, priority: priority, census: census, fileID: fileID, line: line, operation: operation)
    }

    /// The census-on half of ``publishingTask(name:priority:census:fileID:line:operation:)``, out of line.
    @usableFromInline
    static func registeredPublishingTask(
        name: String,
        priority: TaskPriority?,
        census: TaskCensus,
        fileID: String,
        line: Int,
        operation: @escaping @Sendable (_ leaveCensus: () -> Void) async -> Void
    ) -> Task<Void, Never> {
        let entry = census.makeEntry(name: name, parentID: TaskID.current, fileID: fileID, line: line)
        let task = Task(name: name, priority: priority) {
            defer { census.deregister(entry) }  // leaving twice is harmless
            await operation { census.deregister(entry) }
        }
        census.register(entry, id: task.taskID)
        return task
    }

    /// Registers the *current* task in `census` under `name` while `body` runs.
    ///
    /// This is the creation path for tasks TaskWarden does not create with `Task.init` itself: task-group
    /// children (call it first thing in the child's body) and handlers started by a platform. `body` runs on
    /// the caller's isolation; typed errors pass through unchanged; the entry leaves the census however `body`
    /// ends.
    ///
    /// ```swift
    /// let parent = TaskID.current
    /// group.addTask(name: "price:\(id)") {
    ///     await Warden.withCensusEntry(name: "price:\(id)", parentID: parent) { await fetchPrice(id) }
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
        let entry = census.makeEntry(name: name, parentID: parentID, fileID: fileID, line: line)
        census.register(entry, id: id)
        defer { census.deregister(entry) }
        return try await body()
    }
}
