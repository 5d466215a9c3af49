/// Lookups and the words around them: a value a `get…` call looks up for the work, a delegate's `wants to`
/// request, a success message after the work, a free function's words said again by its call, a payload that names
/// no request, a one-letter local in a test, what a loop of children goes through, a counter moved alone, and a
/// callback label that names its event.
extension NameCorpus {
    static let lookups: [NameCase] = [
        NameCase("a value looked up for the rest of the body is never the work", file: "ReminderDetailModel.swift", """
            @MainActor final class ReminderDetailModel {
                func toggleReminder() {
                    Task { [weak self] in
                        guard let self else { return }
                        do {
                            let accountId = try await session.getCurrentAccountId()
                            router.show(.spinner(true))
                            switch reminder {
                            case let .once(date):
                                try await scheduler.toggleOnce(at: date, account: accountId)
                            case let .repeating(rule):
                                try await scheduler.toggleRepeating(rule, account: accountId)
                            }
                        } catch {
                            router.show(.error(error))
                        }
                    }
                }
            }
            """, accept: [["reminder-detail-toggle-reminder", "reminder-detail-toggle"]],
            wrong: ["reminder-detail-get-current-account-id"]),
        NameCase("a value looked up for the call whose result is kept loads what is kept", file: "ShareSheetModel.swift", """
            @MainActor final class ShareSheetModel {
                var contactCount = 0
                init(store: ContactStore, session: Session) {
                    Task { [weak self] in
                        guard let self else { return }
                        let accountId = try await session.getCurrentAccountId()
                        contactCount = try await store.getContactCount(accountId: accountId)
                    }
                }
            }
            """, accept: [["share-sheet-load-contact-count"]],
            wrong: ["share-sheet-get-current-account-id"]),
        NameCase("a delegate's request says what is asked for, and a success message is never the work", file: "LibraryCoordinator.swift", """
            final class LibraryCoordinator {
                func settingsModelWantsToEmptyTrash() {
                    Task { [weak self] in
                        guard let self else { return }
                        await trashStore.removeAll()
                        toastCenter.showSuccessToast("Trash emptied")
                    }
                }
            }
            """, accept: [["library-coordinator-empty-trash"]],
            wrong: ["library-coordinator-show-success-toast", "library-coordinator-settings-model-wants-to-empty-trash"]),
        NameCase("a free function's words are not said again by its task's call", file: "CameraAccess.swift", """
            func requestCameraAccess() async -> Bool {
                await withCheckedContinuation { continuation in
                    Task { @MainActor in
                        AccessPrompt.present("Allow camera access?") { granted in
                            continuation.resume(returning: granted)
                        }
                    }
                }
            }

            func requestMicrophonePermission() async -> Bool {
                await withCheckedContinuation { continuation in
                    Task { @MainActor in
                        PermissionRequest.show("Allow the microphone?") { granted in
                            continuation.resume(returning: granted)
                        }
                    }
                }
            }
            """, accept: [["request-camera-access-prompt-present"], ["request-microphone-permission-show"]],
            wrong: ["request-camera-access-access-prompt-present", "request-microphone-permission-permission-request"]),
        NameCase("what any request carries names no request", file: "BackgroundRunner.swift", """
            public final class BackgroundRunner<Worker: Working> {
                private let worker: Worker
                public func perform(with input: Worker.Input) {
                    Task(priority: .utility) {
                        let output = await worker.perform(with: input)
                        await publish(output)
                    }
                }
            }
            """, accept: [["background-runner-perform-worker"]],
            wrong: ["background-runner-input"]),
        NameCase("a one-letter local is no word of a test's part", file: "ProcessTests.swift", """
            final class ProcessTests: XCTestCase {
                func testExitCodeIsReported() async throws {
                    let p = ManagedProcess(executable: "/bin/false")
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            let status = try await p.run()
                            XCTAssertEqual(status, .exit(1))
                        }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["process-exit-code-is-reported-run"]],
            wrong: ["process-exit-code-is-reported-run-p"]),
        NameCase("children made in a loop are told from a sibling made outside it by what the loop goes through", file: "FeedRefresher.swift", """
            final class FeedRefresher {
                func refresh(_ mainFeed: Feed, _ otherFeeds: [Feed]) async {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await self.reloadFeed(mainFeed) }
                        for feed in otherFeeds {
                            group.addTask { await self.reloadFeed(feed) }
                        }
                    }
                }
            }
            """, accept: [["feed-refresher-reload"], ["feed-refresher-reload-other-feeds"]],
            wrong: ["feed-refresher-reload-2", "feed-refresher-reload-other"]),
        NameCase("a task that only moves a counter does that", file: "SyncMonitor.swift", """
            final class SyncMonitor {
                private let failedUploads = Counter()
                func upload(_ batch: Batch) {
                    uploader.send(batch) { [weak self] result in
                        if case .failure = result {
                            Task { [weak self] in
                                await self?.failedUploads.increment()
                            }
                        }
                    }
                }
            }
            """, accept: [["sync-monitor-increment-failed-uploads"]], wrong: ["sync-monitor-upload"]),
        NameCase("a callback label that names its event says when, as an on… closure does", file: "StoreCoordinator.swift", """
            final class StoreCoordinator {
                private var storeController: StoreViewController?
                func showStore() {
                    model = StoreViewModel(
                        catalog: catalog,
                        priceChangeHandler: { [weak self] _ in
                            Task { @MainActor [weak self] in
                                self?.storeController?.reloadData()
                            }
                        }
                    )
                }
                func watchAccount() {
                    account.onSignIn = { [weak self] in
                        Task { @MainActor [weak self] in
                            self?.storeController?.reloadData()
                        }
                    }
                }
            }
            """, accept: [["store-coordinator-reload-data-on-price-change"], ["store-coordinator-reload-data-on-sign-in"]],
            wrong: ["store-coordinator-reload-data-view-model", "store-coordinator-reload-data-store-view-model"]),
            NameCase("a call that asks for work after its wants to is that work, whoever is told", file: "DeviceListView.swift", """
            struct DeviceListView: View {
                func clearAllDevicesOfThisContact() {
                    Task { try await actions.userWantsToClearAllContactDevices(contactIdentifier: contact) }
                }
                func deleteOwnReaction() {
                    Task { [weak self] in
                        guard let self else { return }
                        try? await delegate.userWantsToUpdateReaction(self, messageID: messageID, newEmoji: nil)
                    }
                }
                func listenToNotifications() {
                    observe { [weak self] notification in
                        Task { await self?.processUserWantsToForwardMessage(notification.message) }
                    }
                }
            }
            """, accept: [["device-list-clear-all-contact-devices"], ["device-list-update-reaction"], ["device-list-forward-message"]],
            wrong: ["device-list-user-wants", "device-list-delete-own-reaction", "device-list-process-user-wants"]),
]
}
