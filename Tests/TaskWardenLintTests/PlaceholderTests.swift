import Testing
@testable import TaskWardenLint

@Test func TaskWardenLintBuilds() { #expect(Bool(true)) }
