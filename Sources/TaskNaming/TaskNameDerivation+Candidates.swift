/// Where a name's words come from: the candidates for a task's purpose, in order of trust, and what the enclosing
/// member's role says of them.
extension TaskNameDerivation {
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

    /// A test method's scenario, less what its task's body does itself.
    private func testScenario(_ context: TaskNameContext, body: TaskBody) -> PurposeCandidate? {
        guard case .function(let name)? = context.declarationPath.member else { return nil }
        var scenario = PurposeCandidate(Self.scenarioPart(TestScenario.words(name), doneBy: body),
                                        "test scenario of \(context.declarationPath.description)", isPhrase: true, mayEcho: true)
        scenario.clauses = TestScenario.clauses(name)
        return scenario
    }

    /// The purpose candidates in order of trust; the first non-empty one becomes the purpose.
    func purposeCandidates(_ context: TaskNameContext, testCall: TestCallLead = .leadsWhereScenarioIsCut) -> [PurposeCandidate] {
        let place = context.declarationPath.description
        // `Task {}` holds a place: it runs nothing of its function (`start()` returning it when already running).
        // Stored, it holds the place of what its storage names (`searchingTask = Task {}` → `searching-placeholder`),
        // in a test too; there, unstored, the scenario still says which test it is in.
        // A mock's stubbed return value is that call's stub (`dispatchReturnValue = Task {}` → `dispatch-stub`).
        let storedIn = context.anchors.last { $0.kind == .storage }
        if context.body.dominant == .placeholder, !context.isTestMethod || storedIn != nil {
            var words = storedIn.map { Self.storageWords($0.name) }.flatMap { Self.saysOnlyTask($0) ? nil : $0 } ?? []
            var role = "placeholder"
            if words.count > 2, words.suffix(2) == ["return", "value"] {
                words.removeLast(2)
                role = "stub"
            }
            // Alike stubs of several tests are numbered: a scenario cut to fit would garble, and one stub is like
            // the other.
            return [PurposeCandidate(words + [role], "empty body in \(place)", mayEcho: true)]
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
            candidates.append(.logging(message, "logs only: \"\(message.joined(separator: " "))\" in \(place)", isPhrase: true))
        }
        if context.body.onlyLogs, !context.isTestMethod, let member = context.declarationPath.member,
           case .function = member, let first = memberWords(member).first, !Self.logLevels.contains(first) {
            candidates.append(.logging(memberWords(member), "logs only, in \(memberProvenance(context))"))
        }
        // A task stored as an observer, poller or timer is that role, whatever the function that starts it does.
        if let roleStorage = context.anchors.last(where: { anchor in
            anchor.kind == .storage && NameWords.split(anchor.name).last.map(Self.roleNouns.contains) == true
        }) {
            candidates.append(.init(NameWords.split(roleStorage.name), "stored in \(roleStorage.name) in \(place)"))
        }
        // `let task = Task {…}`, `t2`: a storage that only says "a task" names nothing.
        let storage = context.anchors.reversed().filter { $0.kind == .storage }.map { anchor in
            var candidate = PurposeCandidate(Self.storageWords(anchor.name), "stored in \(anchor.name) in \(place)")
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
        // Nor does a view the closure builds (`ScrollViewReader { proxy in … }`, `VStack { … }`): where, not what.
        let actions = context.anchors.reversed().filter {
            $0.kind == .action && !Self.isRegistration($0.name) && $0.name.first?.isUppercase != true
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
        // (Nor a getter's: `getCachedFormattedValue(for:)` returns the value; its task stores it, which the getter
        // never says.)
        let inGetter = { () -> Bool in
            guard case .function(let name)? = context.declarationPath.member else { return false }
            return NameWords.split(DeclarationPath.baseName(name)).first == "get"
        }
        let role = role(of: context)
        if let dominant = body.dominant, dominant.isAssignment, !undoesFunction(dominant),
           context.placement != .callback, !context.isConditional, role != .host, !inGetter() {
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
            let scenario = testScenario(context, body: body)
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
            // `Task { await service.update() }` inside the task that sends: the outer task is the function's
            // work, this one a step of it, named for its call.
            let isNestedStep = body.dominant.map { dominant in
                guard context.isInsideTask, !context.isPerItem, body.dominance == .onlyCall, !Self.isSystemCall(dominant),
                      !Self.isGetter(dominant), !Self.isNounNamed(dominant) else { return false }
                let words = callWords(dominant)
                return words.count > 1 || words.first.map(Self.knownVerbs.contains) == true
            } ?? false
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
                        || isNestedStep
                        || (context.isPerItem && body.dominance == .onlyCall && dominant.isAwaited
                            && !Self.isSystemCall(dominant) && (memberIsCut(member, context) || (perItemPiece && saysPieceOfMember(dominant)))))
            } ?? false
            // `secondaryButton: .init(title: L10n.actionTryAgain) { Task { await self?.report() } }` inside
            // `report()`: a task made in a callback that only runs its own function again retries it.
            if context.placement == .callback, body.runsEnclosingFunctionAgain, body.dominance == .onlyCall,
               !body.bookkeepingCalls.contains(where: { $0.name == "sleep" }), let member {
                var retry = member
                retry.words = ["retry"] + member.words.filter { $0 != "retry" }
                retry.provenance = "retry of \(memberProvenance(context))"
                retry.verb = "retry"
                candidates.append(retry)
            }
            if callFirst, var call {
                // A lone verb of a step says what it is done to (`update-service`).
                if isNestedStep, call.words.count == 1, let receiver = body.dominant?.receiver {
                    call.words += Self.storageWords(receiver).filter { $0 != "self" && !WordStems.same($0, call.words[0]) }
                }
                candidates.append(call)
            }
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
