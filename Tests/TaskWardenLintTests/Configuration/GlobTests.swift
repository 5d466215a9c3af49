import Testing
@testable import TaskWardenLint

@Suite struct GlobTests {
    @Test(arguments: [
        ("Sources/**", "Sources/App/Shelf.swift", true),
        ("Sources/**", "Tests/AppTests/ShelfTests.swift", false),
        ("**/Generated/**", "App/Generated/API.swift", true),
        ("**/Generated/**", "Generated/API.swift", true),
        ("**/Generated/**", "App/GeneratedCode/API.swift", false),
        ("*.swift", "Shelf.swift", true),
        ("*.swift", "App/Shelf.swift", false),
        ("**/*Tests.swift", "Tests/App/ShelfTests.swift", true),
        ("Sources/App", "Sources/App/Shelf.swift", true),
        ("Sources/App/", "Sources/App/Deep/Shelf.swift", true),
        ("Sources/A?p/*.swift", "Sources/App/Shelf.swift", true),
        ("./Sources/**", "Sources/App/Shelf.swift", true),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected, "\(pattern) vs \(path)")
    }
}

@Suite struct GlobSemanticsTests {
    @Test(arguments: [
        ("**", "a/b/c.swift", true),
        ("**/c.swift", "c.swift", true),
        ("a/**/b/*.swift", "a/b/x.swift", true),
        ("a/**/b/*.swift", "a/x/y/b/x.swift", true),
        ("a/**/b/*.swift", "a/x/y/c/x.swift", false),
        ("a/**/**/b", "a/b", true),
        ("**/a/**/a/**/z", "a/q/a/z", true),
        ("**/a/**/a/**/z", "a/q/z", false),
        ("a/*/c", "a/b/c", true),
        ("a/*/c", "a/b/x/c", false),
        ("a/*b*/c", "a/xbx/c", true),
        ("Sources/*", "Sources/App/Shelf.swift", true),
        ("Sources/App", "Sources/Apple/Shelf.swift", false),
        ("Sources/**", "./Sources/App/Shelf.swift", true),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected, "\(pattern) vs \(path)")
    }

    /// Many `**` against a deep path that does not match: the work must grow linearly with the depth
    /// (the recursive matcher tried every way to split the path between the `**`s: exponential).
    @Test func workIsLinearInPathDepth() {
        let glob = Glob(Array(repeating: "**/a", count: 6).joined(separator: "/") + "/z.swift")
        func steps(depth: Int) -> Int {
            var steps = 0
            #expect(!glob.matches(Array(repeating: "a", count: depth).joined(separator: "/"), steps: &steps))
            return steps
        }
        let small = steps(depth: 12)
        let large = steps(depth: 24)
        #expect(Double(large) <= 2.5 * Double(small), "depth 12: \(small) steps, depth 24: \(large)")
    }
}
