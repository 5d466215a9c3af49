import Testing
@testable import TaskWardenTesting

@Test func TaskWardenTestingBuilds() { #expect(Bool(true)) }
