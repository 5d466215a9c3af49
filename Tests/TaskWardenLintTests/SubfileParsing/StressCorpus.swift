/// Generated sources for the sub-file equivalence test: every construct the lexical pass must read correctly
/// around (and inside) the declarations it blanks. The first file is a `main.swift`.
enum StressCorpus {
    static var files: [String] { [mainFile] + variants.map { filler + $0 + "\n" + filler } + [nestedTypes(depth: 6)] }

    /// A member with a long body that holds no site (a candidate for blanking).
    static let filler = """
        func fillerWork(_ values: [Int]) -> Int {
            var total = 0
            for value in values where value > 0 { total += value * 2 }
            return values.reduce(total) { $0 + $1 }
        }

        """

    static let mainFile = #"""
        import Foundation
        let first = { print("closure #1 in main") }
        func helper() { let inner = { print("not counted at top level, long enough") }; inner() }
        Task { await work() }
        let second = [1, 2].map { $0 + 1 }
        Task { await other() }
        struct Model { func value() -> Int { let c = { 1 }; return c() + 41 + 0 + 0 } }
        guard #available(iOS 17, *) else { fatalError() }
        Task.detached { await detached() }
        """#

    static let variants: [String] = [
        // Nested types, extensions, generic members, a stored closure called from a function.
        """
        final class CloudSyncMonitor<Element: Sendable> {
            var onQuiesced: () -> Void = {}
            var onReady: (@Sendable () -> Void)?
            var handle: Task<Void, Never>?
            struct Nested { enum Deeper { static func make() { Task { await deep() } } } }
            init() { onQuiesced = { Task { await self.reconcile() } } }
            func reconcileIfReady() { onQuiesced(); Task { await log() } }
            func announce() {
                self.onReady?()
                Task { await log() }
            }
            func unrelated<T: Equatable>(_ value: T) -> Bool { value == value && helperComputation(value) }
            func stop() { handle?.cancel() }
            func start() { handle = Task { while true { await tick() } } }
        }
        extension CloudSyncMonitor where Element == Int {
            func more() { print("an extension member without a site, long enough") }
            func launch() { Task { await more() } }
        }
        """,
        // Stored properties whose type and value lint trims, next to ones it must leave whole: values running on
        // over lines, handles stored and cancelled by other members, imports, a computed property's type.
        """
        import Foundation
        @testable import FeedKit
        final class Ticker: @unchecked Sendable {
            private var tickTask: Task<Void, Never>?
            private let interval: Duration = .seconds(30)
            private let decoder = JSONDecoder()
                .configured(for: .ticks)
            private let queue = DispatchQueue(label: "ticker",
                                              qos: .utility)
            private var isRunning = false, ticks = 0
            lazy var formatter = makeFormatter()
                as! DateFormatter
            var summary: String { "ticked \\(ticks) times since the ticker started running" }
            func start() { tickTask = Task { while !Task.isCancelled { await tick(); try? await Task.sleep(for: interval) } } }
            func tick() async -> Int where Self: Sendable { ticks += 1; return ticks * 2 + 1 }
            func pause() { if isRunning { return } else { tickTask?.cancel(); isRunning = false } }
            func decide() -> Policy { isRunning ? .allow : .cancel }
        }
        actor Store {
            static func log(_ text: String) { print("a store log entry was written:", text) }
            @MainActor private static var entries: [String] = ["first entry", "second entry"]
            nonisolated func start() { Task { log("started"); await flush() } }
        }
        """,
        // #if around members, @available, #available, attributes.
        """
        @MainActor final class Player {
            #if os(iOS)
            func play() { Task { await start() } }
            #elseif os(macOS)
            func play() { print("mac member without a site, long enough") }
            #else
            func play() {}
            #endif
            @available(iOS 18, macOS 15, *)
            func group() async { await withTaskGroup(of: Void.self) { group in group.addTask { await one() } } }
            func guarded() async {
                guard #available(iOS 18, *) else { return }
                await withDiscardingTaskGroup { group in group.addTask { await two() } }
            }
        }
        """,
        // Multi-line and raw strings holding Task {, interpolation with braces, regex literals.
        #####"""
        struct Texts {
            let template = """
                Task { \(value.map { "}" }) } {
                """
            let raw = #"Task { "\#(x)" }"#
            func quoted() -> String { "func f() { Task { } } \(items.filter { $0 > 1 })" }
            func rawBody() -> String { ##"}}} "# Task {"## + "\("{")" }
            func regex() -> Bool { let r = /ab+c/; let e = #/ [a-z]{2} /#; return text.contains(r) || text.contains(e) }
            func launch() { Task { await send(template) } }
            func comment() { /* } /* nested { */ } */ print("after a nested comment, long enough") }
        }
        """#####,
        // Macros, result builders, SwiftUI .task, computed properties, subscripts.
        """
        @Observable final class ViewModel { var items: [Int] = [] }
        struct ShelfView: View {
            @State private var model = ViewModel()
            var body: some View {
                List(model.items, id: \\.self) { item in Text("\\(item)") }
                    .task { await model.load() }
                    .onAppear { Task { await refresh() } }
            }
            var title: String { model.items.isEmpty ? "Empty shelf" : "\\(model.items.count) records" }
            subscript(index: Int) -> Int { get { model.items[index] } set { model.items[index] = newValue } }
            @ViewBuilder var footer: some View { if model.items.isEmpty { Text("nothing here") } else { Text("more") } }
        }
        #Preview { ShelfView() }
        """,
        // Local functions, defer, lazy properties, async let, task groups.
        """
        final class Loader {
            lazy var cover: Int = { Task { await fetch() }; return 1 }()
            var counter = 0 { didSet { Task { await report(counter) } } }
            func outer() {
                func inner(a: Int) { Task { await work(a) } }
                defer { Task { await cleanup() } }
                inner(a: 1)
                let closure = { Task { await second() } }
                closure()
            }
            func fetchAll() async throws {
                async let a = fetch(1)
                async let b = fetch(2)
                _ = try await (a, b)
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for id in 0..<3 { group.addTask { try await fetch(id) } }
                    for try await _ in group where Task.isCancelled { return }
                }
            }
            deinit { print("deinit body without a site, long enough") }
        }
        """,
        // Leaf statements beside sites (lint keeps their first name): implicit returns, stored closures called
        // by a frame (also through several bindings and optional chaining), local names shadowing members,
        // statements that go on over lines.
        """
        final class LeafStatements {
            var onFinish: () -> Void = {}, onReload: ((Int) -> Void)? = nil
            var total = 0
            var name = "shelf"
            var loadTask: Task<Void, Never>?
            init() { onFinish = { Task { await self.finished() } }; onReload = { id in Task { await self.reloaded(id) } } }
            func make() -> Task<Void, Never> { log.debug("making a task"); Task { await work() } }
            func only() -> Task<Void, Never> { Task { await work() } }
            func finish() { self.onFinish(); total += 1; Task { await flush() } }
            func reload(id: Int) {
                onReload?(id)
                let name = "local \\(id)"
                try? store.save(items, to: url)
                Task { await refresh(name, total) }
            }
            func chained() async {
                total = values
                    .reduce(0, +)
                let label = first ??
                    "none"
                counter.value += 1 // a trailing comment, ending with a dot.
                _ = consume(label)
                super.chained(); return
            }
            func keep(in bag: inout Set<AnyCancellable>) {
                Task { while true { await work() } }
                    .store(in: &bag)
                Task.detached(operation: work)
                    .cancel()
                Text("title")
                    .padding(.horizontal, 8)
                #if os(iOS)
                    .font(.title)
                #endif
            }
            func start() {
                isLoading = true
                loadTask = Task { await load(name) }
                print("started \\(describe())")
                Task { [weak self] in await self?.run(); self?.total = 0 }
            }
        }
        """,
        // Compound statements beside sites (lint and fix keep one name of their head): a name a case binds
        // shadows a member in the task below, a property called by the function, a closure in a statement
        // (numbered), a head going on over lines with its `{` on a line of its own, `else` on the next line;
        // cases of a switch holding a site (a case with a closure, one binding a member's name, one calling a
        // property, `@unknown default`), and guards whose conditions stand on lines of their own.
        """
        actor CompoundStatements {
            var items: [Int] = []
            var ready = false
            var onDone: () -> Void = {}
            init() { onDone = { Task { await finished() } } }
            func handle(_ event: Event) {
                switch event { case let .loaded(items): print(items.count); default: break }
                if ready { onDone() }
                for value in values where value > 0 { print(value) }
                guard let first = values.first else { return }
                if let cached = cache[first] {
                    print(cached)
                } else if values.isEmpty,
                    cache.isEmpty
                {
                    print("empty")
                }
                if ready { print("ready") }
                else { print("not ready") }
                if ready {
                    print("ready")
                } else if cache.isEmpty
                    && values.isEmpty
                {
                    print("both empty")
                }
                if ready { values.forEach { print($0) } }
                values.forEach { _ in Task { await work() } }
                Task { await save(items) }
                Task { values.forEach { print($0) } }
            }
            func count() -> Task<Void, Never> { if ready { print("ready") }; Task { await work() } }
            func dispatch(_ action: Action) {
                switch action {
                case .refresh: reload()
                case .clear(let all): clear(all)
                }
                Task { await refresh(items) }
            }
            func menu(_ state: State) {
                switch state {
                case .failed:
                    retry { print("retry") }
                case let .loaded(items):
                    print(items)
                case .idle:
                    reload(force: true)
                case .waiting: if ready { onDone() }
                @unknown default:
                    break
                case .pending:
                    retry { Task { await upload() } }
                }
            }
            func route(_ url: URL) {
                switch url.host {
                case "profile":
                    let components = url.pathComponents
                    log.debug(components)
                    guard
                        components.count == 2,
                        let context = coordinator?.context
                    else { return }
                    Task { await open(context) }
                case "close":
                    guard
                        components.isEmpty,
                        case .daily = state.mode
                    else {
                        return
                    }
                    retry { print(components) }
                default:
                    break
                }
            }
        }
        """,
        // A project type named Task shadows creation sites; protocols with requirements.
        """
        struct Task { let title: String; init(title: String) { self.title = title } }
        protocol Store { var tasks: [Task] { get set } ; func add(_ task: Task) }
        func make() -> Task { let t = Task(title: "not a creation site"); return t }
        """,
        // Weak self, self cycles, isolation by capture, unhandled throwing tasks.
        """
        actor Counter {
            var value = 0
            func bump() { Task { value += 1 } }
            nonisolated func read() { print("nonisolated member without a site") }
        }
        final class Poller {
            var task: Task<Void, Never>?
            var tasks: [Task<Void, Error>] = []
            func begin() {
                task = Task { [weak self] in guard let self else { return }; while !Task.isCancelled { await self.poll() } }
                tasks.append(Task { try await self.upload() })
                Task { try await risky() }
            }
            func poll() async { print("poll without a site, long enough to blank") }
            func end() { tasks.forEach { $0.cancel() } }
        }
        """,
        // Closures beside sites (blanked) and the shapes that must keep their numbering, names and reads.
        """
        final class Screen {
            var refresh: () -> Void = {}
            var label = ""
            func numbered() {
                let sorted = items.sorted { lhs, rhs in lhs.date > rhs.date && lhs.id < rhs.id }
                if sorted.isEmpty { handlers.forEach { handler in handler.prepare(with: sorted, mode: .full) } }
                for item in sorted where item.isVisible { observers.forEach { $0.notify(item, reason: .visible) } }
                repeat { counter += 1 } while counter < 10
                guard let first = sorted.first else { return }
                switch first.kind {
                case .a: work.run { value in value.compute(first, and: sorted, with: .defaults) }
                case let .b(inner): print(inner)
                default: break
                }
                defer { cleanup.perform { report in report.finish(with: sorted, reason: .done) } }
                refresh()
                Task { await show(first) }
                let after = sorted.map { element in element.title.uppercased() + element.subtitle }
                Task { await show(after) }
            }
            func numberedInClosures() {
                if ready { handlers.forEach { handler in handler.prepare(with: sorted, mode: .full) } }
                while waiting { queue.drain { job in job.finish(with: .cancelled, reason: .shutdown) } }
                if ready { refresh() }
                items.forEach { item in Task { await show(item) } }
            }
            func shadowing() {
                let names = items.map { label in label.uppercased() + label.lowercased() + "x" }
                Task { print(label, names) }
            }
            func local() {
                func helper() { items.forEach { item in item.process(with: .defaults, and: .more) } }
                var computed: Int { items.reduce(0) { total, item in total + item.weight * 2 } }
                Task { helper(); print(computed) }
            }
            @Test func expectations() async throws {
                #expect(throws: Failure.self) { try parse(everything, strictly: true, with: .defaults) }
                let prepared = fixtures.map { fixture in fixture.prepared(for: .testing, verbose: true) }
                await #expect(prepared.isEmpty == false)
                Task { await run(prepared) }
            }
        }
        struct Search: View {
            @State var query = ""
            var body: some View {
                List(results) { result in Row(result: result, highlighted: result.id == selected) }
                    .onChange(of: query) { _, newQuery in
                        Task { await search() }
                        withAnimation(.easeInOut(duration: 0.2)) { lastQuery = newQuery.trimmed() }
                    }
                    .onAppear { items.forEach { print($0, "appearing now", "long enough") }; Task { await load() } }
                    .task { await results.reload(from: source, with: .defaults) }
            }
        }
        """,
        // Type bodies blanked whole, and the ones that must stay: extensions of the site's type whose members the
        // task closure uses implicitly (actor isolation by capture, self cycles through a computed handle), a
        // nested type named like the outer one, a site-free type named like a site's type, protocols.
        """
        actor Ledger {
            var entries: [Int] = []
            func record() { Task { print(summary, entries.count) } }
            func store() { refresh = Task { await self.reload(from: source) } }
        }
        extension Ledger {
            var summary: String { entries.map(String.init).joined(separator: ", ") }
            var source: Int { entries.first ?? 0 }
            var refresh: Task<Void, Never>? { get { nil } set { print(newValue as Any) } }
            func reload(from: Int) async { print("reload without a site, long enough to blank") }
        }
        final class Poller {
            struct Poller { var interval = 1; var backoff = 2; var jitter = 3; var attempts = 4 }
            func start() { handle = Task { await self.poll(interval, backoff) } }
            func poll(_ a: Int, _ b: Int) async { print(a, b, "long enough to blank this body") }
        }
        extension Poller { var handle: Task<Void, Never>? { get { nil } set { print(newValue as Any) } } }
        enum Tools {
            actor Counter { var interval = 0; var total = 0; func bump() { total += interval } }
            static let unrelated = 7
        }
        actor Counter { func tick() { Task { print(total) } } }
        private struct Constants { static let retries = 3; static let delay = 2.0; static let limit = 10 }
        enum LedgerState { case idle, running, finished(Int), failed(reason: Int) }
        protocol Reloading: AnyObject { var lastReload: Int { get set }; func reload() async }
        extension Reloading { func scheduleReload() { Task { await reload() } } }
        """,
        // Operators and slashes that are not regex literals.
        """
        struct Maths {
            func ratio(_ a: Double, _ b: Double) -> Double { (a / b) / (b / a) + a/b - (a)/2 }
            func launch() { Task { await compute(1 / 2) } }
            static func / (lhs: Maths, rhs: Maths) -> Maths { lhs }
        }
        """,
    ]

    /// Two files the background rules read together: the registrations (parsed whole) resolve identifiers with
    /// string constants declared in a site-free type of a file parsed sub-file, and find one registered twice.
    static let backgroundConstants: [(path: String, text: String)] = [
        ("Registration.swift", """
            import BackgroundTasks
            func registerAll() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.refresh, using: nil) { task in handle(task) }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.legacyRefresh, using: nil) { task in handle(task) }
            }
            """),
        ("Syncer.swift", """
            enum Identifiers {
                static let refresh = "app.example.refresh"
                static let legacyRefresh = "app.example.refresh"
            }
            final class Syncer {
                func start() { Task { await sync() } }
                func describe() -> String { "a body without a site, long enough to blank" }
            }
            """),
    ]

    /// Types nested `depth` deep, each with a member holding a site and one without.
    static func nestedTypes(depth: Int) -> String {
        var text = ""
        for level in 0..<depth {
            text += "struct Level\(level) {\n  func work\(level)() { print(\"level \(level) body without a site\") }\n"
            text += "  func launch\(level)() { Task { await run(\(level)) } }\n"
        }
        return text + String(repeating: "}\n", count: depth)
    }
}
