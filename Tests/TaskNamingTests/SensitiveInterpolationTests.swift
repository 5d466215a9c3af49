import Testing
import TaskNaming

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
