import Testing
import TaskNaming
@testable import TaskWardenLint

/// Names `fix` derives for shapes found in real apps: acronyms kept whole, a callback's parameter label not taken
/// for the purpose, observers named after their call or storage, uniqueness per program, and no name ending on a
/// preposition.
@Suite struct DerivedNameShapeTests {
    static func names(_ sources: [(path: String, text: String)]) -> [String] {
        planFix(sources).edits.map(\.name)
    }

    @Test func acronymsStayWhole() {
        let source = """
            @MainActor func markArticleIDs(_ ids: Set<String>, statusKey: String) {
                Task { await account.mark(ids, statusKey) }
            }
            """
        #expect(Self.names([("ArticleUtilities.swift", source)]) == ["mark-article-ids"])
        #expect(NameWords.split("markArticleIDs") == ["mark", "article", "ids"])
        #expect(NameWords.split("feedURLsForAccount") == ["feed", "urls", "for", "account"])
        #expect(NameWords.split("URLSession") == ["url", "session"])
        // Never the plural `ids`: one capital and a word joined (as `APlayer`), or the acronym and a word.
        #expect(["idsomething", "id-something"].contains(NameWords.split("IDsomething").joined(separator: "-")))
    }

    @Test func aCallbackParameterLabelIsNotTheName() {
        let source = """
            final class AppDelegate {
                nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {
                    Task { @MainActor in
                        switch response.actionIdentifier {
                        case "markAsRead": handleMarkAsRead(userInfo: response.userInfo)
                        case "markAsStarred": handleMarkAsStarred(userInfo: response.userInfo)
                        default: mainWindowController?.handle(response)
                        }
                        completionHandler()
                    }
                }
            }
            """
        let names = Self.names([("Mac/AppDelegate.swift", source)])
        #expect(names.count == 1)
        #expect(names.allSatisfy { !$0.contains("completion") && !$0.contains("mark-as-read") }, "\(names)")
        #expect(names == ["app-delegate-did-receive"])
    }

    @Test func aTaskRegisteredAsAnObserverIsNamedAfterItsSingleCall() {
        let source = """
            final class DetailWebViewController {
                override func loadView() {
                    NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: nil, queue: .main) { [weak self] _ in
                        Task { @MainActor in
                            self?.userDefaultsDidChange()
                        }
                    }
                }
            }
            """
        #expect(Self.names([("DetailWebViewController.swift", source)]) == ["detail-web-user-defaults-did-change"])
    }

    @Test func aTaskStoredAsAnObserverIsNamedAfterItsStorage() {
        let source = """
            final class OPMLExporter {
                var progressObserver: Task<Void, Never>?
                func export(to url: URL) async throws {
                    progressObserver = Task { [weak self] in
                        while !Task.isCancelled { await self?.reportProgress(); try? await Task.sleep(for: .seconds(1)) }
                    }
                    try await write(url)
                }
            }
            """
        #expect(Self.names([("OPMLExporter.swift", source)]) == ["opml-exporter-progress-observer"])
    }

    @Test func uniquenessIsPerProgram() {
        // NetNewsWire's two apps: the same function in each may have the same name, no `-2`.
        let source = """
            final class AppDelegate {
                func applicationDidBecomeActive() { Task { await refreshAll() } }
            }
            """
        let names = Self.names([("Mac/AppDelegate.swift", source), ("iOS/AppDelegate.swift", source)])
        #expect(names.count == 2)
        #expect(Set(names).count == 1, "\(names)")
        // Code shared by both apps still needs a name of its own.
        let shared = "extension AppDelegate {\n    func applicationDidBecomeActive(_ x: Int) { Task { await refreshAll() } }\n}\n"
        let withShared = Self.names([("Mac/AppDelegate.swift", source), ("iOS/AppDelegate.swift", source), ("Shared/AppDelegate+Refresh.swift", shared)])
        #expect(Set(withShared).count == 2, "\(withShared)")
    }

    @Test func namesNeverEndOnAPreposition() {
        for word in ["on", "without", "in", "into", "for", "with", "via"] {
            let name = NameWords.compose(prefix: ["feed"], purpose: ["refresh", word], extra: [], maxLength: 40)
            #expect(name == "feed-refresh", "\(word)")
        }
        // Shortening to the limit must not leave one either.
        #expect(NameWords.compose(prefix: ["sync"], purpose: ["articles", "in", "background"], extra: [], maxLength: 16) == "sync-articles")
        let source = "final class Timeline {\n    func scrollTo(_ article: Article) { Task { await highlight(article) } }\n    func fetchWithout(_ x: Int) { Task { await load() } }\n}\n"
        let names = Self.names([("Timeline.swift", source)])
        #expect(names == ["timeline-scroll", "timeline-fetch"], "\(names)")
    }
}
