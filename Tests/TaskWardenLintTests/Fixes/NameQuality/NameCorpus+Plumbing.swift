import Testing
@testable import TaskWardenLint

/// Calls around the work that are not the work: a value taken out of its slot, clean-up before the work, a
/// state machine told how a loop goes; test types named after their subject; a task deferred to the end of a
/// function.
extension NameCorpus {
    static let plumbing: [NameCase] = [
        NameCase("a value taken out of its slot is not the work; sending it on is", file: "SampleFeeder.swift", """
            final class SampleFeeder {
                func run() async throws {
                    var sinkSlot: SampleSink? = makeSink()
                    Task {
                        var sink = sinkSlot.take()!
                        for sample in samples {
                            try await sink.send(sample)
                        }
                        sink.finish()
                    }
                }
            }
            """, accept: [["sample-feeder-send", "sample-feeder-send-sink"]],
            wrong: ["sample-feeder-take-sink-slot", "sample-feeder-take", "sample-feeder-run"]),
        NameCase("a writer taken from a slot and finished", file: "ChunkPipe.swift", """
            final class ChunkPipe {
                func run() async throws {
                    Task {
                        let writer = writerSlot.take()!
                        try await writer.finish(with: trailer)
                    }
                }
            }
            """, accept: [["chunk-pipe-finish-writer", "chunk-pipe-finish"]], wrong: ["chunk-pipe-take-writer-slot"]),
        NameCase("a storage's children consume their bases and tell a state machine how it goes", file: "PairingStorage.swift", """
            final class PairingStorage<Primary: AsyncSequence, Secondary: AsyncSequence> {
                private func startTask(primary: Primary, secondary: Secondary) {
                    let task = Task {
                        await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                var iterator = primary.makeAsyncIterator()
                                while true {
                                    try await withUnsafeThrowingContinuation { continuation in
                                        self.state.withCriticalRegion { $0.childTaskSuspended(slot: 0, continuation: continuation) }
                                    }
                                    if let element = try await iterator.next() {
                                        self.state.withCriticalRegion { $0.elementArrived(element) }
                                    } else {
                                        self.state.withCriticalRegion { $0.upstreamFinished() }
                                        break
                                    }
                                }
                            }
                            group.addTask {
                                var iterator = secondary.makeAsyncIterator()
                                while true {
                                    try await withUnsafeThrowingContinuation { continuation in
                                        self.state.withCriticalRegion { $0.childTaskSuspended(slot: 1, continuation: continuation) }
                                    }
                                    if let element = try await iterator.next() {
                                        self.state.withCriticalRegion { $0.elementArrived(element) }
                                    } else {
                                        self.state.withCriticalRegion { $0.upstreamFinished() }
                                        break
                                    }
                                }
                            }
                            try? await group.next()
                        }
                    }
                    state.taskStarted(task)
                }
            }
            """, accept: [["pairing-storage-start-task", "pairing-storage"],
                          ["pairing-storage-consume-primary"], ["pairing-storage-consume-secondary"]],
            wrong: ["pairing-storage-report-child-task-consume-primary", "pairing-storage-start-task-consume-primary",
                    "pairing-storage-report-child-task-suspended"]),
        NameCase("a test class named Test and its subject", file: "TestLedger.swift", """
            final class TestLedger: XCTestCase {
                func testPostingBalances() async throws {
                    Task { try await ledger.post(entry) }
                }
                func makeLedger() -> Ledger {
                    let ledger = Ledger()
                    Task { await ledger.open() }
                    return ledger
                }
            }
            """, accept: [["ledger-posting-balances"], ["ledger-make", "ledger-open", "ledger-make-ledger"]],
            wrong: ["test-ledger-posting-balances", "test-ledger-open", "test-ledger-make"]),
        NameCase("a helper in an extension of the test case base takes its file's topic", file: "XCTestCase+Draining.swift", """
            extension XCTestCase {
                func awaitDrain(of queue: WorkQueue) async {
                    let drained = Task { await queue.drain() }
                    await drained.value
                }
            }
            """, accept: [["draining-await-drain", "draining-drain-queue", "draining-await"]],
            wrong: ["xc-await-drain", "xc-drain-queue"]),
        NameCase("a task deferred to the end of a function is named after what it does", file: "PatternEditor.swift", """
            final class PatternEditor {
                func savePatterns(_ patterns: [String]) async throws {
                    isSaving = true
                    defer {
                        Task { @MainActor in
                            self.isSaving = false
                        }
                    }
                    try await store.write(patterns)
                }
                func applyFilter(_ filter: Filter) async {
                    defer { Task { await restoreSelection() } }
                    await results.apply(filter)
                }
            }
            """, accept: [["pattern-editor-reset-saving"], ["pattern-editor-restore-selection"]],
            wrong: ["pattern-editor-save-patterns", "pattern-editor-apply-filter"]),
        NameCase("a timer invalidated before the work is not the work", file: "TranscriptEvaluator.swift", """
            final class TranscriptEvaluator {
                func evaluate(_ transcript: Transcript) {
                    Task {
                        generationTimer?.invalidate()
                        scoreTranscript(transcript)
                    }
                }
                init() {
                    Task {
                        refreshTimer?.invalidate()
                        beginRefresh()
                    }
                }
            }
            """, accept: [["transcript-evaluator-score", "transcript-evaluator-score-transcript"],
                          ["transcript-evaluator-begin-refresh"]],
            wrong: ["transcript-evaluator-invalidate-generation-timer", "transcript-evaluator-invalidate-refresh-timer"]),
        NameCase("consumers of one test told apart by the consumer, not a number", file: "BroadcastStreamsTests.swift", """
            final class BroadcastStreamsTests: XCTestCase {
                func testNoDuplicated() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await value in consumer1.values { seen.insert(value) }
                        }
                        group.addTask {
                            for try await value in consumer2.values { seen.insert(value) }
                        }
                    }
                }
            }
            """, accept: [["broadcast-streams-no-duplicated-consumer1", "broadcast-streams-no-duplicated-consumer1-values"],
                          ["broadcast-streams-no-duplicated-consumer2", "broadcast-streams-no-duplicated-consumer2-values"]],
            wrong: ["broadcast-streams-no-duplicated", "broadcast-streams-no-duplicated-2",
                    "broadcast-streams-no-duplicated-consume-values"]),
        NameCase("a group's results handed back to the main actor are not the group's work", file: "CrawlAllModel.swift", """
            final class CrawlAllModel {
                func crawlAllSites() {
                    isCrawling = true
                    let targets = makeTargets()
                    Task.detached {
                        var pages = [CrawledPage]()
                        try await withThrowingTaskGroup(of: CrawledPage.self) { group in
                            for target in targets {
                                group.addTask { try await Crawler(target: target).fetchPage() }
                            }
                            for try await page in group { pages.append(page) }
                        }
                        await MainActor.run {
                            self.pages = pages
                            self.writeSummaryFile()
                        }
                    }
                }
            }
            """, accept: [["crawl-all-crawl-all-sites", "crawl-all-crawl-sites", "crawl-all-sites"],
                          ["crawl-all-fetch-page", "crawl-all-fetch-page-crawler"]],
            wrong: ["crawl-all-write-summary-file", "crawl-all-write-summary"]),
    ]
}
