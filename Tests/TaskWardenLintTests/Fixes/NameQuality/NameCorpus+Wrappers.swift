import Testing
@testable import TaskWardenLint

/// Shapes where the words around the work were taken for it: a call wrapped as the response to a user's
/// action (`responseTo…Action`), a conversion of the result, a verb cut from its object, a test's repeat count.
extension NameCorpus {
    static let wrappers: [NameCase] = [
        NameCase("a delegate callback looks up its post, then responds to the reveal action", file: "CardListController.swift", """
            extension CardListController: CardCellDelegate {
                func cardCell(_ cell: CardCell, postView: PostView, warningBannerDidTap banner: WarningBanner) {
                    Task {
                        let origin = CardOrigin(cell: cell)
                        guard let post = await post(from: origin) else {
                            assertionFailure()
                            return
                        }
                        try await PostFacade.responseToRevealContentAction(provider: self, post: post)
                    }
                }
            }
            """, accept: [["card-list-reveal-content"]],
            wrong: ["card-list-post-origin", "card-list-warning-banner", "card-list-response-to-reveal-content"]),
        NameCase("children respond to a row's button, the case passed says which", file: "PeopleSuggestions.swift", """
            final class PeopleSuggestions {
                func followEveryone(_ provider: Provider) {
                    let people = self.people
                    Task {
                        await provider.showSpinner()
                        await withTaskGroup(of: Void.self) { group in
                            for person in people {
                                group.addTask {
                                    try? await PostFacade.responseToPersonRowButtonAction(provider: provider, person: person, state: .follow)
                                }
                            }
                        }
                    }
                }
            }
            """, accept: [["people-suggestions-follow-everyone"], ["people-suggestions-follow"]],
            wrong: ["people-suggestions-response-to-person-row-button", "people-suggestions-person-row-button",
                    "people-suggestions-show-spinner"]),
        NameCase("alert actions kept by their verb run a toggling call", file: "MemberPageController.swift", """
            final class MemberPageController {
                func changeRelation() {
                    let sheet = UIAlertController(title: Strings.confirmTitle, message: nil, preferredStyle: .alert)
                    if relation.blocked {
                        let unblockAction = UIAlertAction(title: Strings.unblock, style: .default) { [weak self] _ in
                            guard let self else { return }
                            Task {
                                _ = try await PostFacade.responseToMemberBlockAction(provider: self, member: member)
                            }
                        }
                        sheet.addAction(unblockAction)
                    } else {
                        let unmuteAction = UIAlertAction(title: Strings.unmute(server), style: .default) { [weak self] _ in
                            guard let self else { return }
                            Task {
                                _ = try await PostFacade.responseToServerMuteAction(provider: self, member: member)
                                await self.reloadRelation()
                            }
                        }
                        sheet.addAction(unmuteAction)
                    }
                }
            }
            """, accept: [["member-page-unblock", "member-page-unblock-member"], ["member-page-unmute-server"]],
            wrong: ["member-page-member-block", "member-page-server-mute", "member-page-ui-alert", "member-page-change-relation"]),
        NameCase("a menu's case responds to an action named object first", file: "PostMenuHandler.swift", """
            enum PostMenuHandler {
                static func respond(to choice: MenuChoice, provider: Provider, author: Author) {
                    switch choice {
                    case .muteAuthor:
                        Task {
                            try await PostFacade.responseToAuthorMuteAction(provider: provider, author: author)
                        }
                    case .openProfile:
                        break
                    }
                }
            }
            """, accept: [["post-menu-handler-mute-author"]],
            wrong: ["post-menu-handler-author-mute", "post-menu-handler-response-to-author-mute-action"]),
        NameCase("a child asks a closure for a record and converts it", file: "ArchiveSession.swift", """
            final class ArchiveSession {
                private func replyWithMissing(_ answer: ArchiveAnswer, _ lookup: @Sendable @escaping (RecordKind, String) async throws -> Record) async -> [[UInt8]] {
                    try await withThrowingTaskGroup(of: [UInt8].self) { group in
                        for missing in answer.missingRecords {
                            group.addTask {
                                let record = try await lookup(RecordKind(missing.kind), missing.digest)
                                return try record.plistValue.asJSONFragment().bytes
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
            }
            """, accept: [["archive-session-lookup", "archive-session-reply-with-missing"]],
            wrong: ["archive-session-as-json-fragment", "archive-session-bytes"]),
        NameCase("a test task creates an operation the type's name also says, then starts it", file: "CompileOperationTests.swift", """
            final class CompileOperationTests: XCTestCase {
                func testIndexingCancellation() async throws {
                    let harness = try await CompileHarness()
                    while true {
                        let settings = Task { try await harness.session.generateIndexSettings(for: request, target: target.id) }
                        let operation = Task {
                            let operation = try await harness.session.createCompileOperation(request: request, delegate: TestDelegate())
                            _ = try await operation.start()
                            return operation
                        }
                        _ = try await settings.value
                        try await operation.value.cancel()
                    }
                }
            }
            """, accept: [["compile-operation-generate-index-settings"],
                          ["compile-operation-indexing-create-compile-operation", "compile-operation-create-compile-operation"]],
            wrong: ["compile-operation-indexing-create-session", "compile-operation-create-session"]),
        NameCase("a perf test's children repeat one call a counted number of times", file: "CompileServicePerfTests.swift", """
            final class CompileServicePerfTests: XCTestCase {
                func testOneMessageAsyncPerfX5000() async throws {
                    let service = try await CompileService()
                    try await service.ping()
                    try await measure {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for _ in 0..<5000 {
                                group.addTask {
                                    try await service.ping()
                                }
                            }
                            try await group.waitForAll()
                        }
                    }
                }
            }
            """, accept: [["compile-service-perf-one-message-async-ping", "compile-service-perf-one-message-ping", "compile-service-perf-ping", "compile-service-perf-one-message"]],
            wrong: ["compile-service-perf-one-message-async-perf", "compile-service-perf-one-message-async-perf-x5000"]),
            NameCase("a database transaction runs the operation it hands its connection to", file: "ThreadSettings.swift", """
            final class ThreadSettings {
                func leaveCommunity() {
                    Task {
                        try? await storage.write { db in
                            try SessionThread.deleteOrLeave(db, threadId: threadId, using: dependencies)
                        }
                    }
                }
                func loadTemplates() {
                    Task {
                        templates = try await database.read { db in try AgentTemplate.fetchAll(db) }
                    }
                }
                func markCompleted() {
                    Task {
                        try await database.write { db in
                            try Reminder.where { $0.isDone }.update { $0.status = .completed }.execute(db)
                        }
                    }
                }
            }
            """, accept: [["thread-settings-delete-or-leave"], ["thread-settings-fetch-all"],
                         ["thread-settings-write-database", "thread-settings-mark-completed"]],
            wrong: ["thread-settings-write-2", "thread-settings-read", "thread-settings-execute", "thread-settings-db"]),
        NameCase("a call named by glue alone says nothing, and the name never stops at its prefix", file: "MediaPageViewController.swift", """
            final class MediaPageViewController {
                func share() {
                    shareVC.completionWithItemsHandler = { activityType, completed, _, _ in
                        guard let threadId = self?.viewModel.threadId else { return }
                        Task(priority: .userInitiated) {
                            try? await dependencies[singleton: .storage].write { db in
                                try MessageSender.send(
                                    db,
                                    message: DataExtractionNotification(kind: .mediaSaved)
                                        .with(DisappearingMessagesConfiguration.fetchOne(db, id: threadId)),
                                    threadId: threadId
                                )
                            }
                        }
                    }
                }
            }
            """, accept: [["media-page-share"]], wrong: ["media-page", "media-page-with"]),
]
}
