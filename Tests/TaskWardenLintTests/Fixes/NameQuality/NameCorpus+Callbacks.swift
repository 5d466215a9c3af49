/// Callbacks, delegates, observers and background handlers: a task created in a closure that runs later is
/// named after what it does then, not after the function that set it up.
extension NameCorpus {
    static let callbacks: [NameCase] = [
        NameCase("an observer's single call", file: "DetailWebViewController.swift", """
            final class DetailWebViewController {
                override func loadView() {
                    NotificationCenter.default.addObserver(forName: .didChange, object: nil, queue: .main) { [weak self] _ in
                        Task { @MainActor in self?.userDefaultsDidChange() }
                    }
                }
            }
            """, accept: [["detail-web-user-defaults-did-change"]], wrong: ["detail-web-load-view"]),
        NameCase("an alert action boosts a post", file: "StatusActions.swift", """
            enum StatusActions {
                static func confirmReblog(provider: Provider, status: Status) {
                    let confirm = UIAlertAction(title: "Boost", style: .default) { _ in
                        Task { @MainActor in try? await performReblog(provider: provider, status: status) }
                    }
                    alert.addAction(confirm)
                }
            }
            """, accept: [["status-actions-reblog", "status-actions-perform-reblog", "status-actions-boost"]], wrong: ["status-actions-confirm-reblog"]),
        NameCase("an alert's confirming button cancels", file: "JoinRoomViewModel.swift", """
            final class JoinRoomViewModel {
                private func showCancelKnockConfirmationAlert() {
                    alertInfo = .init(title: "Cancel?",
                                      primaryButton: .init(title: L10n.no, role: .cancel, action: nil),
                                      secondaryButton: .init(title: L10n.yes, role: .destructive) { Task { await self.cancelKnock() } })
                }
            }
            """, accept: [["join-room-cancel-knock"]], wrong: ["join-room-show-cancel-knock-confirmation"]),
        NameCase("a table view selection opens a profile", file: "SuggestionsViewController.swift", """
            extension SuggestionsViewController: UITableViewDelegate {
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    guard let account = accounts[safe: indexPath.row] else { return }
                    Task { await coordinator.showProfile(for: account) }
                    tableView.deselectRow(at: indexPath, animated: true)
                }
            }
            """, accept: [["suggestions-show-profile", "suggestions-did-select-row"]]),
        NameCase("a notification response with a completion handler", file: "AppDelegate.swift", """
            final class AppDelegate {
                nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {
                    Task { @MainActor in
                        switch response.actionIdentifier {
                        case "markAsRead": markAsRead(response.userInfo)
                        default: open(response)
                        }
                        completionHandler()
                    }
                }
            }
            """, accept: [["app-delegate-did-receive"]], wrong: ["app-delegate-completion-handler", "app-delegate-mark-as-read"]),
        NameCase("a background refresh registration", file: "BackgroundRefresh.swift", """
            final class BackgroundRefresh {
                func registerTasks() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil) { task in
                        Task { await self.handleAppRefresh(task) }
                    }
                }
            }
            """, accept: [["background-refresh-handle-app-refresh", "background-refresh-handle-app"]], wrong: ["background-refresh-register-tasks"]),
        NameCase("a background sync that the expiration cancels", file: "RemindersBackgroundRefresher.swift", """
            enum RemindersBackgroundRefresher {
                private static func handleAppRefresh(task: BGTask) {
                    let syncTask = Task { @MainActor in
                        await RemindersSyncManager.shared.syncAll()
                        complete(!Task.isCancelled)
                    }
                    task.expirationHandler = { syncTask.cancel() }
                }
            }
            """, accept: [["reminders-background-sync-all"]],
            wrong: ["reminders-background-refresher-all"]),
        NameCase("a Combine sink in an initializer", file: "RecentActivityClient.swift", """
            final class RecentActivityClient {
                init(model: Model) {
                    model.burnDidCompletePublisher
                        .sink { [weak self] _ in Task { @MainActor in self?.notifyBurnDidComplete() } }
                        .store(in: &cancellables)
                }
            }
            """, accept: [["recent-activity-client-notify-burn-did-complete", "recent-activity-client-notify-burn"]],
            wrong: ["recent-activity-client-init", "recent-activity-client-sink", "recent-activity-client-notify-burn-did"]),
        NameCase("a timer's tick refreshes totals", file: "StatusViewModel.swift", """
            final class VPNStatusViewModel {
                private func setUpThroughputRefreshTimer() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        Task { await self.refreshDataVolumeTotals() }
                    }
                }
            }
            """, accept: [["vpn-status-refresh-data-volume-totals", "vpn-status-refresh-data-volume"]],
            wrong: ["vpn-status-refresh-scheduled", "vpn-status-set-up-throughput-refresh"]),
        NameCase("a state machine state's entry", file: "FavoriteViewModel+State.swift", """
            extension FavoriteViewModel.State {
                class Reloading: FavoriteViewModel.State {
                    override func didEnter(from previousState: GKState?) {
                        Task { await viewModel.dataController.reset(); stateMachine.enter(Loading.self) }
                    }
                }
            }
            """, accept: [["favorite-reloading-reset", "favorite-reloading-did-enter"]]),
        NameCase("a promise bridge runs the request", file: "API+Requests.swift", """
            extension HomeAPI {
                func request<T>(path: String) -> Promise<T> {
                    Promise { seal in
                        Task {
                            guard let url = await server.activeURL()?.appendingPathComponent(path) else { return seal.reject(Err.noURL) }
                            manager.request(url).validate().responseObject { seal.resolve($0) }
                        }
                    }
                }
            }
            """, accept: [["home-api-request"]], wrong: ["home-api-request-appending", "home-api-active-url"]),
        NameCase("a completion-handler API bridged to async", file: "EmailManager.swift", """
            final class EmailManager {
                func fetchAlias(completionHandler: @escaping (Result<String, Error>) -> Void) {
                    Task.detached {
                        do {
                            let data = try await delegate.emailManager(self, requested: aliasURL)
                            completionHandler(.success(String(decoding: data, as: UTF8.self)))
                        } catch { completionHandler(.failure(error)) }
                    }
                }
            }
            """, accept: [["email-fetch-alias"]], wrong: ["email-email", "email-manager-email"]),
        NameCase("a status observation loop set up with the player", file: "StreamPlayerView.swift", """
            struct StreamPlayerView: View {
                private func setupPlayer(with url: URL) {
                    let item = AVPlayerItem(url: url)
                    Task {
                        for await status in item.publisher(for: \\.status).values {
                            switch status {
                            case .readyToPlay: isLoading = false
                            default: handleError(status)
                            }
                        }
                    }
                }
            }
            """, accept: [["stream-player-setup-player", "stream-player-setup"]], wrong: ["stream-player-publisher-item"]),
        NameCase("a closure kept in a property", file: "AppContainer.swift", """
            final class AppContainer {
                init(monitor: SyncMonitor, collection: Collection) {
                    monitor.onQuiesced = { [weak collection] in
                        guard let collection else { return }
                        Task { await collection.backfillMasterYears() }
                    }
                }
            }
            """, accept: [["app-container-backfill-master-years"]], wrong: ["app-container-init"]),
        NameCase("an error handler reloads the cache", file: "WatchHomeViewModel.swift", """
            final class WatchHomeViewModel {
                private func pushLocalConfig(_ config: Config) {
                    communicator.send(message, errorHandler: { [weak self] error in
                        Task { @MainActor in self?.loadCache(); self?.updateLoading(false) }
                    })
                }
            }
            """, accept: [["watch-home-load-cache"]], wrong: ["watch-home-push-local-config"]),
            NameCase("a callback that calls an overload or another object's namesake retries nothing", file: "StopScreen.swift", """
            final class StopScreen {
                private func refresh() {
                    debouncer.debounce(interval: 1.0) { [weak self] in
                        guard let self else { return }
                        Task { await self.viewModel.refresh() }
                    }
                }
                private func redraw(animated: Bool = false) {
                    store.fetchState { [weak self] state in
                        Task { @MainActor [weak self] in self?.redraw(state: state, animated: animated) }
                    }
                }
                private func reconnect() {
                    client.onFailure { [weak self] in
                        Task { await self?.reconnect() }
                    }
                }
            }
            """, accept: [["stop-refresh"], ["stop-redraw"], ["stop-retry-reconnect"]],
            wrong: ["stop-retry-refresh", "stop-retry-redraw"]),
]
}
