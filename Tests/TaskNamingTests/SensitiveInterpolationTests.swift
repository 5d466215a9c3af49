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
        // One capital before a word is a type's prefix, not an article.
        #expect(IdentifierWords.split("APlayer") == ["aplayer"])
        #expect(IdentifierWords.split("MCatalog.favorite") == ["mcatalog", "favorite"])
        #expect(IdentifierWords.split("A player") == ["a", "player"])
        #expect(IdentifierWords.split("aPlayer") == ["a", "player"])
    }

    @Test func mixedCaseTechnicalWordsStayWhole() {
        #expect(IdentifierWords.split("LoRATuningView") == ["lora", "tuning", "view"])
        #expect(IdentifierWords.split("syncToiCloud") == ["sync", "to", "icloud"])
        #expect(IdentifierWords.split("iCloudBackup") == ["icloud", "backup"])
        #expect(IdentifierWords.split("setupPiPCapture") == ["setup", "pip", "capture"])
        #expect(IdentifierWords.split("PostHogSDK") == ["posthog", "sdk"])
        #expect(IdentifierWords.split("macOSVersion") == ["macos", "version"])
        #expect(IdentifierWords.split("pairWithIPv6Host") == ["pair", "with", "ipv6", "host"])
        #expect(IdentifierWords.split("refreshOAuthToken") == ["refresh", "oauth", "token"])
        #expect(IdentifierWords.split("OAuth2ClientTests") == ["oauth2", "client", "tests"])
        #expect(IdentifierWords.split("ios_build") == ["ios", "build"])
        #expect(IdentifierWords.split("isiOSAppOnMac") == ["is", "ios", "app", "on", "mac"])
        #expect(IdentifierWords.split("all_iPhones") == ["all", "iphones"])
        #expect(IdentifierWords.split("GraphQLClient") == ["graphql", "client"])
        #expect(NameWords.split("WiFiScanner") == ["wifi", "scanner"])
        #expect(NameWords.split("OTelBatchLogRecordProcessor") == ["otel", "batch", "log", "record", "processor"])
        #expect(NameWords.split("GRPCChannel") == ["grpc", "channel"])
        #expect(NameWords.split("makeGRPCClient") == ["make", "grpc", "client"])
        #expect(NameWords.split("gRPCServer") == ["grpc", "server"])
        #expect(NameWords.split("SQLiteStore") == ["sqlite", "store"])
        #expect(NameWords.split("PostgreSQLConnection") == ["postgresql", "connection"])
        #expect(NameWords.split("JavaScriptEventLoopTests") == ["javascript", "event", "loop", "tests"])
        #expect(NameWords.split("runJavaScript") == ["run", "javascript"])
        #expect(NameWords.split("LoRA") == ["lora"])
        // Not a mixed-case word where its letters run on: `Loran` is one word, `iPadding` is not `iPad`.
        #expect(IdentifierWords.split("Loran") == ["loran"])
        #expect(IdentifierWords.split("iPadding") == ["i", "padding"])
    }
}
