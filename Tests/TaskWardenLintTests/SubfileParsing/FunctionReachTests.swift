import Testing
@testable import TaskWardenLint

/// Files the background rules index every function of keep every function's signature, and in every body that
/// can give a function facts (one mentioning an indexed word, or naming a function of any indexed file that
/// reaches one) the statements that do (``FunctionReachFile``). The other bodies are emptied, the rest is masked
/// as `lint` masks any file, and the findings are those of whole-file parsing.
@Suite struct FunctionReachTests {
    static let delegate = """
        import BackgroundTasks
        /// The app's delegate, documented at length.
        final class AppDelegate {
            let refresher = Refresher()
            func register() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.refresh", using: nil) { task in
                    self.handle(task)
                }
            }
            func handle(_ task: BGTask) { refresher.refresh(task) }
            func unrelated() { print("no background work in here, and long enough to empty") }
            init() { func helper() { print("the index reads a function nested here", 1) }; helper() }
            func warm() { helper(); print("a body long enough to be emptied otherwise", 3) }
            func cold() { print("names nothing that reaches, long enough to empty", 2) }
            func show() {
                Task { await present() }
                let caption = formatter.string(from: Date(), style: .medium)
            }
            func register(later delay: Duration) {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.later", using: nil, launchHandler: { task in
                    pending.append(task)
                })
            }
            let hook = { func late(_ task: BGTask) { task.setTaskCompleted(success: true) } }
            static func == (lhs: AppDelegate, rhs: AppDelegate) -> Bool { lhs === rhs && lhs.refresher === rhs.refresher }
        }
        """
    static let refresher = """
        import BackgroundTasks
        final class Refresher {
            func refresh(_ task: BGTask) { finish(task) }
            func finish(_ task: BGTask) { task.expirationHandler = {}; task.setTaskCompleted(success: true) }
            func reload() { print("reloading without background work, long enough to empty") }
        }
        """
    static let sources = [("AppDelegate.swift", delegate), ("Refresher.swift", refresher)]

    static func masked() throws -> [String] {
        let options = ParsePlan.Options(rules: RuleRegistry.all)
        let files = try sources.map { source -> FunctionReachFile in
            guard case .awaitingFunctionReach(let file) = ParsePlan.make(for: Array(source.1.utf8), options: options) else {
                throw Failure(description: "\(source.0) waits for the reach")
            }
            return file
        }
        let names = FunctionReachFile.names(reachingIn: files)
        return try zip(files, sources).map { file, source in
            guard case .subFile(let masked, _) = file.plan(for: Array(source.1.utf8), reaching: names) else {
                throw Failure(description: "\(source.0) is parsed sub-file")
            }
            return String(decoding: masked, as: UTF8.self)
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test func bodiesThatReachAnIndexedWordAcrossFilesStay() throws {
        let masked = try Self.masked()
        // `handle` names `refresh`, which names `finish`, which sets the expiration handler: all three stay, as
        // calls (the index keys a call by its name and receiver, not its arguments).
        #expect(masked[0].contains("refresher.refresh("))
        #expect(masked[1].contains("finish(") && masked[1].contains("task.expirationHandler = {}; task.setTaskCompleted(success: true)"))
    }

    @Test func otherBodiesAreEmptiedButTheirFunctionsStayDeclared() throws {
        let masked = try Self.masked()
        #expect(!masked[0].contains("no background work") && masked[0].contains("func unrelated() {"))
        #expect(!masked[1].contains("reloading") && masked[1].contains("func reload() {"))
    }

    @Test func bodiesTheIndexReadsOtherwiseStay() throws {
        let masked = try Self.masked()
        // A function nested in an initializer is indexed; an operator's name is not read by the lexical pass.
        #expect(masked[0].contains("func helper()") && masked[0].contains("lhs === rhs"))
        // `helper` and `late` are declared where no member body of theirs is read: calls of them stay, and what
        // stands beside such a call goes as beside any kept call.
        #expect(masked[0].contains("func warm() { helper();") && !masked[0].contains("emptied otherwise"))
        #expect(!masked[0].contains("names nothing"))
    }

    @Test func theRestIsMaskedAsLintMasksAnyFile() throws {
        let masked = try Self.masked()
        // An import, a member-level comment, a statement beside a task in a body kept only for its site.
        #expect(!masked[0].contains("import") && !masked[0].contains("documented at length"))
        #expect(masked[0].contains("Task { await present") && !masked[0].contains("formatter"))
        // Never a signature (the index keys functions by name and type, and reads their parameters' types).
        #expect(masked[0].contains("func register(later delay: Duration) {") && masked[0].contains("func handle(_ task: BGTask) {"))
    }

    @Test func launchHandlersAreReadWhole() throws {
        let masked = try Self.masked()
        // The background rules read what a handler calls and hands its task to.
        #expect(masked[0].contains("self.handle(task)") && masked[0].contains("pending.append(task)"))
    }

    @Test func findingsAreThoseOfWholeFileParsing() {
        let statistics = SubFileEquivalenceTests.expectEquivalent(Self.sources)
        #expect(statistics.filesParsedForFunctionReach == 2)
        // The handler hands the task to a function that sets the expiration handler and completes it: had
        // `handle` or `refresh` been emptied, both would be reported.
        let result = LintEngine(parallel: false).run(sources: Self.sources)
        #expect(!result.findings.contains { $0.ruleID == "background-task-no-expiration" })
    }

    @Test func aWordEndingWithAnIndexedWordCounts() {
        // The index reads an assignment to anything ending with `expirationHandler`: `arm` sets one, so the
        // handler gets no finding for it, sub-file as whole.
        let sources = [("Launch.swift", """
            import BackgroundTasks
            final class Launch {
                func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.clean", using: nil) { task in arm(task) }
                }
                func arm(_ task: BGTask) {
                    log.notice("arming the cleanup with a deadline")
                    box.cleanupexpirationHandler = cancelCleanup
                    finish(task)
                }
                func finish(_ task: BGTask) { task.setTaskCompleted(success: true) }
            }
            """)]
        SubFileEquivalenceTests.expectEquivalent(sources)
        let result = LintEngine(parallel: false).run(sources: sources)
        #expect(!result.findings.contains { $0.ruleID == "background-task-no-expiration" })
    }

    @Test func aBackgroundAppIsLintedAsWholeFileParsingLintsIt() {
        // Requests built at member level, a registration in a stored closure and one in top-level code, SwiftUI's
        // `.backgroundTask`, handlers handing their task on: what the index and the background rules read.
        let sources: [(path: String, text: String)] = [
            ("Scheduler.swift", """
            import BackgroundTasks
            import SwiftUI

            enum Identifiers {
                static let refresh = "app.example.refresh"
                static let clean = "app.example.clean"
            }

            final class Scheduler {
                // A request built at member level, read by the background rules.
                let request = BGAppRefreshTaskRequest(identifier: Identifiers.refresh)
                lazy var registrar: () -> Void = {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.clean, using: nil) { task in
                        self.clean(task as! BGProcessingTask)
                    }
                }
                private var work: Task<Void, Never>?

                func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.refresh, using: nil) { task in
                        self.handle(refresh: task as! BGAppRefreshTask)
                    }
                    registrar()
                }

                func handle(refresh task: BGAppRefreshTask) {
                    arm(task)
                    work = Task {
                        await reload(items: [1, 2, 3], force: true)
                        finish(task, ok: true)
                    }
                }

                func arm(_ task: BGTask) {
                    log("arming")
                    task.expirationHandler = { [weak self] in self?.work?.cancel() }
                }

                func finish(_ task: BGTask, ok: Bool) {
                    task.setTaskCompleted(success: ok)
                    schedule()
                }

                func schedule() {
                    do { try BGTaskScheduler.shared.submit(request) } catch { log("could not schedule: \\(error)") }
                }

                func clean(_ task: BGProcessingTask) {
                    Task { await purge(); task.setTaskCompleted(success: true) }
                }

                func reload(items: [Int], force: Bool) async { for item in items { print(item, force) } }
                func purge() async { print("purging the caches that nothing reads any more") }
                func log(_ text: String) { print(text) }
            }

            extension Scheduler {
                func later(_ task: BGAppRefreshTask) {
                    let deadline = Date().addingTimeInterval(30)
                    Task { await reload(items: [], force: false); print(deadline) }
                }
            }
            """),
            ("App.swift", """
            import SwiftUI
            import BackgroundTasks

            @main
            struct ExampleApp: App {
                @Environment(\\.scenePhase) private var phase
                var body: some Scene {
                    WindowGroup { ContentView() }
                        .backgroundTask(.appRefresh("app.example.refresh")) {
                            await Refresher.shared.refresh()
                        }
                        .backgroundTask(.appRefresh("app.example.widget")) {
                            await Refresher.shared.update(widgets: true)
                            Refresher.shared.plan()
                        }
                }
            }

            final class Refresher {
                static let shared = Refresher()
                func refresh() async {
                    let started = Date()
                    await update(widgets: false)
                    print("refreshed in", Date().timeIntervalSince(started))
                    plan()
                }
                func update(widgets: Bool) async { print(widgets) }
                func plan() {
                    let request = BGAppRefreshTaskRequest(identifier: "app.example.refresh")
                    request.earliestBeginDate = Date(timeIntervalSinceNow: 3600)
                    try? BGTaskScheduler.shared.submit(request)
                }
            }
            """),
            ("main.swift", """
            import BackgroundTasks
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.example.main", using: nil) { task in
                Worker().start(task)
            }
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "app.example.sync", using: nil) { task in
                SyncCoordinator.shared.run(task)
            }
            struct Worker {
                func start(_ task: BGTask) { task.setTaskCompleted(success: true) }
                func idle() { print("nothing to do here but long enough to be emptied") }
            }
            """),
        ]
        let statistics = SubFileEquivalenceTests.expectEquivalent(sources)
        #expect(statistics.filesParsedForFunctionReach == 3)
        let result = LintEngine(parallel: false).run(sources: sources)
        let background = Set(result.findings.filter { $0.ruleID.hasPrefix("background-") }.map { "\($0.position.file):\($0.position.line) \($0.ruleID)" })
        // `handle(refresh:)` hands its task to `arm` (expiration) and `finish` (completion, next request), and the
        // sync handler to a function the tree does not define: both silent.
        #expect(background == [
            "App.swift:9 background-task-identifier", "Scheduler.swift:20 background-task-identifier",
            "App.swift:12 background-refresh-not-rescheduled",
            "Scheduler.swift:13 background-task-no-expiration", "main.swift:2 background-task-no-expiration",
        ])
    }
}
