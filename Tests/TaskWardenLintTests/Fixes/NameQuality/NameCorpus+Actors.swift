/// Distributed actors and the types around them: work done through `whenLocal`, a deadline child that throws
/// an error it makes, a type's async iterator, a worker's tests that each run the worker, a child per worker,
/// a helper that hands its closure on through a local, and a suite nested in a suite of suites.
extension NameCorpus {
    static let actors: [NameCase] = [
        NameCase("work on a distributed actor seen as local", file: "GossipRelay.swift", """
            distributed actor GossipRelay {
                let detector: FailureDetector
                func admit(peer: Peer) {
                    Task {
                        await detector.whenLocal { local in
                            local.watch(peer: peer)
                        }
                    }
                }
            }
            """, accept: [["gossip-relay-watch-peer", "gossip-relay-admit"]],
            wrong: ["gossip-relay-when-local", "gossip-relay-watch-local", "gossip-relay-admit-when-local"]),
        NameCase("a deadline child throws the error it makes", file: "Deadline.swift", """
            enum Deadline {
                static func race<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
                    try await withThrowingTaskGroup(of: T.self) { group in
                        group.addTask { try await work() }
                        group.addTask {
                            try await Task.sleep(for: .seconds(seconds))
                            throw DeadlineExceeded(after: seconds)
                        }
                        defer { group.cancelAll() }
                        return try await group.next()!
                    }
                }
            }
            """, accept: [NameCase.forwarding, ["deadline-race-timeout", "deadline-timeout", "deadline-race"]],
            wrong: ["deadline-exceeded", "deadline-race-deadline-exceeded", "deadline-race-exceeded"]),
        NameCase("a sleep, then cancelling one job by its id, is work, not a deadline", file: "PrintSpoolerTests.swift", """
            final class PrintSpoolerTests: XCTestCase {
                func testLongJobIsDropped() async throws {
                    let spooler = PrintSpooler()
                    let job = try await spooler.enqueue(pages: 400)
                    Task {
                        try await Task.sleep(for: .milliseconds(20))
                        await spooler.drop(job: job)
                        spooler.cancel(job: job)
                    }
                    try await spooler.drain()
                }
            }
            """, accept: [["print-spooler-long-job-is-dropped", "print-spooler-drop-job", "print-spooler-long-job-is-dropped-drop-job"]],
            wrong: ["print-spooler-timeout", "print-spooler-long-job-is-dropped-timeout"]),
        NameCase("a type's async iterator subscribes for it", file: "MembershipFeed.swift", """
            final class MembershipFeed: AsyncSequence {
                struct AsyncIterator: AsyncIteratorProtocol {
                    let feed: MembershipFeed
                    init(feed: MembershipFeed, continuation: AsyncStream<Member>.Continuation) {
                        self.feed = feed
                        Task { await feed.subscribe(continuation) }
                    }
                    mutating func next() async -> Member? { nil }
                }
                func makeAsyncIterator() -> AsyncIterator { fatalError() }
            }
            """, accept: [["membership-feed-subscribe"]],
            wrong: ["async-iterator-subscribe", "membership-feed-async-iterator-subscribe"]),
        NameCase("a worker's tests each run the worker the prefix names", file: "ImportWorkerTests.swift", """
            final class ImportWorkerTests: XCTestCase {
                func testEmptyArchive() async throws {
                    let harness = Harness()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await harness.importWorker.run() }
                        harness.feed(.emptyArchive)
                        group.cancelAll()
                    }
                }
                func testCorruptArchiveIsSkipped() async throws {
                    let harness = Harness()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await harness.importWorker.run() }
                        harness.feed(.corrupt)
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["import-worker-empty-archive-run", "import-worker-empty-archive"],
                          ["import-worker-corrupt-archive-is-skipped-run", "import-worker-corrupt-archive-is-skipped"]],
            wrong: ["import-worker-run-import-worker", "import-worker-empty-archive-run-import-worker",
                    "import-worker-run-import-worker-2", "import-worker-run-2"]),
        NameCase("a function that runs its workers makes a child for each", file: "ReplicaHost.swift", """
            final class ReplicaHost {
                func runReplicasIgnoringShutdown(logReplica: LogReplica, indexReplica: IndexReplica) async throws {
                    try await Task {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { try await logReplica.run() }
                            group.addTask { try await indexReplica.run() }
                            try await group.waitForAll()
                        }
                    }.value
                }
            }
            """, accept: [["replica-host-run-replicas", "replica-host-run-replicas-ignoring-shutdown"], ["replica-host-run-log-replica"], ["replica-host-run-index-replica"]],
            wrong: ["replica-host-run-replicas-ignoring", "replica-host-run-replicas-log", "replica-host-run-replicas-index"]),
        NameCase("a helper hands its operation on through a local", file: "StateStorage.swift", """
            final class StateStorage {
                func withShield<Result: Sendable>(_ operation: () async throws -> Result) async throws -> Result {
                    try await withoutActuallyEscaping(operation) { escaping in
                        nonisolated(unsafe) let unchecked = escaping
                        return try await Task(executorPreference: executor, operation: unchecked).value
                    }
                }
            }
            """, accept: [NameCase.forwarding],
            wrong: ["state-storage-shield", "state-storage-with-shield"]),
        NameCase("a suite nested in a suite that only groups suites", file: "ClientTests.swift", """
            extension LiveServerTests {
                @Suite struct ClientTests {
                    @Test func gracefulShutdown() async throws {
                        let client = try Client()
                        let running = Task { try await client.run() }
                        client.beginGracefulShutdown()
                        try await running.value
                    }
                }
            }
            """, accept: [["client-graceful-shutdown-run-client", "client-graceful-shutdown-run", "client-graceful-shutdown"]],
            wrong: ["live-server-client-run-client", "live-server-client-graceful-shutdown"]),
    ]
}
