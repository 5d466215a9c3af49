/// View models, services and managers: a method starts a task that does one part of its work.
extension NameCorpus {
    static let viewModels: [NameCase] = [
        NameCase("a refresh that awaits one load", file: "TimelineViewModel.swift", """
            final class TimelineViewModel {
                func refresh() {
                    isLoading = true
                    Task { await loadTimeline(); isLoading = false }
                }
            }
            """, accept: [["timeline-load", "timeline-refresh"]], wrong: ["timeline-refresh-load-timeline"]),
        NameCase("a method whose task does what it says", file: "PushSettingsViewModel.swift", """
            final class PushSettingsViewModel {
                func deleteSubscription() {
                    Task { await subscription.deleteSubscription() }
                }
            }
            """, accept: [["push-settings-delete-subscription"]]),
        NameCase("a task that removes the stale entry an insert replaces", file: "ThumbnailCache.swift", """
            final class ThumbnailCache {
                private func insert(_ thumbnail: Thumbnail, for url: URL) {
                    if let old = entries[url] {
                        Task.detached { await self.removeFromDisk([old]) }
                    }
                    entries[url] = thumbnail
                }
            }
            """, accept: [["thumbnail-cache-remove-from-disk"]],
            wrong: ["thumbnail-cache-insert", "thumbnail-cache-insert-detached"]),
        NameCase("a task kept in a property set up in init", file: "LibraryViewModel.swift", """
            final class LibraryViewModel {
                private var reloadTask: Task<Void, Never>?
                init(store: Store) {
                    reloadTask = Task { await self.reloadAlbums() }
                }
            }
            """, accept: [["library-reload", "library-reload-albums"]], wrong: ["library-init"]),
        NameCase("a task kept as an observer", file: "OPMLExporter.swift", """
            final class OPMLExporter {
                var progressObserver: Task<Void, Never>?
                func export(to url: URL) async throws {
                    progressObserver = Task { [weak self] in
                        while !Task.isCancelled { await self?.reportProgress(); try? await Task.sleep(for: .seconds(1)) }
                    }
                    try await write(url)
                }
            }
            """, accept: [["opml-exporter-progress-observer"]], wrong: ["opml-exporter-export"]),
        NameCase("an initializer that loads an identity by a static call", file: "RecordShelfApp.swift", """
            struct RecordShelfApp {
                init() {
                    Task.detached(priority: .utility) { await AuthIdentity.load() }
                }
            }
            """, accept: [["record-shelf-app-auth-identity-load"]], wrong: ["record-shelf-app-init", "record-shelf-app-setup"]),
        NameCase("an initializer's only task checks permissions", file: "WaitlistViewModel.swift", """
            final class WaitlistViewModel {
                init(request: WaitlistRequest) {
                    viewState = .notOnWaitlist
                    Task { @MainActor in await checkNotificationPermissions() }
                }
            }
            """, accept: [["waitlist-check-notification-permissions"]], wrong: ["waitlist-check-notification-setup"]),
        NameCase("two tasks in one method", file: "LibraryManager.swift", """
            final class LibraryManager {
                func refresh() {
                    Task { await fetchAlbums() }
                    Task.detached { await fetchPrices() }
                }
            }
            """, accept: [["library-fetch-albums"], ["library-fetch-prices"]], wrong: ["library-refresh-2"]),
        NameCase("one prefix for every site of a long type name", file: "NetworkProtectionSubscriptionEventHandler.swift", """
            final class NetworkProtectionSubscriptionEventHandler {
                func handleEntitlementsChange() {
                    Task { await tunnelController.stop() }
                }
                func registerForEntitlements() {
                    Task { await refreshEntitlements() }
                }
            }
            """, accept: [["network-protection-stop-tunnel", "network-protection-handle-entitlements-change",
                           "network-protection-entitlements-change"],
                          ["network-protection-refresh-entitlements", "network-protection-register-for-entitlements"]],
            wrong: ["network-handle-entitlements-change", "network-register-for-entitlements",
                    "network-protection-handle-entitlements"]),
        NameCase("a tunnel provider's sites share its whole prefix", file: "PacketTunnelProvider.swift", """
            final class PacketTunnelProvider {
                private func simulateConnectionInterruption(completionHandler: ((Data?) -> Void)? = nil) {
                    Task { @MainActor in connectionTester.failNextTest(); completionHandler?(nil) }
                }
                private func startMonitors() {
                    Task { await tunnelFailureMonitor.start() }
                }
            }
            """, accept: [["packet-tunnel-provider-fail-next-test", "packet-tunnel-provider-simulate-connection"],
                          ["packet-tunnel-provider-start-monitors", "packet-tunnel-provider-start-tunnel-failure", "packet-tunnel-provider-start-failure-monitor"]],
            wrong: ["packet-simulate-connection-interruption", "packet-start-monitors"]),
        NameCase("a fetcher's fetch is the fetcher, not fetcher-fetch", file: "ConfigurationFetcher.swift", """
            final class ConfigurationFetcher {
                func fetch() {
                    Task { await download(.privacyConfiguration) }
                }
            }
            """, accept: [["configuration-fetcher", "configuration-fetcher-download-privacy",
                           "configuration-fetcher-download"]],
            wrong: ["configuration-fetcher-fetch"]),
        NameCase("an evaluation type's evaluate never stutters", file: "RuleEvaluation.swift", """
            final class RuleEvaluation {
                func evaluateAll() {
                    Task { await evaluate(rules) }
                }
            }
            """, accept: [["rule-evaluation"]], wrong: ["rule-evaluation-evaluate", "rule-evaluation-evaluate-all", "rule-evaluation-all"]),
        NameCase("a task that writes the export file keeps its verb", file: "ImportExportCoordinator.swift", """
            final class ImportExportCoordinator {
                func shareExport(to url: URL) {
                    Task { try await writeExportFile(to: url) }
                }
            }
            """, accept: [["import-export-write-file", "import-export-coordinator-write-file", "import-export-coordinator-share"]],
            wrong: ["import-export-coordinator-transfer-url", "import-export-coordinator-url"]),
        NameCase("a predicate the body asks first is not its work", file: "SettingsViewModel.swift", """
            final class SettingsViewModel {
                init(client: Client) {
                    Task {
                        if await client.isUserStatusSupported() { state.showUserStatus = true }
                        await client.loadUserProfile()
                    }
                }
            }
            """, accept: [["settings-load-user-profile"]], wrong: ["settings-is-user-status-supported"]),
        NameCase("a fetch whose enum argument says what is fetched", file: "ConfigurationManager.swift", """
            final class ConfigurationManager {
                private func fetchTrackerBlockingDependencies() async {
                    let surrogatesTask = Task { try await fetcher.fetch(.surrogates) }
                    try? await fetcher.fetch(.privacyConfiguration)
                    _ = await surrogatesTask.result
                }
            }
            """, accept: [["configuration-fetch-surrogates"]], wrong: ["configuration-fetch-tracker-blocking"]),
        NameCase("a stored handle wrapped as cancellable", file: "SettingsScreenViewModel.swift", """
            final class SettingsScreenViewModel {
                private func pickCustomEmoji() {
                    pickCustomEmojiCancellable = Task { [weak self] in
                        for await emoji in stream { self?.state.emoji = emoji }
                    }.asCancellable()
                }
            }
            """, accept: [["settings-pick-custom-emoji"]], wrong: ["settings-task"]),
        NameCase("a call named by a noun, its result kept in a property, loads it", file: "ShelfHistoryModel.swift", """
            @MainActor final class ShelfHistoryModel {
                var recentEntries: [Entry] = []
                func loadEntries() {
                    Task { recentEntries = await store.shelfHistoryEntries() }
                }
                func copyLink(for entry: Entry) {
                    Task {
                        let board = UIPasteboard.general
                        board.string = await store.shareLinkText(entry)
                    }
                }
            }
            """, accept: [["shelf-history-load-recent-entries", "shelf-history-load-entries"],
                          ["shelf-history-copy-link", "shelf-history-share-link-text"]],
            wrong: ["shelf-history-entries", "shelf-history-shelf-history-entries", "shelf-history-load-string"]),
        NameCase("an adverb of time finishes the verb the type is named for", file: "StockCheckService.swift", """
            final class StockCheckService {
                func checkNow(_ item: Item) {
                    Task { await self.check(item) }
                }
            }
            """, accept: [["stock-check-now"]], wrong: ["stock-check", "stock-check-check-now"]),
        NameCase("a Kotlin Multiplatform call whose result is unwrapped", file: "WalletConnectController.swift", """
            final class WalletConnectController {
                func setup() {
                    Task { @MainActor [weak self] in
                        let uri = try await repo.createWalletConnection(userId: userId, budget: budget).getOrNull()
                        guard let uri = uri as? String else { return }
                        self?.show(uri)
                    }
                }
            }
            """, accept: [["wallet-connect-create-connection", "wallet-connect-create-wallet-connection"]],
            wrong: ["wallet-connect-get-or-null"]),
        NameCase("a UIKit control's action that syncs, reads and exports", file: "WalletSettingsController.swift", """
            final class WalletSettingsController: UIViewController {
                let exportTransactionsButton = UIButton()
                func setup() {
                    exportTransactionsButton.addAction(.init(handler: { [weak self] _ in
                        Task { @MainActor in
                            self?.exportTransactionsButton.isEnabled = false
                            try await WalletManager.instance.syncWalletTransactions()
                            let transactions = try await WalletManager.instance.repo.allTransactions(walletId: walletId)
                            CSVExporter.exportTransactions(transactions, from: self)
                        }
                    }), for: .touchUpInside)
                }
            }
            """, accept: [["wallet-settings-export-transactions"]], wrong: ["wallet-settings-sync-wallet-transactions", "wallet-settings-sync-transactions"]),
        NameCase("a getter whose task stores the value it computed", file: "PriceFormatter.swift", """
            final class PriceFormatter {
                private var formattedValues: [String: String] = [:]
                func getCachedLabel(for key: String, value: Double) -> String {
                    if let cached = formattedValues[key] { return cached }
                    let label = format(value)
                    Task { @MainActor in
                        formattedValues[key] = label
                    }
                    return label
                }
            }
            """, accept: [["price-formatter-update-formatted-values"]], wrong: ["price-formatter-get-cached-label"]),
    ]
}
