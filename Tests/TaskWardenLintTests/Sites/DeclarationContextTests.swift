import Testing
@testable import TaskWardenLint

@Suite struct DeclarationContextTests {
    static func site(_ code: String) -> CreationSite? {
        SiteTestSupport.sites(code).sites.first
    }

    @Test(arguments: [
        ("final class CloudSyncMonitor { func scheduleReconcileRetry() { Task { } } }",
         "CloudSyncMonitor.scheduleReconcileRetry()", "CloudSyncMonitor.scheduleReconcileRetry()"),
        ("struct App { init(store: Store, _ x: Int) { Task { } } }", "App.init(store:_:)", "App.init(store:_:)"),
        ("enum Shelf { struct Loader { func load(id: Int, force: Bool) { Task.detached { } } } }",
         "Shelf.Loader.load(id:force:)", "Shelf.Loader.load(id:force:)"),
        ("extension Shelf.Loader { func warm() { Task { } } }", "Shelf.Loader.warm()", "Shelf.Loader.warm()"),
        ("extension Array<Int> { func warm() { Task { } } }", "Array.warm()", "Array.warm()"),
        ("struct AlbumView: View { var body: some View { Button(\"Play\") { Task { } } } }",
         "AlbumView.body", "closure #1 in AlbumView.body.getter"),
        ("struct AlbumView { var title: String { get { Task { }; return \"\" } } }", "AlbumView.title", "AlbumView.title.getter"),
        ("final class Player { var track: Int = 0 { didSet { Task { } } } }", "Player.track", "Player.track.didset"),
        ("final class Player { deinit { Task { } } }", "Player.deinit", "Player.deinit"),
        ("final class Monitor { let onQuiet: () -> Void = { Task { } } }",
         "Monitor.onQuiet", "closure #1 in variable initialization expression of Monitor.onQuiet"),
        ("Task { }", "top-level code", "main"),
        // A local function is printed "name #N (labels) in <its parent's label>" (checked with
        // `swift demangle --simplified`): two local `load()`s in different functions do not share a label.
        ("func outer() { let x = 1; func inner() { Task { } } }", "inner()", "inner #1 () in outer()"),
        ("struct Foo { func outer() { func inner(a: Int, _ b: String) { Task { } } } }", "Foo.inner(a:_:)", "inner #1 (a:_:) in Foo.outer()"),
        ("struct Foo { func outer() { run { func inner() { Task { } } } } }", "Foo.inner()", "inner #1 () in closure #1 in Foo.outer()"),
        // A defer block is its own frame: `$defer #1 () in Foo.close()`; its closures are not the function's.
        ("struct Foo { func close() { defer { Task { } } } }", "Foo.close()", "$defer #1 () in Foo.close()"),
        ("struct Foo { func close() { defer { run { } }; defer { run { Task { } } } } }", "Foo.close()", "closure #1 in $defer #2 () in Foo.close()"),
        ("struct Foo { func close() { defer { run { } }; run { Task { } } } }", "Foo.close()", "closure #1 in Foo.close()"),
        // Swift's demangler prints `static` in front of a static or class member (checked with
        // `swift demangle --simplified` on a compiled object).
        ("final class Bar { static func make() { Task { } } }", "Bar.make()", "static Bar.make()"),
        ("final class Bar { class func make() { Task { } } }", "Bar.make()", "static Bar.make()"),
        ("final class Bar { static var shared: Int { Task { }; return 1 } }", "Bar.shared", "static Bar.shared.getter"),
        ("final class Bar { static var count = 0 { didSet { Task { } } } }", "Bar.count", "static Bar.count.didset"),
        ("final class Bar { static subscript(i: Int) -> Int { Task { }; return i } }", "Bar.subscript", "static Bar.subscript.getter"),
        ("final class Bar { static let made: Int = { Task { }; return 1 }() }",
         "Bar.made", "closure #1 in variable initialization expression of static Bar.made"),
        // A lazy property is initialised inside its getter; a global in a library file has its own lazy
        // initializer (checked with `swift demangle --simplified`).
        ("final class Foo { lazy var cover: Int = { Task { }; return 1 }() }", "Foo.cover", "closure #1 in Foo.cover.getter"),
        ("let shared: Int = { Task { }; return 1 }()", "shared", "closure #1 in variable initialization expression of shared"),
    ])
    func enclosingPathAndGuessedLabel(_ code: String, _ enclosing: String, _ label: String) {
        let site = Self.site(code)
        #expect(site?.enclosingDeclaration == enclosing, "\(code)")
        #expect(site?.guessedLabel == label, "\(code)")
    }

    @Test func closuresAreNumberedInSourceOrderWithinTheirFrame() {
        let code = """
            struct Container {
                init(service: Service) {
                    service.onEvent = { print($0) }
                    load { Task { await a() } }
                    Task { await b() }
                }
            }
            """
        let sites = SiteTestSupport.sites(code).sites
        #expect(sites.map(\.guessedLabel) == ["closure #2 in Container.init(service:)", "Container.init(service:)"])
    }

    /// In a script (main.swift: top-level statements), closures are numbered among the top-level code's own
    /// closures, not those inside type declarations.
    @Test func topLevelClosuresAreNumberedWithoutTheClosuresOfTypes() {
        let code = """
            struct Shelf { var onLoad: () -> Void = { }; func f() { run { } } }
            print("start")
            run { Task { await a() } }
            """
        #expect(SiteTestSupport.sites(code).sites.map(\.guessedLabel) == ["closure #1 in main"])
    }

    @Test func aTaskCreatedInsideATaskIsLabelledAfterTheOuterClosure() {
        let code = "func start() { Task { await withTaskGroup(of: Void.self) { group in group.addTask { } } } }"
        let sites = SiteTestSupport.sites(code).sites
        #expect(sites.map(\.guessedLabel) == ["start()", "closure #1 in closure #1 in start()"])
    }

    @Test func recordsThePropertyAClosureIsStoredIn() {
        let code = """
            final class Monitor {
                var onIdle: () -> Void = { Task { await idle() } }
            }
            func launch(monitor: Monitor) {
                monitor.onQuiesced = { Task { await backfill() } }
                onReady = { Task { await ready() } }
                let onDone = { Task { await done() } }
                Binding(get: { 1 }, set: { _ in Task { await change() } })
                Task { await plain() }
            }
            """
        let sites = SiteTestSupport.sites(code).sites
        #expect(sites.map(\.calledThrough) == ["onIdle", "onQuiesced", "onReady", nil, nil, nil])
    }

    @Test func recordsPerItemWork() {
        let code = """
            func f(ids: [Int]) async {
                for id in ids { Task { await load(id) } }
                ids.forEach { id in Task { await load(id) } }
                Task { await all() }
            }
            """
        #expect(SiteTestSupport.sites(code).sites.map(\.isInsideLoop) == [true, true, false])
    }
}
