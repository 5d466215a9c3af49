#if canImport(Glibc)
import Glibc
import Synchronization
import Testing
import TaskWarden
import TaskWardenTesting

private let previousHandlerCalls = Atomic<Int>(0)

/// Stands for a handler the app (or another library) installed before the census dump.
private func previousHandler(_: Int32) {
    previousHandlerCalls.add(1, ordering: .relaxed)
}

private func installedHandler(for number: Int32) -> UInt {
    var current = sigaction()
    _ = sigaction(number, nil, &current)
    return UInt(bitPattern: unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self))
}

private let previousHandlerAddress = UInt(
    bitPattern: unsafeBitCast(previousHandler as @convention(c) (Int32) -> Void, to: Int.self))

/// `dumpOnSignal` shares the signal: a handler installed before it is still called, and cancelling puts it back
/// (never `SIG_DFL`, whose action for SIGUSR2 is to terminate the process). Serialized: both tests own SIGUSR2.
@Suite(.serialized) struct CensusSignalChainTests {
    private func withPreviousHandler(_ body: () async -> Void) async {
        var previous = sigaction()
        previous.__sigaction_handler.sa_handler = previousHandler
        sigemptyset(&previous.sa_mask)
        var original = sigaction()
        _ = sigaction(SIGUSR2, &previous, &original)
        await body()
        _ = sigaction(SIGUSR2, &original, nil)
    }

    /// Raises SIGUSR2 and waits until `dump`'s writer has run; returns how often the previous handler ran.
    private func signalAndWait(_ arrived: Gate) async -> Int {
        let before = previousHandlerCalls.load(ordering: .relaxed)
        kill(getpid(), SIGUSR2)
        await arrived.wait()
        _ = await eventually { previousHandlerCalls.load(ordering: .relaxed) > before }
        return previousHandlerCalls.load(ordering: .relaxed) - before
    }

    @Test(.timeLimit(.minutes(10))) func thePreviousHandlerIsChainedAndPutBack() async {
        await withPreviousHandler {
            let census = TaskCensus()
            let arrived = Gate()
            let dump = census.dumpOnSignal(SIGUSR2) { _ in arrived.open() }
            #expect(await signalAndWait(arrived) == 1)          // the dump ran, and so did the previous handler
            dump.cancel()
            #expect(installedHandler(for: SIGUSR2) == previousHandlerAddress)
            let before = previousHandlerCalls.load(ordering: .relaxed)
            kill(getpid(), SIGUSR2)                             // the process survives: no SIG_DFL
            #expect(await eventually { previousHandlerCalls.load(ordering: .relaxed) == before + 1 })
        }
    }

    @Test(.timeLimit(.minutes(10))) func nestedSubscriptionsUnwindInAnyOrder() async {
        await withPreviousHandler {
            let census = TaskCensus()
            let first = Gate()
            let second = Gate()
            let older = census.dumpOnSignal(SIGUSR2) { _ in first.open() }
            let newer = census.dumpOnSignal(SIGUSR2) { _ in second.open() }
            #expect(await signalAndWait(second) == 1)           // the newest dumps; the app's handler still runs
            newer.cancel()
            #expect(await signalAndWait(first) == 1)            // the older one is active again
            older.cancel()
            #expect(installedHandler(for: SIGUSR2) == previousHandlerAddress)

            let third = Gate()
            let a = census.dumpOnSignal(SIGUSR2) { _ in }
            let b = census.dumpOnSignal(SIGUSR2) { _ in third.open() }
            a.cancel()                                          // the older goes first this time
            #expect(await signalAndWait(third) == 1)
            b.cancel()
            #expect(installedHandler(for: SIGUSR2) == previousHandlerAddress)
        }
    }
}
#endif
