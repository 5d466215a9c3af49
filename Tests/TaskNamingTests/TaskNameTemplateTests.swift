import Testing
@testable import TaskNaming

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

@Suite struct TaskNameTemplateMatchingTests {
    @Test func holesStandForAtLeastOneCharacterEach() {
        let twoHoles = TaskNameTemplate(segments: [.text("p:"), .hole("a"), .hole("b")])
        #expect(!twoHoles.matches(label: "p:1"))
        #expect(twoHoles.matches(label: "p:12"))
        let middle = TaskNameTemplate(segments: [.hole("a"), .text("-"), .hole("b"), .text("-end")])
        #expect(middle.matches(label: "x-y-end"))
        #expect(middle.matches(label: "x-y-z-end"))       // the hole may contain the separator
        #expect(middle.matches(label: "x--end-end"))
        #expect(!middle.matches(label: "-y-end"))
        #expect(!middle.matches(label: "x--end"))
        #expect(!middle.matches(label: "x-y-endx"))
        #expect(TaskNameTemplate(segments: [.hole("a")]).matches(label: "é"))
        #expect(!TaskNameTemplate(segments: [.hole("a")]).matches(label: ""))
        #expect(TaskNameTemplate(segments: []).matches(label: ""))
        #expect(TaskNameTemplate(segments: [.text("café:"), .hole("id")]).matches(label: "café:1"))
    }

    /// A name with several interpolations against a long label it does not match: the work must grow
    /// linearly with the label (trying every length for every hole was exponential in the holes).
    @Test func workIsLinearInLabelLength() {
        let template = TaskNameTemplate(segments: [
            .hole("a"), .text("-"), .hole("b"), .text("-"), .hole("c"), .text("-"), .hole("d"), .text("!"),
        ])
        func steps(length: Int) -> Int {
            var steps = 0
            #expect(!template.matches(label: String(repeating: "-", count: length), steps: &steps))
            return steps
        }
        let small = steps(length: 40)
        let large = steps(length: 80)
        #expect(Double(large) <= 2.5 * Double(small), "40 characters: \(small) steps, 80: \(large)")
    }
}
