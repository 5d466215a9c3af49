/// Tasks in tests and tasks whose body is a loop: a scenario cut where its clause ends, children of one test told
/// apart by what they work on, and counting never taken for the work.
extension NameCorpus {
    static let loops: [NameCase] = [
        NameCase("a long scenario keeps the instance number of each sibling's call", file: "PartitionIntegrationTests.swift", """
            struct PartitionIntegrationTests {
                @Test func noDuplicatedRecordsOnRebalance() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await serviceGroup1.run() }
                        group.addTask {
                            while seen.load(ordering: .relaxed) < 2 { try await Task.sleep(for: .milliseconds(50)) }
                            try await serviceGroup2.run()
                        }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["partition-integration-no-duplicated-run-group1"], ["partition-integration-no-duplicated-run-group2"]],
            wrong: ["partition-integration-no-duplicated-run-service", "partition-integration-no-duplicated-run-service-2"]),
        NameCase("a scenario that ends on the prefix's own noun", file: "LexerTests.swift", """
            final class LexerTests: XCTestCase {
                func testStreamingTokenLexer() async throws {
                    try await withThrowingTaskGroup(of: [Token].self) { group in
                        group.addTask { try await self.tokenLexer(source).reduce([]) { $0 + $1 } }
                        _ = try await group.next()
                    }
                }
            }
            """, accept: [["lexer-streaming-token"]], wrong: ["lexer-streaming-token-lexer"]),
        NameCase("children of one test told apart by the instance each works on", file: "ReplicaSetTests.swift", """
            @Suite struct ReplicaSetTests {
                @Test func failoverPromotesFollower() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await node1.run() }
                        group.addTask { for try await _ in follower1.heartbeats {} }
                        group.addTask { try await node2.run() }
                        group.addTask { for try await _ in follower2.heartbeats {} }
                        try await group.next()
                    }
                }
                @Test func splitBrainIsAvoided() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await node1.run() }
                        group.addTask { for try await _ in follower1.heartbeats {} }
                        try await group.next()
                    }
                }
            }
            """, accept: [["replica-set-failover-promotes-follower-run-node1"],
                          ["replica-set-failover-promotes-consume-follower1"],
                          ["replica-set-failover-promotes-follower-run-node2"],
                          ["replica-set-failover-promotes-consume-follower2"],
                          ["replica-set-split-brain-is-avoided-run-node1", "replica-set-split-brain-avoided-run-node1"],
                          ["replica-set-split-brain-consume-heartbeats", "replica-set-split-brain-avoided-consume-heartbeats"]],
            wrong: ["replica-set-failover-promotes-follower-2", "replica-set-failover-promotes-follower-consume-2",
                    "replica-set-failover-promotes-follower-run-node2-2"]),
        NameCase("an atomic that records the first event is not the work", file: "ShardRouterTests.swift", """
            @Suite struct ShardRouterTests {
                @Test func routesEveryMessage() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await message in router.deliveries {
                                if firstPartition.load(ordering: .relaxed) == -1 {
                                    firstPartition.store(Int32(message.partition), ordering: .relaxed)
                                }
                                delivered.wrappingIncrement(ordering: .relaxed)
                            }
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["shard-router-routes-every-message"]],
            wrong: ["shard-router-routes-every-message-load-first", "shard-router-load-first-partition"]),
        NameCase("an actor counter moved by a batch's count is not the work", file: "SpoolTests.swift", """
            @Suite struct SpoolTests {
                @Test func flushesUnderContention() async throws {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for _ in 0..<500 {
                                let chunk = spool.drainQueued()
                                await flushed.add(chunk.count)
                                await Task.yield()
                            }
                        }
                        group.addTask {
                            for _ in 0..<500 { await spool.enqueue(Record()) }
                        }
                    }
                }
            }
            """, accept: [["spool-flushes-under-contention-drain-queued"],
                                ["spool-flushes-under-contention-enqueue", "spool-flushes-under-contention-enqueue-record"]],
            wrong: ["spool-flushes-under-contention-add", "spool-flushes-under-contention-add-flushed"]),
        NameCase("a polling loop then a shutdown", file: "DrainTests.swift", """
            @Suite struct DrainTests {
                @Test func stopsAfterAllWorkersReport() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await pool.run() }
                        group.addTask {
                            for _ in 0..<200 {
                                let done = left.load(ordering: .relaxed) + right.load(ordering: .relaxed)
                                if done >= target { break }
                                try await Task.sleep(for: .milliseconds(50))
                            }
                            await supervisor.beginOrderlyShutdown()
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["drain-stops-after-all-workers-report-run-pool", "drain-stops-run-pool"],
                          ["drain-stops-begin-orderly-shutdown", "drain-stops-after-begin-orderly-shutdown"]],
            wrong: ["drain-stops-after-all-workers-report-begin-orderly", "drain-stops-after-all-workers-report-load"]),
        NameCase("a child that is one loop over a numbered source consumes it; a drain consumes", file: "OffsetTests.swift", """
            @Suite struct OffsetTests {
                @Test func commitsSurviveFailover() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await cluster1.run() }
                        group.addTask {
                            for try await batch in broker1.deliveries {
                                seen1.wrappingIncrement(ordering: .relaxed)
                                try broker1.commitOffset(batch)
                            }
                        }
                        group.addTask {
                            for try await batch in broker2.deliveries {
                                seen2.wrappingIncrement(ordering: .relaxed)
                                try broker2.commitOffset(batch)
                            }
                        }
                        group.addTask { for await _ in notifications {} }
                        try await group.next()
                    }
                }
            }
            """, accept: [["offset-commits-survive-failover-run-cluster1"],
                          ["offset-commits-survive-failover-consume-broker1", "offset-commits-consume-broker1-deliveries"],
                          ["offset-commits-survive-failover-consume-broker2", "offset-commits-consume-broker2-deliveries"],
                          ["offset-commits-survive-consume-notifications", "offset-commits-survive-failover-drain-notifications"]],
            wrong: ["offset-commits-survive-failover-commit-broker1", "offset-commits-survive-failover-broker1",
                    "offset-commits-survive-failover", "offset-commits-survive-failover-2"]),
        NameCase("a compound call after a polling loop stays whole, never its verb and the receiver", file: "ClusterMembershipTests.swift", """
            @Suite struct ClusterMembershipTests {
                @Test func noLostVotesAcrossRejoin() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await member1.run() }
                        group.addTask { for try await _ in member1.ballots {} }
                        group.addTask {
                            while tally.load(ordering: .relaxed) < 50 {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                            await member1.initiateOrderlyShutdown()
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["cluster-membership-no-lost-votes-run-member1"],
                          ["cluster-membership-no-lost-votes-consume-ballots"],
                          ["cluster-membership-initiate-orderly-shutdown", "cluster-membership-no-lost-initiate-orderly-shutdown"]],
            wrong: ["cluster-membership-no-lost-initiate-member1", "cluster-membership-no-lost-votes-across-rejoin"]),
        NameCase("the error a test expects is not a word of the task", file: "PipeTests.swift", """
            @Suite struct PipeTests {
                @Test func pipeCloseDueToCancellation() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            await #expect(throws: PipeError(.cancelled)) {
                                _ = try await pipe.read("alpha")
                            }
                        }
                        group.addTask {
                            await #expect(throws: PipeError(.cancelled)) {
                                _ = try await pipe.read("bravo")
                            }
                        }
                        group.addTask { try await pipe.close() }
                    }
                }
            }
            """, accept: [["pipe-close-due-to-cancellation-alpha", "pipe-close-due-to-cancellation-read-alpha"],
                          ["pipe-close-due-to-cancellation-bravo", "pipe-close-due-to-cancellation-read-bravo"],
                          ["pipe-close-due-to-cancellation"]],
            wrong: ["pipe-close-due-to-cancellation-cancelled-alpha", "pipe-close-due-to-cancellation-cancelled"]),
        NameCase("a string literal tells tasks apart only when it reads as a word", file: "FinderTests.swift", """
            final class FinderTests: XCTestCase {
                func testLookupMatchesPrefix() async {
                    Task {
                        await finder.lookup("XyQQQ")
                        done.fulfill()
                    }
                    Task {
                        await finder.lookup("Lorem")
                        done.fulfill()
                    }
                }
            }
            """, accept: [["finder-lookup-matches-prefix"], ["finder-lookup-matches-prefix-lorem"]],
            wrong: ["finder-lookup-matches-prefix-xy-qqq", "finder-lookup-matches-prefix-finder"]),
        NameCase("alike calls told apart by the type of what each hands over", file: "RosterTests.swift", """
            final class RosterTests: XCTestCase {
                func testConcurrentEnrollmentsAreKept() async {
                    let roster = Roster()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { roster.members.enroll(Admin(name: "Ada")) }
                        group.addTask { roster.members.enroll(Guest(badge: 7)) }
                    }
                }
            }
            """, accept: [["roster-concurrent-enrollments-are-kept-admin", "roster-concurrent-enrollments-enroll-admin"],
                          ["roster-concurrent-enrollments-are-kept-guest", "roster-concurrent-enrollments-enroll-guest"]],
            wrong: ["roster-concurrent-enrollments-are-kept-members", "roster-concurrent-enrollments-are-kept-2"]),
        NameCase("a bare verb never ends a scenario's lead: the phrase keeps what it works on", file: "LedgerReplicationTests.swift", """
            struct LedgerReplicationTests {
                @Test func atMostOnceNoEntryReplayedAfterFailover() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await node7.run() }
                        group.addTask {
                            for try await entry in tailer7.entries {
                                try tailer7.markApplied(entry)
                            }
                        }
                    }
                }
            }
            """, accept: [["ledger-replication-at-most-once-run-node7"], ["ledger-replication-at-most-once-consume-tailer7", "ledger-replication-at-most-once-consume-entries"]],
            wrong: ["ledger-replication-at-most-once-consume", "ledger-replication-at-most-once-mark-applied"]),
        NameCase("siblings whose scenario and phrase do not fit drop the scenario before taking a number", file: "QueueFailoverTests.swift", """
            final class QueueFailoverTests {
                @Test func noRepeatedDeliveriesDuringPartitionHandoff() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await poolA.run() }
                        group.addTask {
                            while ackedA.load(ordering: .relaxed) < 3 {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                            try await poolB.run()
                        }
                        group.addTask {
                            for try await entry in tailA.entries {
                                ackedA.wrappingIncrement(ordering: .relaxed)
                                try tailA.acknowledge(entry)
                            }
                        }
                        group.addTask {
                            for try await entry in tailB.entries {
                                ackedB.wrappingIncrement(ordering: .relaxed)
                                try tailB.acknowledge(entry)
                            }
                        }
                        try await group.next()
                    }
                }
                @Test func noRepeatedDeliveriesWhenTheWholeClusterRestartsAtOnce() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { for try await entry in journalA.entries { try journalA.acknowledge(entry) } }
                        group.addTask { for try await entry in journalB.entries { try journalB.acknowledge(entry) } }
                        try await group.next()
                    }
                }
            }
            """, accept: [["queue-failover-no-repeated-deliveries-run-pool-a"],
                          ["queue-failover-no-repeated-deliveries-run-pool-b"],
                          ["queue-failover-no-repeated-consume-tail-a", "queue-failover-consume-tail-a"],
                          ["queue-failover-no-repeated-consume-tail-b", "queue-failover-consume-tail-b"],
                          ["queue-failover-consume-journal-a", "queue-failover-no-repeated-consume-journal-a"],
                          ["queue-failover-consume-journal-b", "queue-failover-no-repeated-consume-journal-b"]],
            wrong: ["queue-failover-no-repeated-deliveries", "queue-failover-no-repeated-partition-handoff",
                    "queue-failover-no-repeated-deliveries-run-pool", "queue-failover-no-repeated-deliveries-2",
                    "queue-failover-no-repeated-deliveries-whole-2", "queue-failover-no-repeated-deliveries-load-acked"]),
        NameCase("a loop that only sleeps until a condition holds waits; the call after it is the work", file: "LeaseTests.swift", """
            @Suite struct LeaseTests {
                @Test func handoverKeepsLease() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await ownerOne.run() }
                        group.addTask {
                            while await ledger.pendingCount() < 2 {
                                try await Task.sleep(for: .milliseconds(50))
                            }
                            try await ownerTwo.run()
                        }
                        group.addTask {
                            repeat {
                                try await Task.sleep(for: .milliseconds(10))
                            } while await watcher.observedCount() == 0
                            await coordinator.finishHandover()
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["lease-handover-keeps-run-owner-one"], ["lease-handover-keeps-run-owner-two"],
                          ["lease-finish-handover", "lease-handover-keeps-finish-handover"]],
            wrong: ["lease-handover-keeps-pending-count", "lease-handover-keeps-observed-count", "lease-handover-keeps-finish",
                    "lease-handover-keeps-2"]),
        NameCase("stepping an iterator over a stream consumes the stream", file: "Beacon.swift", """
            struct Beacon {
                let pulses: AsyncStream<Int>
                func expect(count: Int, within limit: Duration) async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            var iterator = self.pulses.makeAsyncIterator()
                            for _ in 0..<count { _ = await iterator.next() }
                        }
                        group.addTask { try await Task.sleep(for: limit) }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["beacon-expect-consume-pulses", "beacon-consume-pulses"], ["beacon-expect-timeout"]],
            wrong: ["beacon-expect-make-async-iterator", "beacon-expect-next", "beacon-expect-make-async"]),
        NameCase("an iterator made inside a subscription's closure is never a name word", file: "TopicTests.swift", """
            final class TopicTests: XCTestCase {
                func testListenOnSeveralTopics() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            try await bus.listen(to: "news", "sport") { feed in
                                var iterator = feed.makeAsyncIterator()
                                XCTAssertEqual(try await iterator.next(), "hello")
                            }
                        }
                        group.addTask {
                            try await Task.sleep(for: .milliseconds(100))
                            try await bus.announce("hello", on: "news")
                        }
                        try await group.next()
                    }
                }
            }
            """, accept: [["topic-listen-on-several-topics", "topic-listen-on-several-topics-consume-feed"],
                          ["topic-listen-on-several-topics-announce", "topic-listen-on-several-topics-announce-bus"]],
            wrong: ["topic-listen-on-several-topics-make-async", "topic-listen-on-several-topics-make-async-iterator",
                    "topic-listen-on-several-topics-next"]),
        NameCase("a stem the scenario repeats goes, not the words after it", file: "JournalTests.swift", """
            @Suite struct JournalTests {
                @Test func flushAllFlushesPendingWrites() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await writerPool.run() }
                        group.addTask { try await journal.flushAll() }
                        try await group.next()
                    }
                }
            }
            """, accept: [["journal-flush-all-pending-writes-run-writer-pool", "journal-flush-all-pending-run-writer-pool"],
                          ["journal-flush-all-pending-writes"]],
            wrong: ["journal-flush-all-flushes-pending-run-writer", "journal-flush-all-flushes-pending-writes",
                    "journal-flush-all-pending-writes-2"]),
        NameCase("a receiver named after the call's verb leaves the verb its place", file: "RenameSymbolTests.swift", """
            final class RenameSymbolTests: XCTestCase {
                func testRenameSymbolWithScopeLimitedToFile() async {
                    Task {
                        await lookupIndex.lookup("ab")
                        done.fulfill()
                    }
                    Task {
                        do {
                            try await lookupIndex.renameSymbol(from: "ab", to: "cd")
                        } catch {
                            XCTFail("rename failed")
                        }
                        renamed.fulfill()
                    }
                    Task {
                        await lookupIndex.lookup("cd")
                        again.fulfill()
                    }
                }
            }
            """, accept: [["rename-symbol-scope-limited-to-file-lookup"], ["rename-symbol-scope-limited-to-file"],
                          ["rename-symbol-scope-limited-to-file-lookup-2"]],
            wrong: ["rename-symbol-scope-limited-to-file-lookup-index", "rename-symbol-scope-limited-file-lookup-index-2"]),
        NameCase("a call in a predicate's closure is never the body's call", file: "InboxView.swift", """
            struct InboxView: View {
                var body: some View {
                    List(files) { Text($0.name) }
                        .onChange(of: droppedFiles) {
                            Task {
                                for file in droppedFiles {
                                    if file.kinds.contains(where: { $0.matches(.audio) }) {
                                        if let clip = try? await file.importData(as: Clip.self) {
                                            library.addClip(clip)
                                        }
                                    } else {
                                        if let doc = try? await file.importData(as: Doc.self) {
                                            library.addClip(doc.clip)
                                        }
                                    }
                                }
                            }
                        }
                        .onChange(of: pastedItems) {
                            Task {
                                for item in pastedItems where item.kinds.first(where: { $0.isPlayable() }) != nil {
                                    if let clip = try? await item.importData(as: Clip.self) { library.addClip(clip) }
                                }
                            }
                        }
                }
            }
            """, accept: [["inbox-import-data-dropped-files", "inbox-import-data", "inbox-add-clip"],
                          ["inbox-import-data-pasted-items", "inbox-import-data", "inbox-add-clip"]],
            wrong: ["inbox-matches-audio", "inbox-matches", "inbox-is-playable", "inbox-contains"]),
        NameCase("the same word said again in a second clause is English, not a stutter", file: "ArchiveTests.swift", """
            final class ArchiveTests: XCTestCase {
                func testWhenPurgeIsCalledThenCallbackIsCalled() async {
                    Task {
                        await vault.purge()
                        done.fulfill()
                    }
                }
            }
            """, accept: [["archive-purge-is-called-callback-is-called"]],
            wrong: ["archive-purge-is-called-callback-is", "archive-purge-is-called-callback"]),
        NameCase("a call the element is handed to inside a map is the work", file: "GalleryStore.swift", """
            final class GalleryStore {
                func refreshThumbnails(for photos: [Photo]) {
                    Task {
                        let thumbnails = photos.compactMap { photo in
                            self.renderThumbnail(for: photo, scale: photo.scale.rounded())
                        }
                        cache.store(thumbnails)
                    }
                }
            }
            """, accept: [["gallery-store-render-thumbnail", "gallery-store-refresh-thumbnails"]],
            wrong: ["gallery-store-rounded", "gallery-store-refresh-thumbnails-rounded"]),
        NameCase("a call every branch makes does not outweigh the work beside it", file: "FeedLoader.swift", """
            final class FeedLoader {
                func didEnter(from previous: State?) {
                    Task {
                        do {
                            let page = try await api.fetchHeadlines(offset: offset)
                            if page.hasMore {
                                await enter(state: Idle.self)
                            } else {
                                await enter(state: Finished.self)
                            }
                            items.append(contentsOf: page.items)
                        } catch {
                            await enter(state: Failed.self)
                        }
                    }
                }
            }
            """, accept: [["feed-loader-fetch-headlines"]], wrong: ["feed-loader-did-enter", "feed-loader-enter"]),
        NameCase("a loop whose condition is the work does not poll", file: "Pump.swift", """
            final class Pump {
                func start() {
                    Task {
                        while try await channel.readNext() {}
                    }
                }
            }
            """, accept: [["pump-read-next", "pump-start"]], wrong: ["pump-task"]),
        NameCase("a counter named after what it counts, moved by one, is not the work", file: "ThrottleTests.swift", """
            @Suite struct ThrottleTests {
                @Test func limitsConcurrentJobs() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for index in 0..<8 {
                            group.addTask {
                                try await throttle.withPermit {
                                    await probe.incrementActive()
                                    try? await Task.sleep(nanoseconds: 1_000)
                                    await probe.decrementActive()
                                    await probe.appendResult(index)
                                }
                            }
                        }
                        group.addTask { try await throttle.drainQueue() }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["throttle-limits-concurrent-jobs-append-result"], ["throttle-limits-concurrent-jobs-drain-queue"]],
            wrong: ["throttle-limits-concurrent-jobs-increment-active", "throttle-limits-concurrent-jobs-decrement-active"]),
            NameCase("a sequence named for when its elements arrive, or awaited itself, is still what the loop consumes",
                 file: "PeerLink.swift", """
            final class PeerLink {
                init(delegate: PeerDelegate, channel: DataChannel) {
                    Task {
                        for try await update in delegate.onIceState {
                            iceStateSubject.send(update)
                        }
                    }
                    Task {
                        for try await state in await channel.readyStates {
                            readyStateSubject.send(state)
                        }
                    }
                }
            }
            """, accept: [["peer-link-consume-ice-state"], ["peer-link-consume-ready-states"]],
            wrong: ["peer-link-consume", "peer-link-init"]),
]
}
