import Testing
@testable import TaskWarden

@Test func TaskWardenBuilds() { #expect(Bool(true)) }
