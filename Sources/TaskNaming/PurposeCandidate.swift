/// A phrase that could become a task's purpose: its words, where they came from, and what kind of words they are (a
/// sentence, a storage, a call, the enclosing member).
struct PurposeCandidate: Hashable {
    var words: [String]
    var provenance: String
    /// The words form a sentence (a test's scenario, a title): kept together, not thinned word by word.
    var isPhrase: Bool
    /// The name of a property or local the task is stored in (`activeLogsTask`).
    var isStorage = false
    /// Saying only what the prefix says, the candidate still names the task: the prefix alone (a function or
    /// call that is the type's own verb).
    var mayEcho: Bool

    /// Used to tell two sites apart, the candidate may replace the purpose when both do not fit (a storage, a
    /// title, another call, a function that says what the task does).
    var mayStandAlone: Bool
    /// The words are a verb phrase: a function's or a call's name.
    var startsWithVerb = false
    /// The candidate is the body's dominant call.
    var isCall = false
    /// The candidate is the enclosing member.
    var isMember = false
    /// The verb the words start with, as written (`export` of `exportItem`), when they are a verb phrase.
    var verb: String?
    /// The words are only that verb, put back after the prefix said everything else.
    var echoesPrefix = false
    /// For the call whose completion runs the task: how it tells the task apart, as a time (`after-upload`).
    var afterWords: [String]?
    /// The verb is the call's whole name (`viewModel.claim()`): a verb, whatever the word.
    var verbIsWholeName = false
    /// For a test's scenario written in clauses (`testTaskCancel_whenSourceFinished`): the words of each clause
    /// (``TestScenario/clauses(_:)``); the scenario may be cut where one begins and still read as a phrase.
    var clauses: [[String]] = []
    /// The words of the first clause, as written (`task-cancel`).
    var firstClause: [String] { clauses.first ?? [] }

    /// Where in `words` the clauses after the first begin (`[2]` for `task-cancel-source-finished`).
    var clauseBoundaries: [Int] {
        var boundaries: [Int] = []
        var from = 1
        for start in clauses.dropFirst().compactMap(\.first) {
            guard from < words.count, let index = words[from...].firstIndex(of: start) else { continue }
            boundaries.append(index)
            from = index + 1
        }
        return boundaries
    }

    /// Logging `words` (a line, or the function it is logged in): `log` is the verb.
    static func logging(_ words: [String], _ provenance: String, isPhrase: Bool = false) -> PurposeCandidate {
        var candidate = PurposeCandidate(["log"] + words, provenance, isPhrase: isPhrase)
        candidate.startsWithVerb = true
        candidate.verb = "log"
        return candidate
    }

    init(_ words: [String], _ provenance: String, isPhrase: Bool = false, mayEcho: Bool = false, mayStandAlone: Bool = true) {
        self.words = words
        self.provenance = provenance
        self.isPhrase = isPhrase
        self.mayEcho = mayEcho
        self.mayStandAlone = mayStandAlone
    }
}
