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

@Suite struct SensitiveInterpolationTests {
    let detector = SensitiveInterpolationDetector()

    @Test(arguments: ["user.email", "account.emailAddress", "profile.userName", "user.name", "session.token",
                      "album.title", "release.coverURL", "item.barcode", "credentials.password"])
    func flagsPersonalOrSecretData(_ expression: String) {
        #expect(detector.findings(in: expression).contains { if case .sensitive = $0 { true } else { false } }, "\(expression)")
    }

    @Test(arguments: ["Date()", "Date.now", ".now", "UUID()", "UUID().uuidString", "event.timestamp", "Date().timeIntervalSince1970"])
    func flagsUnstableValues(_ expression: String) {
        #expect(detector.findings(in: expression).contains { if case .unstable = $0 { true } else { false } }, "\(expression)")
    }

    @Test(arguments: ["probe.releaseID", "albumID", "position", "album.subtitleCount", "index", "page.number"])
    func leavesStableIdentifiersAlone(_ expression: String) {
        #expect(detector.findings(in: expression).isEmpty, "\(expression)")
    }

    @Test func wordListsAreConfigurable() {
        let custom = SensitiveInterpolationDetector(sensitivePhrases: ["catalogNumber"], unstablePhrases: [])
        #expect(custom.findings(in: "release.catalogNumber") == [.sensitive(phrase: "catalog number")])
        #expect(custom.findings(in: "user.email").isEmpty)
        #expect(custom.findings(in: "Date()").isEmpty)
    }

    @Test func splitsIdentifiersIntoWords() {
        #expect(IdentifierWords.split("fetchAlbumsForUserID") == ["fetch", "albums", "for", "user", "id"])
        #expect(IdentifierWords.split("URLSession") == ["url", "session"])
        #expect(IdentifierWords.split("user.emailAddress") == ["user", "email", "address"])
        #expect(IdentifierWords.split("v2Migration") == ["v2", "migration"])
    }
}
