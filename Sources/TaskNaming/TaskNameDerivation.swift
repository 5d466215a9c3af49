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

    /// Verbs whose object follows a preposition (`ask for`, `wait for`, `listen to`): alone, they name no work.
    static let prepositionalVerbs: Set<String> = [
        "ask", "wait", "look", "search", "listen", "subscribe", "apply", "respond", "reply", "opt", "account",
    ]

    /// Control words that name something a user touches (`button`, `alert`), not a closure's role (`perform`).
    static let userControlWords: Set<String> = [
        "button", "label", "menu", "primary", "secondary", "destructive", "default", "alert",
    ]

    /// Words that name a kind of control or closure (`Button`, `action:`), not what it does; and the slots of a
    /// view a closure fills (`secondaryContent:`, `header:`): where on screen, not what a task in it does.
    static let controlWords: Set<String> = userControlWords.union([
        "action", "closure", "handler", "callback", "block", "perform", "completion",
        "content", "header", "footer", "overlay", "background", "toolbar", "accessory", "leading", "trailing",
    ])

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
            // `askForParks` in `parks-map`: a verb that takes its object through a preposition, left alone, asks
            // nothing (`parks-map-ask`); the phrase stays whole, though it says the prefix's word again.
            if candidate.startsWithVerb, words.count == 1, candidate.words.count > 2, candidate.words[0] == words[0],
               Self.prepositionalVerbs.contains(words[0]), NameWords.cutPrepositions.contains(candidate.words[1]) {
                words = candidate.words
            }
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
        // (Both below only for a call's or function's words whose end the fit cut off.)
        func endWasCut() -> Bool {
            !purpose.isPhrase && kept.count < purpose.words.count && Array(purpose.words.prefix(kept.count)) == kept
        }
        if endWasCut(), let thinned = Self.thinnedVerbPhrase(purpose.words, after: prefix, maxLength: maxLength) {
            purpose.words = thinned
            kept = thinned
        }
        // `promote-to-dynamic` cut from `promote-to-dynamic-island`: a call's prepositional phrase goes whole.
        // (Not `connect-to-host` of `connect-to-host-with-password`: that phrase ended where the cut is.)
        var cutAtPreposition = false
        if endWasCut(), !NameWords.clauseOpeners.contains(purpose.words[kept.count]),
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
        derived.isConfident = isReadWhole(purpose, kept: kept, prefix: prefix, context: context)
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

    /// The name is the prefix and the whole name of what the task is: the one call its one-statement body makes,
    /// or the function it is all of (``DerivedTaskName/isConfident``).
    /// Names pieced together (a word cut, one the prefix says dropped, an object taken from a label) or taken
    /// from a call among several, a function the task is one step of, a title, a storage or a test's scenario
    /// are proposals for a person: in names read blind against the code, about one in five of those misled,
    /// against about one in twenty of names read whole.
    func isReadWhole(_ purpose: PurposeCandidate, kept: [String], prefix: [String], context: TaskNameContext) -> Bool {
        guard !purpose.isPhrase, !purpose.isStorage, kept == purpose.words else { return false }
        let source: String
        if purpose.isCall {
            // One statement: a body that does more than its call (even one that is all its function does) is
            // named by the function, if by anything (`delete-audio-file`, not its closing `present-audio-files`).
            guard context.body.dominance == .onlyCall, let call = context.body.dominant, !call.isAssignment,
                  !context.body.callsOnLoopElement, context.body.isSingleStatement else { return false }
            // A lone verb on an object the prefix does not name (`applicationsViewModel.load(…)` in `ProfileView`)
            // says it of the wrong thing.
            if NameWords.split(call.name).count == 1, let receiver = call.receiver,
               NameWords.split(receiver).contains(where: { word in
                   !Self.agentNouns.contains(word) && word != "view" && !prefix.contains(word)
               }) {
                return false
            }
            source = call.name
        } else if purpose.isMember, context.isWholeOfFunction, !context.isConditional, !context.isInsideTask,
                  // Not from a callback the function hands on (`onCancel: { Task { … } }` in `present()`).
                  context.placement == .direct,
                  case .function(let name)? = context.declarationPath.member {
            source = DeclarationPath.baseName(name)
        } else {
            return false
        }
        let words = NameWords.split(source)
        guard kept == words || kept == Self.stripping(["Async"], from: words)
                // The task word ends a call that makes or runs a task (`startPollingTask` → `start-polling`); after
                // any other verb it is the program's own task or job (`deleteScheduleTask`, `retryJob`), and the
                // name without it names another thing.
                || (words.first.map(Self.taskMakingVerbs.contains) == true && kept == Self.stripping(Self.taskSuffixes + ["Async"], from: words))
        else { return false }
        // A function named for an event (`sessionExpired`, `authSucceeded`, `didFinish`) says when the task runs,
        // not what it does; so does an unknown participle after a noun (`authSucced`, misspelled).
        if !purpose.isCall, Self.isEventName(words) || Self.endsInUnknownParticiple(words) { return false }
        // A question (`fitsIsCube()`, `shouldRefresh()`) names what the task asks, not what it does with the answer.
        guard !kept.contains(where: Self.questionWords.contains) else { return false }
        // The prefix's head noun said again (`cell-run-cell`), or undone (`mute-unmute`), reads as a stutter or a
        // toggle (not another of its words, `meal-planner-add-random-meal`, nor a word of one stem,
        // `read-aloud-start-reading`: they read well).
        if let head = prefix.last, kept.contains(where: { $0 == head || $0 == "un" + head || head == "un" + $0 }) {
            return false
        }
        // Whole: nothing cut to fit, and nothing dangling trimmed (what `compose` would do, without composing).
        return NameWords.hyphenatedLength(prefix, kept) <= maxLength
            && NameWords.trimmingDanglingEnd(prefix + kept).count == prefix.count + kept.count
    }

    /// Verbs whose object, ending in a task word, is the Swift task itself (`startPollingTask`, `runSyncJob`).
    static let taskMakingVerbs: Set<String> = [
        "start", "run", "launch", "spawn", "begin", "kick", "restart", "perform", "make", "schedule", "setup", "set",
        "fire", "trigger", "enqueue", "resume",
    ]

    /// The last word reads as a participle no list holds (`authSucced`, `layoutInvalidated`) after a word that is
    /// no verb: the name of an event.
    static func endsInUnknownParticiple(_ words: [String]) -> Bool {
        guard words.count > 1, let last = words.last, last.count >= 5, last.hasSuffix("ed"), !last.hasSuffix("eed"),
              !knownVerbs.contains(words[0]), !NameWords.commonVerbs.contains(words[0]),
              !participleTakingVerbs.contains(words[0]) else { return false }
        return true
    }

    /// Verbs no other list holds that take what a participle names (`sortInstalled`, `retryFailed`).
    static let participleTakingVerbs: Set<String> = [
        "sort", "filter", "group", "merge", "rank", "order", "count", "compute", "calculate", "render", "build",
        "prepare", "configure", "install", "uninstall", "migrate", "copy", "move", "rename", "expand", "collapse",
        "hide", "select", "highlight", "reorder", "resolve", "redo", "undo", "replay",
    ]

    /// Words that make a call's name a question (`isCube`, `canSend`, `shouldRetry`); not `will` and `did`, which
    /// name a delegate's moment (`handleWillSleep`).
    static let questionWords: Set<String> = [
        "is", "are", "was", "were", "has", "have", "had", "can", "could", "should", "would", "does", "must", "may",
        "might",
    ]

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
}
