/// Runs `operation` over `items` with at most `maxInFlight` children at once and returns the results in the
/// order they completed.
///
/// Each child is a named task (`name(item)`, e.g. `price:\(release.id)`), and, when a `tracer` is given, opens
/// a trace interval *inside* the child — so time spent waiting to be scheduled is not counted — whose message is
/// the task's name. Items are pulled from the sequence only when a slot is free, so at most `maxInFlight` items
/// are held at once and lazy or endless sequences work.
///
/// ```swift
/// let prices = await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) { release in
///     await priceSource.lowestPrice(for: release)
/// }
/// shelf.apply(prices.map(\.output))   // runs even if the price check was cancelled
/// ```
///
/// Order: results are in completion order; sort by ``FanOutResult/index`` for input order.
///
/// Cancellation: when the calling task is cancelled, no further child starts, children in flight are cancelled
/// (they finish as they choose — whatever they return is kept), and the function returns what completed, so the
/// caller's apply step always runs. The result is then partial: it holds fewer results than there were items.
/// To have a partial result stated in the type, use the throwing form, which throws ``FanOutFailure`` with the
/// completed results instead of returning them.
///
/// - Parameters:
///   - items: the work; pulled lazily, one item per free slot.
///   - maxInFlight: the most children running at once; values below 1 are treated as 1.
///   - tracer: where each child's interval goes (static name `"task"`, message = the task's name).
///   - census: where each child is registered while it runs (when that census is enabled), with the
///     caller's file and line as its creation site.
///   - name: the task name for an item; follow the `prefix:identity` convention. Runs in the calling task, on
///     the caller's actor if any (so it may read the actor's state), as each child is started.
///   - fileID: the caller's file, recorded as the children's creation site; leave the default.
///   - line: the caller's line, recorded with `fileID`; leave the default.
///   - isolation: the caller's actor, on which `name` runs; leave the default.
///   - operation: the work for one item; runs in a child task.
@inlinable
public func fanOut<Items: Sequence, Output: Sendable>(
    over items: Items,
    maxInFlight: Int,
    tracer: any TaskTracer = NoTracer(),
    census: TaskCensus = .shared,
    name: (Items.Element) -> String,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (Items.Element) async -> Output
) async -> [FanOutResult<Items.Element, Output>] where Items.Element: Sendable {
    // Collecting is streaming into an array.
    var results: [FanOutResult<Items.Element, Output>] = []
    await fanOut(
        over: items, maxInFlight: maxInFlight, tracer: tracer, census: census, name: name, fileID: fileID, line: line,
        isolation: isolation, operation: operation
    ) { result in
        results.append(result)
    }
    return results
}

/// The throwing form: like the non-throwing fan-out, and in addition the first error a child throws stops the
/// fan-out, errgroup-style. It returns only a complete result — every item succeeded; anything less is thrown,
/// with what completed, so a partial result is explicit in the type.
///
/// After a cancellation in which no child threw, the failure names the first item that was never started; to
/// get it, the fan-out pulls that one item from the sequence (and starts nothing for it).
///
/// On the first error no further child starts, the children in flight are cancelled, the fan-out waits for them
/// (keeping any that still complete successfully), and then throws a ``FanOutFailure`` whose
/// ``FanOutFailure/reason`` is ``FanOutFailure/Reason/childFailed(_:)``, with every completed result and every
/// error any child threw (none is dropped):
///
/// ```swift
/// do {
///     let prices = try await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) {
///         try await api.price(for: $0)
///     }
///     shelf.apply(prices.map(\.output))           // complete
/// } catch {
///     shelf.apply(error.completed.map(\.output))   // partial: `error` is a FanOutFailure (typed throws)
///     if case .childFailed(let failure) = error.reason { log(failure.item, failure.error) }
/// }
/// ```
///
/// Order: results are in completion order; sort by ``FanOutResult/index`` for input order.
///
/// Cancellation: when the *calling* task is cancelled, the fan-out stops the same way and, unless every item
/// had already completed successfully, throws a ``FanOutFailure`` whose reason is
/// ``FanOutFailure/Reason/cancelled``, carrying the completed results and every error the children threw while
/// unwinding (typically `CancellationError`). A caller cancelled after the last child succeeded gets the
/// complete result.
@inlinable
public func fanOut<Items: Sequence, Output: Sendable>(
    over items: Items,
    maxInFlight: Int,
    tracer: any TaskTracer = NoTracer(),
    census: TaskCensus = .shared,
    name: (Items.Element) -> String,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (Items.Element) async throws -> Output
) async throws(FanOutFailure<Items.Element, Output>) -> [FanOutResult<Items.Element, Output>]
where Items.Element: Sendable {
    var results: [FanOutResult<Items.Element, Output>] = []
    var childErrors: [FanOutChildError<Items.Element>] = []
    var reason: FanOutFailure<Items.Element, Output>.Reason?
    let firstUnstarted = await runBoundedFanOut(
        over: items, maxInFlight: maxInFlight, tracer: tracer, census: census, name: name, fileID: fileID, line: line,
        isolation: isolation, reportsFirstUnstarted: { childErrors.isEmpty },
        operation: operation
    ) { (index, item, outcome: Result<Output, any Error>) in
        switch outcome {
        case .success(let output):
            results.append(FanOutResult(index: index, item: item, output: output))
            return true
        case .failure(let error):
            let childError = FanOutChildError(index: index, item: item, error: error)
            childErrors.append(childError)
            // Whichever came first names the reason: once the caller is cancelled, errors are the unwinding.
            if reason == nil { reason = Task.isCancelled ? .cancelled : .childFailed(childError) }
            return false
        }
    }
    if let first = childErrors.first {
        throw FanOutFailure(
            reason: reason ?? .cancelled, failedItem: first.item, failedIndex: first.index, completed: results,
            childErrors: childErrors)
    }
    if let firstUnstarted {   // the caller was cancelled before every item had started; nothing threw
        throw FanOutFailure(
            reason: .cancelled, failedItem: firstUnstarted.item, failedIndex: firstUnstarted.index,
            completed: results, childErrors: [])
    }
    return results
}

/// The streaming form: like the non-throwing fan-out, but hands each result to `onResult` as it completes
/// instead of collecting them, so nothing but the children in flight is held — for wantlists too big to keep,
/// or to apply each price as soon as it arrives.
///
/// `onResult` runs in the calling task (on its actor, if any), one result at a time, in completion order, so it
/// may update the caller's state directly — a `@MainActor` model's properties, say. `name` runs there too.
///
/// ```swift
/// await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) { release in
///     await priceService.lowestPrice(for: release)
/// } onResult: { result in
///     shelf.apply(result.output, to: result.item)
/// }
/// ```
///
/// Cancellation: as for the collecting form — no new child starts, children in flight are cancelled, and
/// `onResult` still sees every child that completes, so the apply step runs for all of them.
@inlinable
public func fanOut<Items: Sequence, Output: Sendable>(
    over items: Items,
    maxInFlight: Int,
    tracer: any TaskTracer = NoTracer(),
    census: TaskCensus = .shared,
    name: (Items.Element) -> String,
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (Items.Element) async -> Output,
    onResult: (FanOutResult<Items.Element, Output>) -> Void
) async where Items.Element: Sendable {
    await runBoundedFanOut(
        over: items, maxInFlight: maxInFlight, tracer: tracer, census: census, name: name, fileID: fileID, line: line,
        isolation: isolation, operation: operation
    ) { (index, item, outcome: Result<Output, Never>) in
        switch outcome {
        case .success(let output): onResult(FanOutResult(index: index, item: item, output: output))
        }
        return true
    }
}

/// One child's report back to the fan-out loop.
@usableFromInline
struct FanOutCompletion<Item: Sendable, Output: Sendable, Failure: Error>: Sendable {
    @usableFromInline var index: Int
    @usableFromInline var item: Item
    @usableFromInline var outcome: Result<Output, Failure>

    @inlinable
    init(index: Int, item: Item, outcome: Result<Output, Failure>) {
        self.index = index
        self.item = item
        self.outcome = outcome
    }
}

/// The windowed task group all fan-out forms share. `onCompletion` runs in the calling task, one completion
/// at a time; returning `false` stops the fan-out (no new children, in-flight children cancelled).
/// When it stopped before the sequence ended and `reportsFirstUnstarted()` says so, it pulls one more item and
/// returns it with its index (the throwing form names it in its failure); otherwise it returns `nil`.
///
/// Inlinable so it is specialized for the caller's item and output types: unspecialized, the generic
/// bookkeeping per child doubled the cost of a no-op child (see Guides/FanOut.md).
@inlinable
@discardableResult
func runBoundedFanOut<Items: Sequence, Output: Sendable, Failure: Error>(
    over items: Items,
    maxInFlight: Int,
    tracer: any TaskTracer,
    census: TaskCensus,
    name: (Items.Element) -> String,
    fileID: String,
    line: Int,
    isolation: isolated (any Actor)?,
    reportsFirstUnstarted: () -> Bool = { false },
    operation: @escaping @Sendable (Items.Element) async throws(Failure) -> Output,
    onCompletion: (Int, Items.Element, Result<Output, Failure>) -> Bool
) async -> (index: Int, item: Items.Element)? where Items.Element: Sendable {
    typealias Completion = FanOutCompletion<Items.Element, Output, Failure>
    let limit = max(1, maxInFlight)
    // Skip the task-local push when nobody listens: it is most of a no-op child's cost.
    let traced = !(tracer is NoTracer)

    let parent = TaskID.current

    @Sendable func run(_ index: Int, _ item: Items.Element) async -> Completion {
        do {
            return Completion(index: index, item: item, outcome: .success(try await operation(item)))
        } catch {
            return Completion(index: index, item: item, outcome: .failure(error))
        }
    }

    @Sendable func traceAndRun(_ index: Int, _ item: Items.Element, _ taskName: String) async -> Completion {
        guard traced else { return await run(index, item) }
        return await tracer.withInterval("task", message: taskName) { await run(index, item) }
    }

    return await withTaskGroup(of: Completion.self, isolation: isolation) { group in
        // Referring to the `isolation` parameter is what makes this body — and so `name`, `onCompletion` and
        // the caller's `onResult` called from it — run on the caller's actor. Without it the closure is
        // nonisolated and runs on the global pool, while the compiler still lets the caller's closures touch
        // actor state synchronously (a data race under ThreadSanitizer, a trap in `assertIsolated`).
        // Not a capture list: `[isolation]` copies it into a plain constant, which isolates nothing.
        _ = isolation
        var iterator = items.makeIterator()
        var nextIndex = 0
        var stopped = false
        var exhausted = false

        func startNext() -> Bool {
            guard !stopped, !exhausted, !Task.isCancelled else { return false }
            guard let item = iterator.next() else {
                exhausted = true
                return false
            }
            let index = nextIndex
            nextIndex += 1
            let taskName = name(item)
            group.addTask(name: taskName) {
                // Census entry first, then the interval, both inside the child: the census sees every child the
                // library starts, and the interval starts only once the child runs. The disabled-census check
                // is made here so a quiet census costs one atomic load, not a generic call per child.
                guard census.isEnabled else { return await traceAndRun(index, item, taskName) }
                return await Warden.withCensusEntry(
                    name: taskName, parentID: parent, census: census, fileID: fileID, line: line
                ) {
                    await traceAndRun(index, item, taskName)
                }
            }
            return true
        }

        var inFlight = 0
        while inFlight < limit, startNext() { inFlight += 1 }
        while let completion = await group.next() {
            inFlight -= 1
            if !onCompletion(completion.index, completion.item, completion.outcome), !stopped {
                stopped = true
                group.cancelAll()
            }
            if startNext() { inFlight += 1 }
        }
        guard !exhausted, reportsFirstUnstarted(), let item = iterator.next() else { return nil }
        return (nextIndex, item)
    }
}
