import SwiftParser
import Testing
@testable import TaskWardenLint

/// Sub-file parsing in lint mode trims the declarations nothing reads beyond their names: a stored property's
/// type and value, a blanked function's signature after its parameters and its braces, a blanked computed
/// property's type, imports. Each masked copy must still parse cleanly, or the file would be parsed whole.
@Suite struct DeclarationTrimTests {
    static func masked(_ source: String, forFix: Bool = false) throws -> String {
        // `fix` adds what naming reads (``SiteNamingContext/reads``).
        let options = ParsePlan.Options(rules: RuleRegistry.all, additionalReads: forFix ? [SiteNamingContext.reads] : [])
        guard case .subFile(let masked, _) = ParsePlan.make(for: Array(source.utf8), options: options) else {
            Issue.record("not parsed sub-file")
            return source
        }
        let text = String(decoding: masked, as: UTF8.self)
        #expect(text.utf8.count == source.utf8.count)
        #expect(!Parser.parse(source: text).hasError, "the masked copy must parse: \(text)")
        return text
    }

    static let feed = """
        import Foundation
        @testable import FeedKit
        import os.log; import Combine
        let sharedLimit = makeLimit(from: handle)
        final class Feed {
            @Published private(set) var items: [Item] = []
            private let session = URLSession(configuration: .ephemeral,
                                             delegate: nil, delegateQueue: nil)
            private let decoder = JSONDecoder()
                .configured(for: .feeds)
            private let cast = makeAny()
                as! Decoder
            static let refreshIdentifier = "com.example.feed.refresh"
            @Published private var heading: String = "Latest" // shown above the list
            private static let spinnerID = "\\(Feed.self)-spinner"
            private let banner = "Offline" + suffix
            var first = 1, second = 2
            var title: String { items.isEmpty ? "Empty feed" : "Feed of \\(items.count)" }
            var selection: Int = 0 { didSet { print("selection changed to", selection) } }
            var loadTask: Task<Void, Never>?
            func merge(_ incoming: [Item]) async throws -> [Item] where Item: Hashable {
                incoming.filter { existing.contains($0.id) == false }
            }
            init(store: Store) async throws { self.store = store; self.session = .shared }
            subscript(position index: Int) -> Item { items.indices.contains(index) ? items[index] : items[0] }
            // The task names the members whose trimming these tests look at: members nothing names go whole.
            func reload() { loadTask = Task { await load(items, session, title, merge, Feed.init) } }
        }
        """

    @Test func storedPropertiesKeepOnlyTheirNames() throws {
        let masked = try Self.masked(Self.feed)
        #expect(masked.contains("var items ") && !masked.contains("private(set)"))
        #expect(!masked.contains("[Item] = []"))
        // A value spanning lines inside brackets goes whole.
        #expect(masked.contains("let session "))
        #expect(!masked.contains("URLSession(") && !masked.contains("delegateQueue"))
        // A value the next line goes on with (`.configured`, `as!`) is left whole.
        #expect(masked.contains("JSONDecoder()") && masked.contains(".configured(for: .feeds)"))
        #expect(masked.contains("as! Decoder"))
        // Strings stay (the background rules read identifier constants); so do several bindings.
        #expect(masked.contains("static let refreshIdentifier = \"com.example.feed.refresh\""))
        // A plain string that is the whole value keeps its name and value, not its attributes, modifiers or
        // type; an interpolated one is no constant (nothing resolves it) and goes like any value; a string
        // the value goes on from keeps the declaration whole.
        #expect(masked.contains("var heading") && masked.contains("= \"Latest\"") && !masked.contains("@Published private var heading"))
        #expect(!masked.contains(": String = \"Latest\""))
        #expect(masked.contains("static let spinnerID ") && !masked.contains("-spinner") && !masked.contains("private static let spinnerID"))
        #expect(masked.contains("private let banner = \"Offline\" + suffix"))
        #expect(masked.contains("var first = 1, second = 2"))
        // Observers are read where a site may stand; the handle's type is a plain stored property's.
        #expect(masked.contains("var selection: Int = 0 {"))
        #expect(!masked.contains("Task<Void, Never>"))
        // At file level `let x = handle` may be top-level code using a task's handle: left alone.
        #expect(masked.contains("let sharedLimit = makeLimit(from: handle)"))
    }

    @Test func blankedFunctionsKeepOnlyTheirNameAndParentheses() throws {
        let masked = try Self.masked(Self.feed)
        #expect(masked.contains("func merge("))
        #expect(!masked.contains("async throws -> [Item]") && !masked.contains("where Item"))
        #expect(!masked.contains("existing.contains"))
        // A trimmed initializer goes whole: nothing looks it up (`Feed.init` in the task is a member access).
        #expect(!masked.contains("init(") && masked.contains("Feed.init"))
        #expect(!masked.contains("self.store = store"))
        // A subscript needs its result type to parse.
        #expect(masked.contains(") -> Item {"))
        // A computed property's type goes with its body.
        #expect(masked.contains("var title "))
        #expect(!masked.contains("var title: String"))
        // The site's function is untouched.
        #expect(masked.contains("func reload() { loadTask = Task { await load(items, session, title, merge, Feed.init) } }"))
    }

    @Test func propertyWrappersGoWithAPropertyThatHasNothingElseToTrim() throws {
        let source = """
            struct ShelfView {
                @Environment(\\.openURL) private var openURL
                @Environment(Library.self) private var library // the shared library
                @IntentParameterDependency<DeleteIntent>(\\.$calendar)
                private var deleteEvent
                func start() { Task { await library.refresh(openURL) } }
            }
            """
        let masked = try Self.masked(source)
        #expect(!masked.contains("@Environment") && !masked.contains("private"))
        #expect(masked.contains("var openURL") && masked.contains("var library"))
        // A generic attribute is left whole, so nothing of it is left dangling.
        #expect(masked.contains("@IntentParameterDependency<DeleteIntent>(\\.$calendar)"))
    }

    @Test func importsAreBlankedWhenAloneOnTheirLine() throws {
        let masked = try Self.masked(Self.feed)
        #expect(!masked.contains("import Foundation"))
        #expect(masked.contains("@testable import FeedKit"))
        #expect(masked.contains("import os.log; import Combine"))
    }

    @Test func attributesAndModifiersGoWithTheirMember() throws {
        let source = """
            @MainActor final class Screen: ObservableObject {
                @Published private(set) var rows: [Row] = []
                @FocusState.Binding var isFocused: Bool
                nonisolated(unsafe) static var shared: Screen?
                /// Reloads every row.
                @objc(reloadRows:) @discardableResult
                private func reload(_ sender: Any) -> Bool { rows.removeAll(); return rows.isEmpty && sender is Int }
                @available(iOS 17, *) override var description: String { "a screen with \\(rows.count) rows in it" }
                @MainActor private func start() { Task { await reload(self, rows, isFocused, shared, make) } }
                private static func make() -> Screen { Screen(rows: [], isFocused: .constant(false)) }
            }
            """
        let masked = try Self.masked(source)
        #expect(masked.contains("@MainActor final class Screen: ObservableObject {"))
        #expect(!masked.contains("@Published") && !masked.contains("private(set)") && !masked.contains("@FocusState"))
        #expect(masked.contains("var rows ") && masked.contains("var isFocused "))
        // `static` tells a type member from an instance member.
        #expect(masked.contains("static var shared "))
        #expect(!masked.contains("nonisolated(unsafe)"))
        #expect(!masked.contains("@objc(reloadRows:)") && !masked.contains("@discardableResult"))
        #expect(!masked.contains("@available(iOS 17, *)") && !masked.contains("override"))
        #expect(masked.contains("static func make("))
        // The site's function keeps its attributes (its isolation is read from them).
        #expect(masked.contains("@MainActor private func start() { Task { await reload(self, rows, isFocused, shared, make) } }"))
    }

    @Test func flatArgumentListsBesideASiteAreBlanked() throws {
        let source = """
            final class Feed {
                var onQuiesced: () -> Void = {}
                var items: [Int] = []
                func reload(id: Int) {
                    log.debug("reloading the feed for identifier", id, privacy: .public) { fault in fault.report() }
                    let count = min(items.count, limit, maximumPageSize)
                    notify(onQuiesced(), reason: .reload)
                    if #available(iOS 18, *) { render(items, animated: true, style: .plain) }
                    switch state { case let .loaded(items, second, third): show(items, second, third); default: break }
                    nonisolated(unsafe) let shared = makeSharedBuffer(capacity: 4096)
                    Task(name: makeName(prefix: "feed", id: id)) { await load(id: id, force: true) }
                    #expect(items.isEmpty == false, "the feed has items")
                }
            }
            """
        let masked = try Self.masked(source)
        #expect(!masked.contains("reloading the feed") && masked.contains("log.debug("))
        #expect(!masked.contains("items.count, limit"))
        // A nested call stays (a frame's calls of stored closures are read), and so do conditions and macros.
        #expect(masked.contains("notify(onQuiesced(), reason: .reload)"))
        #expect(masked.contains("#available(iOS 18, *)") && !masked.contains("items, animated: true"))
        #expect(masked.contains("#expect(items.isEmpty == false, \"the feed has items\")"))
        // Patterns bind names (here a member's, so the switch stays); modifiers are not calls; the site's
        // arguments are read (its closure keeps what the task rules read: `await load`).
        #expect(masked.contains("case let .loaded(items, second, third)"))
        #expect(masked.contains("nonisolated(unsafe)") && !masked.contains("capacity: 4096"))
        #expect(masked.contains("Task(name: makeName(prefix: \"feed\", id: id)) { await load "))
    }

    @Test func modifiersOnLinesOfTheirOwnGo() throws {
        let source = """
            struct Shelf: View {
                var body: some View {
                    VStack {
                        Button("Sync") { Task { await sync() } }
                            .padding(.horizontal, 8)
                            .onTapGesture(count: 2) { select() }
                            .font(.title)?
                        Text("Shelf")
                        #if os(iOS)
                            .textCase(.uppercase)
                        #endif
                    }
                    .frame(maxWidth: 400) // a comment after it
                    .task(id: shelf) { await load() }
                }
                func keep(in bag: inout Set<AnyCancellable>) {
                    Task { await work() }
                        .store(in: &bag)
                }
            }
            """
        let masked = try Self.masked(source)
        #expect(!masked.contains(".padding(") && !masked.contains(".frame("))
        // A closure after it (its modifier may be read), an optional chain going on, a `#if` before it, a site.
        #expect(masked.contains(".onTapGesture(") && masked.contains(".font(") && masked.contains(".textCase("))
        #expect(masked.contains(".task(id: shelf)"))
        // On a task it says what happens to the handle.
        #expect(masked.contains(".store("))
    }

    @Test func fixKeepsWhatNamesATask() throws {
        let source = """
            import SwiftUI
            struct Toolbar: View {
                @State private var isRefreshing = false
                var body: some View {
                    Button("Refresh the feed") { Task { await refresh() } }
                        .padding(.horizontal, 16)
                        .onHover { hovering in highlight(hovering, animated: true) }
                    Button { Task { await sync() } } label: { Label("toolbar.action.sync", systemImage: "arrow.clockwise") }
                    Menu { Button("Open") { open() } } label: { Label("toolbar.menu.more", systemImage: "ellipsis") }
                }
                private func refresh() async { isRefreshing = true; await feed.reload(); isRefreshing = false }
            }
            """
        let masked = try Self.masked(source, forFix: true)
        #expect(!masked.contains("import SwiftUI") && !masked.contains("@State") && !masked.contains("= false"))
        #expect(masked.contains("func refresh(") && !masked.contains("async {"))
        // `fix` names a task after its button's title or label closure: the argument lists and `label:` of the
        // calls a site stands in stay; a modifier no site stands in goes, as in lint.
        #expect(masked.contains("Button(\"Refresh the feed\")"))
        #expect(!masked.contains(".padding(.horizontal, 16)") && !masked.contains("toolbar.menu.more"))
        #expect(masked.contains("label: { Label(\"toolbar.action.sync\", systemImage: \"arrow.clockwise\") }"))
        // Other closures beside a site go, as in lint.
        #expect(!masked.contains("highlight(hovering"))
        let linted = try Self.masked(source)
        #expect(!linted.contains("Refresh the feed") && !linted.contains("toolbar.action.sync"))
    }

    @Test func onlyAMemberCallOfCancelKeepsABody() throws {
        let source = """
            final class Poller {
                var pollTask: Task<Void, Never>?
                func start() { pollTask = Task { while true { await poll() } } }
                func decide(_ action: Action) -> Policy { if action.isStale { return .cancel } else { return .allow } }
                func stop() { pollTask?.cancel(); print("stopped polling for now") }
                func stopAll() { tasks.forEach { $0.cancel () }; print("stopped every task") }
                func stopLater() { pollTask?
                    .cancel(); print("stopped polling later on") }
            }
            """
        let masked = try Self.masked(source)
        #expect(!masked.contains("return .cancel"))
        #expect(masked.contains("pollTask?.cancel()"))
        #expect(masked.contains("$0.cancel ()"))
        #expect(masked.contains("pollTask?\n        .cancel();"))
        // The calls are read where they stand, not the code around them (a statement trimmed to its name goes
        // whole in braces holding no site).
        #expect(!masked.contains("stopped polling") && !masked.contains("print"))
    }
}
