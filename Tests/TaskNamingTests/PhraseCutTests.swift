import Testing
@testable import TaskNaming

/// Where a test's scenario is cut when it does not fit: at the end of a clause, never on half a statement.
@Suite struct PhraseCutTests {
    @Test func aScenarioThatFitsIsKeptWhole() {
        let kept = NameWords.keptPhrase(prefix: ["pub", "sub"], phrase: ["two", "different", "subscriptions"], maxLength: 48)
        #expect(kept?.words == ["two", "different", "subscriptions"])
        #expect(kept?.consumed == 3)
    }

    @Test func auxiliariesGoBeforeGlueWords() {
        let phrase = ["cleared", "cookies", "for", "logins", "are", "retained"]
        let kept = NameWords.keptPhrase(prefix: ["web", "cache"], phrase: phrase, maxLength: 45)
        #expect(kept?.words == ["cleared", "cookies", "for", "logins", "retained"])
    }

    @Test func aLongScenarioIsCutBeforeItsNegatedClause() {
        let phrase = ["multiple", "subscriptions", "dont", "affect", "each", "other"]
        let kept = NameWords.keptPhrase(prefix: ["pub", "sub"], phrase: phrase, maxLength: 40)
        #expect(kept?.words == ["multiple", "subscriptions"])
        #expect(kept?.consumed == 2)
    }

    @Test func aLongScenarioIsCutBeforeTheVerbItChecks() {
        let phrase = ["start", "fetching", "cancels", "running", "operation"]
        let kept = NameWords.keptPhrase(prefix: ["favicons", "fetcher"], phrase: phrase, maxLength: 48)
        #expect(kept?.words == ["start", "fetching"])
    }

    @Test func aConditionGoesWholeBeforeAnyLaterClause() {
        let phrase = ["restart", "daemon", "if", "it", "doesnt", "reply", "in", "time"]
        let kept = NameWords.keptPhrase(prefix: ["daemon", "recovery"], phrase: phrase, maxLength: 36)
        #expect(kept?.words == ["restart", "daemon"])
    }

    @Test func noClauseOfTwoWordsLeavesTheCutToTheCaller() {
        let kept = NameWords.keptPhrase(prefix: ["a"], phrase: ["extraordinarily", "long", "noun", "phrase"], maxLength: 12)
        #expect(kept == nil)
    }

    @Test(arguments: ["graceful", "dont", "is", "multiple", "all", "orderly", "only", "that", "for", "based"])
    func wordsACutNeverEndsOn(_ word: String) {
        #expect(NameWords.endsUnfinished(word))
    }

    @Test(arguments: ["shutdown", "events", "pending", "reply", "fetching", "cancelled", "gracefully"])
    func wordsACutMayEndOn(_ word: String) {
        #expect(!NameWords.endsUnfinished(word))
    }

    @Test func aCutNeverEndsOnAnAdjectiveInAble() {
        #expect(NameWords.trimmingUnfinishedEnd(["cancellable"]) == [])
        #expect(NameWords.trimmingUnfinishedEnd(["observe", "visible"]) == ["observe"])
        #expect(NameWords.trimmingUnfinishedEnd(["bind", "variable"]) == ["bind", "variable"])
        // The head noun said by the prefix keeps its adjective: `protocol-conformance-sendable`.
        #expect(!NameWords.endsUnfinished("sendable"))
    }

    @Test func anExtraPhraseIsNeverCutOnAnAdjective() {
        let name = NameWords.compose(prefix: ["rebalance"], purpose: ["counts", "every", "shard"],
                                     extra: ["trigger", "graceful", "shutdown"], maxLength: 44)
        #expect(name == "rebalance-counts-trigger-graceful-shutdown")
    }

    @Test func anEventsNameIsNoVerbPhraseToThin() {
        let event = ["on", "keycloak", "authentication", "needed"]
        #expect(TaskNameDerivation.thinnedVerbPhrase(event, after: ["transfer", "target", "show", "sas"], maxLength: 40) == nil)
        let call = ["clear", "delivered", "notifications"]
        #expect(TaskNameDerivation.thinnedVerbPhrase(call, after: ["convos", "app", "delegate"], maxLength: 40)
            == ["clear", "notifications"])
    }
}
