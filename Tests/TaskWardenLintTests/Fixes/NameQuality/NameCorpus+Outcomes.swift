import Testing
@testable import TaskWardenLint

/// Shapes where a call is not the work it looks like: a value compared in a condition, an outcome handed back
/// by a forwarding helper, a value made only to be passed on, a wait for a sibling task; and where a name's
/// words came out wrong: an `async` variant's marker, a framework's capitals, a localisation key's verb.
extension NameCorpus {
    static let outcomes: [NameCase] = [
        NameCase("a lookup compared with nil decides; the branches do the work", file: "LaunchCoordinator.swift", """
            final class LaunchCoordinator {
                func restoreSessions() {
                    Task { @MainActor in
                        if vault.token(for: .primary) == nil {
                            accounts.signIn(for: .primary, token: "local-access")
                        } else if !accounts.isSignedIn(to: .primary) {
                            accounts.signIn(for: .primary, token: nil)
                        }
                    }
                }
            }
            """, accept: [["launch-coordinator-restore-sessions", "launch-coordinator-sign-in"]],
            wrong: ["launch-coordinator-token-vault", "launch-coordinator-token", "launch-coordinator-is-signed-in"]),
        NameCase("a helper runs its caller's operation and hands back how it ended", file: "XCTest+Blocking.swift", """
            import XCTest
            extension XCTestCase {
                func runBlocking(operation: @Sendable @escaping () async throws -> Void) throws {
                    let done = expectation(description: "done")
                    let mailbox = Mailbox<Error?>()
                    let task = Task.detached {
                        do {
                            try await operation()
                            mailbox.deliverOnce(nil)
                            done.fulfill()
                        } catch {
                            mailbox.deliverOnce(error)
                            done.fulfill()
                        }
                    }
                    wait(for: [done], timeout: 5)
                    task.cancel()
                }
            }
            """, accept: [NameCase.forwarding], wrong: ["blocking-deliver-once", "xc-test-case-deliver-once"]),
        NameCase("the async variant of a route handler", file: "SyncCoordinator.swift", """
            final class SyncCoordinator {
                func handleRoute(_ route: Route) {
                    Task { await asyncHandleRoute(route) }
                }
                func asyncHandleRoute(_ route: Route) async {}
            }
            """, accept: [["sync-coordinator-handle-route"]], wrong: ["sync-coordinator-async-handle-route"]),
        NameCase("a test base class named for XCTestCase keeps no XC", file: "ClusterXCTestCase.swift", """
            import XCTest
            open class ClusterXCTestCase: XCTestCase {
                var hangWatchTask: Task<Void, Never>?
                open override func setUp() {
                    hangWatchTask = Task {
                        try? await Task.sleep(for: .seconds(60))
                        await self.printAllLogs()
                    }
                }
            }
            """, accept: [["cluster-hang-watch", "cluster-print-all-logs"]], wrong: ["cluster-xc-hang-watch"]),
        NameCase("group children that each wait for a sibling task", file: "UploaderTests.swift", """
            import XCTest
            final class UploaderTests: XCTestCase {
                func testUploadSurvivesReconnects() async throws {
                    let uploadTask = Task { for part in parts { try? await uploader.upload(part) } }
                    let reconnectTask = Task { for _ in 0..<5 { try? await uploader.reconnect() } }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await uploadTask.value }
                        group.addTask { await reconnectTask.value }
                        try await group.waitForAll()
                    }
                }
            }
            """, accept: [["uploader-survives-reconnects-upload"], ["uploader-survives-reconnects"],
                          ["uploader-survives-reconnects-await-upload"], ["uploader-survives-await-reconnect"]],
            wrong: ["uploader-survives-reconnects-2", "uploader-survives-reconnects-3"]),
        NameCase("a value made to be added is the add's argument", file: "EventBufferTests.swift", """
            import Testing
            struct EventBufferTests {
                @Test func concurrentAppendsKeepEveryEvent() async {
                    let buffer = EventBuffer()
                    await withTaskGroup(of: Void.self) { group in
                        for worker in 0..<4 {
                            group.addTask {
                                for index in 0..<10 { buffer.add(self.makeEvent("worker-\\(worker)-\\(index)")) }
                            }
                        }
                    }
                }
            }
            """, accept: [["event-buffer-concurrent-appends-keep-every-event", "event-buffer-add"]],
            wrong: ["event-buffer-make-event"]),
        NameCase("the one case a write is handed says what is written", file: "PingHandler.swift", """
            final class PingHandler {
                func channelRead(context: Context, frame: Frame) {
                    switch frame.kind {
                    case .ping:
                        Task {
                            do {
                                try await self.write(command: .pong)
                            } catch {
                                self.report(.failed(error))
                            }
                        }
                    default: break
                    }
                }
            }
            """, accept: [["ping-handler-write-pong"]], wrong: ["ping-handler-channel-read"]),
        NameCase("a call the prefix says only as a modifier", file: "AnswerStreamProvider.swift", """
            @Observable final class AnswerStreamProvider {
                func ask(_ question: String) {
                    Task { await streamAnswer(for: question) }
                }
                func streamAnswer(for question: String) async {}
            }
            """, accept: [["answer-stream-provider-stream-answer"]], wrong: ["answer-stream-provider"]),
        NameCase("a condition kept when the prefix takes the object", file: "OffersViewModel.swift", """
            @MainActor final class OffersViewModel {
                func retryLoadingOffersIfNeeded(after error: Error) {
                    Task {
                        try await Task.sleep(for: .seconds(2))
                        await loadOffersIfNeeded()
                    }
                }
                func loadOffersIfNeeded() async {}
            }
            """, accept: [["offers-load-if-needed", "offers-retry-loading-if-needed"]], wrong: ["offers-load-needed"]),
        NameCase("a localisation key's verb and object", file: "ToolsMenu.swift", """
            import SwiftUI
            struct ToolsMenu: Commands {
                var body: some Commands {
                    CommandGroup(before: .systemServices) {
                        Button("install.helper") {
                            Task { await HelperTool.install() }
                        }
                    }
                }
            }
            """, accept: [["tools-menu-install-helper", "tools-menu-helper-install"]], wrong: ["tools-menu-helper"]),
        NameCase("a framework's capitals before a long type name", file: "NSDataDetectorTests.swift", """
            import Testing
            struct NSDataDetectorTests {
                @Test func interruptibleMatchesCancellation() async throws {
                    let task = Task {
                        while !Task.isCancelled { await Task.yield() }
                        _ = try detector.interruptibleMatches(in: text)
                    }
                    task.cancel()
                }
            }
            """, accept: [["data-detector-interruptible-matches-cancellation", "data-detector-interruptible-matches"]],
            wrong: ["ns-data-detector-interruptible", "data-detector-interruptible"]),
        NameCase("a failure shown in an if, after an Objective-C call that returns its error", file: "Launcher.swift", """
            import Foundation
            final class Launcher {
                func runInShell(_ source: String) {
                    Task.detached {
                        var error: NSDictionary?
                        guard let script = NSAppleScript(source: source) else { return }
                        script.executeAndReturnError(&error)
                        if let error {
                            await self.showLaunchError(error)
                        }
                    }
                }
            }
            """, accept: [["launcher-run-in-shell"]], wrong: ["launcher-show-launch-error", "launcher-execute-and-return-error"]),
        NameCase("every case of a switch starts the same answer, one streamed", file: "AskView.swift", """
            import SwiftUI
            struct AskView: View {
                var sendButton: some View {
                    Button {
                        Task {
                            let content = Message.ContentType.text(prompt)
                            switch mode {
                            case .plain: try await assistant.startAnswer(content: content)
                            case .streamed: try await assistant.startStreamedAnswer(content: content)
                            }
                        }
                    } label: { Image(systemName: "paperplane") }
                }
            }
            """, accept: [["ask-start-answer"]], wrong: ["ask-content-type-text", "ask-text"]),
        NameCase("two observers that each map names into a menu", file: "MenuBuilder.swift", """
            final class MenuBuilder {
                func prepareMenus() {
                    observers = [
                        Task { [weak self] in
                            for await names in Observations({ ThemeStore.shared.names }) {
                                self?.themesMenu?.items = names.map { NSMenuItem(title: $0, action: nil, keyEquivalent: "") }
                            }
                        },
                        Task { [weak self] in
                            for await names in Observations({ SnippetStore.shared.names }) {
                                self?.snippetsMenu?.items = names.map { NSMenuItem(title: $0, action: nil, keyEquivalent: "") }
                            }
                        },
                    ]
                }
            }
            """, accept: [["menu-builder-prepare-menus"], ["menu-builder-prepare-menus-2"]],
            wrong: ["menu-builder-prepare-menus-map-names"]),
        NameCase("the document hands itself to a delegate's context", file: "WorkspaceDocument.swift", """
            final class WorkspaceDocument {
                func shouldClose(delegate: AnyObject?, selector: Selector?) {
                    Task {
                        var canClose = true
                        for document in documents where document.isEdited {
                            guard await document.canClose() else { canClose = false; break }
                        }
                        CloseContext(delegate: delegate, selector: selector).perform(from: self, flag: canClose)
                    }
                }
            }
            """, accept: [["workspace-document-should-close", "workspace-document-perform"]], wrong: ["workspace-document-self"]),
        NameCase("a value looked up in parentheses decides on a default before the open", file: "ShelfItemViewModel.swift", """
            import AppKit
            final class ShelfItemViewModel {
                func openWithChosenApp(fileURL: URL, appURL: URL, makeDefault: Bool) {
                    Task {
                        do {
                            if makeDefault {
                                if let contentType = (try? fileURL.resourceValues(forKeys: [.contentTypeKey]))?.contentType {
                                    LSSetDefaultRoleHandlerForContentType(contentType.identifier as CFString, .all, "x" as CFString)
                                }
                            }
                            try await NSWorkspace.shared.open([fileURL], withApplicationAt: appURL, configuration: .init())
                        } catch {
                            print("failed: \\(error)")
                        }
                    }
                }
            }
            """, accept: [["shelf-item-open-with-chosen-app"]], wrong: ["shelf-item-resource-values"]),
        NameCase("old views taken down before the new renderer draws", file: "PreviewView.swift", """
            import UIKit
            final class PreviewView: UIView {
                func trackDidChange() {
                    Task { @MainActor in
                        if let old = self.primaryRenderer {
                            old.removeFromSuperview()
                            self.primaryRenderer = nil
                        }
                        let renderer = self.rebuildPrimaryRenderer()
                        renderer.render(self.cachedFrame)
                    }
                }
            }
            """, accept: [["preview-render", "preview-track-did-change"]], wrong: ["preview-remove-from-superview"]),
        NameCase("a storage whose head noun the prefix says", file: "DiagnosticsButtonView.swift", """
            import SwiftUI
            struct DiagnosticsLogsButtonView: View {
                @State private var activeLogsTask: Task<Void, Never>?
                var body: some View {
                    Button {
                        activeLogsTask = Task {
                            let file = await LogCollector.shared.writeLogFile()
                            await reporter.showBugReport(with: file)
                        }
                    } label: { Image(systemName: "ladybug") }
                }
            }
            """, accept: [["diagnostics-logs-button-write-file", "diagnostics-logs-button-show-bug-report"]],
            wrong: ["diagnostics-logs-button-active"]),
        NameCase("a test of an onCreate subscription creates nothing", file: "CommentSubscriptionTests.swift", """
            import XCTest
            final class CommentSubscriptionTests: XCTestCase {
                func testOnCreateCommentSubscription() async throws {
                    let subscription = api.subscribe(to: .onCreate)
                    Task {
                        var count = 0
                        for try await event in subscription {
                            if case .data = event { count += 1 }
                        }
                    }
                }
            }
            """, accept: [["comment-subscription-on-create"]], wrong: ["comment-subscription-create"]),
        NameCase("overloads told apart by how each finds its records", file: "MockRecordStore.swift", """
            final class MockRecordStore {
                func query(_ type: Record.Type, byIdentifier id: String, completion: @escaping (Record?) -> Void) {
                    Task { completion(await self.lookup(type, id)) }
                }
                func query(_ type: Record.Type, where predicate: Predicate, completion: @escaping ([Record]) -> Void) {
                    Task { completion(await self.lookup(type, predicate)) }
                }
            }
            """, accept: [["mock-record-store-query-by-identifier", "mock-record-store-query"],
                          ["mock-record-store-query-where", "mock-record-store-query"]],
            wrong: ["mock-record-store-query-2"]),
        NameCase("a handler named on and its event, on self", file: "SessionTimer.swift", """
            final class SessionTimer {
                func appDidPause() {
                    pauseTask = Task {
                        try? await Task.sleep(for: timeout)
                        guard !Task.isCancelled else { return }
                        self.onTimeoutExpired()
                    }
                }
                func startMonitor() {
                    Task { await self.onNetworkStateChange() }
                }
            }
            """, accept: [["session-timer-pause", "session-timer-handle-timeout-expired"],
                          ["session-timer-handle-network-state-change"]],
            wrong: ["session-timer-timeout-expired", "session-timer-network-state-change"]),
        NameCase("a delegate's moment whose one call registers what it was told of", file: "StatsCollector.swift", """
            extension StatsCollector: RoomDelegate {
                nonisolated func room(_ room: Room, participant: LocalParticipant, didPublishTrack publication: LocalTrackPublication) {
                    guard let track = publication.track else { return }
                    Task { await register(track: track, in: room) }
                }
                nonisolated func room(_ room: Room, participant: LocalParticipant, didUnpublishTrack publication: LocalTrackPublication) {
                    guard let track = publication.track else { return }
                    Task { await unregister(track: track) }
                }
            }
            """, accept: [["stats-collector-register-track"], ["stats-collector-unregister-track"]],
            wrong: ["stats-collector-did-publish-track", "stats-collector-did-unpublish-track"]),
        NameCase("a call too long for the limit keeps its verb and head noun", file: "NotificationPrefsView.swift", """
            import SwiftUI
            struct NotificationPrefsView: View {
                func preferenceBinding<T>(_ raw: Binding<T>) -> Binding<T> {
                    Binding(get: { raw.wrappedValue }, set: { value in
                        raw.wrappedValue = value
                        Task { await self.sendPushNotificationPreferences() }
                    })
                }
            }
            """, accept: [["notification-prefs-send-notification-preferences"]],
            wrong: ["notification-prefs-send-push-notification"]),
        NameCase("Nimble's expectations are no work", file: "PlayerProviderSpec.swift", """
            import Quick
            import Nimble
            class PlayerProviderSpec: QuickSpec {
                override class func spec() {
                    it("registers the url scheme handler") {
                        Task { @MainActor in
                            let player = makePlayer(scheme: "custom")
                            expect(player.configuration.urlSchemeHandler(forURLScheme: "custom")).to(beAKindOf(SchemeHandler.self))
                        }
                    }
                    it("removes the view when dismissing fails") {
                        Task { @MainActor in
                            expect(player.view.superview).to(beNil())
                        }
                    }
                }
            }
            """, accept: [["player-provider-url-scheme-handler", "player-provider-spec"], ["player-provider-spec", "player-provider-spec-2"]],
            wrong: ["player-provider-to-be-a-kind", "player-provider-to-be-nil", "player-provider-to"]),
        NameCase("a negation the prefix also says stays in the function's name", file: "AdoptNonIsolatedProtocol.swift", """
            final class AdoptNonIsolatedProtocol {
                func nonSendableCallback(callback: @escaping () -> Void) {
                    Task { await work() }
                }
                func annotatedNonSendableCallback(callback: @escaping () -> Void) {
                    Task { await work() }
                }
            }
            """, accept: [["adopt-non-isolated-non-sendable-callback"], ["adopt-non-isolated-annotated"]],
            wrong: ["adopt-non-isolated-sendable-callback", "adopt-non-isolated-annotated-non"]),
    ]
}
