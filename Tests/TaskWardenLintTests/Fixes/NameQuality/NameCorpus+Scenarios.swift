/// Integration tests and scripts of server libraries: long scenario names cut at a clause, never inside a noun
/// phrase or an idiom; several children of one test told apart by what each runs; reporting to an expectation
/// is not the work; a function's verb and object kept whole; a body that runs one object says so.
extension NameCorpus {
    static let scenarios: [NameCase] = [
        NameCase("a scenario with an idiom and a trailing clause, counting with an atomic", file: "ConsumerTests.swift", """
            @Suite struct ConsumerTests {
                @Test func atLeastOnceNoMessageLossAcrossRebalance() async throws {
                    let c1 = makeConsumer()
                    let counter = ManagedAtomic(0)
                    let task = Task {
                        for try await message in c1.messages {
                            counter.wrappingIncrement(ordering: .relaxed)
                            if counter.load(ordering: .relaxed) > 10 { break }
                        }
                    }
                    task.cancel()
                }
            }
            """, accept: [["consumer-at-least-once-no-message-loss"]],
            wrong: ["consumer-least-once-no-message-loss", "consumer-least-once-no-message", "consumer-at-least-once-no-message",
                    "consumer-at-least-once-no-load-c1", "consumer-least-once-no-load-c1"]),
        NameCase("scenarios whose noun phrases do not fit whole", file: "PubSubTests.swift", """
            final class PubSubTests: XCTestCase {
                func testMultipleSubscriptionsDontAffectEachOther() async throws {
                    Task { try await client.subscribe(to: "a") }
                }
                func testTwoDifferentSubscriptions() async throws {
                    Task { try await client.subscribe(to: "b") }
                }
                func testClientMultipleSubscriptions() async throws {
                    Task { try await client.subscribe(to: "c") }
                }
            }
            """, accept: [["pub-sub-subscribe", "pub-sub-multiple-subscriptions"], ["pub-sub-two-different-subscriptions"],
                          ["pub-sub-client-multiple-subscriptions"]],
            wrong: ["pub-sub-multiple-subscriptions-dont", "pub-sub-multiple-subscriptions-dont-affect", "pub-sub-two-different",
                    "pub-sub-client-multiple"]),
        NameCase("a long prefix leaves no room for a quantity", file: "PubSubIntegrationTests.swift", """
            final class PubSubIntegrationTests: XCTestCase {
                func testTwoDifferentSubscriptions() async throws {
                    Task { try await client.subscribe(to: "b") }
                }
                func testClientMultipleSubscriptions() async throws {
                    Task { try await client.subscribe(to: "c") }
                }
            }
            """, accept: [["pub-sub-integration-two-different-subscriptions"], ["pub-sub-integration-client-subscriptions", "pub-sub-integration-subscribe"]],
            wrong: ["pub-sub-integration-two-different", "pub-sub-integration-client-multiple"]),
        NameCase("a head noun that only shares a stem with the prefix", file: "SubscriptionTests.swift", """
            final class SubscriptionTests: XCTestCase {
                func testTwoDifferentSubscriptions() async throws {
                    Task { try await client.subscribe(to: "b") }
                }
                func testClientMultipleSubscriptions() async throws {
                    Task { try await client.subscribe(to: "c") }
                }
            }
            """, accept: [["subscription-two-different-subscriptions"], ["subscription-client-subscriptions",
                                                                       "subscription-client-multiple-subscriptions"]],
            wrong: ["subscription-two-different", "subscription-client-multiple"]),
        NameCase("children of one test told apart by what each runs", file: "ConnectionShutdownTests.swift", """
            final class ConnectionShutdownTests: XCTestCase {
                func testGracefulShutdownWaitsForOutboundWrite() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await serviceGroup.run() }
                        group.addTask {
                            for try await message in consumer.messages { received.append(message) }
                        }
                        group.addTask { try await client.set("key", value: "1") }
                        try await group.next()
                    }
                }
            }
            """, accept: [["connection-shutdown-run-service-group", "connection-shutdown-graceful-run-service-group"],
                          ["connection-shutdown-consume-messages", "connection-shutdown-graceful-consume-messages"],
                          ["connection-shutdown-graceful-outbound-write", "connection-shutdown-graceful-shutdown-waits",
                           "connection-shutdown-graceful-shutdown"]],
            wrong: ["connection-shutdown-graceful-shutdown-2", "connection-shutdown-graceful-shutdown-3"]),
        NameCase("reporting to an expectation is not the work", file: "SearchStateTests.swift", """
            final class SearchStateTests: XCTestCase {
                func testReplaceAllInProject() async {
                    let replaced = expectation(description: "replaced")
                    Task {
                        do {
                            try await searchState.findAndReplace(query: "a", replacement: "b")
                        } catch {
                            XCTFail("failed: \\(error)")
                        }
                        replaced.fulfill()
                    }
                    Task {
                        do {
                            try await searchState.search(query: "a")
                        } catch {
                            XCTFail("failed: \\(error)")
                        }
                        replaced.fulfill()
                    }
                    await fulfillment(of: [replaced])
                }
            }
            """, accept: [["search-state-replace-all-in-project-find", "search-state-replace-all-find-and-replace",
                           "search-state-find-and-replace"],
                          ["search-state-replace-all-in-project", "search-state-replace-all-search"]],
            wrong: ["search-state-replace-all-in-project-fulfill", "search-state-replace-all-fulfill-replaced",
                    "search-state-replace-all-in-project-2"]),
        NameCase("a function's verb and object stay whole", file: "MockServer.swift", """
            final class MockServer {
                func addValkeyServer(_ address: String, processCommand: @escaping (Command) -> Void) {
                    Task {
                        for try await connection in listener.connections { processCommand(connection.command) }
                    }
                }
            }
            final class UploadProgressViewModel {
                func updateProgress(progress: Double) {
                    Task { @MainActor in self.fraction = progress }
                }
                func updateImage(image: Image) {
                    Task { @MainActor in self.image = image }
                }
            }
            """, accept: [["mock-server-add-valkey-server"], ["upload-progress-update-progress"], ["upload-progress-update-image"]],
            wrong: ["mock-server-add-valkey", "upload-progress-update"]),
        NameCase("a helper whose task runs the client", file: "ClusterIntegrationTests.swift", """
            struct ClusterIntegrationTests {
                func withValkeyCluster<T>(_ body: (Client) async throws -> T) async throws -> T {
                    let client = ValkeyClusterClient()
                    let task = Task { await client.run() }
                    defer { task.cancel() }
                    return try await body(client)
                }
            }
            """, accept: [["cluster-integration-run-client"]], wrong: ["cluster-integration-valkey", "cluster-integration-valkey-cluster"]),
        NameCase("a benchmark property whose task runs the service group", file: "Benchmarks.swift", """
            enum ClientBenchmarks {
                static let benchmarks = {
                    Benchmark("get") { benchmark in
                        Task { try await serviceGroup.run() }
                    }
                }
            }
            """, accept: [["client-benchmarks-run-service-group"]], wrong: ["client-benchmarks-benchmarks", "client-benchmarks"]),
        NameCase("a script's top-level task runs the client", file: "Pipelining.swift", """
            let client = Client()
            Task { await client.run() }
            try await client.ping()
            """, accept: [["pipelining-run-client"]], wrong: ["pipelining", "run-client"]),
        NameCase("a free test helper's task runs the service group", file: "TestUtils.swift", """
            func testServer(responder: Responder, _ test: (Int) async throws -> Void) async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await serviceGroup.run() }
                    try await test(port)
                }
            }
            """, accept: [["test-server-run-service-group"]], wrong: ["run-service-group", "test-utils-run-service-group"]),
        NameCase("a whole scenario keeps its name beside a longer one cut to it", file: "EffectDelayTests.swift", """
            final class EffectDelayTests: XCTestCase {
                func testCancellationAfterDelay() async {
                    Task { for await value in effect.actions { result.setValue(value) } }
                }
                func testCancellationAfterDelay_WithTestScheduler() async {
                    Task { for await value in effect.actions { result.setValue(value) } }
                }
            }
            """, accept: [["effect-delay-cancellation-after-delay"],
                          ["effect-delay-cancellation-test-scheduler", "effect-delay-cancellation-after-delay-test"]],
            wrong: ["effect-delay-set-value", "effect-delay-cancellation-after-delay-2"]),
        NameCase("a purpose cut to a leading adjective", file: "FeedbackFormViewModel.swift", """
            final class UnifiedFeedbackFormViewModel {
                func togglePrivateEmailStatus() {
                    Task { @MainActor in self.isToggling = true }
                }
                func reload() {
                    Task {
                        let features = await subscriptionManager.currentSubscriptionFeatures()
                        categories = features.map(Category.init)
                    }
                }
            }
            """, accept: [["unified-feedback-form-toggle", "unified-feedback-form-toggle-private-email", "unified-feedback-form-toggle-email-status"],
                          ["unified-feedback-form-reload", "unified-feedback-form"]],
            wrong: ["unified-feedback-form-toggle-private", "unified-feedback-form-current"]),
        NameCase("a receiver named for an activity is not the object", file: "FaviconCache.swift", """
            final class FaviconCache {
                func insert(_ reference: Reference) {
                    Task.detached { try await self.storing.save(reference: reference) }
                }
            }
            """, accept: [["favicon-cache-insert", "favicon-cache-save"]], wrong: ["favicon-cache-save-storing", "favicon-cache-insert-save-storing"]),
        NameCase("running on the main actor is not running an object", file: "StatusViewModel.swift", """
            final class StatusViewModel {
                func refreshStatus() {
                    Task { await MainActor.run { self.label = "…" } }
                }
            }
            """, accept: [["status-refresh-status", "status-refresh"]], wrong: ["status-run-main-actor"]),
        NameCase("a scenario too long to fit says its statement plainly, never cut on its adverb", file: "MediaExportConcurrencyTests.swift", """
            final class MediaExportConcurrencyTests: XCTestCase {
                func testThatExportTaskIsAutomaticallyCancelledInTask() async {
                    let export = exporter.export(movie)
                    let task = Task {
                        await export.renderingMovie(at: destination).result
                    }
                    task.cancel()
                    _ = await task.value
                }

                func testThatExportTaskIsNotAutomaticallyCancelledInTaskWhenDisabled() async {
                    let export = exporter.export(movie)
                    let task = Task {
                        await export.renderingMovie(at: destination, cancelsAutomatically: false).result
                    }
                    task.cancel()
                    _ = await task.value
                }
            }
            """, accept: [["media-export-concurrency-task-cancelled-in-task", "media-export-concurrency-task-cancelled"],
                          ["media-export-concurrency-task-is-not-cancelled", "media-export-concurrency-task-not-cancelled"]],
            wrong: ["media-export-concurrency-task-is-automatically", "media-export-concurrency-task-not-automatically",
                    "media-export-concurrency-task-cancelled-in-disabled"]),
        NameCase("siblings of a two-verb scenario each take their half, and a value taken only to be dropped is taken",
                 file: "SignalBufferTests.swift", """
            struct SignalBufferTests {
                @Test func concurrentPushAndPop_keepsEverySignal() async {
                    let buffer = SignalBuffer()
                    await withTaskGroup(of: Void.self) { group in
                        for i in 0..<100 {
                            group.addTask {
                                buffer.push(Signal(id: i))
                            }
                        }
                        for _ in 0..<10 {
                            group.addTask {
                                _ = buffer.pop()
                            }
                        }
                    }
                }
            }
            """, accept: [["signal-buffer-concurrent-push"], ["signal-buffer-pop-keeps-every-signal", "signal-buffer-pop"]],
            wrong: ["signal-buffer-concurrent-push-and-pop", "signal-buffer-concurrent-push-2", "signal-buffer-concurrent-push-and-pop-keeps"]),
        NameCase("a test's clean-up in a defer says what it does after the scenario, never the scenario alone",
                 file: "GatewayTests.swift", """
            @Suite struct GatewayTests {
                @Test func pingReturnsVersion() async throws {
                    let server = try await StubServer { _ in .json(version) }
                    defer { Task { try? await server.shutdown() } }
                    let client = GatewayClient(socket: server.socketPath)
                    #expect(try await client.ping().version == "v1")
                }

                @Test func statusReportsUptime() async throws {
                    let server = try await StubServer { _ in .json(status) }
                    defer { Task { try? await server.shutdown() } }
                    let client = GatewayClient(socket: server.socketPath)
                    #expect(try await client.status().uptime > 0)
                }
            }
            """, accept: [["gateway-ping-returns-version-shutdown-server"],
                          ["gateway-status-reports-uptime-shutdown-server"]],
            wrong: ["gateway-ping-returns-version", "gateway-status-reports-uptime", "gateway-shutdown-server-2"]),
    ]
}
