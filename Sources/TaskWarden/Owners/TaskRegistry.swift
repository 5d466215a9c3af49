import TaskWardenSupport

/// Shared in-flight work per key: concurrent requests for one key share one named task, in the spirit of
/// Go's `singleflight` — plus the cancellation `singleflight` lacks.
///
/// ```swift
/// let thumbnails = TaskRegistry<Int, Thumbnail, RenderError>(name: { "thumbnail:\($0)" })
///
/// // Two views asking for album 7 at once share one render.
/// let image = try await thumbnails.value(for: 7, operation: renderer.render)
/// ```
///
/// Pass a function reference (or a closure written `{ id throws(RenderError) in … }`): Swift does not infer
/// a closure's typed `throws`, so an unannotated closure would throw `any Error`.
///
/// ```swift
/// let price = try await prices.value(for: releaseID) { id throws(PriceError) in try await api.price(id) }
/// ```
///
/// - The check for an existing entry and the insertion of a new one happen in one critical section with no
///   suspension between them, so two callers can never start two tasks for one key.
/// - The shared task is unstructured and owned by the registry: cancelling one caller never cancels it for
///   the others. Each caller is a reference-counted waiter; when the *last* waiter is cancelled, the registry
///   cancels the work and forgets the key.
/// - Every entry carries a token; completion and removal only touch the entry with their own token, so late
///   work can never remove (or complete) a newer entry for the same key.
/// - `cancel(key)` and `cancelAll()` cancel the work and resume its waiters with
///   ``TaskRegistryError/cancelled``. `drain()` waits until every task the registry started has ended.
///
/// Priority: the shared task starts at the registry's `priority` (or, without one, the first caller's), and a
/// caller of higher priority that joins raises it to its own, as `await task.value` would: with
/// `Task.escalatePriority(to:)` where the OS has it (OS 26 and Linux), and before OS 26 by awaiting the shared
/// task from a small named task (`registry-priority`) created at the caller's priority — the runtime raises a
/// task to the priority of whoever awaits it. Priority only ever rises.
///
/// Task-locals: the shared task is created like `Task {}` by the caller that starts the work, so it runs with
/// *that* caller's task-local values (trace context, logging metadata, dependency overrides); callers who join
/// later share its result, computed with the first caller's values, and their own task-locals are not seen.
/// This is deliberate — work shared by several callers cannot run with all of their values, and running it with
/// none would drop the dependency and tracing context that code relies on — so make anything a result depends
/// on part of the key, not a task-local. (Go's `singleflight` behaves the same way: the function runs in the
/// first caller's goroutine, with its context.)
public final class TaskRegistry<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline typealias Outcome = Result<Value, TaskRegistryError<Failure>>

    @usableFromInline struct Entry: Sendable {
        @usableFromInline let token: UInt64
        @usableFromInline var task: Task<Void, Never>?
        @usableFromInline var waiters: [UInt64: UnsafeContinuation<Outcome, Never>] = [:]

        @inlinable init(token: UInt64) { self.token = token }
    }

    @usableFromInline struct State: Sendable {
        @usableFromInline var entries: [Key: Entry] = [:]
        @usableFromInline var nextID: UInt64 = 0
        /// Every task the registry started and that has not ended yet, including abandoned ones.
        @usableFromInline var running: [UInt64: Task<Void, Never>] = [:]
        @usableFromInline var endedBeforeTracking: Set<UInt64> = []
        /// By token: the highest priority of waiters that joined before the starter stored the task, which the
        /// starter escalates the task to. Kept out of `Entry` (and almost always empty): a wider `Entry` made
        /// every miss measurably slower.
        @usableFromInline var escalationsBeforeStart: [UInt64: TaskPriority] = [:]
        /// By the shared task's runtime id, before OS 26 only: the priority a helper already raised it to.
        @usableFromInline var raisedTo: [UInt64: TaskPriority] = [:]

        @inlinable init() {}

        @inlinable mutating func makeID() -> UInt64 {
            nextID &+= 1
            return nextID
        }
    }

    // The hot paths are `@inlinable` so they are specialized for the caller's Key and Value: unspecialized
    // generic dictionary code across the module boundary made a miss 3.2× the hand-written actor cache.
    @usableFromInline let state = Locked(State())
    @usableFromInline let name: @Sendable (Key) -> String
    @usableFromInline let census: TaskCensus
    @usableFromInline let priority: TaskPriority?
    /// Whether joining raises the shared task's priority by awaiting it from a helper task (before OS 26, where
    /// `Task.escalatePriority(to:)` does not exist) rather than by escalating it directly.
    @usableFromInline let escalatesByAwaiting: Bool

    /// - Parameters:
    ///   - name: the shared task's name for a key, e.g. `{ "thumbnail:\($0)" }`.
    ///   - priority: the shared tasks' priority (callers of every priority share them; a higher-priority caller
    ///     raises it, see the type's documentation).
    ///   - census: where the shared tasks are registered while they run.
    public init(name: @escaping @Sendable (Key) -> String, priority: TaskPriority? = nil, census: TaskCensus = .shared) {
        self.name = name
        self.priority = priority
        self.census = census
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            escalatesByAwaiting = false
        } else {
            escalatesByAwaiting = true
        }
    }

    /// A registry that takes the pre-OS 26 escalation path (or not) wherever it runs; for tests.
    init(
        name: @escaping @Sendable (Key) -> String, priority: TaskPriority? = nil, census: TaskCensus = .shared,
        escalatesByAwaiting: Bool
    ) {
        self.name = name
        self.priority = priority
        self.census = census
        self.escalatesByAwaiting = escalatesByAwaiting
    }

    deinit {
        // No waiter can exist (a waiter keeps the registry alive); cancel whatever still runs.
        for task in state.withLock({ Array($0.running.values) }) { task.cancel() }
    }

    /// The value for `key`: joins the in-flight work for it, or starts `operation` as new shared work.
    ///
    /// `operation` is only used when this call starts the work. Cancelling the caller makes this call throw
    /// ``TaskRegistryError/cancelled`` at once; the work goes on for the other waiters and is cancelled only
    /// when no waiter is left.
    ///
    /// Asking for a key from inside that key's own `operation` waits for the work it is part of: the call never
    /// returns, and the work never ends — the call is itself one of its waiters, so cancelling every other waiter
    /// does not cancel it, and ``drain()`` waits for ever (as with Go's `singleflight`). Ask for another key, or
    /// call the work directly.
    @inlinable
    public func value(
        for key: Key,
        fileID: String = #fileID,
        line: Int = #line,
        operation: @escaping @Sendable (Key) async throws(Failure) -> Value
    ) async throws(TaskRegistryError<Failure>) -> Value {
        let waiter = state.withLock { $0.makeID() }
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Outcome, Never>) in
                join(key: key, waiter: waiter, continuation: continuation, fileID: fileID, line: line, operation: operation)
            }
        } onCancel: {
            leave(key: key, waiter: waiter)
        }
        return try outcome.get()
    }

    @inlinable
    func join(
        key: Key, waiter: UInt64, continuation: UnsafeContinuation<Outcome, Never>,
        fileID: String, line: Int, operation: @escaping @Sendable (Key) async throws(Failure) -> Value
    ) {
        // Waiting on a continuation escalates nothing by itself: the shared task is escalated to each waiter's
        // priority explicitly (a no-op when it already runs at least that high), as `await task.value` would.
        // The priority is read only where it is needed, off the common miss path.
        let step = state.withLock { state -> JoinStep in
            // Checked under the lock: if cancellation arrived before this point, its handler either already
            // ran (and found nothing to remove) or runs after us and finds the waiter; either way the flag is
            // visible here, so no waiter is ever left behind.
            if Task.isCancelled { return .cancelled }
            if state.entries[key] != nil {
                state.entries[key]!.waiters[waiter] = continuation
                // Read after the insertion: a copy of the entry held across it would copy its waiters.
                let task = state.entries[key]!.task
                if task == nil {
                    let token = state.entries[key]!.token
                    let callerPriority = Task.currentPriority
                    state.escalationsBeforeStart[token] = max(
                        state.escalationsBeforeStart[token] ?? callerPriority, callerPriority)
                }
                return .joined(task: task)
            }
            let token = state.makeID()
            var entry = Entry(token: token)
            entry.waiters[waiter] = continuation
            state.entries[key] = entry
            return .start(token: token)
        }
        switch step {
        case .cancelled:
            continuation.resume(returning: .failure(.cancelled))
        case .joined(let task):
            // Not stored yet: the starter escalates it when it stores it.
            if let task { escalate(task, to: Task.currentPriority) }
        case .start(let token):
            let task = Warden.publishingTask(
                name: name(key), priority: priority, census: census, fileID: fileID, line: line
            ) { [self] leaveCensus in
                let outcome: Outcome
                do throws(Failure) {
                    outcome = .success(try await operation(key))
                } catch {
                    outcome = .failure(.failed(error))
                }
                leaveCensus()
                finish(key: key, token: token, outcome: outcome)
            }
            let (abandoned, joinedEarly) = state.withLock { state -> (Bool, TaskPriority?) in
                if state.endedBeforeTracking.remove(token) == nil { state.running[token] = task }
                let joinedEarly = state.escalationsBeforeStart.isEmpty
                    ? nil : state.escalationsBeforeStart.removeValue(forKey: token)
                guard state.entries[key]?.token == token else { return (true, nil) }
                state.entries[key]!.task = task
                return (false, joinedEarly)
            }
            // Every waiter left (or the key was cancelled) before the task existed: cancel it now.
            if abandoned { task.cancel() }
            // Created at `priority`; the starter and anyone who joined meanwhile may be waiting at a higher one.
            if let priority, Task.currentPriority > priority { escalate(task, to: Task.currentPriority) }
            if let joinedEarly { escalate(task, to: joinedEarly) }
        }
    }

    /// Raises `task` to at least `priority`; a no-op when it already runs at or above it.
    @inlinable
    func escalate(_ task: Task<Void, Never>, to priority: TaskPriority) {
        if !escalatesByAwaiting, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task.escalatePriority(to: priority)
        } else {
            escalateByAwaiting(task, to: priority)
        }
    }

    /// Before OS 26: a task at `priority` awaits `task`, which the runtime raises to that priority (it ends when
    /// `task` does). Only one such helper per priority level a task was raised to: joins at or below it add none.
    @usableFromInline
    func escalateByAwaiting(_ task: Task<Void, Never>, to priority: TaskPriority) {
        let raised = state.withLock { state -> Bool in
            let key = task.taskID.rawValue
            if let current = state.raisedTo[key], current >= priority { return false }
            state.raisedTo[key] = priority
            return true
        }
        guard raised else { return }
        Task(name: "registry-priority", priority: priority) { [state] in
            await task.value
            state.withLock { _ = $0.raisedTo.removeValue(forKey: task.taskID.rawValue) }
        }
    }

    /// Called by the shared task as it ends.
    @inlinable
    func finish(key: Key, token: UInt64, outcome: Outcome) {
        let waiters = state.withLock { state -> [UnsafeContinuation<Outcome, Never>] in
            if state.running.removeValue(forKey: token) == nil { state.endedBeforeTracking.insert(token) }
            guard let entry = state.entries[key], entry.token == token else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Called from a waiter's cancellation handler.
    @inlinable
    func leave(key: Key, waiter: UInt64) {
        let (continuation, abandonedWork) = state.withLock {
            state -> (UnsafeContinuation<Outcome, Never>?, Task<Void, Never>??) in
            guard let continuation = state.entries[key]?.waiters.removeValue(forKey: waiter) else { return (nil, nil) }
            guard state.entries[key]!.waiters.isEmpty else { return (continuation, nil) }
            let task = state.entries.removeValue(forKey: key)!.task
            return (continuation, .some(task))
        }
        continuation?.resume(returning: .failure(.cancelled))
        if case .some(let task) = abandonedWork { task?.cancel() }
    }

    /// Cancels the work for `key` and resumes its waiters with ``TaskRegistryError/cancelled``. A later request
    /// for `key` starts fresh work.
    public func cancel(_ key: Key) {
        let entry = state.withLock { $0.entries.removeValue(forKey: key) }
        guard let entry else { return }
        entry.task?.cancel()
        for waiter in entry.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
    }

    /// Cancels every key's work and resumes every waiter with ``TaskRegistryError/cancelled``.
    public func cancelAll() {
        let entries = state.withLock { state -> [Entry] in
            defer { state.entries.removeAll() }
            return Array(state.entries.values)
        }
        for entry in entries {
            entry.task?.cancel()
            for waiter in entry.waiters.values { waiter.resume(returning: .failure(.cancelled)) }
        }
    }

    /// How many keys have work in flight.
    public var inFlightCount: Int {
        state.withLock { $0.entries.count }
    }

    /// How many callers wait for `key`'s work.
    public func waiterCount(for key: Key) -> Int {
        state.withLock { $0.entries[key]?.waiters.count ?? 0 }
    }

    /// Waits until every task this registry started — including work abandoned by its waiters — has ended.
    public func drain() async {
        while let task = state.withLock({ $0.running.values.first }) {
            await task.value
        }
    }
}

/// What a caller's critical section in ``TaskRegistry`` decided.
@usableFromInline enum JoinStep {
    case cancelled
    /// Joined existing work; its task, if the starter has stored it yet.
    case joined(task: Task<Void, Never>?)
    case start(token: UInt64)
}
