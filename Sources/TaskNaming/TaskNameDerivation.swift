/// Derives a task name from what the task does, then from where it is.
///
/// The name follows the convention: lowercase kebab-case, a stable prefix from the enclosing type (the same for
/// every site of the type, ``TypePrefix``), then the purpose, short. The purpose is, in this order of trust:
///
/// 1. a storage that names a role (`progressObserver = Task {…}`);
/// 2. in a test, the scenario its name describes (``TestScenario``);
/// 3. in a function that says *when* rather than *what* (`init`, `body`, `viewDidLoad`) or says nothing
///    (`run`, `handle(_:)`, `process(_:)`): the property it is stored in, the call its body makes, the button
///    that starts it, the `case` it is created in, the modifier it sits in;
/// 4. in any other function: the function's name, unless the task is only part of what the function does (or
///    runs later, in a closure the function hands on) and its body makes one call that the function's name does
///    not say: then that call (`insertToUrlCache` whose task removes stale references is named after the removal).
///
/// Every other candidate becomes a disambiguator, used only when another site wants the same name.
///
/// ```swift
/// let context = TaskNameContext(
///     declarationPath: DeclarationPath(parsing: "AlbumDetailViewModel.loadTracks(for:)"),
///     operation: "fetchTracks"
/// )
/// let derived = TaskNameDerivation().derive(context)
/// derived.name            // "album-detail-load-tracks"
/// derived.disambiguators  // [["fetch"]]  (used only when another site wants the same name)
/// derived.provenance      // "function loadTracks(for:) of AlbumDetailViewModel"
/// ```
///
/// Everything here is a pure function of its input: same context, same name.
public struct TaskNameDerivation: Sendable {
    /// How type names become prefixes.
    public var typePrefix: TypePrefix
    /// Functions whose name says *when* code runs, not *what* it does (`init`, `viewDidLoad`, `body`): a task
    /// created there is named after its property, call or action instead.
    public var hostFunctions: Set<String>
    /// The limit for the whole name, in characters (the convention's default is 48).
    public var maxLength: Int

    /// - Parameters:
    ///   - noiseSuffixes: words that say what kind of type something is (`ViewModel`, `Service`), removed from
    ///     the end of type names.
    ///   - maxLength: the longest name; a prefix takes at most `maxLength - 20` characters of it, so a long type
    ///     name still leaves the purpose room for a verb and its object.
    public init(
        noiseSuffixes: [String] = TypePrefix.defaultKindWords,
        hostFunctions: Set<String> = TaskNameDerivation.defaultHostFunctions,
        maxLength: Int = TaskNameConvention.defaultMaximumLength
    ) {
        self.maxLength = max(8, maxLength)
        self.typePrefix = TypePrefix(kindWords: noiseSuffixes, limit: max(8, self.maxLength - 20))
        self.hostFunctions = hostFunctions
    }

    public static let defaultHostFunctions: Set<String> = [
        "init", "deinit", "body", "main", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
        "viewDidDisappear", "viewIsAppearing", "viewDidLayoutSubviews", "loadView", "awakeFromNib", "layoutSubviews",
        "windowDidLoad", "application", "scene", "applicationDidBecomeActive", "applicationWillEnterForeground",
        "applicationDidFinishLaunching", "applicationWillTerminate", "applicationDidEnterBackground",
        "sceneDidBecomeActive", "sceneWillEnterForeground", "sceneDidEnterBackground", "sceneWillResignActive",
        "onAppear", "onDisappear", "task", "makeBody", "updateUIView", "makeUIView", "updateNSView", "makeNSView",
        "setUp", "setUpWithError", "tearDown", "tearDownWithError",
    ]

    /// Function names that say nothing about the work inside: the body's call says more.
    public static let genericFunctions: Set<String> = [
        "run", "handle", "handler", "perform", "execute", "process", "callAsFunction", "reduce", "update", "invoke",
        "call", "callback", "notify", "receive", "work", "fire", "trigger", "operation", "action", "respond",
        "dispatch", "send", "go",
    ]

    /// First words of functions that set up callbacks (`setupSubscriptions`, `registerObservers`, `bind()`):
    /// a task inside runs when the callback fires, and the call it makes says what it does.
    public static let setUpWords: [[String]] = [
        ["register"], ["observe"], ["subscribe"], ["set", "up"], ["setup"], ["configure"], ["bind"],
        ["add", "observer"], ["add", "observers"], ["start", "observing"], ["listen"],
    ]

    /// `setUpBindings`, `registerObservers`, `bind`: whole first words, so `configuredAPI` is not one.
    static func isSetUp(_ words: [String]) -> Bool {
        setUpWords.contains { Array(words.prefix($0.count)) == $0 }
    }

    /// Last words of a storage name that say what role the task plays (`progressObserver`, `syncTimer`).
    static let roleNouns: Set<String> = [
        "observer", "observers", "poller", "monitor", "watcher", "listener", "timer", "ticker", "heartbeat",
        "observation", "subscription", "subscriber", "poll", "polling", "logger", "forwarder", "pump", "reader",
        "writer", "reaper", "drainer", "renderer", "refresher", "streamer", "watchdog",
    ]

    /// Words that name a kind of control or closure (`Button`, `action:`), not what it does.
    static let controlWords: Set<String> = [
        "button", "action", "closure", "handler", "callback", "block", "label", "menu", "perform", "completion",
        "primary", "secondary", "destructive", "default", "alert",
    ]

    /// Control words that name something a user touches (`button`, `alert`), not a closure's role (`perform`).
    static let userControlWords: Set<String> = [
        "button", "label", "menu", "primary", "secondary", "destructive", "default", "alert",
    ]

    /// First words of a button's title that confirm or repeat what the screen offers (`Retry`, `Done`,
    /// `Restart to Complete`): what the user taps, never what the task does.
    static let confirmationWords: Set<String> = [
        "retry", "try", "again", "done", "ok", "okay", "go", "continue", "confirm", "submit", "proceed", "next",
        "yes", "fix", "restart", "relaunch", "apply",
    ]

    /// Words that name a field of a text, not what a control does (`title`, `message`).
    static let fieldWords: Set<String> = [
        "title", "subtitle", "message", "label", "text", "header", "footer", "description", "placeholder", "button",
    ]

    /// Names the task at `context`: the preferred name plus, in order, the words that can tell it apart from
    /// another site that wants the same name, and where the name came from.
    public func derive(_ context: TaskNameContext) -> DerivedTaskName {
        derive(context, testCall: .leadsWhereScenarioIsCut)
    }

    /// Whether a test's task that makes one strong call is named for it rather than for the test's scenario.
    enum TestCallLead { case leadsWhereScenarioIsCut, leads, never }

    private func derive(_ context: TaskNameContext, testCall: TestCallLead) -> DerivedTaskName {
        var prefix = prefixWords(context)
        // Top-level code of a script file (`Pipelining.swift`): the file is its context, as a type would be.
        if prefix.isEmpty, context.declarationPath.typeNames.isEmpty, context.declarationPath.member == nil,
           let fileName = context.fileName, Self.fileStem(fileName) != "main" {
            prefix = typePrefix.stem(Self.fileStem(fileName))
        }
        // Drop words the prefix says already, and repeated stems. A candidate made only of the prefix's words
        // or stems (`decline-and-block` + `decline`, `configuration-fetcher` + `fetch`) means the prefix alone
        // says what the task does; it keeps its place but adds no words.
        var ordered: [PurposeCandidate] = []
        var seen: Set<[String]> = []
        // `RuleEvaluation`, `RemindersSync`: the type's own last word (no kind word taken off) is the activity
        // `verb` names, not an agent (`exporter`) nor a modifier of a kind word (`EpisodeLoadingController`).
        func namesTheActivity(_ verb: String) -> Bool {
            guard let head = prefix.last, WordStems.same(head, verb), !head.hasSuffix("er"), !head.hasSuffix("or"),
                  let type = context.declarationPath.typeNames.last else { return false }
            return NameWords.split(type).last == head
        }
        for candidate in purposeCandidates(context, testCall: testCall) {
            var words: [String]
            if candidate.isPhrase {
                // A test's scenario or a button's title is a sentence: only the words that restate the prefix at
                // its start go, and only if the rest still says something (`Sync Now` stays whole).
                words = Array(candidate.words.drop { word in prefix.contains { WordStems.same($0, word) } })
                if !words.isEmpty, words.allSatisfy(Self.cannotStandAlone.contains) { words = candidate.words }
                // At its end too (`cursor` + `async-token-cursor` → `async-token`), a word the prefix says
                // in a form as long goes, when what is left still ends on a whole phrase (`subscription` +
                // `two-different-subscriptions` keeps its head noun: the plural says more).
                words = TestScenario.trimmingLeadingGlue(Self.removingPrefixWords(prefix, from: words))
                words = NameWords.removingAdjacentDuplicates(words)
            } else {
                words = WordStems.removingRepeats(Self.removingRepeats(of: prefix, in: candidate.words,
                                                                      startsWithVerb: candidate.startsWithVerb))
            }
            words = NameWords.trimmingDanglingEnd(words)
            // `activeLogsTask` in `MoreLogsView`: a storage whose head noun the prefix says keeps only what
            // qualifies it (`active`), which names nothing.
            if candidate.isStorage, candidate.words.count > 1, let head = candidate.words.last, !words.isEmpty,
               !words.contains(where: { WordStems.same($0, head) }) {
                continue
            }
            // What is left must say something on its own: `reminders-sync` + `sync-all` is not `-all`, and a
            // trailing `sync` (`loadFaviconSync` after `favicon-loader`) is an adverb.
            // A verb the prefix names as an activity (`train` of `training`) is still what the task does; one it
            // names as an agent (`fetch` of `configuration-fetcher`) or as is (`sync` of `reminders-sync`) is not.
            let activityVerb = candidate.startsWithVerb && words.count == 1 && prefix.contains { word in
                word != words[0] && word.hasSuffix("ing") && !words[0].hasSuffix("ing") && WordStems.same(word, words[0])
            }
            // `checkNow()` of `price-check`: an adverb of time finishes the verb the prefix ends on (`price-check-now`).
            let finishesPrefixVerb = !words.isEmpty && words.allSatisfy(Self.timeAdverbs.contains)
                && candidate.words.count == words.count + 1 && prefix.last.map { WordStems.same($0, candidate.words[0]) } == true
            if (WordStems.allRepeat(words, in: prefix) && !activityVerb)
                || (words.allSatisfy(Self.cannotStandAlone.contains) && !finishesPrefixVerb)
                || (words.count == 1 && Self.adverbsWhenLast.contains(words[0]) && candidate.words.first != words[0]) {
                words = []
            }
            // `streamResponse()` in `response-stream-provider`: a call's verb and object that the prefix says only
            // as a modifier (`response-stream`) of another head (`provider`) still say what the task does.
            // (`albumDetail()` in `album-detail` says it in the same order: the prefix says it.)
            if words.isEmpty, candidate.isCall, candidate.words.count >= 2,
               let head = prefix.last, !candidate.words.contains(where: { WordStems.same($0, head) }),
               !prefix.indices.contains(where: { Array(prefix.dropFirst($0).prefix(candidate.words.count)) == candidate.words }) {
                words = candidate.words
            }
            // Only the function or the body's call may leave the prefix alone (`configuration-fetcher` for its
            // `fetch()`); a storage or title that says nothing more is passed over.
            if words.isEmpty && (candidate.words.isEmpty || prefix.isEmpty || !candidate.mayEcho) { continue }
            // The verb is what the task does, even when the prefix says its stem (`export` of `media-exporter`,
            // `load-episode` of `episode-loading`, `claim` of `referral-claim-pass`): the prefix alone, or the
            // object without its verb (`media-exporter-item`), says nothing of the work. Not when the prefix's
            // head is the verb itself (`sync` of `reminders-sync`) or the type is named for that very activity
            // (`evaluate` of `RuleEvaluation`: the prefix is the work), nor an empty verb (`get`, `run`).
            // A prefix that says the verb as is (`source-control-add-existing` + `add-remote`) gets it back only
            // when nothing else is left: `add-existing-add-remote` stutters, `add-existing-remote` reads.
            var echoesPrefix = false
            if let verb = candidate.verb, words.first != verb, prefix.last != verb, !namesTheActivity(verb),
               words.isEmpty || !prefix.contains(verb),
               !Self.emptyVerbs.contains(verb), !Self.cannotStandAlone.contains(verb), !Self.taskNouns.contains(verb),
               Self.prefixSaysVerb(verb, prefix: prefix, oneWordCall: candidate.isCall && candidate.verbIsWholeName) {
                echoesPrefix = words.isEmpty
                words = [verb] + words.filter { !WordStems.same($0, verb) }
            }
            guard seen.insert(words).inserted else { continue }
            var kept = candidate
            kept.words = words
            kept.echoesPrefix = echoesPrefix
            ordered.append(kept)
        }
        // A function that only echoes the prefix (`read()` of `stats-reader`) says nothing the prefix does not:
        // the body's call, when it says more, goes first (`stats-reader-fetch-stats`).
        // Not the first of several calls (`setFrameOrigin` in `openSettings(tab:)` of `settings-opener`): one
        // step of many says less than the prefix's own verb.
        if let first = ordered.first, first.words.isEmpty || first.echoesPrefix, first.isMember,
           context.body.dominance != .firstCall,
           let call = ordered.firstIndex(where: { $0.isCall && !$0.words.isEmpty && !$0.echoesPrefix }) {
            ordered.insert(ordered.remove(at: call), at: 0)
        }
        // A purpose too long for the limit is cut to its first words; cut to a lone generic verb (`handle` of
        // `handleAdapterStarted`) it says nothing, and the next candidate that survives the cut goes first.
        // So does a noun phrase cut from its head (`current-subscription` of `current-subscription-features`):
        // the function says more when it says what (`reload`); else the phrase without its leading adjectives
        // (`subscription-features`), when that fits. A sentence (a test's scenario) is cut by its clauses instead.
        if let first = ordered.first, !first.isPhrase, cutsBadly(first.words, prefix: prefix),
           !cutsToGenericVerb(first.words, prefix: prefix), role(of: context) != .specific || !ordered.contains(where: \.isMember) {
            let bare = Array(first.words.drop(while: NameWords.unfinishedEnds.contains))
            // Only a plain noun phrase: `object-proxy-with-error-handler` is no name.
            if !bare.isEmpty, !cutsBadly(bare, prefix: prefix), !bare.contains(where: NameWords.danglingWords.contains),
               fitsUncut(bare, after: prefix) {
                ordered[0].words = bare
            }
        }
        // `send-push-notification` cut from `sendPushNotificationPreferences`: a call's object cut from its head
        // noun names another thing. The verb keeps its head noun and as many words before it as fit
        // (`send-notification-preferences`), when nothing but nouns stand between them.
        // So does a function's (`didReceiveVerificationRequest(details:)` → `did-receive-request`), after the
        // `did` or `will` of a delegate's event.
        let verbIndex = ordered.first.map { $0.isMember && ["did", "will"].contains($0.words.first ?? "") ? 1 : 0 } ?? 0
        if let first = ordered.first, first.isCall || (first.isMember && verbIndex == 1), !first.isPhrase, first.words.count > verbIndex + 2,
           first.isMember || first.verb == first.words[0],
           Self.everyVerb.contains(first.words[verbIndex]) || Self.knownVerbs.contains(first.words[verbIndex]),
           let head = first.words.last, !prefix.contains(where: { WordStems.same($0, head) }),
           !first.words.dropFirst(verbIndex + 1).contains(where: { word in
               NameWords.fillers.contains(word) || NameWords.danglingWords.contains(word) || NameWords.isParticiple(word)
                   || word.hasSuffix("ing") || word.hasSuffix("ly") || ["already", "still", "not", "no"].contains(word)
           }) {
            var kept = first.words
            while !fitsUncut(kept, after: prefix), kept.count > verbIndex + 2 { kept.remove(at: verbIndex + 1) }
            if kept != first.words, fitsUncut(kept, after: prefix) { ordered[0].words = kept }
        }
        if let first = ordered.first, first.isPhrase ? cutsToGenericVerb(first.words, prefix: prefix) : cutsBadly(first.words, prefix: prefix),
           let better = ordered.firstIndex(where: { !$0.words.isEmpty && !cutsBadly($0.words, prefix: prefix) }) {
            ordered.insert(ordered.remove(at: better), at: 0)
        }
        var purpose = ordered.isEmpty ? PurposeCandidate([], "") : ordered.removeFirst()
        // A free function's task named after its call (`serviceGroup.run()` in `testServer(…)`): the function is
        // the context a type would give, so it leads (`test-server-run-service-group`).
        // A long one is cut to its head, as a long type name would be (`makeClient50Concurrent20ConnectionGETBenchmark`
        // → `client-benchmark`): glued whole before a call it reads as one sentence. And a task named after such
        // a function says only where it is: the body's call, if any, is the purpose after that head.
        if prefix.isEmpty, context.declarationPath.typeNames.isEmpty, case .function? = context.declarationPath.member,
           let member = context.declarationPath.member, !purpose.words.isEmpty {
            let functionWords = memberWords(member)
            let head = context.isTestMethod ? functionWords : Self.contextHead(functionWords)
            // An awaited request on something (`client.get("foo")`) is work even under a bookkeeping name.
            let request = context.body.bookkeepingCalls.first {
                $0.isAwaited && $0.hasLeadingArgument && !Self.lockCalls.contains($0.name)
                    && !Self.reportingCalls.contains($0.name) && !Self.atomicCalls.contains($0.name)
            }.map { call in
                var candidate = PurposeCandidate(callWords(call), "awaited call \(call.text) in \(context.declarationPath.description)")
                candidate.isCall = true
                return candidate
            }
            if purpose.isMember, !context.isTestMethod, head.count < functionWords.count, !head.isEmpty,
               let call = ordered.firstIndex(where: { $0.isCall && !$0.words.isEmpty }).map({ ordered.remove(at: $0) }) ?? request {
                let function = purpose
                purpose = call
                ordered.insert(function, at: 0)
                prefix = head
            } else if !functionWords.isEmpty, purpose.words != functionWords, !purpose.words.starts(with: functionWords) {
                // `runDeleteRequest(…)` whose task runs the connection: the function's verb said again would stutter
                // (`run-delete-request-run-…`); its object says where (`delete-request-run-memcache-connection`).
                let sameVerb = head.count > 1 && purpose.words.first.map { WordStems.same($0, head[0]) } == true
                prefix = sameVerb ? Array(head.dropFirst()) : head
                // Nor is an object it says whole (`PermissionRequest.show(…)` in `requestIntentPermission()` is
                // `request-intent-permission-show`, never `…-permission-request`); an object it says in part keeps
                // its words (`image-pipeline` after `load-images`).
                let unsaid = purpose.words.filter { word in !prefix.contains { WordStems.same($0, word) } }
                if !context.isTestMethod, purpose.isCall, unsaid.count < purpose.words.count,
                   unsaid.isEmpty || unsaid == Array(purpose.words.prefix(1)) || (unsaid.count == 1 && context.body.dominant.map { NameWords.split($0.name).first == unsaid[0] } == true) {
                    purpose.words = unsaid.isEmpty ? purpose.verb.map { [$0] } ?? [] : unsaid
                } else if !context.isTestMethod, purpose.isCall, purpose.words.count > 1, purpose.words.first == prefix.last {
                    // The word the function ends on, said again at once, is said once (`AccessPrompt.present(…)` in
                    // `requestCameraAccess()` → `request-camera-access-prompt-present`).
                    purpose.words.removeFirst()
                }
            }
        }
        // A free function named for what it does (`decode(_:using:)` in `DataLoader.swift`) says it of nothing: its
        // file says what it belongs to (`data-loader-decode`), as a type would. Not a file named for no area
        // (`Utilities.swift`, `main.swift`) or for the function itself.
        if prefix.isEmpty, purpose.isMember, context.declarationPath.typeNames.isEmpty, !context.isTestMethod,
           case .function? = context.declarationPath.member, let fileName = context.fileName {
            let stem = typePrefix.stem(Self.fileStem(fileName))
            if !stem.isEmpty, !stem.allSatisfy(Self.areaFreeFileStems.contains),
               !stem.contains(where: { word in purpose.words.contains { WordStems.same($0, word) } }),
               !stem.contains(where: { !$0.allSatisfy(\.isLetter) }) {
                prefix = stem
            }
        }
        if prefix.isEmpty && purpose.words.isEmpty, let fileName = context.fileName {
            purpose = PurposeCandidate(NameWords.split(Self.fileStem(fileName)), "file name \(Self.lastComponent(fileName))")
        }
        if prefix.isEmpty && purpose.words.isEmpty { purpose = PurposeCandidate(["task"], "no enclosing declaration") }
        if purpose.provenance.isEmpty { purpose.provenance = "type \(context.declarationPath.typeNames.last ?? "")" }
        // One of many alike children in a test (`for _ in 0..<n { group.addTask { try await service.ping() } }`)
        // whose scenario ends on how, not what (`one-message-async`): each does its call, which the scenario
        // does not say; glued after the scenario when it fits.
        if purpose.isPhrase, context.isPerItem, context.isTestMethod,
           purpose.words.last.map(Self.adverbsWhenLast.contains) == true,
           let own = ownPart(context, prefix: prefix, purpose: purpose), !own.isEmpty {
            let glued = purpose.words + own
            if NameWords.compose(prefix: prefix, purpose: glued, extra: [], maxLength: maxLength)
                == (prefix + glued).joined(separator: "-") {
                purpose.words = glued
            }
        }
        // The convention wants a name to start with a letter.
        if let first = (prefix + purpose.words).first, first.first?.isLetter != true { prefix.insert("task", at: 0) }

        // A purpose cut to fit: the words cut off are the first thing that tells it from a site whose purpose
        // starts alike (`http-client-max-concurrent` + `nil-by-default` or `bypassed-for-hostless`).
        // A sentence (a test's scenario) that does not fit whole is cut where a clause ends.
        // A sentence's own `when` (`finishes-when-task-is-cancelled`) is worth its room only where the sentence
        // fits whole: cut, the condition would go whole, and with it what the test is about.
        var phrase = purpose.isPhrase ? NameWords.keptPhrase(prefix: prefix, phrase: purpose.words, maxLength: maxLength) : nil
        if purpose.isPhrase, context.isTestMethod, purpose.words.contains("when"), phrase?.consumed != purpose.words.count {
            purpose.words.removeAll { $0 == "when" }
            phrase = NameWords.keptPhrase(prefix: prefix, phrase: purpose.words, maxLength: maxLength)
        }
        // A test's sentence that fits neither whole nor up to a clause keeps its end, which says what happens
        // (`listen-connection-drops` of `testSimpleListenConnectionDrops`, never `simple-listen-connection`): it
        // loses a leading word or two that only qualify (`simple`), not a verb.
        if purpose.isPhrase, context.isTestMethod, purpose.clauseBoundaries.isEmpty,
           phrase.map({ $0.consumed < purpose.words.count }) ?? true {
            for drop in 1...2 where purpose.words.count - drop >= 3 {
                let dropped = purpose.words.prefix(drop)
                guard dropped.allSatisfy(Self.testVariantWords.contains) else { break }
                let tail = Array(purpose.words.dropFirst(drop))
                if (prefix + tail).joined(separator: "-").count <= maxLength, NameWords.trimmingDanglingEnd(tail) == tail {
                    purpose.words = tail
                    phrase = (tail, tail.count)
                    break
                }
            }
        }
        var kept = NameWords.keptPurpose(prefix: prefix, purpose: purpose.words, maxLength: maxLength)
        // A call or function too long for the name keeps its verb and its head noun: the words between go, the
        // nearest the verb first (`clear-notifications` of `clearDeliveredNotifications`, never `clear-delivered`).
        if !purpose.isPhrase, kept.count < purpose.words.count, Array(purpose.words.prefix(kept.count)) == kept,
           let thinned = Self.thinnedVerbPhrase(purpose.words, after: prefix, maxLength: maxLength) {
            purpose.words = thinned
            kept = thinned
        }
        // `promote-to-dynamic` cut from `promote-to-dynamic-island`: a call's prepositional phrase goes whole.
        // (Not `connect-to-host` of `connect-to-host-with-password`: that phrase ended where the cut is.)
        var cutAtPreposition = false
        if !purpose.isPhrase, kept.count < purpose.words.count, Array(purpose.words.prefix(kept.count)) == kept,
           !NameWords.clauseOpeners.contains(purpose.words[kept.count]),
           let preposition = kept.indices.dropFirst().last(where: { NameWords.cutPrepositions.contains(kept[$0]) }),
           !(NameWords.particles.contains(kept[preposition]) && NameWords.particleVerbs.contains(kept[preposition - 1])) {
            kept = Array(kept[..<preposition])
            cutAtPreposition = true
        }
        var consumed = kept.count
        var cutAtClause = false
        let clauseBoundaries = purpose.isPhrase ? purpose.clauseBoundaries : []
        if let phrase {
            (kept, consumed) = phrase
            cutAtClause = consumed < purpose.words.count
        } else if let boundary = clauseBoundaries.reversed().first(where: { boundary in
            // `testTaskCancel_whenStreaming_andSuspended` too long whole: cut where one of its clauses ends
            // (`task-cancel`), never inside one (`task-streaming`, `task-cancel-streaming-and`).
            let head = Array(purpose.words[..<boundary])
            return NameWords.trimmingDanglingEnd(head) == head && fitsUncut(head, after: prefix)
        }) {
            (kept, consumed) = (Array(purpose.words[..<boundary]), boundary)
            cutAtClause = true
        }
        let base = prefix + kept
        // A clause cut off whole tells sites apart only whole (`in-quick` of `in-quick-succession` is garble).
        var disambiguators = consumed < purpose.words.count
            ? [cutAtClause ? Array(purpose.words.dropFirst(consumed).drop { NameWords.danglingWords.contains($0) && !Self.negations.contains($0) })
                : Array(purpose.words.dropFirst(consumed))] : []
        /// How a disambiguator joins the name: glued after the purpose, standing in its place only when both do
        /// not fit, always in its place (the function a task was passed over for: `…-display`, not
        /// `…-update-image-display`), or as where the task is made (`…-in-setup-observers`), last of all.
        enum Use { case glued, standsAlone, replaces, place }
        var uses = [Use](repeating: .glued, count: disambiguators.count)
        let standaloneStart = disambiguators.count
        // The function a task's call was preferred to because it says the opposite (`_subscribe` of an
        // `unsubscribe`) or only where the callback was set up (`setupObservers`) names the place, not the work.
        let contradicted = context.body.dominant.map { contradicts(context.declarationPath.member, $0) } ?? false
        // So does a function too long to stand in the place of a call's purpose: glued after it, it reads as a
        // second verb (`list-run-consensus` of `getSentinelList` in `runSentinelConsensusDiscoveryAction`); and
        // any function around a getter's call: the getter says what the task is for, the function only where.
        // (A function that shares the getter's object, `prefetchContainers` of `getContainer`, says it better.)
        // So does a function that makes the task on some paths only (`if bookmarked { Task { await saveFilters() } }`
        // in `refilterChapters()`): the task saves, it does not refilter.
        let getterPurpose = purpose.isCall && context.body.dominant.map { Self.isGetter($0) && NameWords.split($0.name).first == "get" } == true
        // So does a function whose name the body's one call was preferred to because it says other work
        // (`duplicateSession(_:)` whose task only saves): standing in the call's place it would name that work.
        // (Only where the place fits whole: `in-handle` of `handleBackgroundLaunch` says no place, and the
        // function, whole, stands for the task better than a number.)
        // (Nor where the call's verb is the function's, `syncAll()` in `syncNow()`, or the prefix says all the
        // call does: glued to the prefix alone, a place names no work. Nor a call named for what it returns,
        // `server.webviewURL()` in `refresh()`, or by no verb the naming knows, `setupFor(flow:)` in `register()`:
        // the function says what the task does with it.)
        // (Nor beside a hollow call, `handleCoverAction(…)` in `removeCover()`: the function says more than
        // `handle-action`. Worked out only for a member the cheaper tests leave open, once: most sites never ask.)
        var callOverFunctionMemo: Bool?
        func callOverFunction() -> Bool {
            if let known = callOverFunctionMemo { return known }
            let result = purpose.isCall && context.body.hasStrongCall && !purpose.words.isEmpty && !purpose.echoesPrefix
                && !(purpose.words.first.map(NameWords.hollowVerbs.contains) ?? false) && role(of: context) == .specific
                && context.body.dominant.map { dominant in
                !agrees(context.declarationPath.member, dominant) && !Self.isGetter(dominant) && !Self.isNounNamed(dominant)
                    && context.declarationPath.member.map(memberWords).map { functionWords in
                        let callWords = NameWords.split(dominant.name)
                        // `startPayment()` in `pay()`: the call says what the function's words say, no other work.
                        if functionWords.allSatisfy({ word in callWords.contains { WordStems.same($0, word) } }) { return false }
                        guard let verb = functionWords.first, let callVerb = callWords.first, WordStems.same(verb, callVerb)
                        else { return true }
                        // The same verb on another object (`updateInviteIfNeeded()` in `updateViewState()`) is
                        // other work; on all of it or on what the function names (`syncAll()` in `syncNow()`), not.
                        return !callWords.dropFirst().allSatisfy { word in
                            Self.quantifierWords.contains(word) || functionWords.contains { WordStems.same($0, word) }
                        }
                    } == true
                } == true
            callOverFunctionMemo = result
            return result
        }
        // A place that would lose a word to the name (`in-on-select` of `onSelectSpace` after `space-hub-show`),
        // or is a moment (`on…`), says no place either.
        func placeFits(_ candidate: PurposeCandidate) -> Bool {
            (prefix + purpose.words + ["in"] + candidate.words).joined(separator: "-").count <= maxLength
                && Self.phrase(candidate.words, after: prefix + purpose.words) == candidate.words
                && candidate.words.first != "on" && !Self.isEventName(candidate.words)
        }
        func isPlace(_ candidate: PurposeCandidate) -> Bool {
            candidate.isMember && (!candidate.mayStandAlone || contradicted || context.isConditional
                || (callOverFunction() && placeFits(candidate))
                || (getterPurpose && candidate.startsWithVerb
                    && !candidate.words.contains { word in purpose.words.dropFirst().contains { WordStems.same($0, word) } }))
        }
        // The function stands in the purpose's place only when it says what the task is for, whole: not a
        // set-up function (`setUpRefreshTimer` says where), not one cut to fit.
        // Nor an event (`will-start-picture`, `status-changed`): it says when, glued after what.
        func replaces(_ candidate: PurposeCandidate) -> Bool {
            candidate.isMember && !isPlace(candidate) && !Self.isSetUp(candidate.words)
                && !Self.isEventName(candidate.words) && fitsUncut(candidate.words, after: prefix)
        }
        var sources: [Int: String] = [:]
        var callIndex: Int?
        for candidate in ordered where !isPlace(candidate) {
            if candidate.isCall, callIndex == nil { callIndex = disambiguators.count }
            sources[disambiguators.count] = candidate.provenance
            disambiguators.append(candidate.afterWords ?? candidate.words)
            uses.append(replaces(candidate) ? .replaces : candidate.isMember && Self.isSetUp(candidate.words) ? .place
                : candidate.mayStandAlone ? .standsAlone : .glued)
        }
        // A test's task told from its siblings by its own call: that phrase, whole, in the call's place.
        let ownPartIndex = ownPart(context, prefix: prefix, purpose: purpose).map { words -> Int in
            if let callIndex {
                disambiguators[callIndex] = words
                return callIndex
            }
            disambiguators.append(words)
            uses.append(.glued)
            return disambiguators.count - 1
        }
        // An atomic counter's `load(ordering:)` is how a test counts, never what a task does.
        let otherCalls = context.body.calls.filter { $0 != context.body.dominant && !Self.atomicCalls.contains($0.name) && $0.name != "sleep" }
        // `reader1.storeOffset(record)` in `for try await record in reader1.records`: part of consuming, it
        // says less than `consume-reader1` and comes after it.
        let consumedSource = context.body.dominant?.source
        let onConsumed = { (call: BodyCall) in consumedSource != nil && call.receiver == consumedSource }
        disambiguators += otherCalls.filter { !onConsumed($0) }.map(callWords).map(Self.withoutLocalNames)
        // What the work is done on (`reader1` in `for try await _ in reader1.events`, `replica` in
        // `replica.execute(query)`) tells alike calls apart before a number does.
        // A prepositional phrase cut off (`for-bulletin-dismissal`) tells sites apart only whole: `wait-bulletin` is garble.
        var wholeOnly: Set<Int> = cutAtPreposition ? [0] : []
        var receiverIndex: Int?
        if let dominant = context.body.dominant, let phrase = receiverPhrase(dominant) {
            if receiverPhraseIsWholeOnly(dominant) { wholeOnly.insert(disambiguators.count) }
            receiverIndex = disambiguators.count
            disambiguators.append(phrase)
        }
        disambiguators += otherCalls.filter(onConsumed).map(callWords).map(Self.withoutLocalNames)
        let distinguishing = Self.withoutLocalNames(context.body.distinguishingWords.flatMap(NameWords.split))
            .filter { !Self.memoryOrderings.contains($0) }
        if !distinguishing.isEmpty { disambiguators.append(distinguishing) }
        // `for share in otherRootShares { group.addTask { … } }` beside the main share's child: what the loop
        // goes through (`bootstrap-other-root-shares`).
        var loopIndex: Int?
        if let sequence = context.loopSequence {
            let words = Self.withoutLocalNames(NameWords.split(sequence))
            if !words.isEmpty {
                loopIndex = disambiguators.count
                disambiguators.append(words)
            }
        }
        // A lock taken inside (`counter.withLock { … }`) is how, never which: it tells no two tasks apart; nor
        // does reporting (`expectation.fulfill()`, `continuation.resume()`), an atomic's `load`, a collection's
        // `map` or a sleep (`…-source-deinitialized-sleep` says nothing of the task).
        disambiguators += context.body.bookkeepingCalls.filter {
            $0.name != "sleep" && !Self.lockCalls.contains($0.name) && !Self.reportingCalls.contains($0.name) && !Self.atomicCalls.contains($0.name)
                && !Self.collectionCalls.contains($0.name)
        }.map(callWords).map(Self.withoutLocalNames)
        uses += [Use](repeating: .glued, count: disambiguators.count - uses.count)
        // Last, where the task is made: also for a function that stood in the purpose's place, in case a
        // sibling task of that function already has its name.
        for candidate in ordered where isPlace(candidate) || replaces(candidate) {
            disambiguators.append(candidate.words)
            uses.append(.place)
        }
        // The kind of control (`button`, `alert`) never names a task, but tells two alike ones apart: a button
        // as a compound (`save-button`), any other as where the user asked (`toggle-bookmarked-from-alert`),
        // never glued as an object (`toggle-bookmarked-alert` would toggle an alert).
        // (Only a control a user touches: `context.perform { … }` or a `completion:` is no place a user asks from.)
        let controls = context.anchors.reversed().filter {
            $0.kind == .action && NameWords.split($0.name).allSatisfy(Self.userControlWords.contains)
        }.map { anchor in
            let words = NameWords.split(anchor.name)
            return (kept.isEmpty || words == ["button"] ? [] : ["from"]) + words
        }
        disambiguators += controls
        uses += [Use](repeating: .glued, count: controls.count)
        // `query(_:byIdentifier:completion:)` beside `query(_:where:completion:)`: overloads of one function are
        // told apart by the first label that qualifies the lookup (`by…`, `with…`, `where`), before a number is.
        if case .function(let name)? = context.declarationPath.member,
           let label = Self.argumentLabels(name).first(where: { $0 != "_" && !Self.isCallbackLabel($0) }),
           let first = NameWords.split(label).first, Self.qualifyingLabelWords.contains(first) {
            disambiguators.append(NameWords.split(label))
            uses.append(.glued)
        }
        var standalone: [Int: [String]] = [:]
        var replacing: Set<Int> = []
        var replacingSources: [Int: String] = [:]
        var places: Set<Int> = []
        var wholePhrases: Set<Int> = []
        var scenarioFree: Set<Int> = []
        var verbatimPhrases: Set<Int> = []
        var ownParts: Set<Int> = []
        var unique: Set<[String]> = []
        var phrases: [[String]] = []
        for (index, words) in disambiguators.enumerated() {
            var phrase = index == ownPartIndex ? words : Self.phrase(words, after: base)
            // What a loop goes through, cut to a lone adjective by what the name says (`other` of
            // `otherRootShares`), is said whole.
            var verbatim = false
            if index == loopIndex, words.count > 1, WordStems.removingRepeats(words, after: base).allSatisfy(Self.relativeAdjectives.contains) {
                phrase = words
                verbatim = true
            }
            guard !phrase.isEmpty else { continue }
            // A receiver phrase whose verb the name says already leaves its owner's last noun alone
            // (`state` of `searchState.search(…)` after `search-ending`): no word of what the task does.
            // The owner whole, two words not led by a verb (`old-activity` of `oldActivity.end(…)` after `end`),
            // still tells which one.
            if index == receiverIndex, phrase.first != words.first,
               !(phrase.count > 1 && !Self.everyVerbOrEmpty.contains(phrase[0]) && !Self.knownVerbs.contains(phrase[0])
                 && phrase == context.body.dominant.flatMap({ $0.source ?? $0.receiver }).map({ Self.withoutLocalNames(NameWords.split($0)) })) {
                continue
            }
            // A lone auxiliary or empty verb (`get` from `method: .get`) tells two sites apart as garble; so does
            // a lone adjective (`new` of `case .new(let phase)`: `update-customer-new`). Not a test's run of the
            // service its prefix names (`activity-worker-void-run`): that is the part it plays.
            if phrase.count == 1, index != ownPartIndex || !Self.runsService(context.body), Self.emptyVerbs.contains(phrase[0]) || NameWords.weakWords.contains(phrase[0])
                || Self.relativeAdjectives.contains(phrase[0]) { continue }
            // In a test, a bare verb after the scenario (`…-at-least-once-consume`) ends on a dangling word; the
            // phrase with what it works on (`consume-reader1`) tells the sites apart in its place.
            var takesReceiverPhrase = false
            if phrase.count == 1, index != receiverIndex, purpose.isPhrase, context.isTestMethod,
               let receiverIndex, disambiguators[receiverIndex].first == phrase[0] {
                let receiver = Self.phrase(disambiguators[receiverIndex], after: base)
                if receiver.count > 1, receiver.first == phrase[0] {
                    phrase = receiver
                    takesReceiverPhrase = wholeOnly.contains(receiverIndex)
                }
            }
            // `beginHandover()` in `handoverKeepsLease()`: the scenario says the object, and the verb would dangle
            // after it (`…-handover-keeps-begin`); the call, whole, tells the site apart without the scenario.
            var withoutScenario = false
            if phrase.count == 1, words.count > 1, phrase[0] == words[0], purpose.isPhrase, context.isTestMethod,
               uses[index] != .place, !NameWords.endsUnfinished(words[words.count - 1]),
               WordStems.removingRepeats(words, after: prefix) == words {
                phrase = words
                withoutScenario = true
            }
            // A function's name cut to one word by the words the name says already says no place
            // (`in-try` of `tryLoadingMore` after `load-more`): a later word, or a number, tells the sites apart.
            if uses[index] == .place, phrase.count == 1, words.count > 1 { continue }
            // Nor one that loses an inner word (`in-view-concurrently` of `setupHomeViewConcurrently` after
            // `home-state-setup-…`): a place is the function's name, at most without the verb the name says.
            if uses[index] == .place, phrase != words, phrase != Array(words.dropFirst()) { continue }
            // Glued on, a function's name would read as a second verb (`unsubscribe-subscribe`): it says where.
            if uses[index] == .place { phrase = ["in"] + phrase }
            guard unique.insert(phrase).inserted else { continue }
            switch uses[index] {
            // A whole purpose candidate may stand alone as it is (`toggle-enforce-routes`, `upload-quietly`).
            // Not a function that says only when or where the task was made (`setupObservers`, the function that
            // registers the callback it runs in): standing alone it would name work the task does not do.
            // A test's scenario is what tells the suite's tests apart: another phrase follows it, cut to its
            // leading words, and never stands in its place (`rebalance-moves-run-lifecycle2`).
            case .standsAlone where words.count > 1 && !(purpose.isPhrase && context.isTestMethod):
                standalone[phrases.count] = words
            case .replaces:
                standalone[phrases.count] = words
                replacing.insert(phrases.count)
                replacingSources[phrases.count] = sources[index]
            case .place:
                places.insert(phrases.count)
                // A body that only assigns a property in a callback is told from a sibling assigning the same
                // one by the function that made it (`load-initial-data`), whole, before a number.
                if context.body.dominant?.isAssignment == true, words.count > 1, !Self.isSetUp(words),
                   !Self.isEventName(words), index >= standaloneStart {
                    standalone[phrases.count] = words
                }
            default: break
            }
            if wholeOnly.contains(index) || takesReceiverPhrase { wholePhrases.insert(phrases.count) }
            if withoutScenario { scenarioFree.insert(phrases.count) }
            if verbatim { verbatimPhrases.insert(phrases.count) }
            if index == ownPartIndex { ownParts.insert(phrases.count) }
            phrases.append(phrase)
        }
        var derived = DerivedTaskName(
            prefixWords: prefix,
            purposeWords: kept,
            disambiguators: phrases,
            isPerItem: context.isPerItem,
            maxLength: maxLength,
            provenance: purpose.provenance,
            forwarding: context.forwarding
        )
        derived.standaloneDisambiguators = standalone
        derived.replacingDisambiguators = replacing
        derived.replacingProvenance = replacingSources
        derived.isNamedAfterItsFunction = purpose.isMember
        // `group.addTask { await pool.run() }`: a test's task that only runs the service the test drives is that
        // run; the scenario alone (`connection-pool-keep-alive-works`) would say it does what the test checks.
        // So is a task a test makes in a `defer` (`try? await server.shutdown()`): it cleans up, it checks nothing.
        derived.runsService = purpose.isPhrase && context.isTestMethod && (Self.runsService(context.body) || context.isCleanup)
            && !ownParts.isEmpty
        derived.purposeStaysWhole = purpose.isCall && context.body.dominant?.isAssignment == true
        derived.placeDisambiguators = places
        derived.wholeDisambiguators = wholePhrases
        derived.scenarioFreeDisambiguators = scenarioFree
        derived.verbatimDisambiguators = verbatimPhrases
        derived.ownPartDisambiguators = ownParts
        derived.purposeWasCut = standaloneStart == 1 && phrases.first == Self.phrase(disambiguators[0], after: base)
        derived.firstDisambiguatorContinuesPurpose = derived.purposeWasCut && !cutAtClause
        if purpose.isPhrase, context.isTestMethod {
            // In a test, the scenario's first word (with what it qualifies: `multiple-trackers`) leads another
            // phrase that does not fit after the whole scenario.
            // Never an auxiliary or a negation alone (`does-not-deadlock` has no lead).
            let leads = { (word: String) in NameWords.unfinishedEnds.contains(word) || NameWords.auxiliaries.contains(word) }
            let lead = Array(kept.prefix(while: leads)) + kept.drop(while: leads).prefix(1)
            if lead.count < kept.count { derived.scenarioLead = lead }
            // A scenario written in clauses whose first clause is two words (`SetWritability`, `TaskCancel`,
            // `IteratorDeinitialized`) keeps that clause whole: it leads whole (`set` or `task` alone, glued to a
            // later clause, reads as garble: `set-becoming-unwritable`, `task-streaming`), and the clause cut off
            // the purpose tells sites apart only whole. What the prefix says does not lead (`datagram` of
            // `DatagramBootstrap` after `async-channel-bootstrap` leads alone).
            if let first = clauseBoundaries.first, first <= kept.count, Array(kept[..<first]) == purpose.firstClause,
               purpose.firstClause.count == 2 {
                let unsaid = purpose.firstClause.filter { word in !prefix.contains { WordStems.same($0, word) } }
                let lead = unsaid.isEmpty ? purpose.firstClause : unsaid
                derived.scenarioLead = lead.count < kept.count ? lead : []
                derived.scenarioLeadIsWhole = true
                if derived.purposeWasCut { derived.wholeDisambiguators.insert(0) }
            }
        }
        // A test's task named for its call: where another task wants that name too, or has it by the
        // scenario's naming, every such task is named as its scenario leads (``TaskNameUniqueness``).
        // A test's task named by its scenario whose call could name it: that call's name, so that a test's task
        // named for the same call elsewhere does not take it (one suite names alike tasks one way).
        if context.isTestMethod, testCall != .never, purpose.isPhrase || ordered.contains(where: \.isPhrase) {
            if purpose.isCall {
                derived.scenarioFallback = [derive(context, testCall: .never)]
            } else if testCall == .leadsWhereScenarioIsCut, testCallMayLead(context) {
                let byCall = derive(context, testCall: .leads)
                if byCall.name != derived.name { derived.testCallName = byCall.name }
            }
        }
        return derived
    }

    /// File names that say no area of a program: their free functions take no prefix from them.
    static let areaFreeFileStems: Set<String> = [
        "main", "utilities", "utility", "utils", "util", "helpers", "helper", "extensions", "extension", "functions",
        "globals", "global", "misc", "common", "shared", "support", "internal", "public", "private", "concurrency",
        "async", "tasks", "task", "core", "lib", "library", "exports", "types", "swift", "test", "tests", "testing",
    ]

    /// Words that only say which variant of a test this is (`testSimpleListen…`, `testBasicUpload…`).
    static let testVariantWords: Set<String> = [
        "simple", "basic", "trivial", "plain", "normal", "regular", "quick", "small", "large", "big", "happy", "sad",
        "complex", "advanced", "real", "fake", "mock", "mocked", "stub", "stubbed", "dummy", "sample", "example",
    ]

    /// Adjectives that say only how a thing compares (`new`, `other`): alone, never what tells a task apart.
    static let relativeAdjectives: Set<String> = ["new", "old", "same", "other", "different", "current", "next", "previous"]

    /// The task is named after its call only because its function names a delegate's moment.
    func namesMomentOnly(_ context: TaskNameContext, role: MemberRole) -> Bool {
        guard role == .host, case .function(let name)? = context.declarationPath.member else { return false }
        return !hostFunctions.contains(DeclarationPath.baseName(name)) && namesMoment(name)
    }

    /// What the enclosing member says about a task created in it.
    enum MemberRole {
        /// It says when the task runs (`init`, `viewDidLoad`, a view's `body`).
        case host
        /// It says nothing about the work (`run()`, `handle(_:)`) or only sets up callbacks (`bindViewModel()`).
        case generic
        /// A test method: its scenario names the task.
        case test
        /// It says what it does (`loadTracks(for:)`).
        case specific
    }

    func role(of context: TaskNameContext) -> MemberRole {
        if context.isTestMethod { return .test }
        switch context.declarationPath.member {
        case .function(let name)?:
            let base = DeclarationPath.baseName(name)
            if hostFunctions.contains(base) { return .host }
            // A delegate's moment (`collectionView(_:willDisplay:forItemAt:)`, `modalWillDismiss()`) says when
            // the task runs, as `viewDidLoad` does: a body of one call that does something says what. A body of
            // several calls, a question (`content(from:)`) or a system API's call leaves the moment the name.
            // So does a scoped helper's (`withValkeyCluster(_:body:)`): it says what the caller's closure runs
            // beside, not what this task does.
            if context.body.hasStrongCall, let call = context.body.dominant, !call.isAssignment, !Self.isSystemCall(call),
               NameWords.split(call.name).first.map(Self.everyVerb.contains) == true,
               !Self.isGetter(call), !Self.isNounNamed(call), namesMoment(name) || NameWords.split(base).first == "with" {
                return .host
            }
            // A state's `didEnter(from:)` whose body starts with a request to a service (`try await
            // apiService.hashtagTimeline(…)`, then storing what came back) fetches: the moment says only when.
            if let call = context.body.dominant, context.body.dominance != .bookkeeping, Self.isServiceRequest(call),
               namesMoment(name) {
                return .host
            }
            // `goTo(_:)` says no more than `go`.
            let words = NameWords.trimmingDanglingEnd(NameWords.split(base))
            // A set-up function (`configureAuthor`, `bindViewModel`) says nothing of a task that runs in a
            // callback it registers; of a task that is its work, it says what it is.
            // (`startRecordingTimer()` making a task on each tick: the timer's start says when, never what.)
            let startsTimer = words.count > 1 && ["start", "schedule", "setup"].contains(words[0]) && words.last == "timer"
            if Self.genericFunctions.contains(base) || ((Self.isSetUp(words) || startsTimer) && context.placement == .callback)
                || (words.count == 1 && Self.genericFunctions.contains(words[0])) || Self.onlyStartsATask(words) {
                return .generic
            }
            // `handleTimelineItemMenuAction(_:itemID:)` switching over the action: a dispatcher names no work; its
            // `case .redact:` and the call there do, as in `process(viewAction:)`.
            if words.count > 2, ["handle", "process", "perform"].contains(words[0]), words.last == "action",
               context.anchors.contains(where: { $0.kind == .caseLabel }) {
                return .generic
            }
            return .specific
        case .property(let name)?:
            return name == "body" || context.isViewContent ? .host : .specific
        case .initializer?, .deinitializer?, .subscript?, .closure?, .type?, nil:
            return .host
        }
    }

    /// The purpose candidates in order of trust; the first non-empty one becomes the purpose.
    func purposeCandidates(_ context: TaskNameContext, testCall: TestCallLead = .leadsWhereScenarioIsCut) -> [PurposeCandidate] {
        let place = context.declarationPath.description
        // `Task {}` holds a place: it runs nothing of its function (`start()` returning it when already running).
        // (In a test, the scenario still says which test it is in.)
        // Stored, it holds the place of what its storage names (`searchingTask = Task {}` → `searching-placeholder`).
        if context.body.dominant == .placeholder, !context.isTestMethod {
            let storage = context.anchors.last { $0.kind == .storage }
                .map { Self.stripping(Self.taskSuffixes, from: NameWords.split($0.name)) }
                .flatMap { Self.saysOnlyTask($0) ? nil : $0 } ?? []
            return [PurposeCandidate(storage + ["placeholder"], "empty body in \(place)", mayEcho: true)]
        }
        var candidates: [PurposeCandidate] = []
        // A task that only logs does none of its function's work: it logs, in that function (`…-log-uninit-complete`,
        // never `…-uninit` for `Task { @MainActor in logger.debug("uninit complete") }` in `uninit()`; a line of one
        // word, `logger.debug("Done")`, leaves `…-log-uninit`).
        // What it logs says which line it is, where a function has several (`log-carbs-request-aborted` in the
        // `guard` of `sendCarbsRequest`, not `log-send-carbs-request`, which reads as the request's own log).
        if context.body.onlyLogs, !context.isTestMethod, context.body.logMessage.count >= 2 {
            // Too long, the line is cut before a clause (`phone-not-reachable` of `Phone not reachable for
            // WatchState update`), never inside one.
            var message = context.body.logMessage
            let prefix = prefixWords(context)
            while NameWords.hyphenatedLength(prefix + ["log"] + message) > maxLength,
                  let clause = message.indices.dropFirst(2).last(where: { NameWords.clauseOpeners.contains(message[$0]) }) {
                message = Array(message[..<clause])
            }
            var candidate = PurposeCandidate(["log"] + message, "logs only: \"\(message.joined(separator: " "))\" in \(place)",
                                             isPhrase: true)
            candidate.startsWithVerb = true
            candidate.verb = "log"
            candidates.append(candidate)
        }
        if context.body.onlyLogs, !context.isTestMethod, let member = context.declarationPath.member,
           case .function = member, let first = memberWords(member).first, !Self.logLevels.contains(first) {
            var candidate = PurposeCandidate(["log"] + memberWords(member), "logs only, in \(memberProvenance(context))")
            candidate.startsWithVerb = true
            candidate.verb = "log"
            candidates.append(candidate)
        }
        // A task stored as an observer, poller or timer is that role, whatever the function that starts it does.
        if let roleStorage = context.anchors.last(where: { anchor in
            anchor.kind == .storage && NameWords.split(anchor.name).last.map(Self.roleNouns.contains) == true
        }) {
            candidates.append(.init(NameWords.split(roleStorage.name), "stored in \(roleStorage.name) in \(place)"))
        }
        // `let task = Task {…}`, `t2`: a storage that only says "a task" names nothing.
        let storage = context.anchors.reversed().filter { $0.kind == .storage }.map { anchor in
            var candidate = PurposeCandidate(Self.stripping(Self.taskSuffixes, from: NameWords.split(anchor.name)),
                                             "stored in \(anchor.name) in \(place)")
            candidate.isStorage = true
            return candidate
        }.filter { !Self.saysOnlyTask($0.words) }
        // A title that is only a localisation key's field (`status.error.title` → `title`) says nothing.
        let titles = context.anchors.reversed().filter { $0.kind == .title }.map { anchor in
            PurposeCandidate(NameWords.split(anchor.name), "button \"\(anchor.name)\" in \(place)", isPhrase: true)
        }.filter { !$0.words.allSatisfy(Self.fieldWords.contains) }
        let cases = context.anchors.reversed().filter { $0.kind == .caseLabel }.map { anchor in
            PurposeCandidate(NameWords.split(anchor.name), "case .\(anchor.name) in \(place)")
        }
        // `sink`, `addObserver`: a registration says when, never what, and tells no two tasks apart.
        // `Button { … }`, `action: { … }`: the kind of control or argument, never what the task does; nor
        // does the `.task { … }` modifier a detached task sits in (`pin-task`).
        let actions = context.anchors.reversed().filter {
            $0.kind == .action && !Self.isRegistration($0.name)
                && !NameWords.split($0.name).allSatisfy(Self.controlWords.contains)
                && !Self.saysOnlyTask(actionWords($0.name))
        }.map { anchor in
            var candidate = PurposeCandidate(Self.stripping(Self.closureSuffixes, from: actionWords(anchor.name)),
                                             "closure of \(anchor.name) in \(place)")
            // `updatePodcastIfRequired(podcast:) { … Task { … } }`: telling the task apart, the call whose
            // completion it runs in says when (`after-podcast-update`), never what it does.
            if let after = Self.afterCompletionWords(anchor.name) {
                candidate.afterWords = after
                candidate.mayStandAlone = false
            } else if (anchor.name.hasPrefix("on") && anchor.name.dropFirst(2).first?.isUppercase == true)
                        || (["handler", "callback"].contains(NameWords.split(anchor.name).last ?? "")
                            && (2...4).contains(NameWords.split(anchor.name).count)),
                      !candidate.words.isEmpty, candidate.words.first != "on" {
                // (So does a callback label that names its event: `priceChangeHandler:` → `…-on-price-change`.)
                // `.onChange(of:) { Task { await load() } }`: an event modifier tells the task apart as when it runs
                // (`load-on-change`); glued bare, its event reads as the verb's object (`load-change`).
                candidate.afterWords = ["on"] + candidate.words
                candidate.mayStandAlone = false
            }
            return candidate
        }
        let triggers = context.anchors.reversed().filter { $0.kind == .trigger }.map { anchor in
            PurposeCandidate(NameWords.split(anchor.name), "change of \(anchor.name) in \(place)")
        }
        var body = context.body
        // `let url = try await ignoreFileURL(); try await writeRules(to: url)`: the first call only gets where the
        // work is done; the next call that does something is the work.
        if body.dominance == .firstCall, let first = body.dominant, Self.isGetter(first), context.resultProperty == nil,
           NameWords.split(first.name).last.map(Self.locationNouns.contains) == true,
           let work = body.calls.first(where: { $0 != first && !$0.isAssignment && !Self.isGetter($0) }) {
            body.dominant = work
        }
        // `try FileManager.default.removeItem(at: url); try bitmap.write(to: url)`: of several calls, a system
        // API's says how a step is done; the body's own first call says more of what it does.
        if body.dominance == .firstCall, let first = body.dominant, Self.isSystemCall(first),
           let work = body.calls.first(where: { !$0.isAssignment && !Self.isSystemCall($0) && !Self.isGetter($0) }) {
            body.dominant = work
        }
        var call = body.dominant.map { call in
            var candidate = PurposeCandidate(Self.joiningLetter(callWords(call), of: call),
                                             "\(body.dominance.rawValue) \(call.text) in \(place)", mayEcho: true)
            candidate.isCall = true
            candidate.startsWithVerb = true
            candidate.verb = Self.leadingVerb(of: call.name, in: candidate.words)
            candidate.verbIsWholeName = call.receiver != nil && NameWords.split(call.name).count == 1
            return candidate
        }
        if let words = call?.words, let undone = Self.undoingVerb(words, anchors: context.anchors) {
            call?.words = undone
            call?.verb = undone.first
        }
        // `async let m = Stats.shared.fetchMachines(); async let h = Stats.shared.fetchHosts()`: several calls of
        // one verb on one object are the work, whatever the body then does with the results.
        if let summary = Self.sharedVerbSummary(body, typePrefix: typePrefix) {
            call = PurposeCandidate(summary.words, "calls \(summary.text) in \(place)", mayEcho: true)
            call?.isCall = true
            call?.startsWithVerb = true
        }
        // `resolvedPath = await ignoreFilePath()`: a getter's result assigned to a property loads the property.
        // So does a call named by a noun (`historyEntries = store.upNextHistoryEntries()`): it returns what it names.
        if let property = context.resultProperty, let dominant = body.dominant,
           Self.isGetter(dominant) || Self.isNounNamed(dominant), !NameWords.split(property).isEmpty {
            call?.words = ["load"] + NameWords.split(property)
            call?.verb = nil
            call?.provenance = "\(dominant.text) assigned to \(property) in \(place)"
        }
        // A body that only assigns a property (`self.fraction = progress`) is named after it only when it runs
        // later, in a callback (a progress handler), or on some paths of its function (`if let chunk { Task {
        // output += chunk } }` in `generate(prompt:)`); created directly, it is what the function does. Not a flag
        // cleared after a delay (`checkForUpdates()` raises `isCheckingForUpdates`; its task resets it): the
        // function did its work already, and the task undoes a part of it. (A flag the function's name does not
        // speak of, `toast` in `scheduleDismiss(after:)`, is how the function does what it says.)
        let undoesFunction = { (dominant: BodyCall) -> Bool in
            guard dominant.name.hasPrefix("reset"), case .function(let name)? = context.declarationPath.member else { return false }
            let functionWords = memberWords(.function(name))
            return NameWords.split(dominant.name).dropFirst().contains { word in functionWords.contains { WordStems.same($0, word) } }
        }
        // (A host's moment, `viewDidLoad`, says nothing the assignment does not: `clientIdLabel.text = await
        // flow.clientId` fills the label.)
        let role = role(of: context)
        if let dominant = body.dominant, dominant.isAssignment, !undoesFunction(dominant),
           context.placement != .callback, !context.isConditional, role != .host {
            call = nil
        }
        // Sleeping is what a body does only when nothing around it says more: it comes after the anchors.
        var bookkeeping: [PurposeCandidate] = []
        // `UploadManager.shared.allTasks()`: a call that, without its task word, says only a quantifier reads a
        // collection; it is not the work (`upload-all`), whatever the body then does with it.
        let readsCollection = body.dominant.map { dominant in
            let words = NameWords.split(dominant.name)
            return words.contains(where: Self.quantifierWords.contains)
                && words.allSatisfy { Self.quantifierWords.contains($0) || Self.taskNouns.contains($0) }
        } ?? false
        if body.dominance == .bookkeeping || body.dominance == .query || readsCollection, let weak = call {
            // In a test, the scenario says more than a sleep ever does, even to tell two tasks apart
            // (`first-value-sleep`); so does the task's storage (`timeoutTask`, not `…-sleep`).
            bookkeeping = (context.isTestMethod || !storage.isEmpty) && body.dominant?.name == "sleep" ? [] : [weak]
            call = nil
        }
        // A view's `body` says nothing, not even to tell two tasks apart.
        let member = context.declarationPath.member.flatMap { component -> PurposeCandidate? in
            if case .property("body") = component { return nil }
            var candidate = PurposeCandidate(memberWords(component), memberProvenance(context), mayEcho: true,
                                             mayStandAlone: (role == .specific && context.placement != .callback)
                                                // A delegate's moment passed over for the body's call tells this
                                                // site from another making that call (`load-more-will-display`).
                                                || namesMomentOnly(context, role: role))
            candidate.isMember = true
            if case .function(let name) = component {
                candidate.startsWithVerb = true
                candidate.verb = Self.leadingVerb(of: DeclarationPath.baseName(name), in: candidate.words)
                // `startActivityUpdatesObservation()`, `attachStateObserver(to:)` whose task is the loop that
                // observes: the task is the observation, not its start (`observe-activity-updates`).
                if let observed = Self.observedWords(candidate.words), body.consumesSequence {
                    candidate.words = ["observe"] + observed
                    candidate.verb = "observe"
                }
            }
            return candidate
        }

        switch role {
        case .test:
            // A scenario says what the whole test checks; cut to fit, it reads as garble or as something else
            // (`restore-returns`, `network-retries-next`). Then a task that makes one strong call is named for
            // that call (`ensure-downloaded`), and the scenario tells alike tasks of several tests apart.
            var scenario: PurposeCandidate?
            if case .function(let name)? = context.declarationPath.member {
                scenario = .init(Self.scenarioPart(TestScenario.words(name), doneBy: body), "test scenario of \(place)",
                                 isPhrase: true, mayEcho: true)
                scenario?.clauses = TestScenario.clauses(name)
            }
            // `let serverReceiveTask = Task { … }`: a test's own name for its task says which part it plays better
            // than the scenario, which says what the whole test checks.
            let namedStorage = storage.filter { Self.namesTestPart(Self.withoutNumberedTask($0.words)) }.map { candidate in
                var part = candidate
                part.words = Self.withoutNumberedTask(candidate.words)
                return part
            }
            candidates += namedStorage
            let prefix = scenario == nil || testCall == .never || !testCallMayLead(context) ? [] : prefixWords(context)
            // A scenario without a verb (`keyInvalidationSubscription`) names the test, never what its task does;
            // nor does any scenario name a task made in a `defer` (`defer { Task { try? await server.shutdown() } }`
            // cleans up after what the test checks).
            let scenarioLeads = !context.isCleanup
                && scenario.map { fitsWhole($0.words, after: prefix) && Self.saysAVerb($0.words) } != false
            let part = prefix.isEmpty || (testCall == .leadsWhereScenarioIsCut && scenarioLeads)
                ? nil : partWords(context, prefix: prefix, asPurpose: true)
            let callFirst = part != nil && call != nil
            if let part, var call {
                call.words = part
                candidates.append(call)
            }
            if let scenario { candidates.append(scenario) }
            candidates += (callFirst ? [] : [call].compactMap { $0 }) + storage.filter { !namedStorage.contains($0) }
                + titles + cases + actions + triggers + bookkeeping
        case .host, .generic:
            // A button's title says what the user asked for (`Sync Now`); the call says it better only when it
            // refines the title (`delete` → `deleteHeader`). So does a storage the call refines (`loadingTask`
            // holding `loadNewEntries()`): `load-new-entries` says what `loading` only begins to.
            let refinedByCall = { (candidate: PurposeCandidate) in WordStems.allRepeat(candidate.words, in: call?.words ?? []) }
            let refinedStorage = body.hasStrongCall && (call?.words.count ?? 0) > 1 ? storage.filter(refinedByCall) : []
            candidates += storage.filter { !refinedStorage.contains($0) }
            // A getter (`server.webviewURL()`) says what the body asks for; the `case` or action it runs in
            // says what it is for (`reloadDefaultURL`).
            let asks = context.resultProperty == nil && body.dominant.map { Self.isGetter($0) || Self.isNounNamed($0) } == true
            // A title that only confirms (`Retry`, `Done`) gives way to a call that says what is done
            // (`fetchOfferings()`, not `executeTask()` or a getter).
            let saysWhatIsDone = !asks && call.map { !$0.words.allSatisfy(Self.genericFunctions.contains) } == true
            let givesWayToCall = { (candidate: PurposeCandidate) in
                refinedByCall(candidate) || (saysWhatIsDone && candidate.words.first.map(Self.confirmationWords.contains) == true)
            }
            let callFirst = body.hasStrongCall && titles.allSatisfy(givesWayToCall)
            if callFirst, let call { candidates.append(call) }
            candidates += refinedStorage + titles
            if !callFirst, !asks, let call { candidates.append(call) }
            candidates += cases + actions
            if !callFirst, asks, let call { candidates.append(call) }
            candidates += triggers
            candidates += bookkeeping + [member].compactMap { $0 }
        case .specific:
            // The body's call names the task when the function's name says something else: one call (or one
            // awaited call) that the name does not cover, or any call from a closure run later.
            // A lone verb (`load(urls)` in `prefetch(_:)`) says less than the function, unless the task runs later.
            // A computed property (`var swiftVersion { get async throws { … Task { … } } }`) names the value its
            // task produces, and a system API's call (`URLSession.shared.data(from:)`) says how, not what: both
            // give way to the declaration unless the task runs later, in a callback.
            let inProperty: Bool
            if case .property? = context.declarationPath.member { inProperty = true } else { inProperty = false }
            // The type's own hook for a call or a delegate's moment (`self.imageTaskCancelCalled(…)`,
            // `didCancel()`) says when, not what: the function (`invalidate()`) names the task better, unless the
            // task runs later. (Telling another object of an event, `queue.codeScanned(…)`, reports it: work.)
            // A body that looks up what it works on before its call does more than the call: the function's
            // name says it better, unless that name is a delegate's event (`spoilerBannerViewDidPressed`), which
            // says when, never what.
            let memberIsEvent: Bool
            if case .function(let name)? = context.declarationPath.member { memberIsEvent = delegateEvent(name) != nil } else { memberIsEvent = false }
            let strongCall = body.hasStrongCall && (!body.looksUpFirst || memberIsEvent)
            // One of many alike children (`for person in people { group.addTask { … follow … } }`) inside a task
            // that does what `followEveryone` says does one piece of it: the call it makes names that piece.
            let perItemPiece = context.isPerItem && context.isInsideTask && body.dominance == .onlyCall
            let saysPieceOfMember = { (dominant: BodyCall) -> Bool in
                let words = callWords(dominant)
                return !words.isEmpty && words.allSatisfy { word in member?.words.contains { WordStems.same($0, word) } == true }
            }
            // The function's verb on one of the things it names (`end-activity` in `endAllActivities()`), not on
            // whatever the call is made on (`liveActivityRegistry.end(tag:)` would read `end-registry`).
            if perItemPiece, let verb = call?.words.first, let functionWords = member?.words, functionWords.count > 1,
               WordStems.same(verb, functionWords[0]), let last = functionWords.last,
               let one = NameWords.singular(last) {
                call?.words = [functionWords[0], one]
            }
            // `runWorkers…()` making a child per worker (`activityWorker.run()`, `workflowWorker.run()`): each
            // child does the function's work to one of the things it names (`run-activity-worker`).
            let doesItToOne = { (dominant: BodyCall) -> Bool in
                guard !context.isPerItem, body.dominance == .onlyCall, let functionWords = member?.words, functionWords.count > 1
                else { return false }
                let singulars = functionWords.dropFirst().compactMap(NameWords.singular)
                guard !singulars.isEmpty else { return false }
                let words = callWords(dominant)
                guard words.count > 1, WordStems.same(words[0], functionWords[0]), let last = words.last else { return false }
                return singulars.contains(last)
            }
            // `connection.run()` in `runDeleteRequest()`: a task that only runs a service is that run, whatever the
            // function does around it.
            let runsOtherService = { (dominant: BodyCall) -> Bool in
                guard body.dominance == .onlyCall, Self.runsService(body), let receiver = dominant.receiver else { return false }
                return !NameWords.split(receiver).allSatisfy { word in member?.words.contains(word) == true }
            }
            // A value looked up for the rest of the body (`let userId = try await userManager.getActiveUserId()`
            // in `toggleMonitoring()`, then calls made in a `switch`) is what the work needs, never the work.
            // (Not on some paths only, nor in a callback: there the function says where, never what.)
            let looksUpForMore = { (dominant: BodyCall) in
                body.dominance != .onlyCall && !context.isConditional && context.placement == .direct
                    && NameWords.split(dominant.name).first == "get"
                    && Self.isGetter(dominant)
            }
            let callFirst = body.dominant.map { dominant in
                !body.callsEnclosingFunction && !looksUpForMore(dominant)
                    && (!agrees(context.declarationPath.member, dominant) || perItemPiece || doesItToOne(dominant) || runsOtherService(dominant))
                    && !asksForMembersObject(member, dominant)
                    && (context.placement == .callback || !Self.isOwnHook(dominant))
                    && (context.placement == .callback
                        || (strongCall && callWords(dominant).count > 1 && !Self.isSystemCall(dominant)
                            && (!inProperty || Self.runsReceiver(dominant)))
                        || (body.dominance == .onlyCall && !inProperty && !Self.isSystemCall(dominant)
                            && contradicts(context.declarationPath.member, dominant))
                        || (context.isPerItem && body.dominance == .onlyCall && dominant.isAwaited
                            && !Self.isSystemCall(dominant) && (memberIsCut(member, context) || (perItemPiece && saysPieceOfMember(dominant)))))
            } ?? false
            // `secondaryButton: .init(title: L10n.actionTryAgain) { Task { await self?.report() } }` inside
            // `report()`: a task made in a callback that only runs its own function again retries it.
            if context.placement == .callback, body.callsEnclosingFunction, body.dominance == .onlyCall,
               !body.bookkeepingCalls.contains(where: { $0.name == "sleep" }), let member {
                var retry = member
                retry.words = ["retry"] + member.words.filter { $0 != "retry" }
                retry.provenance = "retry of \(memberProvenance(context))"
                retry.verb = "retry"
                candidates.append(retry)
            }
            if callFirst, let call { candidates.append(call) }
            // A storage of two words or more (`endUnansweredCallTask`) says which task this is better than a
            // function doing several things; one word (`infoTask`) says less than the function.
            // Not a storage the function's name says whole (`sourceLists` of `loadSourceLists`): the function
            // says it with its verb.
            // Nor than a bare `start()` that makes the task on the side (`let exitTask = Task { command.wait() }`):
            // one word of what the task is for says more than the start around it.
            // (`inspectHoldTask` in `scheduleInspectHold(…)`: the task is the hold the function schedules, not the
            // scheduling; the storage names it.)
            let saidByMember = { (storage: PurposeCandidate) in
                WordStems.allRepeat(storage.words, in: member?.words ?? []) && member?.words.first != "schedule"
            }
            let memberOnlyStarts = member.map { $0.words.count == 1 && Self.startingVerbs.contains($0.words[0]) } == true
            // One word that names the part a task plays (`timeoutTask`, `heartbeatTask`) says it as well as two.
            let saysMore = { (storage: PurposeCandidate) in
                (storage.words.count > 1 || memberOnlyStarts || storage.words.allSatisfy(Self.roleStorageWords.contains))
                    && !saidByMember(storage)
            }
            candidates += storage.filter(saysMore) + [member].compactMap { $0 } + storage.filter { !saysMore($0) } + titles
            if !callFirst, let call { candidates.append(call) }
            candidates += cases + actions + triggers + bookkeeping
        }
        if let kindWord = context.kindWord { candidates.append(.init([kindWord], "creation kind \(kindWord)")) }
        return candidates
    }

    /// A call named for what it returns (`allEntries()`) whose noun the function's name says with a verb
    /// (`loadEntries()`): the function says what the task does with it.
    func asksForMembersObject(_ member: PurposeCandidate?, _ call: BodyCall) -> Bool {
        guard let member, Self.isNounNamed(call) || Self.isGetter(call), let noun = NameWords.split(call.name).last else { return false }
        return member.words.dropFirst().contains { WordStems.same($0, noun) }
    }

    /// The function's name already says what `call` does: same verb, and every word of the call is in it
    /// (`createDraftRoom` and `createRoom`). A call that says more (`confirmAndDeleteAllData` in
    /// `deleteAllData`), something else (`responseToShowHideReblogAction` in `responseToMenuAction`) or is
    /// another verb (`cancelKnock` in `showCancelKnockConfirmationAlert`) does not agree.
    func agrees(_ member: DeclarationPath.Component?, _ call: BodyCall) -> Bool {
        guard let member else { return false }
        let functionWords = memberWords(member)
        // The call's own name: `account.mark(ids)` agrees with `markArticleIDs`, whatever it is called on.
        let object = (call.argumentCase ?? call.endpoint).map(NameWords.split) ?? []
        let words = (NameWords.split(call.name) + object).filter { !NameWords.fillers.contains($0) }
        guard let verb = words.first, let functionVerb = functionWords.first, WordStems.same(verb, functionVerb) else {
            return false
        }
        return words.allSatisfy { word in functionWords.contains { WordStems.same($0, word) } }
    }

    func memberProvenance(_ context: TaskNameContext) -> String {
        let types = context.declarationPath.typeNames
        let owner = types.last.map { " of \($0)" } ?? ""
        switch context.declarationPath.member {
        case .function(let name)?: return "function \(name)\(owner)"
        case .property(let name)?: return "property \(name)\(owner)"
        case .initializer?: return "initializer\(owner)"
        case .deinitializer?: return "deinitializer\(owner)"
        case .subscript?: return "subscript\(owner)"
        case .closure(let name)?: return "closure \(name)\(owner)"
        case .type?, nil: return "type\(owner)"
        }
    }
}

/// Words that could name a task, and where they came from.
extension TaskNameDerivation {
    /// `start-activity-updates-observation`, `attach-state-observer` → what is observed (`activity-updates`,
    /// `state`); nil for any other words.
    static func observedWords(_ words: [String]) -> [String]? {
        guard words.count > 2, ["start", "attach", "install", "begin", "setup", "add"].contains(words[0]),
              let last = words.last, ["observation", "observer", "observing", "monitoring", "listener", "listening"].contains(last)
        else { return nil }
        let observed = Array(words.dropFirst().dropLast())
        return observed.allSatisfy(NameWords.fillers.contains) ? nil : observed
    }

    /// One-word storages that name the part a task plays beside other work (`timeoutTask`, `watchdogTask`), or
    /// the one direction of a transfer it runs (`receiveTask` in `handleNetworkToStdout`).
    static let roleStorageWords: Set<String> = [
        "timeout", "deadline", "watchdog", "heartbeat", "keepalive", "debounce",
        "receive", "read", "write", "send", "accept", "listen", "ping", "flush", "drain",
    ]

    /// Prepositions that open what qualifies a head noun (`room-for-identifier`, `user-by-email`).
    static let headlessOpeners: Set<String> = ["for", "by", "with", "from", "of", "at"]
}

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

    init(_ words: [String], _ provenance: String, isPhrase: Bool = false, mayEcho: Bool = false, mayStandAlone: Bool = true) {
        self.words = words
        self.provenance = provenance
        self.isPhrase = isPhrase
        self.mayEcho = mayEcho
        self.mayStandAlone = mayStandAlone
    }
}
