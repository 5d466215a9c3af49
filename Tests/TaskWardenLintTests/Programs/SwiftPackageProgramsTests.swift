import Foundation
import Testing
@testable import TaskWardenLint

/// Programs follow what SwiftPM builds: one executable per snippet, one test product for every test target,
/// and only library targets linked through dependencies.
@Suite struct SwiftPackageProgramsTests {
    static let manifest = """
        let package = Package(
            name: "Bus",
            products: [
                .library(name: "Bus", targets: ["Bus"]),
                .executable(name: "bus-tool", targets: ["Tool"]),
            ],
            targets: [
                .target(name: "Bus", dependencies: ["Wire", "BusMacros"]),
                .target(name: "Wire"),
                .target(name: "Internal"),
                .macro(name: "BusMacros", dependencies: ["MacroSupport"]),
                .target(name: "MacroSupport"),
                .executableTarget(name: "Tool", dependencies: ["Bus"]),
                .executableTarget(name: "Server", dependencies: ["Tool", "Bus"]),
                .plugin(name: "Generate", capability: .buildTool(), dependencies: ["Tool"]),
                .testTarget(name: "BusTests", dependencies: ["Bus"]),
                .testTarget(name: "MacroTests", dependencies: ["BusMacros"]),
                .testTarget(name: "ToolTests", dependencies: ["Tool"]),
            ]
        )
        """

    static let snippets = ["Snippets/GettingStarted.swift", "Snippets/Docc/GettingStarted.swift", "Snippets/Docc/PubSub.swift"]

    @Test func everySnippetIsAProgramLinkedWithTheLibraryProducts() throws {
        let package = try #require(SwiftPackageTargets(directory: "/p", manifest: Self.manifest, snippets: Self.snippets))
        let scope = ProgramScope(memberships: Dictionary(uniqueKeysWithValues: (Self.snippets + [
            "Sources/Bus/Bus.swift", "Sources/Wire/Frame.swift", "Sources/Internal/Cache.swift", "Sources/Tool/main.swift",
            "Tests/BusTests/BusTests.swift",
        ]).map { path in
            (path, ProgramScope.Membership(domain: "/p/Package.swift", programs: package.programs(of: "/p/" + path)))
        }))
        #expect(package.programs(of: "/p/Snippets/Docc/PubSub.swift") == ["Snippets/Docc/PubSub.swift"])
        // Two snippets never run in one process, wherever under Snippets/ they are.
        #expect(!scope.shareProgram("Snippets/Docc/GettingStarted.swift", "Snippets/Docc/PubSub.swift"))
        #expect(!scope.shareProgram("Snippets/GettingStarted.swift", "Snippets/Docc/GettingStarted.swift"))
        // A snippet links the library products' targets and what they depend on, nothing else.
        #expect(scope.shareProgram("Snippets/Docc/PubSub.swift", "Sources/Bus/Bus.swift"))
        #expect(scope.shareProgram("Snippets/Docc/PubSub.swift", "Sources/Wire/Frame.swift"))
        #expect(!scope.shareProgram("Snippets/Docc/PubSub.swift", "Sources/Internal/Cache.swift"))
        #expect(!scope.shareProgram("Snippets/Docc/PubSub.swift", "Sources/Tool/main.swift"))
        #expect(!scope.shareProgram("Snippets/Docc/PubSub.swift", "Tests/BusTests/BusTests.swift"))
    }

    @Test func linkingFollowsSwiftPMsProducts() throws {
        let package = try #require(SwiftPackageTargets(directory: "/p", manifest: Self.manifest))
        let tests = SwiftPackageTargets.testProduct
        // A library using a macro runs it in the compiler: the macro and its dependencies are not linked in.
        #expect(package.programs(of: "/p/Sources/BusMacros/Expand.swift") == ["BusMacros", tests])
        #expect(package.programs(of: "/p/Sources/MacroSupport/Syntax.swift") == ["MacroSupport", "BusMacros", tests])
        // An executable another executable or a plugin depends on is a separate process (a tool).
        #expect(package.programs(of: "/p/Sources/Tool/main.swift") == ["Tool", tests])
        #expect(package.programs(of: "/p/Plugins/Generate/Plugin.swift") == ["Generate"])
        // Every test target is in the one test product, with the libraries it tests.
        #expect(package.programs(of: "/p/Tests/BusTests/BusTests.swift") == [tests])
        #expect(package.programs(of: "/p/Tests/ToolTests/ToolTests.swift") == [tests])
        #expect(package.programs(of: "/p/Sources/Bus/Bus.swift") == ["Bus", "Tool", "Server", tests])
        #expect(package.programs(of: "/p/Sources/Internal/Cache.swift") == ["Internal"])
        #expect(SwiftPackageTargets.libraryProductTargets(in: Self.manifest) == ["Bus"])
    }

    /// Top-level code in two snippets of one folder: SwiftPM builds each as an executable, so their tasks never
    /// share a trace (discovery answers per folder elsewhere, per file in `Snippets/`).
    @Test func snippetTasksOnDiskNeverCollide() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", Self.manifest)
        try directory.write("Sources/Bus/Bus.swift", "public struct Bus { public init() {} }\n")
        for name in ["GettingStarted", "PubSub"] {
            try directory.write("Snippets/Docc/\(name).swift", "import Bus\n\nTask {\n    print(Bus())\n}\n")
        }
        try directory.write("Snippets/Intro.swift", "import Bus\n\nTask {\n    print(Bus())\n}\n")
        let result = LintEngine(rules: [TaskLabelCollisionRule()], parallel: false)
            .run(LintRequest(paths: ["."], workingDirectory: directory.path))
        #expect(result.tree.records.count == 3)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }
}
