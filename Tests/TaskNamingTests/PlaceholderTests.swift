import Testing
@testable import TaskNaming

@Test func TaskNamingBuilds() { #expect(Bool(true)) }
