import Testing
@testable import TaskWardenLint

@Suite struct LabelLookupTests {
    static let tree = TreeAnalysis(files: [FileAnalysis(
        path: "Sources/Shelf/Catalog.swift",
        source: "final class Catalog {\n    static func warm() { Task { await load() } }\n}\n")])

    /// A trace row of a task created in a static method reads `static Catalog.warm()`, with or without
    /// the module and a `closure #N in` prefix.
    @Test(arguments: ["static Catalog.warm()", "static Shelf.Catalog.warm()", "partial apply for static Shelf.Catalog.warm()"])
    func findsATaskCreatedInAStaticMethod(_ label: String) {
        #expect(LabelLookup.matches(for: label, in: Self.tree).map(\.site.position.line) == [2], "\(label)")
    }

    /// Local functions and defer blocks print as `inner #1 () in …` / `$defer #1 () in …`; the module after
    /// them is optional too.
    @Test(arguments: ["$defer #1 () in Catalog.close()", "$defer #1 () in Shelf.Catalog.close()",
                      "closure #1 in load #1 (id:) in Shelf.Catalog.close()"])
    func findsATaskCreatedInADeferBlockOrLocalFunction(_ label: String) {
        let tree = TreeAnalysis(files: [FileAnalysis(
            path: "Sources/Shelf/Catalog.swift",
            source: "final class Catalog {\n    func close() {\n        defer { Task { await flush() } }\n        func load(id: Int) { run { Task { await fetch(id) } } }\n    }\n}\n")])
        #expect(LabelLookup.matches(for: label, in: tree).count == 1, "\(label)")
    }
}
