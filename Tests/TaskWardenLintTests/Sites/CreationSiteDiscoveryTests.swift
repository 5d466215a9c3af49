import Testing
@testable import TaskWardenLint

@Suite struct CreationSiteDiscoveryTests {
    /// One example per form: the mark is where the site must be reported, the kind what it must be.
    static let forms: [(code: String, kind: CreationSiteKind)] = [
        ("↓Task { await sync() }", .taskInit),
        ("let t = ↓Task(priority: .high) { await sync() }", .taskInit),
        ("let t = ↓Task<Void, Never> { await sync() }", .taskInit),
        ("↓Task.init { await sync() }", .taskInit),
        ("↓Task /* retry */ { await sync() }", .taskInit),
        ("↓Task // retry\n{ await sync() }", .taskInit),
        ("\u{FEFF}↓Task { await sync() }", .taskInit),
        ("↓Task<Int, Never>.init(operation: { 1 })", .taskInit),
        ("_Concurrency.↓Task { await sync() }", .taskInit),
        ("↓Task(name: \"sync\", operation: sync)", .taskInit),
        ("↓Task.detached { await sync() }", .taskDetached),
        ("↓Task.detached(priority: .background) { await sync() }", .taskDetached),
        ("↓Task<Data, any Error>.detached { try await load() }", .taskDetached),
        ("↓Task.immediate { await sync() }", .taskImmediate),
        ("↓Task.immediateDetached { await sync() }", .taskImmediateDetached),
        ("group.↓addTask { await sync() }", .addTask),
        ("group.↓addTask(operation: { await sync() })", .addTask),
        ("group.↓addTask(priority: .low, operation: sync)", .addTask),
        ("$0.↓addTask { await sync() }", .addTask),
        ("group.↓addTaskUnlessCancelled { await sync() }", .addTaskUnlessCancelled),
        ("group.↓addImmediateTask { await sync() }", .addImmediateTask),
        ("group.↓addImmediateTaskUnlessCancelled { await sync() }", .addImmediateTaskUnlessCancelled),
        ("func f() async { ↓async let cover = loadCover() }", .asyncLet),
        ("func f() async { ↓async let (a, b) = loadPair() }", .asyncLet),
        ("List {}.↓task { await load() }", .swiftUITask),
        ("Text(title)\n    .↓task(id: albumID) { await load() }", .swiftUITask),
        ("content.↓task(priority: .low) { await load() }", .swiftUITask),
        ("content.↓task(id: albumID, name: \"album-load\") { await load() }", .swiftUITask),
        ("WindowGroup { Root() }.↓backgroundTask(.appRefresh(\"prices\")) { await refresh() }", .backgroundTask),
        ("scene.↓backgroundTask(.urlSession(\"covers\")) { _ in }", .backgroundTask),
        ("BGTaskScheduler.shared.↓register(forTaskWithIdentifier: \"prices\", using: nil) { task in handle(task) }", .backgroundTaskRegistration),
        ("scheduler.↓register(forTaskWithIdentifier: id, using: queue, launchHandler: handle)", .backgroundTaskRegistration),
        // Found in real apps: an action passed by name, and registration from inside `extension BGTaskScheduler`.
        ("content.↓task(id: showsEmptyState, restoreAnimatedLogoIfNeeded)", .swiftUITask),
        ("content\n    .↓task(\n        id: [AnyHashable(a), AnyHashable(b)],\n        runDelayedButtonsCountdown\n    )", .swiftUITask),
        ("content.↓task(model.reload)", .swiftUITask),
        ("scene.↓backgroundTask(.appRefresh(\"prices\"), action: refreshPrices)", .backgroundTask),
        ("extension BGTaskScheduler { func add() { ↓register(forTaskWithIdentifier: id, using: nil, launchHandler: handler) } }", .backgroundTaskRegistration),
    ]

    @Test(arguments: forms.indices)
    func findsEveryForm(_ index: Int) {
        let form = Self.forms[index]
        let (sites, marks) = SiteTestSupport.sites(form.code)
        #expect(sites.map(\.position.utf8Offset) == marks, "\(form.code)")
        #expect(sites.map(\.kind) == [form.kind], "\(form.code)")
    }

    @Test func findsOneSitePerAsyncLetBinding() {
        let (sites, marks) = SiteTestSupport.sites("func f() async { ↓async let tracks = fetchTracks(), ↓cover = fetchCover() }")
        #expect(sites.map(\.kind) == [.asyncLet, .asyncLet])
        #expect(sites.map(\.position.utf8Offset) == marks)
        #expect(sites.map { $0.asyncLetBinding?.pattern.trimmedDescription } == ["tracks", "cover"])
    }

    /// Real look-alikes that are not task creation.
    static let lookAlikes: [String] = [
        "let effect = Effect.task { await send(.loaded) }",
        "func reduce() -> Effect<Action> { return .task { await .loaded(fetch()) } }",
        "let effect = EffectTask<Action>.task { .loaded }",
        "enum Job { case task(taskID: Int) }\nlet job = Job.task(taskID: 3)",
        "switch job { case .task(let id): print(id) }",
        "let id = application.beginBackgroundTask(withName: \"upload\") { end() }",
        "backgroundTask(withName: \"upload\") { end() }",
        "self.backgroundTask(withName: \"upload\") { end() }",
        "collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: \"album\")",
        "try await Task.sleep(for: .seconds(1))",
        "if Task.isCancelled { return }\ntry Task.checkCancellation()",
        "let taskCount = tasks.count\nlet dataTask = session.dataTask(with: url) { _, _, _ in }",
        "// Task { await sync() }\nlet text = \"Task { }\"",
        "struct SyncJob: Task { func run() {} }",
        "let handle: Task<Void, Never>? = nil",
        "task.cancel()",
        "view.task",
        // Found in real apps and servers.
        "Current.backgroundTask(withName: BackgroundTask.backgroundFetch.rawValue) { remaining in }",
        "UIApplication.shared.backgroundTask(withName: name, wrapping: wrapping)",
        "func load() -> Task<UIImage, any Error> { fatalError() }",
        "private func transitionServices(to state: ServiceState) -> Task<Void, Never> { fatalError() }",
        "extension Task { static func sleep(seconds: Double) async throws {} }",
        "open class LLBuildRule: Rule, Task { func createTask() -> Task { self } }",
        "switch context { case .task(let id, _), .globalTask(let id): print(id) }",
        "let message = Message(locationContext: .task(taskID: 1, targetID: 1))",
        "func run() async { await queuedUpdate.task() }",
        "if note.object as? URLSessionTask == request?.task { }",
        "let handle = content.task(TaskRequest(id: 1))",
        // A to-do list's own `addTask`: a group's body is always a trailing closure or `operation:`.
        "todoStore.addTask(newTask)",
        "board.addTask(title: \"Buy milk\", due: tomorrow)",
        "list.addTaskUnlessCancelled(pending)",
        // A build graph's `addTask`: other labels, and a body that takes the task and its scope.
        "let copy = make.addTask(inputFiles: [source], output: destination) { task, scope in try copy(task) }",
        "make.addTask(output: path) { (task: Task, scope: Scope) in }",
        // A to-do model named `Task` from another module: Swift's `Task` always takes a body.
        "let todo = Task(title: \"Buy milk\", done: false)",
        "let todo = try Task(from: decoder)",
        "let blank = Task()",
        "store.save(Task.init(title: \"Buy milk\"))",
    ]

    @Test(arguments: lookAlikes)
    func ignoresLookAlikes(_ code: String) {
        #expect(SiteTestSupport.sites(code).sites.isEmpty, "\(code)")
    }

    @Test func aNestedTaskTypeShadowsTaskInsideItsOwnerAndExtensions() {
        let code = """
            final class HTTPClient {
                struct Task { init(request: Request) {} }
                func send(_ request: Request) { let task = Task(request: request) }
            }
            extension HTTPClient {
                func resend(_ request: Request) { let task = Task(request: request) }
            }
            func elsewhere() { ↓Task { await sync() } }
            """
        let (sites, marks) = SiteTestSupport.sites(code)
        #expect(sites.map(\.position.utf8Offset) == marks)
    }

    @Test func aTopLevelTaskTypeShadowsTaskInItsWholeModuleButNotOthers() {
        let declaration = FileAnalysis(path: "Sources/Jobs/Task.swift", source: "protocol Task { func run() }")
        let sameModule = FileAnalysis(path: "Sources/Jobs/Runner.swift", source: "let job = Task { run() }")
        let otherModule = FileAnalysis(path: "Sources/App/Shelf.swift", source: "let t = Task { await sync() }")
        let tree = TreeAnalysis(files: [declaration, sameModule, otherModule])
        #expect(tree.sites.map(\.position.file) == ["Sources/App/Shelf.swift"])
        #expect(sameModule.sites.count == 1, "alone, the file cannot know about the module's Task type")
    }

    @Test func qualifiedTaskIsNeverShadowed() {
        let code = "struct Task {}\nlet t = _Concurrency.↓Task { await sync() }"
        let (sites, marks) = SiteTestSupport.sites(code)
        #expect(sites.map(\.position.utf8Offset) == marks)
    }

    @Test func findsSitesInsideOtherSitesAndRecordsTheParent() {
        let code = """
            func f() { ↓Task { await withTaskGroup(of: Void.self) { group in group.↓addTask { ↓Task.detached { } } } } }
            """
        let (sites, marks) = SiteTestSupport.sites(code)
        #expect(sites.map(\.position.utf8Offset) == marks)
        #expect(sites.map(\.parentSiteKind) == [nil, .taskInit, .addTask])
    }

    @Test func recognisesASiteInAFileWithSyntaxErrors() {
        let code = "func broken( { \n func ok() { ↓Task { await sync() } }"
        let (sites, marks) = SiteTestSupport.sites(code)
        #expect(sites.map(\.position.utf8Offset) == marks)
    }

    @Test func reportsLineAndColumnOfTheNamingToken() {
        let (sites, _) = SiteTestSupport.sites("func f() {\n    group.addTask { }\n}")
        #expect(sites.first?.position.line == 2)
        #expect(sites.first?.position.column == 11)
        #expect(sites.first?.position.file == "Sources/App/Example.swift")
    }
}
