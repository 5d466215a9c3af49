/// The scenario a test method's name describes, without the scaffolding every test name carries:
/// `test`, `when`, `given`, `then`, `that`, `should`, and the underscores between clauses.
///
/// The same words come out whatever style a file uses, so tests in one suite read alike in a trace:
///
/// ```swift
/// TestScenario.words("testKeepAliveWorks()")                                      // ["keep", "alive", "works"]
/// TestScenario.words("test_WhenSyncIsTurnedOff_ThenBookmarksAreNotSent()")       // ["sync", "is", "turned", "off", "bookmarks", "are", "not", "sent"]
/// TestScenario.words("testThatCallStartFetching()")                               // ["call", "start", "fetching"]
/// ```
public enum TestScenario {
    /// Words that frame a test's name at the start of a clause (`test_`, `_When`, `_Then`, `testThat…`), not
    /// inside one (`…WithTestScheduler` keeps its `test`).
    public static let scaffolding: Set<String> = ["test", "tests", "when", "given", "then", "that", "should", "it"]
    /// Clause joiners that are scaffolding wherever they stand (`testWhenClearedThenCookiesAreRetained`).
    public static let joiners: Set<String> = ["when", "given", "then"]

    /// The scenario words of the test method `function` (a base name or a name with its labels).
    public static func words(_ function: String) -> [String] {
        let base = DeclarationPath.baseName(function)
        var scenario: [String] = []
        for clause in base.split(separator: "_") {
            // `test_lazy_finishes_when_task_is_cancelled`: a `when` written as a word of its own after the first
            // words is the sentence's conjunction; dropped, the sentence reads as garble
            // (`lazy-finishes-task-is-cancelled`). (`testYield_whenStreaming` frames a clause: scaffolding.)
            if clause == "when", !scenario.isEmpty {
                scenario.append("when")
                continue
            }
            scenario += unframed(NameWords.split(String(clause)))
        }
        // `testOnTurnOffSync…`: a leading `on` frames the scenario too, unless the scenario is about the event it
        // opens (`testOnCreateCommentSubscription` is about the `onCreate` subscription; nothing is created).
        if scenario.count > 1, scenario.first == "on", !scenario.contains(where: eventSourceNouns.contains) { scenario.removeFirst() }
        // A test called only `test()` or `testIt()` has no scenario: its name is what there is.
        return scenario.isEmpty ? NameWords.split(base)
            : NameWords.trimmingDanglingEnd(trimmingLeadingGlue(removingRepeatedStems(scenario)))
    }

    /// The first word of each clause after the first in a test name written in clauses
    /// (`testTaskCancel_whenStreaming_andSuspended` → `streaming`, `and`), where a scenario too long to say whole
    /// may be cut and still read as a phrase; empty for a name of one clause or a sentence written one word a
    /// clause (`test_share_delivers_elements`).
    public static func clauseStarts(_ function: String) -> [String] {
        clauses(function).dropFirst().compactMap(\.first)
    }

    /// The words of the first clause of a test name written in clauses, without scaffolding (`task-cancel` of
    /// `testTaskCancel_whenStreaming`); empty where ``clauseStarts(_:)`` is.
    public static func firstClause(_ function: String) -> [String] {
        clauses(function).first ?? []
    }

    /// The scenario words of each clause of a test name written in clauses (`task-cancel`, `streaming`,
    /// `and-suspended` of `testTaskCancel_whenStreaming_andSuspended`); empty for a name of one clause or a
    /// sentence written one word a clause (`test_adjacentPairs_finishes_when_…`: those are a sentence's words).
    public static func clauses(_ function: String) -> [[String]] {
        let written = DeclarationPath.baseName(function).split(separator: "_").map { NameWords.split(String($0)) }
        guard written.count > 1, written.dropFirst().allSatisfy({ $0.count > 1 }) else { return [] }
        return written.map(unframed).filter { !$0.isEmpty }
    }

    /// One clause's words without the scaffolding that opens it, joiners and repeat counts.
    static func unframed(_ words: [String]) -> [String] {
        words.drop { scaffolding.contains($0) }.filter { !joiners.contains($0) && !isRepeatCount($0) }
    }

    /// Nouns for what reports an event: after them, a leading `on` names the event (`onCreate`).
    static let eventSourceNouns: Set<String> = [
        "subscription", "subscriptions", "event", "events", "listener", "listeners", "handler", "handlers", "callback",
        "callbacks", "notification", "notifications", "observer", "observers",
    ]

    /// `x10000` in `oneMessagePerfX10000`: how many times the test repeats its work, not a word of what it does.
    static func isRepeatCount(_ word: String) -> Bool {
        word.count > 1 && word.first == "x" && word.dropFirst().allSatisfy(\.isNumber)
    }

    /// `commit-all-commits-stored-offsets` → `commit-all-stored-offsets`: another form of a content word the
    /// scenario said just before (a noun then its verb) is a stutter; it goes, the words after it stay. The
    /// same word again is English (`sub-domains-on-sub-domains`, `clear-is-called-completion-is-called`), and
    /// so are short words (`to`, `id`) and glue.
    static func removingRepeatedStems(_ words: [String]) -> [String] {
        var kept: [String] = []
        for word in words {
            let repeats = word.count >= 4 && !NameWords.fillers.contains(word)
                && kept.suffix(2).contains { $0.count >= 4 && $0 != word && WordStems.same($0, word) }
            if !repeats { kept.append(word) }
        }
        return kept.isEmpty ? words : kept
    }

    /// `and-bookmarks-sent` → `bookmarks-sent`: a clause joiner left at the front once `when` is gone.
    static func trimmingLeadingGlue(_ words: [String]) -> [String] {
        var words = words
        while words.count > 1, let first = words.first, NameWords.fillers.contains(first) || first == "or",
              !NameWords.isIdiomWord(words, at: 0) {
            words.removeFirst()
        }
        return words
    }

    /// Whether `function` looks like a test method by its name alone: `test` followed by a capital, a digit,
    /// an underscore or nothing (`testLoad`, `test_load`, `test1`), not `testify` or `tested`.
    public static func looksLikeTest(_ function: String) -> Bool {
        let base = DeclarationPath.baseName(function)
        guard base.hasPrefix("test") else { return false }
        guard let next = base.dropFirst(4).first else { return true }
        return next.isUppercase || next.isNumber || next == "_"
    }
}
