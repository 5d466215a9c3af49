import Testing
@testable import TaskWardenLint

/// Twice the types, the members or the sites of a file cost about twice the work, measured as the syntax nodes
/// the analyses read beyond the sites (``SyntaxWork``), never by a clock. Looking a site's type up by walking the
/// file's declarations, or its members by walking the type, once per site, made these shapes quadratic.
@Suite(.enabled(if: !builtWithThreadSanitizer, "work counts, not races: the plain run measures them"))
struct AnalysisScalingTests {
    /// A file of generated code, by shape and size.
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var source: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    /// Each type stores a looping task that calls a member, and cancels it in `stop()`: the isolation, self
    /// capture, self-cycle and label analyses all look at the type around the site.
    static let storedLoop = """
            var task: Task<Void, Never>?
            func refresh() async {}
            func start() { task = Task { while true { await refresh() } } }
            func stop() { task?.cancel() }
        """

    static let shapes: [Shape] = [
        Shape(name: "top-level types, one site each") { count in
            (0..<count).map { "final class Worker\($0) {\n\(storedLoop)\n}\n" }.joined()
        },
        Shape(name: "the same types nested in one enum") { count in
            "enum Workers {\n" + (0..<count).map { "final class Worker\($0) {\n\(storedLoop)\n}\n" }.joined() + "}\n"
        },
        Shape(name: "an actor and its extensions") { count in
            "actor Store { var n = 0 }\n" + (0..<count).map { "extension Store { func bump\($0)() { Task { n += 1 } } }\n" }.joined()
        },
        Shape(name: "sites in one type") { count in
            "final class Worker {\n" + (0..<count).map { index in
                """
                    var task\(index): Task<Void, Never>?
                    func refresh\(index)() async {}
                    func start\(index)() { task\(index) = Task { while true { await refresh\(index)() } } }
                    func stop\(index)() { task\(index)?.cancel() }

                """
            }.joined() + "}\n"
        },
        Shape(name: "members of one type, one site per ten") { count in
            "final class Worker {\n" + (0..<count).map { index in
                "    var value\(index) = 0\n    func helper\(index)() -> Int { value\(index) }\n"
                    + (index % 10 == 0 ? "    func start\(index)() { Task { await refresh() } }\n" : "")
            }.joined() + "    func refresh() async {}\n}\n"
        },
        Shape(name: "sites in one function") { count in
            "final class Worker {\n    func refresh() async {}\n    func start() {\n"
                + (0..<count).map { "        let value\($0) = \($0)\n        Task { await refresh(); print(value\($0)) }\n" }.joined()
                + "    }\n}\n"
        },
    ]

    /// Lints one generated file with every rule (the opt-in ones on) and returns its findings and the work read.
    static func lint(_ source: String) -> (findings: Int, sites: Int, work: Int) {
        var configuration = LintConfiguration()
        for rule in RuleRegistry.all { configuration.rules[rule.description.id] = .on(rule.description.defaultSeverity) }
        let result = LintEngine(parallel: false).run(sources: [("Sources/App/Generated.swift", source)], configuration: configuration)
        return (result.findings.count, result.tree.records.count, result.tree.files.reduce(0) { $0 + $1.work.nodes })
    }

    @Test(arguments: shapes)
    func twiceTheCodeReadsAboutTwiceTheNodes(_ shape: Shape) {
        let small = Self.lint(shape.source(150))
        let large = Self.lint(shape.source(300))
        #expect(small.sites > 0 && large.sites == 2 * small.sites)
        #expect(large.findings == 2 * small.findings || large.findings > 0)
        #expect(small.work > 0)
        let ratio = Double(large.work) / Double(small.work)
        #expect(ratio < 2.3, "\(shape.name): \(small.work) → \(large.work) nodes (\(ratio)×)")
    }

    @Test func theTypeIndexAnswersForTypesAndExtensions() {
        let file = FileAnalysis(path: "Store.swift", source: """
            actor Store { var count = 0; static var shared = Store() }
            extension Store { func bump() {}; var doubled: Int { count * 2 } }
            enum Outer { final class Inner { var name = "" } }
            protocol Named { var name: String { get } }
            """)
        #expect(file.types.declarations(named: "Store").count == 2)
        #expect(file.types.instanceMemberNames(ofType: "Store") == ["count", "bump", "doubled"])
        #expect(file.types.instanceMemberNames(ofType: "Inner") == ["name"])
        #expect(file.types.declarations(named: "Named").isEmpty)
        #expect(file.types.nodesVisited > 0)
    }
}
