import SwiftParser
import SwiftSyntax
import TaskNaming
import Testing
@testable import TaskWardenLint

@Suite struct SiteNamingContextTests {
    /// Derived names for every `Task…`/`addTask…` call in `source`, in source order.
    func names(_ source: String, fileName: String = "RecordShelf.swift") -> [String] {
        final class Calls: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let callee = node.calledExpression.trimmedDescription
                if callee.hasPrefix("Task") || callee.contains(".addTask") { calls.append(node) }
                return .visitChildren
            }
        }
        let visitor = Calls(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        let derived = visitor.calls.map { TaskNameDerivation().derive(SiteNamingContext.context(for: $0, fileName: fileName)) }
        return TaskNameUniqueness.assign(derived, existing: [])
    }

    func context(_ source: String) -> TaskNameContext? {
        final class First: SyntaxVisitor {
            var call: FunctionCallExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if call == nil, node.calledExpression.trimmedDescription.hasPrefix("Task")
                    || node.calledExpression.trimmedDescription.contains("addTask") { call = node }
                return .visitChildren
            }
        }
        let visitor = First(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        return visitor.call.map { SiteNamingContext.context(for: $0, fileName: nil) }
    }

    @Test func methodOfAViewModel() {
        let source = """
            final class AlbumDetailViewModel {
                func loadTracks(for album: Album) {
                    Task { await store.fetchTracks(album) }
                }
            }
            """
        #expect(context(source)?.declarationPath == DeclarationPath([.type("AlbumDetailViewModel"), .function("loadTracks(for:)")]))
        #expect(context(source)?.body.dominant?.name == "fetchTracks")
        // The task fetches; the function says why. What the task does comes first.
        #expect(names(source) == ["album-detail-fetch-tracks"])
    }

    @Test func swiftUIViewBodyUsesTheActionAndOperation() {
        let source = """
            struct WantlistView: View {
                var body: some View {
                    List { }
                        .onAppear { Task { await model.loadWantlist() } }
                        .refreshable { Task { await model.refreshPrices() } }
                    Button("Sync Now") { Task { await sync.start() } }
                }
            }
            """
        let context = context(source)
        #expect(context?.isViewContent == true)
        #expect(context?.anchors == [.init(.action, "onAppear")])
        #expect(names(source) == ["wantlist-load", "wantlist-refresh-prices", "wantlist-sync-now"])
    }

    @Test func buttonLabelsAndEndpointsNameTheAction() {
        let source = """
            struct AlbumMenu: View {
                var body: some View {
                    Button {
                        Task { try await client.post(endpoint: Wantlist.add(id: album.id)) }
                    } label: {
                        Label("album.action.want", systemImage: "star")
                    }
                    Button(action: { Task { try await client.post(endpoint: Wantlist.remove(id: album.id)) } }) {
                        Image(systemName: "star.slash")
                    }
                }
            }
            """
        #expect(names(source) == ["album-menu-want", "album-menu-post-remove"])
    }

    @Test func storedTaskIsNamedAfterItsProperty() {
        let source = """
            actor CloudSyncService {
                private var reconcileTask: Task<Void, Never>?
                init() {
                    reconcileTask = Task { await self.reconcile() }
                }
                private lazy var pollingTask = Task { await poll() }
            }
            """
        #expect(context(source)?.anchors == [.init(.storage, "reconcileTask")])
        #expect(names(source) == ["cloud-sync-reconcile", "cloud-sync-polling"])
    }

    @Test func perItemWorkInAGroupLoop() {
        let source = """
            struct PriceChecker {
                func checkAll(_ releases: [Release]) async {
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases {
                            group.addTask { await self.checkPrice(release) }
                        }
                    }
                }
            }
            """
        #expect(context(source)?.isPerItem == true)
        // The checker's name says `check` only as an agent: the verb stays.
        #expect(names(source) == ["price-checker-check"])
    }

    @Test func twoTasksInOneFunctionGetTheirOperations() {
        let source = """
            final class LibraryManager {
                func refresh() {
                    Task { await fetchAlbums() }
                    Task.detached { await fetchPrices() }
                }
            }
            """
        #expect(names(source) == ["library-fetch-albums", "library-fetch-prices"])
    }

    @Test func incidentalCallsAreNotTheOperation() {
        let source = """
            struct Poller {
                func start() {
                    Task {
                        try await Task.sleep(for: .seconds(1))
                        logger.debug("tick")
                        await refreshThumbnails()
                    }
                }
            }
            """
        #expect(context(source)?.body.dominant?.name == "refreshThumbnails")
    }

    @Test func topLevelCodeIsNamedAfterItsFile() {
        #expect(names("Task { await main() }\n", fileName: "Sources/Tool/main.swift") == ["main"])
    }

    @Test func extensionsUseTheExtendedType() {
        let source = """
            extension RecordShelf.ThumbnailCache {
                func prefetch(_ urls: [URL]) { Task { await load(urls) } }
            }
            """
        #expect(names(source) == ["thumbnail-cache-prefetch"])
    }
}
