import Testing
@testable import TaskWardenLint

@Suite struct TaskTypeShadowingTests {
    @Test(arguments: [
        ("Sources/Net/Client.swift", "Sources/Net"),
        ("App/Sources/Net/Deep/Client.swift", "App/Sources/Net"),
        ("Tests/NetTests/ClientTests.swift", "Tests/NetTests"),
        ("/abs/Sources/A/Tests/B/x.swift", "/abs/Sources/A/Tests/B"),
        ("Sources/Tests/x.swift", "Sources/Tests"),
        ("Sources/x.swift", ""),
        ("Sources", ""),
        ("x.swift", ""),
        ("", ""),
        ("a//Sources//b/x.swift", "a//Sources/"),
        ("a/Sources//x.swift", "a/Sources/"),
        ("Été/Sources/Modül/x.swift", "Été/Sources/Modül"),
    ])
    func theModuleIsTheFolderUnderSourcesOrTests(path: String, module: String) {
        #expect(TaskTypeShadowing.moduleKey(of: path) == module)
    }

    @Test func withoutTaskTypesNothingIsShadowed() {
        let file = FileAnalysis(path: "Sources/App/Feed.swift", source: "func load() { Task { await sync() } }")
        #expect(!TaskTypeShadowing(declarations: []).shadows(file.sites[0]))
        let shadowing = TaskTypeShadowing(declarations: [TaskTypeDeclaration(file: "Sources/App/Task.swift", ownerPath: [])])
        #expect(shadowing.shadows(file.sites[0]))
    }
}
