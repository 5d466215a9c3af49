/// What a body does beyond its calls: a flag it clears after a delay, a flag it only blinks, a caller's closure
/// run under another name; and a test's task whose scenario does not fit, named for the one call it makes.
extension NameCorpus {
    static let bodies: [NameCase] = [
        NameCase("a flag cleared after a delay is reset, even without self", file: "CopyButton.swift", """
            struct CopyButton: View {
                @State private var isShowingSuccess = false
                let action: () -> Void
                var body: some View {
                    Button {
                        isShowingSuccess = true
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            isShowingSuccess = false
                        }
                        action()
                    } label: {
                        Label("Copy", systemImage: "doc.on.doc")
                    }
                }
            }
            """, accept: [["copy-button-reset-showing-success"]], wrong: ["copy-button-sleep", "copy-button"]),
        NameCase("a flag raised and cleared again only blinks: the function says what for", file: "CompletedScreen.swift", """
            struct CompletedScreen: View {
                @State private var isDragTipPresented = false
                @AppStorage("dragTipShown") private var dragTipShown = false
                private func showDragTipIfNeeded() {
                    guard !dragTipShown else { return }
                    dragTipShown = true
                    Task {
                        try? await Task.sleep(for: .seconds(1))
                        isDragTipPresented = true
                        try? await Task.sleep(for: .seconds(10))
                        isDragTipPresented = false
                    }
                }
            }
            """, accept: [["completed-show-drag-tip-if-needed"]],
            wrong: ["completed-reset-drag-tip-presented", "completed-update-drag-tip-presented", "completed-sleep"]),
        NameCase("a removal beside a cleared selection is more than a reset", file: "BottleListEntry.swift", """
            struct BottleListEntry: View {
                @Binding var selected: URL?
                let bottle: Bottle
                func showRemoveAlert() {
                    guard confirm() else { return }
                    Task(priority: .userInitiated) {
                        if selected == bottle.url {
                            selected = nil
                        }
                        bottle.remove(delete: true)
                    }
                }
            }
            """, accept: [["bottle-list-entry-show-remove-alert", "bottle-list-entry-remove"]],
            wrong: ["bottle-list-entry-reset-selected", "bottle-list-entry-update-selected"]),
        NameCase("a name assigned inside a callback is that callback's, not the task's update", file: "ZoneFetcher.swift", """
            final class ZoneFetcher {
                func fetchChanges() {
                    var moreComing = false
                    Task {
                        try await database.fetchChanges(in: zoneID) { page in
                            moreComing = page.moreComing
                        }
                    }
                }
            }
            """, accept: [["zone-fetcher-fetch-changes"]], wrong: ["zone-fetcher-update-more-coming"]),
        NameCase("a caller's closure run under the name withoutActuallyEscaping gives it", file: "Sequence+Concurrent.swift", """
            extension Sequence where Element: Sendable {
                func concurrentCompactMap<T: Sendable>(_ transform: @Sendable (Element) async -> T?) async -> [T] {
                    await withoutActuallyEscaping(transform) { escapingTransform in
                        await withTaskGroup(of: (offset: Int, value: T?).self) { group -> [T] in
                            for (offset, element) in enumerated() {
                                group.addTask {
                                    await (offset, escapingTransform(element))
                                }
                            }
                            return await group.reduce(into: []) { $0.append($1) }.sorted { $0.offset < $1.offset }.compactMap(\\.value)
                        }
                    }
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["sequence-concurrent-compact-map"]),
        NameCase("a test's task whose scenario does not fit is named for its one call", file: "BlobFetcherTests.swift", """
            final class BlobFetcherTests: XCTestCase {
                func testNetworkFailureRetriesNextSourceAndReportsSuccessWhenItAnswers() async {
                    let task = Task { await self.fetcher.ensureDownloaded(ref: ref) }
                    await downloader.complete(ref: ref, with: .failure(TestError()))
                    let downloaded = await task.value
                    XCTAssertTrue(downloaded)
                }
            }
            """, accept: [["blob-fetcher-ensure-downloaded"]],
            wrong: ["blob-fetcher-network-failure-retries-next", "blob-fetcher-network-failure-retries-next-source"]),
        NameCase("tests whose tasks make one call keep their scenarios: one suite names them one way", file: "PaywallFooterTests.swift", """
            final class PaywallFooterTests: XCTestCase {
                func testPresentWithPurchaseStarted() throws {
                    Task { _ = try await Self.purchaseHandler.purchase(package: Self.package) }
                }
                func testPresentWithPurchaseFailureHandlerReportsTheErrorItWasGiven() throws {
                    Task { _ = try? await Self.failingHandler.purchase(package: Self.package) }
                }
            }
            """, accept: [["paywall-footer-present-with-purchase-started"],
                          ["paywall-footer-present-purchase-failure-handler", "paywall-footer-present-with-purchase-failure"]],
            wrong: ["paywall-footer-purchase", "paywall-footer-purchase-2"]),
        NameCase("a test's service run alone in a long scenario says it is a run", file: "RelayTests.swift", """
            final class RelayTests: XCTestCase {
                func testRelayForwardsEveryFrameWhenTheUpstreamReconnectsTwice() async throws {
                    let task = Task { try await relay.run() }
                    try await upstream.reconnect()
                    task.cancel()
                }
            }
            """, accept: [["relay-run"]], wrong: ["relay-forwards-every-frame", "relay-forwards-every-frame-when"]),
        NameCase("a test's own name for its task says its part better than the scenario", file: "LoopbackTransportTests.swift", """
            struct LoopbackTransportTests {
                @Test func batchProcessing() async throws {
                    let serverReceiveTask = Task {
                        var messages: [Data] = []
                        for try await message in await serverTransport.receive() {
                            messages.append(message)
                        }
                        return messages
                    }
                    try await clientTransport.send(batch)
                    _ = try await serverReceiveTask.value
                }
            }
            """, accept: [["loopback-transport-server-receive"]], wrong: ["loopback-transport-batch-processing"]),
        NameCase("a scenario of two verbs is cut to the one its task does", file: "BrokerTests.swift", """
            struct BrokerTests {
                @Test func produceAndConsumeMessages() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await serviceGroup.run() }
                        group.addTask {
                            var consumed = 0
                            for try await _ in consumer.messages {
                                consumed += 1
                                if consumed == 10 { break }
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["broker-run-service-group", "broker-produce-and-consume-messages-run-service-group"],
                          ["broker-consume-messages"]],
            wrong: ["broker-produce-and-consume-messages", "broker-produce-and-consume-messages-2"]),
        NameCase("a flag cleared inside withAnimation is still the task's own reset", file: "ShortcutRow.swift", """
            struct ShortcutRow: View {
                @State private var isFlashing = false
                let shortcut: Shortcut
                var body: some View {
                    Text(shortcut.title)
                        .background(isFlashing ? Color.accentColor : .clear)
                        .onChange(of: shortcut.pressCount) {
                            isFlashing = true
                            Task {
                                try? await Task.sleep(for: .milliseconds(400))
                                withAnimation(.easeOut) {
                                    isFlashing = false
                                }
                            }
                        }
                }
            }
            """, accept: [["shortcut-row-reset-flashing"]], wrong: ["shortcut-row-sleep", "shortcut-row-change"]),
        NameCase("a button that only confirms gives way to the call it makes", file: "UpdateSheet.swift", """
            struct UpdateSheet: View {
                let updater: Updater
                var body: some View {
                    VStack {
                        Text("A new version is ready.")
                        Button("Restart to Finish") {
                            Task { await updater.installPendingUpdate() }
                        }
                    }
                }
            }
            """, accept: [["update-sheet-install-pending-update"]], wrong: ["update-sheet-restart-to-finish"]),
        NameCase("a retry button names the load it retries", file: "ReceiptsView.swift", """
            struct ReceiptsView: View {
                @State private var model = ReceiptsModel()
                var body: some View {
                    if model.failed {
                        Button("Try Again") {
                            Task { await model.fetchReceipts() }
                        }
                    }
                }
            }
            """, accept: [["receipts-fetch", "receipts-fetch-receipts"]], wrong: ["receipts-try-again"]),
        NameCase("of several calls, a system API's step gives way to the body's own", file: "ExportController.swift", """
            final class ExportController {
                func export(_ document: Document, to url: URL) {
                    Task { @MainActor in
                        if FileManager.default.fileExists(atPath: url.path) {
                            try FileManager.default.removeItem(at: url)
                        }
                        let archive = try document.makeArchive()
                        try archive.write(to: url)
                    }
                }
            }
            """, accept: [["export-write", "export-make-archive", "export"]], wrong: ["export-remove-item", "export-file-exists"]),
        NameCase("a scoped test helper's task is named for what it runs", file: "ClusterTests.swift", """
            struct ClusterTests {
                static func withRunningCluster<T>(
                    _ nodes: [Node], _ body: (ClusterClient) async throws -> T
                ) async throws -> T {
                    let client = ClusterClient(nodes: nodes)
                    return try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await client.run() }
                        defer { group.cancelAll() }
                        return try await body(client)
                    }
                }
            }
            """, accept: [["cluster-run-client"]], wrong: ["cluster-running", "cluster-with-running"]),
        NameCase("a test named by a noun phrase leaves its task to the call it makes", file: "ReplicaTests.swift", """
            final class ReplicaTests: XCTestCase {
                func testKeyspaceNotifications() async throws {
                    let connection = try await makeConnection()
                    let task = Task {
                        try await connection.subscribeKeyspaceEvents(for: "orders:*")
                    }
                    try await connection.set("orders:1", value: "open")
                    task.cancel()
                }
            }
            """, accept: [["replica-subscribe-keyspace-events"]], wrong: ["replica-keyspace-notifications"]),
        NameCase("a server run in a mode or with a handler is that run", file: "ChannelTests.swift", """
            final class ChannelTests: XCTestCase {
                func testReconnectAfterServerRestart() async throws {
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask { try await primary.run(.echo) }
                        group.addTask {
                            try await standby.run { inbound, outbound in
                                for try await part in inbound {
                                    try await outbound.write(.message(part))
                                }
                                try await outbound.write(.status(.ok))
                            }
                        }
                        group.addTask { await channel.connect() }
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["channel-reconnect-after-server-run-primary", "channel-reconnect-run-primary"],
                          ["channel-reconnect-after-server-run-standby", "channel-reconnect-run-standby"],
                          ["channel-reconnect-after-server-restart-connect", "channel-reconnect-connect"]],
            wrong: ["channel-reconnect-after-server-echo", "channel-reconnect-after-server-ok",
                    "channel-reconnect-after-server-write-outbound"]),
        NameCase("a task handed a method runs that method", file: "BatchProcessorTests.swift", """
            final class BatchProcessorTests: XCTestCase {
                func test_onEmit_whenExportExceedsTimeout_cancelsExport() async throws {
                    await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask(operation: serviceGroup.run)
                        processor.onEmit(record)
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["batch-processor-run-service-group"]], wrong: ["batch-processor-emit-export-exceeds"]),
        NameCase("a symbol's name is no title, and a one-letter type prefix is no article", file: "TrackRow.swift", """
            struct TrackRow: View {
                let track: Track
                @State private var isFavorite = false
                var body: some View {
                    HStack {
                        Text(track.title)
                        Button {
                            Task { try await MLibrary.favorite(track: track) }
                        } label: {
                            Image(systemName: isFavorite ? "heart.fill" : "heart")
                        }
                        Button {
                            Task { try await APlayer.shared.play(track: track) }
                        } label: {
                            Image(systemName: "play.fill")
                        }
                    }
                }
            }
            """, accept: [["track-row-favorite", "track-row-favorite-track"], ["track-row-play", "track-row-play-track"]],
            wrong: ["track-row-fill-or-heart", "track-row-a-player", "track-row-m-library-favorite"]),
        NameCase("a screen closed after branches that await the work is not the work", file: "JoinView.swift", """
            struct JoinView: View {
                @Environment(\\.dismiss) private var dismiss
                private func join() async {
                    Task {
                        if useInvite {
                            await membershipStore.joinInvitedTeam(code: code)
                        } else {
                            await membershipStore.joinPublicTeam(name: name)
                        }
                        dismiss()
                    }
                }
            }
            """, accept: [["join-team", "join-join-team"]], wrong: ["join-dismiss"]),
        NameCase("a window closed after a switch that awaits the work leaves the function to name it", file: "LauncherCoordinator.swift", """
            final class LauncherCoordinator {
                @MainActor
                func open() {
                    Task {
                        switch selection.kind {
                        case .app(let app):
                            try? await appLauncher.launch(app)
                        case .file(let file):
                            NSWorkspace.shared.open(file)
                        case .none:
                            break
                        }
                        windowController.window?.close()
                    }
                }
            }
            """, accept: [["launcher-coordinator-open"]], wrong: ["launcher-coordinator-close-window", "launcher-coordinator-close"]),
        NameCase("closing what a relay wrote, awaited after its loop, is its last step", file: "ShellSession.swift", """
            final class ShellSession {
                func startInputRelay(handle: FileHandle) {
                    inputRelay = Task {
                        for await chunk in input.chunks() {
                            try? handle.write(contentsOf: chunk)
                        }
                        await self.closeInput()
                    }
                }
            }
            """, accept: [["shell-session-start-input-relay", "shell-session-input-relay"]],
            wrong: ["shell-session-close-input"]),
        NameCase("a bare start names none of the tasks it makes on the side", file: "HelperProcess.swift", """
            final class HelperProcess {
                func start() async throws {
                    try command.run()
                    let exitTask = Task.detached { [command] in
                        let status = try? command.wait()
                        return ExitReason(status)
                    }
                    state.withLock { $0.exitTask = exitTask }
                }
            }
            """, accept: [["helper-process-exit"]], wrong: ["helper-process-start"]),
        NameCase("a flag its function raised, cleared after a delay, is reset: the function's work is done", file: "SyncSettingsView.swift", """
            struct SyncSettingsView: View {
                @State private var isSyncingNow = false
                private func syncNow() {
                    isSyncingNow = true
                    NotificationCenter.default.post(name: .syncNow, object: nil)
                    Task {
                        try? await Task.sleep(for: .seconds(2))
                        isSyncingNow = false
                    }
                }
            }
            """, accept: [["sync-settings-reset-syncing-now"]], wrong: ["sync-settings-sync-now"]),
        NameCase("arithmetic in a guard is no work, nor a word", file: "GaugeState.swift", """
            @MainActor final class GaugeState {
                init() {
                    Task { @MainActor [weak self] in
                        guard let self else { return }
                        for await _ in source.$value.values {
                            guard abs(source.value - self.target) > 0.01 else { continue }
                            self.target = source.value
                        }
                    }
                }
            }
            """, accept: [["gauge-state-consume-values", "gauge-state-update-target"]], wrong: ["gauge-state-abs"]),
        NameCase("a participle after already ends a phrase cut to fit", file: "AppDelegate.swift", """
            final class AppDelegate: NSObject, NSApplicationDelegate {
                func handleSingleInstanceCheck() {
                    if runningApps.count > 1 {
                        Task { await notifier.showInstanceAlreadyRunningNotification() }
                        NSApp.terminate(nil)
                    }
                }
            }
            """, accept: [["app-delegate-show-instance-already-running", "app-delegate-show-already-running-notification"]],
            wrong: ["app-delegate-show-instance"]),
    ]
}
