import Foundation
import Synchronization
import TaskWarden

/// `--serve-census`: check the wantlist round after round, forever, with the census served on its socket so
/// `taskwarden top` has live tasks to show — the round (`price-check:round-N`), its fan-out children
/// (`price:<releaseID>`), and one `price-alert:N` per round that nothing ever cancels: a deliberate leak, the
/// kind the census's leak check and top's "growing" marker exist to catch.
enum ServeCensusMode {
    static func run(_ options: PriceCheckOptions) async -> Never {
        TaskCensus.shared.isEnabled = true
        // The handlers go in before the socket exists: a SIGTERM that arrives just after `serve` (a test, or a
        // quick Ctrl-C) must still remove the socket, not kill the process with the file left behind.
        let termination = closeOnTermination()
        let endpoint: CensusEndpoint
        do {
            endpoint = try TaskCensus.shared.serve(processName: "price-check")
        } catch {
            FileHandle.standardError.write(Data("price-check: cannot serve the census: \(error)\n".utf8))
            exit(2)
        }
        termination.close(endpoint)
        FileHandle.standardOutput.write(Data(
            "serving the task census at \(endpoint.path) (pid \(getpid())); watch it with: swift run taskwarden top\n".utf8))

        let clock = ContinuousClock()
        var alerts: [Task<Void, Never>] = []
        var round = 0
        while true {
            round += 1
            // The leak: an alert watcher per round, held in an array nobody cancels.
            alerts.append(Warden.task(name: "price-alert:\(round)") {
                while !Task.isCancelled { try? await clock.sleep(for: .seconds(3_600)) }
            })
            let recorder = TraceRecorder(processName: "price-check", capacity: options.items * 4 + 64, clock: clock)
            let check = Warden.task(name: "price-check:round-\(round)") {
                _ = try? await PriceCheck(options: options, clock: clock, recorder: recorder).run()
            }
            await check.value
        }
    }

    /// SIGINT and SIGTERM close the endpoint handed to the returned ``Termination`` (removing its socket file)
    /// and exit. The handler only writes a byte to a pipe; a thread blocked on the other end does the work
    /// outside the signal handler, once the endpoint is known.
    private static func closeOnTermination() -> Termination {
        let termination = Termination()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return termination }
        terminationPipe.store(ends[1], ordering: .releasing)
        let readEnd = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            termination.endpointWhenServed().close()
            exit(0)
        }
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGINT, SIGTERM] {
            sigaddset(&handled, number)
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(terminationPipe.load(ordering: .acquiring), &byte, 1)
            }
        }
        // The signal mask is inherited from whoever started the process; a blocked SIGTERM would never arrive.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return termination
    }
}

/// The pipe's write end, read by the signal handler (an atomic: a signal handler may not take a lock).
private let terminationPipe = Atomic<Int32>(-1)

/// The endpoint the termination thread closes: handed over once `serve` returned (a condition, which
/// ThreadSanitizer understands, rather than a Mutex it cannot see).
private final class Termination: Sendable {
    private let served = NSCondition()
    // Why `nonisolated(unsafe)` is sound: written once in `close(_:)` and read in `endpointWhenServed()`, both
    // only while holding `served`.
    nonisolated(unsafe) private var endpoint: CensusEndpoint?

    /// Hands the endpoint to the termination thread.
    func close(_ endpoint: CensusEndpoint) {
        served.lock()
        self.endpoint = endpoint
        served.broadcast()
        served.unlock()
    }

    /// Waits until the endpoint is served, then returns it.
    func endpointWhenServed() -> CensusEndpoint {
        served.lock()
        defer { served.unlock() }
        while endpoint == nil { served.wait() }
        return endpoint!
    }
}
