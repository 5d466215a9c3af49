import Testing
@testable import TaskNaming

/// How a test method's name is read as a scenario: its words, and where a name written in clauses may be cut.
@Suite struct TestScenarioTests {
    @Test func scaffoldingGoesFromEveryClause() {
        #expect(TestScenario.words("testTaskCancel_whenStreaming_andSuspended()") == ["task", "cancel", "streaming", "and", "suspended"])
        #expect(TestScenario.words("test_WhenSyncIsTurnedOff_ThenBookmarksAreNotSent()")
            == ["sync", "is", "turned", "off", "bookmarks", "are", "not", "sent"])
    }

    @Test func aSentencesOwnWhenStays() {
        #expect(TestScenario.words("test_lazy_finishes_when_task_is_cancelled()") == ["lazy", "finishes", "when", "task", "is", "cancelled"])
        // At the start it frames the scenario; at the end it says nothing.
        #expect(TestScenario.words("test_when_cancelled()") == ["cancelled"])
        #expect(TestScenario.words("test_finishes_when()") == ["finishes"])
    }

    @Test func clausesStartWhereTheNameSaysSo() {
        #expect(TestScenario.clauseStarts("testTaskCancel_whenStreaming_andSuspended()") == ["streaming", "and"])
        #expect(TestScenario.firstClause("testTaskCancel_whenStreaming_andSuspended()") == ["task", "cancel"])
        #expect(TestScenario.clauseStarts("testCancellationAfterDelay_WithTestScheduler()") == ["with"])
        #expect(TestScenario.firstClause("testCancellationAfterDelay_WithTestScheduler()") == ["cancellation", "after", "delay"])
    }

    @Test func aNameOfOneClauseOrOneWordAClauseHasNoClauses() {
        #expect(TestScenario.clauseStarts("testThreadPoolStartsMultipleTimes()").isEmpty)
        #expect(TestScenario.clauseStarts("test_adjacentPairs_finishes_when_iteration_task_is_cancelled()").isEmpty)
        #expect(TestScenario.firstClause("test_share_delivers_elements()").isEmpty)
    }
}
