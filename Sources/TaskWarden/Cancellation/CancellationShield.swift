/// Runs `body` with the caller's cancellation hidden: inside, `Task.isCancelled` is `false` and
/// `Task.checkCancellation()` does not throw, even if the calling task is already cancelled. Afterwards the
/// caller's cancellation is visible again.
///
/// Use it for the one step that must finish once started — writing a fetched price to the ledger, closing
/// a cloud-sync session — so a cancellation arriving mid-way cannot leave state half-written:
///
/// ```swift
/// let price = try await priceService.fetch(releaseID)        // cancellable
/// await withCancellationShield {
///     await ledger.apply(price, to: releaseID)                 // finishes even if we are cancelled now
/// }
/// try Task.checkCancellation()                               // …and we still see it afterwards
/// ```
///
/// Where the compiler and runtime have SE-0504's `withTaskCancellationShield` (Swift 6.4, OS 27 runtimes,
/// Linux), this calls it. Elsewhere it is a back-port that runs `body` in a new, uncancelled task and awaits
/// it. The back-port keeps the caller's actor isolation (the new task starts on the caller's actor), its
/// task-locals and priority (an unstructured task copies both, and awaiting it escalates), and the caller's
/// task executor preference when it was set through ``Warden/withTaskExecutorPreference(_:isolation:operation:)``
/// or passed as `executorPreference`.
///
/// Suspension points: where `Task.immediate` exists (OS 26 runtimes, Linux) the body's task starts
/// synchronously, so entering the shield does not suspend, and leaving it does not either unless the body
/// suspended — then, as after any suspension, the caller resumes as a new job on its actor. Before OS 26, entering
/// and leaving are suspension points: on an actor, other work queued there may run before the body starts and
/// between its end and the caller's next statement. `Guides/CancellationShield.md` lists every difference from
/// SE-0504.
public func withCancellationShield<Result, Failure: Error>(
    executorPreference: (any TaskExecutor)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    #if compiler(>=6.4)
    if #available(macOS 27, iOS 27, tvOS 27, watchOS 27, visionOS 27, *) {
        return try await withTaskCancellationShield { () async throws(Failure) -> Result in try await body() }
    }
    #endif
    return try await backPortedCancellationShield(executorPreference: executorPreference, isolation: isolation, body)
}

/// The back-port: an unstructured task is never cancelled by its creator's cancellation, so code inside it
/// sees `Task.isCancelled == false` until someone cancels *it* — and nobody holds its handle but us.
/// (`Task.immediate` makes the same kind of task; it only starts it differently.)
func backPortedCancellationShield<Result, Failure: Error>(
    executorPreference: (any TaskExecutor)?,
    isolation: isolated (any Actor)?,
    _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    let outcome = ShieldOutcome<Result, Failure>()
    let preference = executorPreference ?? Warden.preferredExecutor
    await withoutActuallyEscaping(body) { escapable in
        // The new task may only borrow `body` because this function awaits that task's completion before
        // returning (there is no path out of here that leaves it running), and the task runs on the
        // caller's own isolation, so `body` is never used concurrently with the caller.
        nonisolated(unsafe) let borrowed = escapable
        // Both closures refer to the `isolation` parameter (not via a capture list, which would copy it into a
        // nonisolated constant), which makes `Task` start them on the caller's actor. The
        // executor-preference initializer only when there is a preference: it costs ~120 ns more.
        // `Task.immediate` runs the body synchronously up to its first suspension, on the caller's actor, so the
        // shield adds no suspension point of its own; before OS 26 a plain task is enqueued there instead.
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            if let preference {
                await Task.immediate(name: currentTaskName(), executorPreference: preference) {
                    _ = isolation
                    outcome.value = await capture(borrowed)
                }.value
            } else {
                await Task.immediate(name: currentTaskName()) {
                    _ = isolation
                    outcome.value = await capture(borrowed)
                }.value
            }
        } else if let preference {
            await Task(name: currentTaskName(), executorPreference: preference) {
                _ = isolation
                outcome.value = await capture(borrowed)
            }.value
        } else {
            await Task(name: currentTaskName()) {
                _ = isolation
                outcome.value = await capture(borrowed)
            }.value
        }
    }
    return try outcome.take()
}

/// Runs `body`, turning its typed error into a value.
private func capture<Success, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(Failure) -> Success
) async -> Result<Success, Failure> {
    do throws(Failure) {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

/// Carries the body's result (which need not be `Sendable`) out of the shield's task.
///
/// Safe without checking because of ordering, not locking: the shield's task writes `value` exactly once,
/// before it completes; the caller reads it exactly once, after `await task.value` returned, which happens
/// after that completion. Nothing else ever sees the box.
private final class ShieldOutcome<Success, Failure: Error>: @unchecked Sendable {
    var value: Swift.Result<Success, Failure>?

    func take() throws(Failure) -> Success {
        guard let value else { preconditionFailure("the shield's task ended without a result") }
        return try value.get()
    }
}

/// The running task's name, so the shield's task shows up under the same name in traces and the census dump.
private func currentTaskName() -> String? {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return Task.name
    }
    return nil
}
