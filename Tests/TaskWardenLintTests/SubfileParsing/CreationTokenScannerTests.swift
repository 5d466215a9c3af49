import Testing
@testable import TaskWardenLint

@Suite struct CreationTokenScannerTests {
    let scanner = CreationTokenScanner()

    @Test(arguments: [
        "Task { }", "let t = Task<Void, Never>.detached {}", "group.addTask {", "g.addTaskUnlessCancelled(",
        "g.addImmediateTask {", "g.addImmediateTaskUnlessCancelled {", "async let x = f()", "async\n    let x = f()",
        "v.task { }", "v.task(id: 1) {}", ".backgroundTask(.appRefresh(\"x\"))",
        "s.register(forTaskWithIdentifier: \"x\")", "struct Task {}", "typealias Task = Job",
        "let t = Task<Result<Int, Error>, Never>.detached {", "_Concurrency.Task {", "Task\n{ }",
        "content.task(id: x, load)", ".backgroundTask (.appRefresh(\"x\"))", "scene.backgroundTask(refresh) { }",
        "func f() -> Task<Void, Never> { Task { } }",
        // A comment between the tokens is trivia to the parser, so the call is still a creation.
        "Task /* sync */ { }", "Task // sync\n{ }", "Task<Void, Never> /* c */ .detached { }",
        "view.task /* reload */ { }", "async /* cover */ let x = f()",
        // A byte order mark is not part of an identifier: the file's first token may be `Task`.
        "\u{FEFF}Task { }", "\u{FEFF}struct Task {}",
    ])
    func keepsFilesWithACreationToken(_ text: String) {
        #expect(scanner.mayContainSite(Array(text.utf8)), "\(text)")
    }

    @Test(arguments: [
        "let x = 1", "let dataTask = URLSessionDataTask()", "func withTaskGroup() {}", "let tasks = [1]",
        "let taskCount = 2", "asyncLet()", "async letter", "myTask.run()", "TaskGroup<Int>",
        "var refresh: Task<Void, Never>?", "try await Task.sleep(for: .seconds(1))", "if Task.isCancelled { }",
        "let handles: [Task<Void, Never>] = []", "model.task = nil", "let id = backgroundTask",
        "func load() -> Task<UIImage, any Error> {", "func f() ->Task<Void, Never> { fatalError() }",
        "Current.backgroundTask(withName: name) { _ in }",
    ])
    func skipsFilesWithout(_ text: String) {
        #expect(!scanner.mayContainSite(Array(text.utf8)), "\(text)")
    }

    @Test func readersCanAddFileTokens() {
        let extended = CreationTokenScanner(fileTokens: ["setTaskCompleted"])
        #expect(extended.mayContainSite(Array("bgTask.setTaskCompleted(success: true)".utf8)))
        #expect(!scanner.mayContainSite(Array("bgTask.setTaskCompleted(success: true)".utf8)))
    }
}
