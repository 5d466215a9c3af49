/// Moments and side shows: a state's `didEnter(from:)` that requests from a service, a spinner shown around
/// the work, a navigation's destination, a deadline child, a verb whose object is the type itself, a retry from
/// an alert, and a timeout's storage.
extension NameCorpus {
    static let moments: [NameCase] = [
        NameCase("a state entered starts a request to a service", file: "TimelineViewModel+State.swift", """
            extension TimelineViewModel.State {
                final class Loading: TimelineViewModel.State {
                    override func didEnter(from previousState: GKState?) {
                        super.didEnter(from: previousState)
                        Task {
                            let response = try await viewModel.context.apiService.statusContext(statusID: statusID)
                            viewModel.store(response.value)
                            stateMachine?.enter(Idle.self)
                        }
                    }
                }
            }
            """, accept: [["timeline-loading-fetch-status-context"]],
            wrong: ["timeline-loading-did-enter", "timeline-loading-enter"]),
        NameCase("a spinner shown around the work is not the work", file: "TeamViewModel.swift", """
            final class TeamViewModel {
                func inviteEveryone(presentedOn controller: UIViewController) {
                    Task {
                        await coordinator.showLoading(on: controller)
                        await withTaskGroup(of: Void.self) { group in
                            for member in members {
                                group.addTask { try? await InviteFacade.responseToMemberAction(member: member, action: .invite) }
                            }
                        }
                        await coordinator.hideLoading()
                    }
                }
            }
            """, accept: [["team-invite-everyone"], ["team-invite", "team-invite-member", "team-invite-everyone-member"]],
            wrong: ["team-show-loading", "team-invite-everyone-show-loading", "team-invite-everyone-2"]),
        NameCase("a navigation is named for where it goes", file: "ThreadCellDelegate.swift", """
            extension ThreadCellDelegate {
                func threadCell(_ cell: ThreadCell, boostCountButtonDidPress button: UIButton) {
                    Task {
                        await coordinator.present(scene: .boostedBy(thread), from: self, transition: .show)
                    }
                }
            }
            """, accept: [["thread-cell-delegate-present-boosted", "thread-cell-delegate-present-boosted-by"]],
            wrong: ["thread-cell-delegate-present", "thread-cell-delegate-present-boost-count-button"]),
        NameCase("a deadline child sleeps, then gives up", file: "Probe.swift", """
            struct Probe {
                func firstReply(within seconds: Double) async -> Reply? {
                    await withTaskGroup(of: Reply?.self) { group in
                        group.addTask { await self.replies.first { _ in true } }
                        group.addTask {
                            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                            return nil
                        }
                        defer { group.cancelAll() }
                        return await group.next() ?? nil
                    }
                }
            }
            """, accept: [["probe-first-reply", "probe-first"], ["probe-timeout", "probe-first-reply-timeout"]],
            wrong: ["probe-sleep", "probe-first-reply-sleep"]),
        NameCase("a label of two nouns names what a verb on self acts on", file: "ShareViewController.swift", """
            final class ShareViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    Task { @MainActor in
                        let inputItems = self.extensionContext?.inputItems ?? []
                        await load(inputItems: inputItems)
                    }
                }
                func find(text: String, ignoresCase: Bool) {
                    Task { await search(rootURL: root, pattern: text) }
                }
            }
            """, accept: [["share-load-input-items"], ["share-find", "share-search"]],
            wrong: ["share-load", "share-search-root-url", "share-view-did-load"]),
        NameCase("going to a scene shows it; a test's sut is no object", file: "CellDelegate.swift", """
            extension CellDelegate {
                func cell(_ cell: Cell, avatarButtonDidPress button: UIButton) {
                    Task { await SceneFacade.coordinateToProfileScene(provider: self, account: account) }
                }
                func cell(_ cell: Cell, mediaView: MediaView, didSelectMediaAt index: Int) {
                    Task { await SceneFacade.coordinateToMediaPreviewScene(dependency: self, status: status, index: index) }
                }
            }
            @Suite struct ConnectionTests {
                @Test func disconnectCancelsOngoingAttempt() async throws {
                    let attempt = Task { try await sut.connect() }
                    await sut.disconnect()
                    _ = await attempt.result
                }
            }
            """, accept: [["cell-delegate-show-profile"], ["cell-delegate-show-media-preview"],
                          ["connection-connect", "connection-disconnect-cancels-ongoing-attempt", "connection-attempt"]],
            wrong: ["cell-delegate-coordinate-to-profile-scene", "connection-connect-sut"]),
        NameCase("how a call reports its failure is no word of it", file: "LiveRoom.swift", """
            final class LiveRoom {
                func enter() {
                    Task { try? await presence.subscribeWithError() }
                }
            }
            """, accept: [["live-room-subscribe-presence", "live-room-enter"]],
            wrong: ["live-room-subscribe-error", "live-room-subscribe-with-error"]),
        NameCase("a view model named only by kind words takes its program's name", file: "Examples/Radio/RadioExample/ViewModel.swift", """
            @MainActor final class ViewModel {
                func reloadModel() {
                    Task { await loadModel() }
                }
            }
            """, accept: [["radio-load-model"]], wrong: ["view-model-load", "view-model-load-model"]),
        NameCase("a long delegate protocol is its cell's", file: "DataSourceProvider+ReplyTableViewCellDelegate.swift", """
            extension ReplyTableViewCellDelegate where Self: DataSourceProvider {
                func tableViewCell(_ cell: UITableViewCell, replyView: ReplyView, pollVoteButtonPressed button: UIButton) {
                    Task { try await apiService.vote(poll: poll, choices: choices) }
                }
            }
            """, accept: [["reply-table-cell-vote"]], wrong: ["reply-table-cell-delegate-vote", "reply-table-view-cell-vote"]),
        NameCase("a pressed control's handler says the action it asks for", file: "ChatViewController.swift", """
            final class ChatViewController: UIViewController {
                func pinOptions(for message: Message) -> [UIMenuElement] {
                    let pinAction = UIAction(title: "Pin") { [unowned self] _ in
                        Task { await self.didPressPinMessage(for: message) }
                    }
                    return [pinAction]
                }
            }
            """, accept: [["chat-pin-message"]], wrong: ["chat-pin-options", "chat-pin-options-ui", "chat-handle-press-pin-message"]),
        NameCase("a child that sleeps and then returns its value is no deadline", file: "SchedulerTests.swift", """
            final class SchedulerTests: XCTestCase {
                func testRunSorting() async throws {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        group.addTask {
                            try await self.clock.sleep(for: .seconds(2))
                            return 2
                        }
                        group.addTask {
                            try await Task.sleep(for: .seconds(5))
                            return nil
                        }
                    }
                }
            }
            """, accept: [["scheduler-run-sorting", "scheduler-run-sorting-sleep"], ["scheduler-run-sorting-timeout"]],
            wrong: ["scheduler-timeout"]),
        NameCase("a verb whose object is the type itself says it once", file: "NotificationPolicyViewController.swift", """
            final class NotificationPolicyViewController: UIViewController {
                @objc func save(_ sender: UIBarButtonItem) {
                    Task { [weak self] in
                        guard let self else { return }
                        let updated = try await apiService.updateNotificationPolicy(filterNotFollowing: filter.notFollowing)
                        NotificationCenter.default.post(name: .notificationPolicyChanged, object: updated)
                        dismiss(animated: true)
                    }
                }
            }
            """, accept: [["notification-policy-update", "notification-policy-save"]],
            wrong: ["notification-policy-update-notification-policy"]),
        NameCase("an alert's Try Again runs the function it is made in once more", file: "ArchiveScreenViewModel.swift", """
            final class ArchiveScreenViewModel {
                func process(viewAction: ViewAction) {
                    switch viewAction {
                    case .archive: Task { await archive() }
                    }
                }
                private func archive() async {
                    switch await service.archive(id) {
                    case .success: dismiss()
                    case .failure:
                        alert = .init(title: "Error", retry: .init(title: L10n.actionTryAgain) { [weak self] in Task { await self?.archive() } })
                    }
                }
            }
            """, accept: [["archive"], ["archive-retry", "archive-retry-failure"]],
            wrong: ["archive-2", "archive-failure"]),
        NameCase("a one-word storage that names the part a task plays", file: "RemoteCalls.swift", """
            final class RemoteCalls {
                func withCallID<Reply>(on target: Target, body: (UUID) -> Void) async throws -> Reply {
                    let callID = UUID()
                    let timeoutTask = Task.detached {
                        try await Task.sleep(for: limit)
                        guard !Task.isCancelled else { return }
                        self.lock.withLock { self.pending.removeValue(forKey: callID)?.resume(throwing: CallTimedOut()) }
                    }
                    defer { timeoutTask.cancel() }
                    return try await withCheckedThrowingContinuation { continuation in
                        register(callID, continuation)
                        body(callID)
                    }
                }
            }
            """, accept: [["remote-calls-timeout", "remote-calls-call-id-timeout"]],
            wrong: ["remote-calls-call-id", "remote-calls-with-call-id"]),
    ]
}
