import Testing
@testable import TaskWardenTimeline

@Test func TaskWardenTimelineBuilds() { #expect(Bool(true)) }
