import Testing
import TaskWarden

/// The three ways to write a polling loop over an owner, measured by deinit and by the census.
@Suite struct CapturePatternTests {
    final class Poller: Sendable {
        let ticks: Counter
        let freed: Counter
        init(ticks: Counter, freed: Counter) { self.ticks = ticks; self.freed = freed }
        func poll() { ticks.increment() }
        deinit { freed.increment() }
    }

    enum Pattern { case strong, weakUnwrappedOnce, weakUnwrappedPerIteration }

    /// Starts the loop in its own scope so the test's only reference to the poller ends with it, and returns
    /// once the loop has polled at least once (so each pattern has captured or unwrapped its owner).
    private func startLoop(_ pattern: Pattern, census: TaskCensus, ticks: Counter, freed: Counter) async -> Task<Void, Never> {
        let poller = Poller(ticks: ticks, freed: freed)
        let loop = makeLoop(pattern, poller: poller, census: census)
        await eventually { ticks.count >= 1 }
        return loop
    }

    private func makeLoop(_ pattern: Pattern, poller: Poller, census: TaskCensus) -> Task<Void, Never> {
        switch pattern {
        case .strong:
            return Warden.task(name: "poll-strong", census: census) {
                while !Task.isCancelled {
                    poller.poll()
                    await Task.yield()
                }
            }
        case .weakUnwrappedOnce:
            return Warden.task(name: "poll-weak-once", census: census) { [weak poller] in
                guard let poller else { return }
                while !Task.isCancelled {
                    poller.poll()
                    await Task.yield()
                }
            }
        case .weakUnwrappedPerIteration:
            return Warden.task(name: "poll-weak-each", census: census) { [weak poller] in
                while !Task.isCancelled {
                    guard let poller else { return }
                    poller.poll()
                    await Task.yield()
                }
            }
        }
    }

    @Test(arguments: [Pattern.strong, .weakUnwrappedOnce])
    func loopsThatHoldTheOwnerLeakIt(_ pattern: Pattern) async {
        let census = TaskCensus()
        let ticks = Counter()
        let freed = Counter()
        let loop = await startLoop(pattern, census: census, ticks: ticks, freed: freed)
        // Long after the test dropped its reference, the loop is still polling the same, still-alive owner.
        let ticksAtRelease = ticks.count
        #expect(await eventually { ticks.count >= ticksAtRelease + 500 })
        #expect(freed.count == 0)
        #expect(census.liveCount == 1)
        loop.cancel()
        await loop.value
        #expect(freed.count == 1)
        #expect(census.liveCount == 0)
    }

    @Test func unwrappingPerIterationFreesTheOwner() async {
        let census = TaskCensus()
        let ticks = Counter()
        let freed = Counter()
        let loop = await startLoop(.weakUnwrappedPerIteration, census: census, ticks: ticks, freed: freed)
        #expect(ticks.count >= 1)
        await loop.value          // ends by itself: nobody cancels it
        #expect(freed.count == 1)
        #expect(census.liveCount == 0)
    }
}
