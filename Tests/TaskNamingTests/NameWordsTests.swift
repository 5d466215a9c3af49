import Testing
@testable import TaskNaming

/// Word forms naming relies on: which words are participles, the one of a regular plural, technical words, and
/// which repeats are stutters.
@Suite struct NameWordsTests {
    @Test func regularPluralsHaveOneForm() {
        #expect(NameWords.singular("activities") == "activity")
        #expect(NameWords.singular("tokens") == "token")
        #expect(NameWords.singular("matches") == "match")
        #expect(NameWords.singular("boxes") == "box")
    }

    @Test func wordsThatEndInSAreNotAlwaysPlural() {
        #expect(NameWords.singular("status") == nil)
        #expect(NameWords.singular("address") == nil)
        #expect(NameWords.singular("news") == nil)
        #expect(NameWords.singular("settings") == nil)
        #expect(NameWords.singular("analysis") == nil)
    }

    @Test func verbsThatEndInEedAreNoParticiples() {
        #expect(!NameWords.isParticiple("proceed"))
        #expect(!NameWords.isParticiple("succeed"))
        #expect(NameWords.isParticiple("sorted"))
        #expect(NameWords.isParticiple("lost"))
    }

    @Test func technicalWordsStayWholeWhereverTheirCapitalsFall() {
        #expect(NameWords.split("connectionWithUInt") == ["connection", "with", "uint"])
        #expect(NameWords.split("VoIPCallKitManager") == ["voip", "call", "kit", "manager"])
        #expect(NameWords.split("pictureInPictureWillStop") == ["picture", "in", "picture", "will", "stop"])
    }

    @Test func anIdiomOrAVerbAfterToIsNoStutter() {
        #expect(WordStems.removingRepeats(["picture", "in", "picture", "will", "stop"]) == ["picture", "in", "picture", "will", "stop"])
        #expect(WordStems.removingRepeats(["start", "push", "to", "start", "token"]) == ["start", "push", "to", "start", "token"])
        #expect(WordStems.removingRepeats(["evaluate", "location", "evaluation"]) == ["evaluate", "location"])
    }

    @Test func aNameNeverEndsOnAnAuxiliaryCutFromItsVerb() {
        #expect(NameWords.trimmingDanglingEnd(["set", "needs"]) == ["set"])
        #expect(NameWords.trimmingDanglingEnd(["retry", "should"]) == ["retry"])
        #expect(NameWords.trimmingDanglingEnd(["set", "needs", "layout"]) == ["set", "needs", "layout"])
    }
}
