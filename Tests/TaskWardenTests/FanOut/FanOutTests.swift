import Testing
import TaskWarden
import TaskWardenSupport
import TaskWardenTesting

@Suite("Bounded fan-out")
struct FanOutTests {
    @Test func neverRunsMoreThanTheLimitAndPullsItemsOnlyForFreeSlots() async {
        let gate = FanOutGate()
        let items = CountingSequence(count: 20)
        let fan = Task {
            await fanOut(over: items, maxInFlight: 4, name: { "price:\($0)" }) { item in
                _ = await gate.enter(item)
                return item * 10
            }
        }
        for released in 0..<20 {
            let expectedWaiting = min(4, 20 - released)
            await gate.waitForWaiting(count: expectedWaiting)
            // Exactly the free slots have been filled, and no item was pulled ahead of a free slot.
            #expect(items.pulledCount == released + expectedWaiting)
            gate.release(gate.waitingIDs[0])
        }
        let results = await fan.value
        #expect(gate.maxConcurrent == 4)
        #expect(results.count == 20)
        #expect(results.sorted { $0.index < $1.index }.map(\.output) == (0..<20).map { $0 * 10 })
        #expect(results.allSatisfy { $0.item == $0.index })
    }

    @Test func aLimitBelowOneRunsOneAtATime() async {
        let gate = FanOutGate()
        let items = CountingSequence(count: 3)
        let fan = Task {
            await fanOut(over: items, maxInFlight: 0, name: { "price:\($0)" }) { await gate.enter($0) }
        }
        for released in 0..<3 {
            await gate.waitForWaiting(count: 1)
            #expect(items.pulledCount == released + 1)
            gate.release(released)
        }
        #expect(await fan.value.count == 3)
        #expect(gate.maxConcurrent == 1)
    }

    @Test func childrenAreNamedAndTracedInsideTheChild() async {
        let recorder = TraceRecorder(clock: ContinuousClock())
        let (parentInterval, results) = await recorder.withInterval("price-check", message: "price-check") {
            let results = await fanOut(
                over: 0..<8, maxInFlight: 3, tracer: recorder, name: { "price:\($0)" }
            ) { item in
                (Task.name, TaskID.current, TraceContext.current.intervalID)
            }
            return (TraceContext.current.intervalID, results)
        }
        for result in results {
            #expect(result.output.0 == "price:\(result.item)")
        }
        let children = recorder.intervals.filter { $0.name == "task" }
        #expect(Set(children.map(\.message)) == Set((0..<8).map { "price:\($0)" }))
        for child in children {
            #expect(child.parentID == parentInterval)
            #expect(child.end != nil)
            // The interval was opened by the child task itself, not by the fan-out loop.
            let result = results.first { "price:\($0.item)" == child.message }
            #expect(result?.output.1?.rawValue == child.taskID)
            #expect(result?.output.2 == child.id)
            #expect(child.taskID != TaskID.current?.rawValue)
        }
    }

    @Test func childrenAreInTheCensusWhileTheyRun() async {
        let census = TaskCensus(isEnabled: true)
        let gate = FanOutGate()
        let fan = Task {
            await fanOut(over: 0..<5, maxInFlight: 2, census: census, name: { "price:\($0)" }) {
                await gate.enter($0)
            }
        }
        await gate.waitForWaiting(count: 2)
        let snapshot = census.snapshot()
        #expect(snapshot.countsByFamily == ["price": 2])
        #expect(Set(snapshot.records.map(\.name)) == ["price:0", "price:1"])
        #expect(snapshot.records.allSatisfy { $0.parentID == fan.taskID })
        #expect(snapshot.records.allSatisfy { $0.fileID == "TaskWardenTests/FanOutTests.swift" })
        for id in 0..<5 {
            await gate.waitForWaiting(count: min(2, 5 - id))
            gate.release(gate.waitingIDs[0])
        }
        #expect(await fan.value.count == 5)
        #expect(census.liveCount == 0)
    }

    @Test func cancellationStopsNewChildrenAndReturnsWhatCompletedForTheApplyStep() async {
        let gate = FanOutGate()
        let items = CountingSequence(count: 20)
        let fan = Task { () -> (results: [FanOutResult<Int, Int?>], applied: [Int]) in
            let results = await fanOut(over: items, maxInFlight: 4, name: { "price:\($0)" }) { item -> Int? in
                await gate.enter(item) ? item : nil
            }
            // The apply step: always reached, with what completed.
            return (results, results.compactMap(\.output))
        }
        for _ in 0..<6 {
            await gate.waitForWaiting(count: 4)
            gate.release(gate.waitingIDs[0])
        }
        await gate.waitForWaiting(count: 4)
        fan.cancel()
        let (results, applied) = await fan.value
        #expect(applied.sorted() == Array(0..<6))
        #expect(results.count == 10)  // 6 completed + 4 in flight that returned nil when cancelled
        #expect(items.pulledCount == 10)  // nothing started after the cancellation
    }

    @Test func throwingFormThrowsWhatCompletedWhenTheCallerIsCancelled() async throws {
        let gate = FanOutGate()
        let items = CountingSequence(count: 20)
        let fan = Task {
            try await fanOut(over: items, maxInFlight: 3, name: { "price:\($0)" }) { item in
                guard await gate.enter(item) else { throw CancellationError() }
                return item
            }
        }
        for _ in 0..<5 {
            await gate.waitForWaiting(count: 3)
            gate.release(gate.waitingIDs[0])
        }
        await gate.waitForWaiting(count: 3)
        fan.cancel()
        let failure = await #expect(throws: FanOutFailure<Int, Int>.self) { try await fan.value }
        guard let failure else { return }
        guard case .cancelled = failure.reason else {
            Issue.record("expected the caller's cancellation as the reason, got \(failure.reason)")
            return
        }
        #expect(failure.completed.map(\.output).sorted() == Array(0..<5))
        // The three children in flight unwound with CancellationError; none of it is dropped.
        #expect(failure.childErrors.map(\.item).sorted() == [5, 6, 7])
        #expect(failure.childErrors.allSatisfy { $0.error is CancellationError })
        #expect(failure.error is CancellationError)
        #expect(items.pulledCount == 8)
    }

    @Test func aChildErrorThrownAfterTheCallersCancellationIsKept() async {
        let gate = FanOutGate()
        let fan = Task {
            try await fanOut(over: 0..<4, maxInFlight: 4, name: { "price:\($0)" }) { item in
                _ = await gate.enter(item)
                if item == 3 { throw Boom() }          // ignores the cancellation, then fails
                return item
            }
        }
        await gate.waitForWaiting(count: 4)
        for id in 0..<3 { gate.release(id) }
        await gate.waitForWaiting(count: 1)
        fan.cancel()                                    // child 3 sees it (enter returns false) and throws Boom
        let failure = await #expect(throws: FanOutFailure<Int, Int>.self) { try await fan.value }
        guard let failure else { return }
        guard case .cancelled = failure.reason else {
            Issue.record("expected the caller's cancellation as the reason, got \(failure.reason)")
            return
        }
        #expect(failure.completed.map(\.output).sorted() == [0, 1, 2])
        #expect(failure.childErrors.count == 1)
        #expect(failure.childErrors.first?.error as? Boom == Boom())
        #expect(failure.failedItem == 3)
        #expect(failure.failedIndex == 3)
    }

    @Test func aCancellationBetweenChildrenNamesTheFirstItemNotStarted() async {
        let items = CountingSequence(count: 10)
        let started = Gate()
        let release = Gate()
        let fan = Task {
            try await fanOut(over: items, maxInFlight: 1, name: { "price:\($0)" }) { item throws in
                if item == 0 {
                    started.open()
                    await release.wait()      // returns normally even though the caller is cancelled
                }
                return item
            }
        }
        await started.wait()
        fan.cancel()
        release.open()
        let failure = await #expect(throws: FanOutFailure<Int, Int>.self) { try await fan.value }
        #expect(failure?.completed.map(\.output) == [0])
        #expect(failure?.childErrors.isEmpty == true)
        #expect(failure?.failedItem == 1)
        #expect(failure?.failedIndex == 1)
        #expect(items.pulledCount == 2)               // the one item named, nothing started for it
    }

    @Test func aCallerCancelledAfterEveryItemSucceededGetsTheCompleteResult() async throws {
        let done = Gate()
        let proceed = Gate()
        let fan = Task {
            let results = try await fanOut(over: 0..<3, maxInFlight: 3, name: { "price:\($0)" }) { item throws in item }
            done.open()
            await proceed.wait()
            return results
        }
        await done.wait()
        fan.cancel()
        proceed.open()
        #expect(try await fan.value.count == 3)
    }

    @Test func throwingFormStopsAtTheFirstErrorAndKeepsWhatCompleted() async {
        let gate = FanOutGate()
        let items = CountingSequence(count: 10)
        let fan = Task {
            try await fanOut(over: items, maxInFlight: 3, name: { "price:\($0)" }) { item in
                guard await gate.enter(item) else { throw CancellationError() }
                if item == 1 { throw Boom() }
                return item
            }
        }
        await gate.waitForWaiting(count: 3)
        gate.release(0)
        await gate.waitForWaiting(count: 3)  // 0 completed, 3 started
        gate.release(1)
        let outcome = await fan.result
        guard case .failure(let error) = outcome else {
            Issue.record("expected the fan-out to throw")
            return
        }
        let failure = error as? FanOutFailure<Int, Int>
        #expect(failure?.error as? Boom == Boom())
        if case .childFailed(let first)? = failure?.reason {
            #expect(first.item == 1)
        } else {
            Issue.record("expected a child failure as the reason")
        }
        // The siblings' unwinding (2 and 3 cancelled) is kept after the first failure.
        #expect(failure?.childErrors.map(\.item).sorted() == [1, 2, 3])
        #expect(failure?.failedIndex == 1)
        #expect(failure?.failedItem == 1)
        #expect(failure?.completed.map(\.output) == [0])
        #expect(items.pulledCount == 4)
        #expect(gate.waitingIDs.isEmpty)  // 2 and 3 were cancelled, not left waiting
    }

    @Test func typedThrowsCarriesTheFailure() async {
        do {
            _ = try await fanOut(over: [1, 2, 3], maxInFlight: 1, name: { "price:\($0)" }) { item in
                if item == 2 { throw Boom() }
                return item
            }
            Issue.record("expected a failure")
        } catch {
            // `error` is statically a FanOutFailure<Int, Int>.
            #expect(error.failedItem == 2)
            #expect(error.completed.map(\.output) == [1])
        }
    }

    @Test func emptyInputReturnsNothing() async {
        let results = await fanOut(over: [Int](), maxInFlight: 6, name: { "price:\($0)" }) { $0 }
        #expect(results.isEmpty)
    }

    @Test func endlessLazySequencesWork() async {
        let gate = FanOutGate()
        let naturals = sequence(first: 0) { $0 + 1 }
        let fan = Task {
            await fanOut(over: naturals, maxInFlight: 2, name: { "price:\($0)" }) { await gate.enter($0) }
        }
        await gate.waitForWaiting(count: 2)
        gate.release(0)
        await gate.waitForWaiting(count: 2)
        fan.cancel()
        let results = await fan.value
        #expect(results.filter(\.output).map(\.item) == [0])
        #expect(results.count == 3)
    }
}

@Suite("Streaming fan-out")
struct StreamingFanOutTests {
    @Test func handsEachResultOverAsItCompletesWhileOthersAreStillRunning() async {
        let gate = FanOutGate()
        let log = StreamLog()
        let fan = Task {
            await fanOut(over: 0..<4, maxInFlight: 2, name: { "price:\($0)" }) { item in
                _ = await gate.enter(item)
                return item * 100
            } onResult: { result in
                log.append(result.output)
            }
        }
        await gate.waitForWaiting(count: 2)  // 0 and 1
        gate.release(1)
        await gate.waitForWaiting(count: 2)  // 0 and 2: the loop handed 1 over before starting 2
        #expect(log.values == [100])
        #expect(gate.waitingIDs == [0, 2])
        gate.release(0)
        await gate.waitForWaiting(count: 2)  // 2 and 3
        gate.release(2)
        gate.release(3)
        await fan.value
        #expect(log.values.sorted() == [0, 100, 200, 300])
        #expect(log.values.prefix(2) == [100, 0])
    }
}

final class StreamLog: Sendable {
    private let state = Locked<[Int]>([])
    func append(_ value: Int) { state.withLock { $0.append(value) } }
    var values: [Int] { state.withLock { $0 } }
}
