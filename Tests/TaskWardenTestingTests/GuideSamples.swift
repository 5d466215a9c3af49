import Foundation
import Testing
import TaskWarden
import TaskWardenBackground
import TaskWardenTesting

// The runtime's documentation samples — README, Guides/*.md and the doc comments of closure-taking APIs — copied
// here verbatim inside functions, with just enough stand-ins (`api`, `shelf`, `wantlist`, …) to type-check them.
// They are compiled, not run: a sample that stops compiling (or starts warning, e.g. "result of 'try?' is
// unused") shows up in the build. Samples that need Apple frameworks (`BGTaskScheduler`, SwiftUI) are not
// compiled on Linux; see the end of the file.
//
// When you change a sample in a Guide, change it here too.

// MARK: Stand-ins shared by the samples

struct WantedRelease: Sendable, Hashable { var releaseID: Int }
struct Price: Sendable {}
struct PriceResponse: Sendable {
    var price: Price?
    var rateLimit: RateLimitReport
    var limit: Int
    var remaining: Int
    var resetIn: Duration
}
struct PriceAPI: Sendable {
    func price(for release: WantedRelease) async -> PriceResponse { fatalError("compiled, not run") }
}
struct ThrowingPriceAPI: Sendable {
    func price(for release: WantedRelease) async throws -> Price { fatalError("compiled, not run") }
}
struct PriceService: Sendable {
    func lowestPrice(for release: WantedRelease) async -> Price? { fatalError("compiled, not run") }
    func lowestPrice(for releaseID: Int) async throws -> Price { fatalError("compiled, not run") }
    func fetch(_ releaseID: Int) async throws -> Price { fatalError("compiled, not run") }
}
@MainActor final class Shelf {
    func apply(_ prices: [Price?]) {}
    func apply(_ prices: [Price]) {}
    func apply(_ price: Price?, to release: WantedRelease) {}
}
final class BackgroundShelf: Sendable {
    func apply(_ price: Price, to releaseID: Int) {}
}
struct Logger: Sendable {
    func warning(_ message: String) {}
    func info(_ message: String, metadata: [String: String]) {}
}
struct Album: Sendable {}
struct Thumbnail: Sendable {}
enum RenderError: Error { case failed }
struct Catalog: Sendable {
    func albums(matching query: String) async throws -> [Album] { fatalError("compiled, not run") }
}
struct Renderer: Sendable {
    func render(_ albumID: Int) async throws(RenderError) -> Thumbnail { fatalError("compiled, not run") }
}
let catalog = Catalog()

// MARK: README

@MainActor func readmeSample(wantlist: [WantedRelease], api: PriceAPI, shelf: Shelf) async throws {
    // Per-item work, at most six in flight, each child a named task with its own trace interval.
    let recorder = TraceRecorder()
    let limiter = try RateLimiter(limit: 40, per: .seconds(60))
    let prices = await fanOut(over: wantlist, maxInFlight: 6, tracer: recorder, name: { "price:\($0.releaseID)" }) { release in
        _ = try? await limiter.acquire()
        let response = await api.price(for: release)
        try? limiter.apply(response.rateLimit)          // the server's limit / remaining / reset
        return response.price
    }
    await withCancellationShield {                      // what was paid for is applied, even on expiration
        shelf.apply(prices.map(\.output))
    }
}

// MARK: Guides/FanOut.md

@MainActor func fanOutGuideSamples(
    wantlist: [WantedRelease], recorder: TraceRecorder, limiter: RateLimiter<ContinuousClock>,
    priceService: PriceService, api: ThrowingPriceAPI, shelf: Shelf, log: Logger
) async {
    do {
        let prices = await fanOut(over: wantlist, maxInFlight: 6, tracer: recorder, name: { "price:\($0.releaseID)" }) { release in
            _ = try? await limiter.acquire()
            return await priceService.lowestPrice(for: release)
        }
        shelf.apply(prices.map(\.output))   // runs after a full run *and* after a cancellation
    }
    await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) { release in
        await priceService.lowestPrice(for: release)
    } onResult: { result in
        shelf.apply(result.output, to: result.item)
    }
    do {
        let prices = try await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) {
            try await api.price(for: $0)
        }
        shelf.apply(prices.map(\.output))
    } catch {
        shelf.apply(error.completed.map(\.output))   // `error` is FanOutFailure<WantedRelease, Price>
        log.warning("price check stopped at \(error.failedItem.releaseID): \(error.error)")
    }
}

// MARK: Guides/RateLimiter.md and RateLimiter's doc comment

func rateLimiterGuideSample(wantlist: [WantedRelease], api: PriceAPI) async throws {
    let limiter = try RateLimiter(limit: 40, per: .seconds(60))          // a guess until the server speaks

    let prices = await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) { release in
        _ = try? await limiter.acquire()                                 // FIFO; throws only on cancellation
        let response = await api.price(for: release)
        try? limiter.apply(RateLimitReport(                              // X-RateLimit-Limit / -Remaining / -Reset
            limit: response.limit, window: .seconds(60),
            remaining: response.remaining, resetIn: response.resetIn))
        return response.price
    }
    _ = prices
}

struct ReportingPriceAPI: Sendable {
    func price(for release: WantedRelease) async -> (Price?, RateLimitReport) { fatalError("compiled, not run") }
}

/// `RateLimiter`'s doc comment.
func rateLimiterDocCommentSample(wantlist: [WantedRelease], api: ReportingPriceAPI) async throws {
    let limiter = try RateLimiter(limit: 40, per: .seconds(60))
    let prices = await fanOut(over: wantlist, maxInFlight: 6, name: { "price:\($0.releaseID)" }) { release in
        _ = try? await limiter.acquire()              // throws only on cancellation
        let (price, report) = await api.price(for: release)
        try? limiter.apply(report)
        return price
    }
    _ = prices
}

/// Also `ManualClock`'s doc comment, which is the same test with `Task` for `Task.immediate`.
func rateLimiterManualClockSample() async throws {
    let clock = ManualClock()
    let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
    for _ in 0..<40 { try await limiter.acquire() }
    let fortyFirst = Task.immediate { try await limiter.acquire() }   // queued before the next line runs
    await clock.waitForSleepers(count: 1)                            // the window timer is asleep
    clock.advance(to: .milliseconds(59_999))
    #expect(limiter.waitingCount == 1)
    clock.advance(to: .seconds(60))
    #expect(try await fortyFirst.value == ManualClock.Instant(offset: .seconds(60)))
}

func manualClockDocCommentSample() async throws {
    let clock = ManualClock()
    let limiter = try RateLimiter(limit: 40, per: .seconds(60), clock: clock)
    for _ in 0..<40 { try await limiter.acquire() }
    let late = Task { try await limiter.acquire() }
    await clock.waitForSleepers(count: 1)
    clock.advance(to: .seconds(60))
    #expect(try await late.value == ManualClock.Instant(offset: .seconds(60)))
}

// MARK: Guides/ChoosingAnOwner.md and TaskService's doc comments

@MainActor final class AlbumSearchModel {
    private let search = TaskSlot()
    private(set) var albums: [Album] = []

    func queryChanged(_ query: String) {
        search.replace(name: "album-search") { generation in
            guard let found = try? await catalog.albums(matching: query) else { return }
            generation.commit { self.albums = found }      // skipped if a newer query replaced us
        }
    }
}

func taskRegistrySample(albumID: Int, renderer: Renderer) async throws {
    let thumbnails = TaskRegistry<Int, Thumbnail, RenderError>(name: { "thumbnail:\($0)" })

    // The shelf and the detail screen ask for album 7 at once: one render, two callers.
    let cover = try await thumbnails.value(for: albumID, operation: renderer.render)
    _ = cover
}

@MainActor final class WantlistModel {
    private let priceWatch = TaskService(name: "wantlist-price-watch")
    let clock = ContinuousClock()
    var wantlist: [WantedRelease] = []

    func refreshPrices() async {}

    func appeared() {
        priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
            await model.refreshPrices()
        }
    }
    func disappeared() async { await priceWatch.stop() }

    /// The interval form ending itself from inside (Guide, and `start(owner:every:…)`'s doc comment).
    func watchUntilTheWantlistIsEmpty() {
        priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
            await model.refreshPrices()
            if await model.wantlist.isEmpty { await model.priceWatch.stop() }   // no sleep, no further iteration
        }
    }

    var signedOut = false

    /// `stop()`'s doc comment.
    func watchUntilSignedOut() {
        priceWatch.start(owner: self, every: .seconds(60), clock: clock) { model in
            if await model.signedOut { await model.priceWatch.stop() }   // this iteration finishes; no other starts
            else { await model.refreshPrices() }
        }
    }
}

// MARK: Guides/CancellationShield.md, Census.md, TaskIdentity.md

struct PriceLedger: Sendable { func apply(_ price: Price, to releaseID: Int) async {} }
struct ShelfRelease: Sendable { var id: Int }

func cancellationShieldSample(priceService: PriceService, ledger: PriceLedger) async throws {
    func refreshPrice(of release: ShelfRelease) async throws {
        let price = try await priceService.fetch(release.id)     // cancellable: fine to abandon
        await withCancellationShield {
            await ledger.apply(price, to: release.id)           // finishes even if we are cancelled now
        }
        try Task.checkCancellation()                           // …and we still see the cancellation here
    }
    _ = refreshPrice
}

struct RefreshHandler: Sendable { func run() async throws {} }

func executorPreferenceSample(simulatorExecutor: any TaskExecutor, refreshHandler: RefreshHandler) async throws {
    try await Warden.withTaskExecutorPreference(simulatorExecutor) {
        try await refreshHandler.run()      // shields inside run on simulatorExecutor too
    }
}

struct PriceRefresher: Sendable { func refresh(_ releaseID: Int) async throws {} }

func censusSamples(release: ShelfRelease, prices: PriceRefresher, clock: ContinuousClock) async throws {
    TaskCensus.shared.isEnabled = true                    // off by default; e.g. debug builds or a flag

    let check = Warden.task(name: "price-check:\(release.id)") {
        try await prices.refresh(release.id)
    }

    let snapshot = TaskCensus.shared.snapshot()
    _ = snapshot.count                  // live tasks
    _ = snapshot.countsByName           // ["price-check:4471": 1, "thumbnail:7": 1, …]
    _ = snapshot.countsByFamily         // ["price-check": 1, "thumbnail": 12] — the prefix before ":"
    print(snapshot.treeDescription())
    _ = check

    let dump = TaskCensus.shared.dumpOnSignal()        // SIGUSR1 by default; keep `dump` alive
    _ = dump

    var samples: [CensusSnapshot] = []
    for _ in 0..<4 {
        samples.append(TaskCensus.shared.snapshot())
        try await clock.sleep(for: .seconds(30))
    }
    for suspect in CensusSnapshot.leakSuspects(in: samples) {
        print("leak? \(suspect.family): \(suspect.counts), λ = \(suspect.arrivalsPerSecond)/s")
    }
}

func taskIdentitySample(logger: Logger, renderer: Renderer, albumID: Int) {
    var inFlight: [TaskID: Int] = [:]
    logger.info("price check started", metadata: ["task": "\(TaskID.current?.description ?? "-")"])

    let render = Task(name: "thumbnail:7") { try await renderer.render(7) }
    inFlight[render.taskID] = albumID              // a side table keyed by task
}

// MARK: Guides/BackgroundRefresh.md and Guides/BackgroundSimulator.md

struct PriceCheck: Sendable { func run<C: Clock>(_ run: BackgroundRun<C>) async throws {} }

/// The engine sample with the portable constructor; `BackgroundTaskEngine.system` and `registerWithSystem()`
/// are Apple-only.
func backgroundEngineSample(someClock: ContinuousClock, priceCheck: PriceCheck) throws {
    let engine = BackgroundTaskEngine(clock: someClock, permittedIdentifiers: ["com.recordshelf.price-check"])

    try engine.register("com.recordshelf.price-check", kind: .appRefresh,
                        scheduleNext: .resubmit(after: .seconds(4 * 3600))) { run in
        try await priceCheck.run(run)
    }
    engine.finishLaunching()
    try engine.submit(.appRefresh("com.recordshelf.price-check"))
}

func backgroundLedgerSample(wantlist: [WantedRelease], appSupport: URL) throws {
    let ledger = try RefreshLedger(items: wantlist.map(\.releaseID), clock: WallClock(),
                                   store: FileLedgerStore(url: appSupport.appendingPathComponent("price-ledger.json")))
    _ = ledger
}

struct LedgerPriceAPI: Sendable { func price(_ releaseID: Int) async throws -> Price { fatalError("compiled, not run") } }

/// `RefreshLedger`'s doc comment.
func refreshLedgerDocCommentSample(
    wantlist: [WantedRelease], clock: WallClock, ledgerURL: URL, api: LedgerPriceAPI, shelf: BackgroundShelf
) async throws {
    let ledger = try RefreshLedger(items: wantlist.map(\.releaseID), clock: clock,
                                   store: FileLedgerStore(url: ledgerURL))
    let work = ledger.workList()                      // stalest first; the fan-out pulls lazily
    let prices = await fanOut(over: work, maxInFlight: 6, name: { "price:\($0)" }) { try? await api.price($0) }
    await withCancellationShield {
        for result in prices where result.output != nil {
            shelf.apply(result.output!, to: result.item)
            _ = try? ledger.markChecked(result.item)  // saved now
        }
    }
}

func priceCheckDoneRightSample(
    engine: BackgroundTaskEngine<WallClock>, ledger: RefreshLedger<Int, WallClock>,
    limiter: RateLimiter<ContinuousClock>, prices: PriceService, shelf: BackgroundShelf
) throws {
    try engine.register("com.recordshelf.price-check", kind: .appRefresh,
                        scheduleNext: .resubmit(after: .seconds(4 * 3600))) { run in   // 1. chain first (engine)
        let work = ledger.workList()                                                  // 2. stalest first
        let results = await fanOut(over: work, maxInFlight: 6, name: { "price:\($0)" }) { releaseID -> Price? in
            do { try await limiter.acquire() } catch { return nil }                   // 3. paced, named, bounded
            return try? await prices.lowestPrice(for: releaseID)
        }
        await withCancellationShield {                                                // 4. apply what came back
            for result in results {
                guard let price = result.output else { continue }  // failed: stays stale, first in line next time
                shelf.apply(price, to: result.item)
                _ = try? ledger.markChecked(result.item)           // saved now
                run.recordApplied()
            }
        }
    }
}

func priceCheck(_ run: BackgroundRun<SimulatedClock>, ledger: RefreshLedger<Int, SimulatedClock>, clock: SimulatedClock) async throws {}

func backgroundSimulatorSample() throws {
    var system = SimulatorConfiguration()
    system.discretionaryDelay = .zero ... .hours(1)      // the OS runs a request up to 1 h after its earliest date
    system.appRefreshBudget = .seconds(30) ... .seconds(30)
    let simulator = BackgroundSimulator(seed: 42, permittedIdentifiers: ["com.recordshelf.price-check"],
                                        configuration: system)

    // Build the app under test on the simulator's clock (ledger, limiter, fake services, latencies).
    let ledger = try RefreshLedger(items: Array(1...300), clock: simulator.clock, store: InMemoryLedgerStore())
    try simulator.engine.register("com.recordshelf.price-check", kind: .appRefresh,
                                  scheduleNext: .resubmit(after: .hours(4))) { [clock = simulator.clock] run in
        try await priceCheck(run, ledger: ledger, clock: clock)
    }
    simulator.engine.finishLaunching()
    try simulator.engine.submit(.appRefresh("com.recordshelf.price-check"))

    simulator.run(for: .days(3))                          // synchronous; milliseconds of real time
    defer { simulator.shutDown() }

    #expect(simulator.timeline.allSatisfy { $0.nextRequestPending == true })   // the chain never broke
    #expect(simulator.timeline.allSatisfy { !$0.killed })                      // expiration was honoured
    #expect(ledger.checkedCount == 300)
}

/// The body of BackgroundRefresh.md's SwiftUI closure (and `perform`'s doc comment), without the modifier.
func swiftUIBackgroundTaskClosureSample(engine: BackgroundTaskEngine<WallClock>) async {
    _ = try? await engine.perform("com.recordshelf.price-check")
}

// Not compiled on Linux: BackgroundRefresh.md's `BackgroundTaskEngine.system(…)` / `registerWithSystem()` lines
// (BackgroundTasks), its SwiftUI `App` and the `.backgroundTask` modifiers around the closure above (SwiftUI);
// Tracing.md's sample is `Tracer`'s declaration, copied from the source.
