import Testing
import TaskNaming

@Suite struct TaskNameConventionTests {
    static func problems(_ segments: [TaskNameTemplate.Segment], limit: Int = 40) -> [TaskNameConvention.Problem] {
        TaskNameConvention.problems(in: TaskNameTemplate(segments: segments), maximumLength: limit)
    }

    @Test(arguments: ["price-check", "cloud-sync-debounce", "album-detail-play-track", "v2-migration", "a"])
    func acceptsKebabCasePurposes(_ name: String) {
        #expect(Self.problems([.text(name)]).isEmpty)
    }

    @Test func acceptsIdentitySegments() {
        #expect(Self.problems([.text("price:"), .hole("releaseID")]).isEmpty)
        #expect(Self.problems([.text("track-match:"), .hole("albumID"), .text(":"), .hole("position")]).isEmpty)
        #expect(Self.problems([.text("cover:"), .hole("id"), .text("-small")]).isEmpty)
        #expect(Self.problems([.text("price:retry")]).isEmpty)
    }

    @Test func rejectsWhatBreaksTheConvention() {
        #expect(Self.problems([.text("PriceCheck")]) == [.notKebabCase("PriceCheck")])
        #expect(Self.problems([.text("price check")]) == [.notKebabCase("price check")])
        #expect(Self.problems([.text("price--check")]) == [.notKebabCase("price--check")])
        #expect(Self.problems([.text("-price")]) == [.notKebabCase("-price")])
        #expect(Self.problems([.text("price_check")]) == [.notKebabCase("price_check")])
        #expect(Self.problems([.hole("kind"), .text("-sync")]) == [.interpolatedPurpose])
        #expect(Self.problems([.text("price::"), .hole("id")]) == [.emptySegment])
        #expect(Self.problems([.text("price:")]) == [.emptySegment])
        #expect(Self.problems([.text("price:"), .hole("id"), .text(" now")]) == [.invalidIdentityText(" now")])
        #expect(Self.problems([]) == [.empty])
    }

    @Test func limitsTheStaticPartOnly() {
        let long = String(repeating: "a", count: 41)
        #expect(Self.problems([.text(long)]) == [.tooLong(length: 41, limit: 40)])
        #expect(Self.problems([.text(String(repeating: "a", count: 40))]).isEmpty)
        #expect(Self.problems([.text("price:"), .hole(String(repeating: "x", count: 80))]).isEmpty)
        #expect(Self.problems([.text("price-check")], limit: 5) == [.tooLong(length: 11, limit: 5)])
    }

    @Test func kebabCasesIdentifiers() {
        #expect(TaskNameConvention.kebabCase("CloudSyncMonitor") == "cloud-sync-monitor")
        #expect(TaskNameConvention.kebabCase("URLSession refresh") == "url-session-refresh")
    }
}
