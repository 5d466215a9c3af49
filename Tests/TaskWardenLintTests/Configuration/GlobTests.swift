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
