/// A derived name: the preferred words, the words that distinguish it when it clashes, and where it came from.
///
/// ```swift
/// let derived = TaskNameDerivation().derive(context)
/// derived.name                    // "timeline-load"
/// derived.candidate(level: 1)     // "timeline-load-refresh" (when another site wants "timeline-load")
/// derived.provenance              // "awaited call loadTimeline() in TimelineViewModel.refresh()"
/// ```
public struct DerivedTaskName: Sendable, Hashable {
    /// The stable prefix, from the enclosing type (`album-detail`); the same for every site of the type.
    public var prefixWords: [String]
    /// What the task is for (`load-tracks`).
    public var purposeWords: [String]
    /// In order, the words that can tell this site apart from another that wants the same name.
    public var disambiguators: [[String]]
    /// The site does per-item work; the name is a fixed prefix an identity segment (`:\(id)`) could follow.
    public var isPerItem: Bool
    public var maxLength: Int
    /// Where the purpose came from, in a short phrase: `awaited call loadTimeline() in TimelineViewModel.refresh()`.
    public var provenance: String
    /// Set when the task only runs its caller's closure: no fixed name should be written there.
    public var forwarding: ForwardingHelper?

    /// What to do instead of a fixed name at a forwarding helper's site (thread a `name:` parameter through):
    /// `fix` leaves the site unnamed, and its plan lists it without a name.
    public var forwardingAdvice: String? { forwarding?.advice }
    /// Purposes in their own right (another call, the function, a storage), by the index of their
    /// disambiguator: when one does not fit after the purpose, it may stand in its place, whole.
    public var standaloneDisambiguators: [Int: [String]] = [:]
    /// Disambiguators (by index) that always stand in the purpose's place, never after it: the function a
    /// task's call was preferred to (`…-display` beside `…-update-image`, not `…-update-image-display`).
    public var replacingDisambiguators: Set<Int> = []
    /// Where each replacing disambiguator came from (`function show(decoded:) of SketchEvaluator`).
    public var replacingProvenance: [Int: String] = [:]

    /// Where `name` came from: the purpose's provenance, or a replacing disambiguator's when `name` is that one.
    public func provenance(of name: String) -> String {
        // A test's task that gave its call's name up for its scenario's.
        if let fallback = scenarioFallback.first, name != self.name, TaskNameUniqueness.isOwnCandidate(name, of: fallback) {
            return fallback.provenance(of: name)
        }
        for (index, source) in replacingProvenance.sorted(by: { $0.key < $1.key })
        where name == candidate(level: index + 1) || (name.hasPrefix(candidate(level: index + 1) + "-")
            && name.dropFirst(candidate(level: index + 1).count + 1).allSatisfy(\.isNumber)) {
            return source
        }
        return provenance
    }
    /// Disambiguators (by index) that only say where the task is made (`in-setup-observers`): a site with no
    /// other word keeps its plain name while a rival has a word of its own.
    public var placeDisambiguators: Set<Int> = []
    /// Disambiguators (by index) that tell sites apart only whole: cut, they would read as another purpose
    /// (`trigger-lifecycle1` of `trigger-lifecycle1-graceful-shutdown`).
    public var wholeDisambiguators: Set<Int> = []
    /// Disambiguators (by index) glued on as they are, though the name says some of their words: without them
    /// they would be a lone adjective (`other-root-shares` after `caching-root-shares-bootstrap`).
    public var verbatimDisambiguators: Set<Int> = []
    /// The name is read whole from the code, not pieced together: the prefix, then the whole name of the one call
    /// the task's body is, or of the function the task is all of. Only such a name `fix` writes without a person
    /// reviewing it (``name`` itself: a clash's distinguishing words or number are pieced together).
    ///
    /// ```swift
    /// // func refresh() { Task { await store.reloadTimeline() } }  in FeedViewModel
    /// derived.name         // "feed-reload-timeline"
    /// derived.isConfident  // true
    /// // func refresh() { Task { await store.reloadTimeline(); await badge.update(); … } }
    /// derived.isConfident  // false: the body does more than its first call
    /// ```
    public var isConfident = false
    /// `name` is read whole from the code and `candidate` is it (a clash's distinguishing words or number are
    /// pieced together): the name `fix` writes without a person. Cheaper than comparing with `name`.
    public func isConfident(as candidate: String) -> Bool {
        isConfident && candidate == (prefixWords + purposeWords).joined(separator: "-")
    }
    /// The purpose is the enclosing function's name: of sites that want one name, this one is that function's
    /// own work.
    public var isNamedAfterItsFunction = false
    /// The first disambiguator is the rest of a purpose cut to fit: one word of it is enough.
    public var firstDisambiguatorContinuesPurpose = false
    /// The purpose was cut to fit, and the first disambiguator is what was cut off (a word of it, or a whole
    /// clause): a site whose purpose is whole keeps the shorter name against it.
    public var purposeWasCut = false
    /// A test's scenario: its leading word, which leads a phrase that does not fit after the whole scenario
    /// (`connection-shutdown-graceful-run-service-group`), so tests of one suite stay apart.
    public var scenarioLead: [String] = []
    /// The scenario's lead is a whole clause of a test name written in clauses (`set-writability` of
    /// `testSetWritability_whenStreaming`): it leads only whole, never cut to its first word.
    public var scenarioLeadIsWhole = false
    /// Disambiguators (by index) that follow the prefix without the test's scenario: a call whose object the
    /// scenario says (`begin-handover` in `handoverKeepsLease()`), whose verb alone would dangle after it.
    public var scenarioFreeDisambiguators: Set<Int> = []
    /// Disambiguators (by index) that say the part a test's task plays, by its own call, whole, even where the
    /// scenario says what that call does to something (`cancel` beside `queuedJobsAreCancelled()`): after the
    /// whole scenario when it fits, else after its lead, else alone after the prefix.
    public var ownPartDisambiguators: Set<Int> = []
    /// A test's task that only runs the service the test drives, or cleans up in a `defer`: it never keeps the
    /// bare scenario, which says what the test checks; its own part (`run-pool`, `shutdown-server`) always follows.
    public var runsService = false
    /// For a test's task named for its call (`ensure-downloaded`): the name its scenario leads, which it takes
    /// when that call's name is not its alone (one element at most; an array only because a struct cannot
    /// hold itself).
    public var scenarioFallback: [DerivedTaskName] = []
    /// For a test's task named by its scenario: the name its call would give it (`paywall-footer-purchase`), which
    /// no other test's task then takes by its call.
    public var testCallName: String?
    /// The purpose names a property the task updates (`update-display-name`): a disambiguator never cuts it
    /// (`update-display-current-member` reads as garble); one that does not fit after it is passed over.
    public var purposeStaysWhole = false

    public init(
        prefixWords: [String], purposeWords: [String], disambiguators: [[String]] = [], isPerItem: Bool = false,
        maxLength: Int = TaskNameConvention.defaultMaximumLength, provenance: String = "", forwarding: ForwardingHelper? = nil
    ) {
        self.prefixWords = prefixWords
        self.purposeWords = purposeWords
        self.disambiguators = disambiguators
        self.isPerItem = isPerItem
        self.maxLength = maxLength
        self.provenance = provenance
        self.forwarding = forwarding
    }

    /// The preferred name, shortened to the limit.
    public var name: String { candidate(level: 0) }

    /// The name with the `level`th disambiguator appended (none at level 0), shortened to the limit. Each
    /// disambiguator is one phrase (a call, a storage, a button): appended alone it still reads as one.
    public func candidate(level: Int) -> String {
        if level > 0, replacingDisambiguators.contains(level - 1), let standalone = standaloneDisambiguators[level - 1] {
            return NameWords.compose(prefix: prefixWords, purpose: standalone, extra: [], maxLength: maxLength)
        }
        if level > 0, ownPartDisambiguators.contains(level - 1) {
            // After the whole scenario when it fits and shares no stem with the part (`…-are-cancelled-cancel`
            // stutters), else after its lead, else alone.
            let part = disambiguators[level - 1]
            let sharesStem = WordStems.removingRepeats(part, after: purposeWords) != part
            var glued = self
            glued.ownPartDisambiguators = []
            let regular = glued.candidate(level: level)
            // The glued phrase, when it keeps the part whole, or its verb and last word (`run-group1` of
            // `run-service-group1`).
            let tail = regular.split(separator: "-").map(String.init).suffix(part.count)
            let keepsPart = Array(tail) == part
                || (part.count > 2 && tail.contains(part[0]) && tail.last == part.last)
            // A service's run after one word of its scenario reads as a verb on the run (`force-run-pool` of
            // `forceShutdownWithLeasedConnection`): two words at least, else the run alone.
            let scenarioWordsKept = regular.split(separator: "-").dropFirst(prefixWords.count)
                .filter { !part.contains(String($0)) }.count
            let leadIsPhrase = !runsService || scenarioWordsKept >= min(2, purposeWords.count)
            if !sharesStem, regular != name, keepsPart, leadIsPhrase { return regular }
            var contexts: [[String]] = sharesStem ? [] : [purposeWords]
            // The lead may be an adjective (`repeated`): the part follows it.
            if !runsService || scenarioLead.count >= 2, !scenarioLead.isEmpty,
               WordStems.removingRepeats(part, after: scenarioLead) == part {
                contexts.append(scenarioLead)
            }
            for context in contexts + [[]] {
                let led = (prefixWords + context + part).joined(separator: "-")
                if led.count <= maxLength { return led }
            }
            return name
        }
        if level > 0, scenarioFreeDisambiguators.contains(level - 1) {
            let alone = (prefixWords + disambiguators[level - 1]).joined(separator: "-")
            return alone.count <= maxLength ? alone : name
        }
        let extra = level > 0 && level <= disambiguators.count
            ? (verbatimDisambiguators.contains(level - 1) ? disambiguators[level - 1]
                : WordStems.removingRepeats(disambiguators[level - 1], after: prefixWords + purposeWords)) : []
        let floor = level == 1 && firstDisambiguatorContinuesPurpose ? 1 : 2
        var name = NameWords.compose(prefix: prefixWords, purpose: purposeWords, extra: extra, maxLength: maxLength,
                                     extraFloor: floor)
        // `in-init` is worth its word only beside the whole purpose: where it would cut the purpose
        // (`update-verification-in-init` of `update-verification-badge`), the place is glued on bare.
        if level > 0, placeDisambiguators.contains(level - 1), extra.first == "in",
           !name.hasPrefix((prefixWords + purposeWords).joined(separator: "-") + "-") {
            name = NameWords.compose(prefix: prefixWords, purpose: purposeWords, extra: Array(extra.dropFirst()),
                                     maxLength: maxLength, extraFloor: floor)
        }
        // A place cut to fit (`in-register` of `registerHandlers`) names another function: the next
        // disambiguator, or a number, tells the sites apart instead.
        if level > 0, placeDisambiguators.contains(level - 1), extra.first == "in",
           !name.hasSuffix("-" + extra.dropFirst().joined(separator: "-")) {
            name = self.name
        }
        if level > 0, purposeStaysWhole, !name.hasPrefix((prefixWords + purposeWords).joined(separator: "-") + "-") {
            name = self.name
        }
        // Too long to follow the purpose: a phrase that names the task by itself stands in its place
        // (`network-protection-debug-toggle-enforce-routes` rather than a number).
        if !extra.isEmpty, let standalone = standaloneDisambiguators[level - 1], name == self.name {
            return NameWords.compose(prefix: prefixWords, purpose: standalone, extra: [], maxLength: maxLength)
        }
        if !extra.isEmpty, !scenarioLead.isEmpty, name == self.name {
            // The whole phrase after the lead, the lead's later words going first (never to an unfinished end:
            // `at-least` of `at-least-once`); only then the phrase's own words, never down to its bare verb.
            // After a whole clause, the clause cut off starts without its glue (`server-client-host-port`, not
            // `…-and-host-port`).
            let tail = scenarioLeadIsWhole ? Array(extra.drop { NameWords.fillers.contains($0) }) : extra
            for count in stride(from: scenarioLead.count, through: scenarioLeadIsWhole ? scenarioLead.count : 1, by: -1) {
                let lead = Array(scenarioLead.prefix(count))
                guard NameWords.trimmingUnfinishedEnd(lead) == lead else { continue }
                let whole = (prefixWords + lead + (tail.isEmpty ? extra : tail)).joined(separator: "-")
                if whole.count <= maxLength { return whole }
            }
            let led = NameWords.compose(prefix: prefixWords, purpose: scenarioLead, extra: extra, maxLength: maxLength,
                                        extraFloor: floor)
            if !scenarioLeadIsWhole, led != (prefixWords + scenarioLead).joined(separator: "-") { return led }
            // Not even after the scenario's lead: a whole call (`trigger-graceful-shutdown`) says more without it.
            let whole = (prefixWords + extra).joined(separator: "-")
            // (Not the scenario's own clause cut off: without its lead it reads as another sentence.)
            let isScenarioClause = scenarioLeadIsWhole && level == 1 && purposeWasCut
            if extra.count > 2, !isScenarioClause, NameWords.compose(prefix: prefixWords, purpose: extra, extra: [], maxLength: maxLength) == whole {
                return whole
            }
        }
        if !extra.isEmpty, wholeDisambiguators.contains(level - 1), !name.hasSuffix("-" + extra.joined(separator: "-")) {
            return self.name
        }
        return name
    }

    /// For a test's run of a service whose whole scenario leaves no room for what runs: the scenario and the
    /// run's verb alone (`memcache-integration-increment-value-run`), which still says which test and that it
    /// runs, where the part alone (`…-run-connection`) is the same in every test. Nil for any other site.
    public var scenarioRun: String? {
        guard runsService, let own = ownPartDisambiguators.min(), case let part = disambiguators[own], part.count > 1,
              part[0] == "run",
              WordStems.removingRepeats(part, after: purposeWords) == part,
              candidate(level: own + 1) != (prefixWords + purposeWords + part).joined(separator: "-") else { return nil }
        let run = (prefixWords + purposeWords + part.prefix(1)).joined(separator: "-")
        return run.count <= maxLength ? run : nil
    }

    /// `candidate(level:)` with a number at the end, used only when no context word tells sites apart.
    public func numbered(_ number: Int, level: Int = 0) -> String {
        var shorter = self
        shorter.maxLength = maxLength - 1 - String(number).count
        return shorter.candidate(level: level) + "-\(number)"
    }
}
