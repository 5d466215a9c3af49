/// What a task says in its own words and where it stands: a line it only logs, a call too long for the name (its
/// head noun, its prepositional phrase and its `and` kept whole or not at all), a place that would have to be cut, a
/// value made for the rest of the body, a list's values, an empty task, a test name cut before `even`, an object kept
/// before a participle, printing as logging, and the base and implementation types a protocol's implementations share.
extension NameCorpus {
    static let lines: [NameCase] = [
        NameCase("a task that only logs is named for the line it logs", file: "PlaybackSession.swift", """
            final class PlaybackSession {
                func resume() {
                    guard let player else {
                        Task { await PlaybackLog.shared.log("🎧 Resume skipped: no player attached") }
                        return
                    }
                    Task { await PlaybackLog.shared.log("Resuming playback at \\(position)") }
                    player.play()
                }
            }
            """, accept: [["playback-session-log-resume-skipped"], ["playback-session-log-resuming-playback-at", "playback-session-log-resuming-playback"]],
            wrong: ["playback-session-log-resume", "playback-session-log-resume-2"]),
        NameCase("a logged line of one word, or a tag, says nothing: the function does", file: "UploadQueue.swift", """
            final class UploadQueue {
                func drain() {
                    Task { await logger.info("Error: \\(lastError)") }
                    pending.removeAll()
                }
            }
            """, accept: [["upload-queue-log-drain"]], wrong: ["upload-queue-log-error"]),
        NameCase("a line too long to say whole is cut before a clause", file: "PlaybackSession.swift", """
            final class PlaybackSession {
                func resume() {
                    Task { await PlaybackLog.shared.log("Phone not reachable for PlaybackSession resume request") }
                }
            }
            """, accept: [["playback-session-log-phone-not-reachable"]], wrong: ["playback-session-log-phone"]),
        NameCase("a function's name that would lose a word is no place: a number tells the sites apart", file: "DashboardModel.swift", """
            final class DashboardModel {
                func setupDashboardViewConcurrently() {
                    Task { await refreshInsulinOnBoard() }
                }
                func refresh() {
                    Task { await refreshInsulinOnBoard() }
                }
            }
            """, accept: [["dashboard-refresh-insulin-on-board", "dashboard-refresh-insulin-on-board-2"],
                         ["dashboard-refresh-insulin-on-board", "dashboard-refresh-insulin-on-board-2"]],
            wrong: ["dashboard-refresh-insulin-on-board-in-setup-view"]),
        NameCase("a value the one awaited call makes for the rest of the body is a first step: the function says the work",
                 file: "ProfileModel.swift", """
            final class ProfileModel {
                func createAccount(nickname: String, avatar: Data?) {
                    Task {
                        do {
                            let avatarURL = try await MediaUploader.upload(avatar)
                            users.addDocument(["nickname": nickname, "avatar": avatarURL])
                            session.store(nickname)
                        } catch {
                            print(error)
                        }
                    }
                }
            }
            """, accept: [["profile-create-account"]], wrong: ["profile-media-uploader", "profile-upload"]),
        NameCase("a value handled or handed back ends the call's work: the call still names the task", file: "Composer.swift", """
            @MainActor final class Composer {
                func startPosting() {
                    Task { @MainActor in
                        let (status, message) = await postAllDrafts()
                        handlePostingResult(status: status, message: message)
                    }
                }
                func fetch() -> AnyPublisher<[Reading], Never> {
                    Future { promise in
                        Task {
                            let readings = await self.fetchReadings(since: self.store.syncDate())
                            promise(.success(readings))
                        }
                    }.eraseToAnyPublisher()
                }
            }
            """, accept: [["composer-post-all-drafts"], ["composer-fetch-readings"]], wrong: ["composer-start-posting", "composer-fetch"]),
        NameCase("cases one call is given in turn are a list's values, never what tells a task apart", file: "CartStoreTests.swift", """
            final class CartStoreTests: XCTestCase {
                func testCartItemsStream() async throws {
                    let consumer = Task {
                        var seen: [Item?] = []
                        for await value in store.$cart.values { seen.append(value) }
                        return seen
                    }
                    Task {
                        try store.$cart.set(.sweater)
                        try store.$cart.set(.purse)
                        try store.$cart.set(.belt)
                    }
                    _ = await consumer.value
                }
            }
            """, accept: [["cart-store-items-stream-consumer"],
                         ["cart-store-items-stream", "cart-store-items-stream-set", "cart-store-items-stream-set-cart"]],
            wrong: ["cart-store-items-stream-sweater-purse-belt", "cart-store-items-stream-sweater-purse", "cart-store-items-stream-set-sweater"]),
        NameCase("an empty task holds a place: it runs nothing of its function", file: "SyncEngine.swift", """
            final class SyncEngine {
                var isRunning = false
                var pending: Task<Void, Never> = Task {}
                func start() -> Task<Void, Never> {
                    if isRunning { return Task {} }
                    return Task { await self.pullRemoteChanges() }
                }
            }
            """, accept: [["sync-engine-placeholder", "sync-engine-pending-placeholder"],
                         ["sync-engine-placeholder", "sync-engine-placeholder-2", "sync-engine-start-placeholder"],
                         ["sync-engine-start", "sync-engine-pull-remote-changes"]],
            wrong: ["sync-engine-pending", "sync-engine-start-2"]),
        NameCase("an implementation type's prefix leaves out the kind word; a hollow verb's task noun is its object",
                 file: "EditorImplementation.swift", """
            final class EditorImplementation {
                func disconnectLanguageService() {
                    Task { await webView.evaluateJavaScript("languageClient.stop()") }
                }
                func refreshSkins() {
                    Task { await DatabaseManager.performBackgroundTask { context in context.reset() } }
                }
            }
            """, accept: [["editor-disconnect-language-service", "editor-evaluate-javascript"], ["editor-perform-background-task", "editor-background-task", "editor-refresh-skins"]],
            wrong: ["editor-implementation-disconnect-language", "editor-perform-background"]),
        NameCase("a test name too long to say whole is cut before what it concedes", file: "ProcessKillTests.swift", """
            final class ProcessKillTests: XCTestCase {
                func testCanReliablyKillChildProcessesEvenWithSignalMask() async throws {
                    let child = Task { try await launcher.run(script: "trap '' TERM; sleep 100") }
                    child.cancel()
                }
            }
            """, accept: [["process-kill-can-reliably-kill-child-processes", "process-kill-can-kill-child-processes"]],
            wrong: ["process-kill-can-reliably-kill-child-processes-even", "process-kill-can-kill-child-processes-even-signal"]),
        NameCase("a call too long for the name keeps its verb and its head noun", file: "MessengerAppDelegate.swift", """
            final class MessengerAppDelegate: NSObject, UIApplicationDelegate {
                func applicationDidBecomeActive(_ application: UIApplication) {
                    Task { await notifications.clearDeliveredNotifications(for: currentInbox) }
                }
            }
            extension GameRuntime {
                func scheduleSoundEffect(_ request: SoundRequest) {
                    Task { await playBattlePresentationStagedSoundEffect(request) }
                }
            }
            """, accept: [["messenger-app-delegate-clear-notifications", "messenger-app-delegate-clear-delivered-notifications"],
                         ["game-runtime-play-staged-sound-effect", "game-runtime-play-sound-effect"]],
            wrong: ["messenger-app-delegate-clear-delivered", "game-runtime-play-battle-presentation-staged"]),
        NameCase("a call's prepositional phrase goes whole, and two joined verbs never lose their and", file: "StopPageActionPresenter.swift", """
            final class StopPageActionPresenter {
                func showLiveActivity() {
                    Task { await promoteToDynamicIsland() }
                }
                func next() {
                    Task { await validateAndAdvanceRouteName() }
                }
            }
            """, accept: [["stop-page-action-presenter-promote", "stop-page-action-presenter-promote-to-dynamic-island"],
                         ["stop-page-action-presenter-validate", "stop-page-action-presenter-validate-and-advance"]],
            wrong: ["stop-page-action-presenter-promote-to-dynamic", "stop-page-action-presenter-validate-advance-route-name",
                    "stop-page-action-presenter-validate-advance-route"]),
        NameCase("a call's object the prefix says stays before a participle", file: "PriceAlertsScene.swift", """
            struct PriceAlertsScene: View {
                @State var model: PriceAlertsViewModel
                func onAlertsEnable(_ old: Bool, newValue: Bool) {
                    Task { await model.handleAlertsEnabled(enabled: newValue) }
                }
            }
            """, accept: [["price-alerts-scene-handle-alerts-enabled"]], wrong: ["price-alerts-scene-handle-enabled"]),
        NameCase("printing at a level is logging; the prefix's last word is never said again first", file: "RestorePresenter.swift", """
            final class EnterBackupToRestoreWalletsPresenter {
                func didTapContinueButton() {
                    Task {
                        do {
                            let _ = try await walletsService.restoreAndInjectWallets(using: password)
                            try SecureHashStorage.save(password: password)
                            view.dismiss(animated: true)
                        } catch { }
                    }
                }
            }
            final class NotificationsService {
                func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                            withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
                    Task { @MainActor in
                        Debugger.printInfo(topic: .push, "Did receive a notification in foreground")
                        let options = presentationOptions(for: notification.request.content.userInfo)
                        completionHandler(options)
                    }
                }
            }
            """, accept: [["enter-backup-to-restore-inject-wallets", "enter-backup-to-restore-and-inject-wallets"],
                         ["notifications-will-present", "notifications-presentation-options"]],
            wrong: ["enter-backup-to-restore-restore-inject-wallets", "notifications-print-info"]),
        NameCase("alternatives joined by or stay one phrase after the prefix's last word", file: "LiveActivityPendingStart.swift", """
            final class LiveActivityPendingStart {
                func resume() {
                    Task { await startOrUpdate() }
                }
            }
            """, accept: [["live-activity-pending-start-start-or-update"]], wrong: ["live-activity-pending-start-update"]),
        NameCase("a base class's tasks take the prefix of what it implements", file: "BaseSyncManager.swift", """
            final class BaseSyncManager: SyncManager {
                func start() {
                    Task { await pullRemoteChanges() }
                }
            }
            """, accept: [["sync-pull-remote-changes"]], wrong: ["base-sync-pull-remote-changes"]),
    ]
}
