import Testing
import TaskNaming

@Suite struct TaskNameTemplateTests {
    static let price = TaskNameTemplate(segments: [.text("price:"), .hole("probe.releaseID")])
    static let trackMatch = TaskNameTemplate(segments: [.text("track-match:"), .hole("album"), .text(":"), .hole("position")])

    @Test func describesItsShape() {
        #expect(Self.price.shape == "price:\\(…)")
        #expect(Self.price.staticPrefix == "price:")
        #expect(Self.price.staticText == "price:")
        #expect(Self.price.holes == ["probe.releaseID"])
        #expect(Self.trackMatch.staticText == "track-match::")
        #expect(TaskNameTemplate(literal: "sync").shape == "sync")
        #expect(TaskNameTemplate(segments: [.text("a"), .text("b"), .text("")]).segments == [.text("ab")])
    }

    @Test func matchesConcreteLabels() {
        #expect(Self.price.matches(label: "price:84213"))
        #expect(!Self.price.matches(label: "price:"))
        #expect(!Self.price.matches(label: "prices:84213"))
        #expect(!Self.price.matches(label: "sync:84213"))
        #expect(Self.trackMatch.matches(label: "track-match:9001:3"))
        #expect(Self.trackMatch.matches(label: "track-match:a:b:c"))
        #expect(!Self.trackMatch.matches(label: "track-match:9001"))
        #expect(TaskNameTemplate(literal: "sync").matches(label: "sync"))
        #expect(!TaskNameTemplate(literal: "sync").matches(label: "sync2"))
    }
}
