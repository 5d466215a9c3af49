/// Where in its function a task is made: on some paths only, in a delegate's moment, beside a sibling that makes
/// the same call — and what a call, a storage or a control says there.
extension NameCorpus {
    static let paths: [NameCase] = [
        NameCase("two functions save on one path each: the save, told apart by where", file: "ShelfViewModel.swift", """
            final class ShelfViewModel {
                func resortBooks() {
                    books = sortedBooks()
                    if isPinned { Task { await persistOrder() } }
                }
                func refilterBooks() {
                    books = filteredBooks()
                    if isPinned { Task { await persistOrder() } }
                }
            }
            """, accept: [["shelf-persist-order-in-resort-books"], ["shelf-persist-order-in-refilter-books"]],
            wrong: ["shelf-resort-books", "shelf-refilter-books"]),
        NameCase("a task made when a deadline has passed does the work now", file: "ArchiveScheduler.swift", """
            final class ArchiveScheduler {
                func scheduleArchive() {
                    if nextRun < Date.now {
                        Task { await makeArchive() }
                    } else {
                        submitRequest(at: nextRun)
                    }
                }
                func handleBackgroundLaunch() {
                    Task { await makeArchive() }
                }
            }
            """, accept: [["archive-scheduler-make-archive-in-schedule-archive", "archive-scheduler-make-archive"],
                          ["archive-scheduler-make-archive", "archive-scheduler-handle-background-launch"]],
            wrong: ["archive-scheduler-schedule-archive"]),
        NameCase("a function keeps its own name against a caller elsewhere", file: "LinkRouter.swift", """
            final class LinkRouter {
                func open(url: URL) {
                    if url.isDeepLink { Task { await followDeepLink(url) } }
                }
                func followDeepLink(_ url: URL) {
                    Task { await navigator.push(route(for: url)) }
                }
            }
            """, accept: [["link-router-follow-deep-link-in-open"], ["link-router-follow-deep-link"]],
            wrong: ["link-router-follow-deep-link-2", "link-router-open"]),
        NameCase("a delegate's moment that makes one call is named after the call", file: "InboxAppDelegate.swift", """
            final class InboxAppDelegate: NSObject, UNUserNotificationCenterDelegate {
                nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                                        withCompletionHandler completionHandler: @escaping () -> Void) {
                    Task { @MainActor in
                        handle(notificationResponse: response)
                        completionHandler()
                    }
                }
            }
            """, accept: [["inbox-app-delegate-handle-notification-response"]], wrong: ["inbox-app-delegate-did-receive"]),
        NameCase("a delegate's moment that only asks keeps the moment", file: "DigestExtension.swift", """
            final class DigestExtension: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler handler: @escaping (UNNotificationContent) -> Void) {
                    Task { handler(await digest(from: request)) }
                }
            }
            """, accept: [["digest-extension-did-receive"]], wrong: ["digest-extension-digest"]),
        NameCase("a list the function loads is no better name than the function", file: "FeedDirectory.swift", """
            final class FeedDirectory {
                func loadFeedLists(reload: Bool = false) {
                    feedLists = Task {
                        let lists = await catalog.lists(for: region)
                        await store.replaceLists(lists)
                        return lists
                    }
                }
            }
            """, accept: [["feed-directory-load-lists"]], wrong: ["feed-directory-lists"]),
        NameCase("a call named for what it returns, in a function that says what is done", file: "AuditLogWindow.swift", """
            final class AuditLogWindow {
                func loadEntries() {
                    Task { entries = try await auditDatabase.allEntries(); tableView.reloadData() }
                }
            }
            """, accept: [["audit-log-window-load-entries"]], wrong: ["audit-log-window-all-entries"]),
        NameCase("a request's address is not what it is for", file: "CatalogRunner.swift", """
            final class CatalogRunner {
                func genreFilters() async throws -> [Filter] {
                    try await withThrowingTaskGroup(of: [Filter].self) { group in
                        for kind in FilterKind.allCases {
                            group.addTask { try await client.request(path: kind.path) }
                        }
                        return try await group.reduce(into: []) { $0 += $1 }
                    }
                }
            }
            """, accept: [["catalog-runner-genre-filters"]], wrong: ["catalog-runner-request-path"]),
        NameCase("an alert's confirmation is told apart as where it was asked", file: "BookHeaderView.swift", """
            struct BookHeaderView: View {
                var body: some View {
                    Button("Shelve") { Task { await toggleShelved() } }
                        .alert("Remove?", isPresented: $confirming) {
                            Button("Remove", role: .destructive) { Task { await toggleShelved() } }
                        }
                }
            }
            """, accept: [["book-header-toggle-shelved"], ["book-header-toggle-shelved-from-alert", "book-header-remove"]],
            wrong: ["book-header-toggle-shelved-alert"]),
        NameCase("a test scenario cut after a phrasal verb keeps its particle", file: "AsyncWorkQueueTests.swift", """
            final class AsyncWorkQueueTests: XCTestCase {
                func testPassesThroughWhenUnderConcurrencyLimit() async throws {
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<4 { group.addTask { await queue.run { } } }
                    }
                }
            }
            """, accept: [["async-work-queue-passes-through", "async-work-queue-passes-through-under-concurrency-limit"]],
            wrong: ["async-work-queue-passes-through-under", "async-work-queue-passes"]),
        NameCase("two joined verbs keep each other though the prefix says one", file: "PreviewDownloader.swift", """
            final class PreviewDownloader {
                func fetchAndDownloadIfNeeded(_ url: String) {
                    Task { @MainActor in
                        if let preview = await store.cachedPreview(for: url) { publish(preview); return }
                        await downloadPreview(url)
                    }
                }
            }
            """, accept: [["preview-downloader-fetch-and-download", "preview-downloader-fetch-and-download-if-needed"]], wrong: ["preview-downloader-fetch-needed"]),
        NameCase("a task that only updates a property on one path is named after the property", file: "ChatSession.swift", """
            final class ChatSession {
                func generate(prompt: String) async {
                    let first = await model.firstToken(for: prompt)
                    if let chunk = first.chunk {
                        Task { @MainActor in self.transcript += chunk }
                    }
                    await model.stream(into: self)
                }
            }
            """, accept: [["chat-session-update-transcript"]], wrong: ["chat-session-generate"]),
        NameCase("a storage that only begins to say what the call says", file: "ReleaseNotesView.swift", """
            struct ReleaseNotesView: View {
                @State private var loadingTask: Task<Void, Never>?
                var body: some View {
                    List(notes) { NoteRow(note: $0) }
                        .onAppear { loadingTask = Task { await loadNewNotes() } }
                }
            }
            """, accept: [["release-notes-load-new-notes"]], wrong: ["release-notes-loading"]),
        NameCase("an input's placeholder names no action", file: "CouponView.swift", """
            struct CouponView: View {
                var body: some View {
                    TextField("Enter your coupon code here", text: $code, onEditingChanged: { editing in
                        if !editing { Task { await redeemCoupon() } }
                    })
                }
            }
            """, accept: [["coupon-redeem-coupon", "coupon-redeem"]], wrong: ["coupon-enter-your-coupon-code-here"]),
        NameCase("a delayed update after a sheet closes updates the property", file: "OfferListView.swift", """
            struct OfferListView: View {
                func reloadOffers() async {
                    offers = await catalog.offers()
                    if let shown = presentedOffer, offers.contains(shown) {
                        presentedOffer = nil
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            self.presentedOffer = shown
                        }
                    }
                }
            }
            """, accept: [["offer-list-update-presented-offer"]], wrong: ["offer-list-reload-offers"]),
        NameCase("a test of one half of get-or-put keeps both halves", file: "ValueCacheTests.swift", """
            final class ValueCacheTests: XCTestCase {
                func test_getOrPut_retrievesStoredValue() async {
                    _ = await subject.getOrPut(Task { await spy.increment(); return 1 }, forKey: "X")
                }
            }
            """, accept: [["value-cache-get-or-put-retrieves-stored-value", "value-cache-get-or-put-retrieves-stored"]], wrong: ["value-cache-or-put-retrieves-stored-value"]),
        NameCase("a scenario cut never ends on an adjective cut from its noun", file: "RestoreFlowTests.swift", """
            final class RestoreFlowTests: XCTestCase {
                func testExternalRestoreReturnsCorrectCustomerInformation() throws {
                    Task { _ = try await purchaseHandler.restorePurchases() }
                }
            }
            """, accept: [["restore-flow-external-restore-returns", "restore-flow-external-restore", "restore-flow-purchases"]],
            wrong: ["restore-flow-external-restore-returns-correct"]),
        NameCase("an enum case that is only an adjective does not tell two tasks apart", file: "PaywallPresenter.swift", """
            struct PaywallPresenter: ViewModifier {
                func body(content: Content) -> some View {
                    content.onChange(of: phaseChange) { change in
                        switch change {
                        case .new(let phase):
                            if phase == .active { Task { await self.updateCustomerInfo() } }
                        case .changed(old: let old, new: let phase):
                            if phase == .active && old == .inactive { Task { await self.updateCustomerInfo() } }
                        }
                    }
                }
            }
            """, accept: [["paywall-presenter-update-customer-info", "paywall-presenter-update-customer-info-2", "paywall-presenter-update-customer-info-on-change"],
                          ["paywall-presenter-update-customer-info-changed", "paywall-presenter-update-customer-info-2"]],
            wrong: ["paywall-presenter-update-customer-new", "paywall-presenter-update-customer-info-new"]),
        NameCase("a test's task that only runs the pool is that run, told apart by the scenario", file: "LeasePoolTests.swift", """
            final class LeasePoolTests: XCTestCase {
                func testKeepAliveWorks() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await pool.run() }
                        let lease = try await pool.leaseConnection()
                        group.addTask { try await lease.ping() }
                    }
                }
                func testCancelRequestWorks() async throws {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { await pool.run() }
                        group.cancelAll()
                    }
                }
            }
            """, accept: [["lease-pool-keep-alive-works-run-pool"],
                          ["lease-pool-keep-alive-works-ping", "lease-pool-keep-alive-works-lease-ping"],
                          ["lease-pool-cancel-request-works-run-pool"]],
            wrong: ["lease-pool-keep-alive-works", "lease-pool-cancel-request-works"]),
        NameCase("a delegate method whose base name is a noun says its event in its label", file: "GuestSessionState.swift", """
            final class GuestSessionState: GuestMachineDelegate {
                nonisolated func guestMachine(_ machine: GuestMachine, didErrorWithMessage message: String) {
                    Task { @MainActor in
                        try? await remote.send(error: message)
                        super.guestMachine(machine, didErrorWithMessage: message)
                    }
                }
            }
            """, accept: [["guest-session-state-did-error-with-message", "guest-session-state-did-error"]],
            wrong: ["guest-session-state-guest-machine"]),
    ]
}
