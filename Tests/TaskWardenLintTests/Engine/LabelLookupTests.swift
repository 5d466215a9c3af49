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
}
