/// Test code: XCTest and Swift Testing, every naming style of test methods.
extension NameCorpus {
    static let tests: [NameCase] = [
        NameCase("an XCTest scenario runs a pool", file: "ConnectionPoolTests.swift", """
            final class ConnectionPoolTests: XCTestCase {
                func testKeepAliveWorks() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { taskGroup in
                        taskGroup.addTask { await pool.run() }
                        taskGroup.cancelAll()
                    }
                }
            }
            """, accept: [["connection-pool-keep-alive-works-run-pool"]],
            wrong: ["connection-pool-tests-test-keep-alive-works", "connection-pool-test-keep-alive-works",
                    "connection-pool-keep-alive-works"]),
        NameCase("underscored When and Then clauses", file: "SyncSettingsTests.swift", """
            final class SyncSettingsTests: XCTestCase {
                func test_WhenSyncIsTurnedOff_ThenBookmarksAreNotSent() async {
                    Task { await syncService.turnOff() }
                }
            }
            """, accept: [["sync-settings-turned-off-bookmarks-not-sent", "sync-settings-turned-off-bookmarks"]],
            wrong: ["sync-settings-test-when-is-turned-off", "sync-test-when-is-turned-off"]),
        NameCase("a Swift Testing test", file: "LoaderTests.swift", """
            @Suite struct LoaderTests {
                @Test func cancelsInFlightRequests() async {
                    let task = Task { try await loader.load(url) }
                    task.cancel()
                }
            }
            """, accept: [["loader-cancels-in-flight-requests"]], wrong: ["loader-tests-cancels-in-flight-requests"]),
        NameCase("two children in one test", file: "LeasingTests.swift", """
            final class LeasingTests: XCTestCase {
                func testLeasingWorks() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await pool.run() }
                        group.addTask { _ = try await pool.leaseConnection() }
                    }
                }
            }
            """, accept: [["leasing-works-run-pool", "leasing-works"], ["leasing-works-lease-connection", "leasing-works-connection"]],
            wrong: ["leasing-works-2"]),
        NameCase("testThat scaffolding", file: "FaviconsFetcherTests.swift", """
            final class FaviconsFetcherTests: XCTestCase {
                func testThatStartFetchingCancelsRunningOperation() async {
                    Task { fetcher.startFetching() }
                }
            }
            """, accept: [["favicons-fetcher-start-fetching"]],
            wrong: ["favicons-fetcher-test-that-start-fetching", "favicons-test-that-start-fetching",
                    "favicons-fetcher-start-fetching-cancels-running", "favicons-fetcher-start-fetching-cancels"]),
        NameCase("a test in an extension of its test case", file: "EffectTests+Cancel.swift", """
            extension EffectTests {
                func testCancelInFlight() async {
                    Task { await store.send(.start) }
                }
            }
            """, accept: [["effect-cancel-in-flight"]], wrong: ["effect-tests-test-cancel-in-flight"]),
        NameCase("a numbered canary test", file: "EffectTests.swift", """
            final class EffectTests: XCTestCase {
                func testCanary1() async {
                    let task = TestTask(rawValue: Task {}, timeout: .seconds(1))
                    await task.finish()
                }
            }
            """, accept: [["effect-canary1"]], wrong: ["effect-tests-test-canary1"]),
        NameCase("a test that clears and waits", file: "WebsiteDataStoreTests.swift", """
            final class WebCacheManagerTests: XCTestCase {
                func testWhenClearedThenCookiesForLoginsAreRetained() {
                    let expect = expectation(description: #function)
                    Task { await webCacheManager.clear(); expect.fulfill() }
                    wait(for: [expect], timeout: 30)
                }
            }
            """, accept: [["web-cache-clear", "web-cache-cleared-cookies-for-logins-retained", "web-cache-cleared-cookies-for-logins"]],
            wrong: ["web-test-when-cleared-then-cookies", "web-cache-test-when-cleared", "web-cache-cleared-cookies-logins-are-retained"]),
        NameCase("a helper in a test case is not a test", file: "ServerTests.swift", """
            final class ServerTests: XCTestCase {
                func makeServer() -> Server {
                    let server = Server()
                    Task { try await server.start() }
                    return server
                }
            }
            """, accept: [["server-make", "server-start"]]),
        NameCase("a Test word inside a clause stays", file: "EffectCancellationTests.swift", """
            final class EffectCancellationTests: XCTestCase {
                func testCancellationAfterDelay_WithTestScheduler() async {
                    Task { for await value in effect.actions { result.setValue(value) } }
                }
            }
            """, accept: [["effect-cancellation-after-delay-test", "effect-cancellation-after-delay"]],
            wrong: ["effect-cancellation-after-scheduler"]),
        NameCase("tests whose scenarios start alike", file: "HTTPClientTests.swift", """
            struct HTTPClientTests {
                @Test func maxConcurrentRequestsPerHostNilByDefault() async {
                    Task { try await client.execute(request) }
                }
                @Test func maxConcurrentRequestsPerHostBypassedForHostless() async {
                    Task { try await client.execute(request) }
                }
            }
            """, accept: [["http-client-max-concurrent-requests-per-host-nil", "http-client-max-concurrent-requests-nil"],
                          ["http-client-max-concurrent-requests", "http-client-max-concurrent-requests-bypassed"]],
            wrong: ["http-client-max-concurrent-requests-2"]),
        NameCase("a detached cancel after a short sleep", file: "TransactionTests.swift", """
            final class TransactionTests: XCTestCase {
                func testCancelAsyncRequest() async {
                    Task.detached {
                        try await Task.sleep(nanoseconds: 5_000_000)
                        transaction.cancel()
                    }
                }
            }
            """, accept: [["transaction-cancel-async-request"]]),
        NameCase("an On scenario", file: "SyncPreferencesTests.swift", """
            final class SyncPreferencesTests: XCTestCase {
                @MainActor func testOnTurnOffSyncThenSyncServiceIsDisconnected() async {
                    Task { @MainActor in syncPreferences.turnOffSync() }
                }
            }
            """, accept: [["sync-preferences-turn-off", "sync-preferences-turn-off-sync-service"]], wrong: ["sync-preferences-on-turn-off-service"]),
        NameCase("a mock's stored closure schedules a reply", file: "SessionProxyMock.swift", """
            final class SessionProxyMock {
                func configure(delay: Duration) {
                    approveVerificationClosure = { [weak self] in
                        Task { try await Task.sleep(for: delay); self?.actions.send(.finished) }
                        return .success(())
                    }
                }
            }
            """, accept: [["session-proxy-mock-finished", "session-proxy-mock-approve-verification"]],
            wrong: ["session-proxy-mock-task-approve", "session-proxy-mock-sleep"]),
        NameCase("a Swift Testing test with a display name", file: "ParserTests.swift", """
            @Suite struct ParserTests {
                @Test("Parses a long document") func parsesLongDocument() async {
                    Task { _ = try await parser.parse(document) }
                }
            }
            """, accept: [["parser-parses-long-document"]]),
        NameCase("a scenario cut after its verb loses the verb too", file: "MailboxIntegrationTests.swift", """
            struct MailboxIntegrationTests {
                @Test func unsubscribeClearsSubscription() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await serviceGroup.run() }
                        try await Task.sleep(for: .milliseconds(100))
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["mailbox-integration-unsubscribe-run-service", "mailbox-integration-run-service-group"]],
            wrong: ["mailbox-integration-unsubscribe-clears", "mailbox-integration-unsubscribe-clears-subscription",
                    "mailbox-integration-unsubscribe"]),
        NameCase("a semaphore signalled after the work is not the work", file: "BlockingBridge.swift", """
            final class ReportExporter {
                func exportBlocking() -> URL? {
                    let semaphore = DispatchSemaphore(value: 0)
                    var result: URL?
                    Task {
                        result = await exporter.writeArchive()
                        semaphore.signal()
                    }
                    semaphore.wait()
                    return result
                }
            }
            """, accept: [["report-exporter-write-archive"]], wrong: ["report-exporter-signal-semaphore"]),
            NameCase("a test's empty task stored in a mock's return value is that call's stub", file: "InboxTests.swift", """
            final class InboxTests: XCTestCase {
                func test_markOpened_expectDispatchesUpdate() {
                    managerMock.dispatchReturnValue = Task {}
                    inbox.markOpened(message)
                }
                func test_markDeleted_expectDispatchesDelete() {
                    managerMock.dispatchReturnValue = Task {}
                    inbox.markDeleted(message)
                }
                func testFieldMovement() {
                    runtime.movementTask = Task {}
                }
            }
            """, accept: [["inbox-dispatch-stub"], ["inbox-dispatch-stub-2"], ["inbox-movement-placeholder"]],
            wrong: ["inbox-dispatch-return-value", "inbox-mark-deleted-expect", "inbox-field-movement"]),
]
}
