import Testing
@testable import TaskWardenBackground

@Test func TaskWardenBackgroundBuilds() { #expect(Bool(true)) }
