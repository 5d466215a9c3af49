/// How each kind of context becomes words: members, calls, modifiers, delegate events.
extension TaskNameDerivation {
    /// Property and operation names often end in a word that only says "this is a task".
    static let taskSuffixes = ["Tasks", "Task", "Handle", "Job", "Cancellable"]

    /// A storage's words without the task word that ends it (`loadingTask` → `loading`).
    static func storageWords(_ name: String) -> [String] { stripping(taskSuffixes, from: NameWords.split(name)) }
    /// Verb-less prefixes SwiftUI modifiers carry (`onAppear` → `appear`, `onTapGesture` → `tap-gesture`).
    static let modifierPrefixes = ["on"]
    /// Last words of a kept closure's name that only say "a closure goes here" (`approveVerificationClosure`).
    /// Verbs that say what a stored action does (`sendButtonAction`, `saveAction`, `retryHandler`): the call is
    /// named by them rather than taken for a caller's closure run blind.
    public static let purposeVerbs: Set<String> = [
        "send", "save", "submit", "share", "delete", "upload", "download", "fetch", "load", "refresh", "sync",
        "play", "pause", "stop", "start", "retry", "search", "publish", "export", "import", "print", "dismiss",
        "confirm", "login", "logout", "sign", "reload", "post", "archive", "restore", "connect", "disconnect",
        "proceed", "register", "unregister",
    ]
    /// Nouns that name a representation of a value (`pngData`, `jsonString`): said with what they represent.
    static let representationNouns: Set<String> = ["data", "string", "representation", "image", "png", "jpeg"]
    static let closureSuffixes = ["Closure", "Handler", "Callback", "Block", "Action"]
    /// Types whose static calls say nothing of the work (`Task.sleep`, `MainActor.run`).
    static let plumbingTypes: Set<String> = ["Task", "MainActor", "DispatchQueue", "Self", "Thread", "RunLoop"]
    /// System types whose shared instances do the plumbing of many tasks (`URLSession.shared.data(from:)`,
    /// `FileManager.default.removeItem(at:)`): their call says how the task works, the function says what for.
    static let systemTypes: Set<String> = [
        "URLSession", "FileManager", "NotificationCenter", "UserDefaults", "ProcessInfo", "Bundle", "UIApplication",
        "NSApplication", "NSWorkspace", "UIPasteboard", "NSPasteboard", "UNUserNotificationCenter", "URLCache",
        "HTTPCookieStorage", "PHPhotoLibrary", "AVAudioSession", "WKWebsiteDataStore", "NSFileCoordinator", "NSApp",
    ]

    /// First labels that name what a verb acts on (`play(song:)`, `favorite(album:)`).
    static let objectLabels: Set<String> = [
        "song", "album", "playlist", "station", "track", "artist", "item", "items", "file", "files", "document",
        "message", "messages", "post", "status", "user", "account", "photo", "image", "video", "episode", "podcast",
        "order", "product", "entry", "record", "note", "event", "contact", "book", "chapter", "article", "feed",
        "tag", "tags", "label", "labels", "comment", "folder", "bookmark", "attachment", "member", "friend",
        "channel", "group", "reaction", "wallet", "card", "transaction",
    ]

    /// The call is made on a system type's shared instance or on the type itself.
    static func isSystemCall(_ call: BodyCall) -> Bool {
        if call.typeName.map(systemTypes.contains) == true { return true }
        // `session.bytes(for: request)`, `urlSession.data(from: url)`: a URL session's transfer says how the
        // work reaches the server, not what it is for.
        guard ["data", "bytes", "upload", "download"].contains(call.name), let receiver = call.receiver else { return false }
        return receiver == "session" || receiver.hasSuffix("Session")
    }
    /// Last words of receivers that do the work rather than undergo it: `apiService.vote()` votes, it does not
    /// vote the API; `pool.run()` runs the pool.
    static let agentNouns: Set<String> = [
        "service", "manager", "controller", "client", "api", "provider", "proxy", "handler", "delegate",
        "coordinator", "driver", "helper", "loader", "fetcher", "engine", "worker", "processor", "scheduler",
        "dispatcher", "router", "interactor", "presenter", "facade", "sdk", "module", "center", "model",
        "repository", "interface", "adapter", "bridge", "mediator", "builder", "factory",
        // `vm.submit()`: a view model, abbreviated.
        "vm",
    ]

    /// Names that hold any task or any result: they say nothing of what it does.
    static let placeholderWords: Set<String> = [
        "task", "tasks", "handle", "job", "t", "work", "result", "results", "value", "values", "output", "outputs",
        "future", "promise", "new", "current", "pending", "old", "active", "running", "last", "next", "previous",
        "existing", "ongoing", "in", "flight", "inflight", "my", "the", "this",
    ]

    /// Words that only pick from a collection (`allTasks()`, `currentJobs()`): a call saying only these, with at
    /// most a task noun, reads it.
    static let quantifierWords: Set<String> = [
        "all", "every", "each", "any", "some", "current", "pending", "active", "running", "existing", "ongoing",
    ]

    /// Nouns for tasks themselves, one or many.
    static let taskNouns: Set<String> = ["task", "tasks", "job", "jobs", "handle", "handles"]

    /// `let task = Task {…}`, `let result = await withTaskGroup {…}`: a storage that says only "a task".
    static func saysOnlyTask(_ words: [String]) -> Bool {
        words.isEmpty || words.allSatisfy { Self.placeholderWords.contains($0) }
            || (words.count == 1 && words[0].first == "t" && words[0].dropFirst().allSatisfy(\.isNumber))
    }

    /// `settingsViewModelWantsToClearLogs()`, `userWantsToDelete(item:)`, `processUserWantsToDeleteContact(…)`: a
    /// request says what is asked for after its `wants to`; who asks is where it comes from, and handling or
    /// sending the request is the asking (`clear-logs`, `delete-contact`). Nil for words without `wants to`.
    public static func askedFor(_ words: [String]) -> [String]? {
        guard let index = words.indices.dropLast(2).first(where: { words[$0] == "wants" && words[$0 + 1] == "to" })
        else { return nil }
        return Array(words[(index + 2)...])
    }

    func memberWords(_ member: DeclarationPath.Component) -> [String] {
        switch member {
        case .function(let name):
            let base = DeclarationPath.baseName(name)
            if let event = delegateEvent(name) { return event }
            if let asked = Self.askedFor(NameWords.split(base)) { return asked }
            // `withTimeout(_:)`, `withRetry(_:)`: a wrapper says what it adds, not what it wraps.
            var words = Self.droppingVariantWords(NameWords.split(base))
            if words.count > 1, words[0] == "with" { return Array(words.dropFirst()) }
            // `setUpResetItemsTask()`: a function that makes a task names it as a storage would, without `task`.
            if words.count > 2, let last = words.last, ["task", "tasks"].contains(last) { words.removeLast() }
            // `performForegroundRestart()`: what is performed is the work (`performSearch()` keeps its verb).
            if words.count > 2, words[0] == "perform", !NameWords.fillers.contains(words[1]) { words.removeFirst() }
            if let action = Self.tappedHandlerAction(words) { return action }
            // `Token.from(refreshToken:)`, `Feed.with(identifier:)`: a preposition alone names nothing; with its
            // first label it says what the function makes the value from (`from-refresh-token`).
            if words.count == 1, Self.namingPrepositions.contains(words[0]),
               let label = Self.argumentLabels(name).first, label != "_", !Self.isCallbackLabel(label) {
                return words + NameWords.split(label)
            }
            return hostFunctions.contains(base) && base != "init" && base != "deinit" ? actionWords(base) : words
        case .property(let name): return Self.storageWords(name)
        case .initializer: return ["init"]
        case .deinitializer: return ["deinit"]
        case .subscript: return ["subscript"]
        case .closure(let name): return actionWords(name)
        case .type(let name): return typePrefix.stem(name)
        }
    }

    /// Verbs that hand a message on: what they are handed says what the task does.
    static let messagingVerbs: Set<String> = [
        "track", "log", "record", "report", "send", "post", "emit", "publish", "dispatch", "fire", "trigger", "enqueue",
        "submit", "broadcast", "notify", "capture",
    ]
    /// Kind words of a message's type (`ConfigFailEvent`): what it is, never which.
    static let messageKindSuffixes = ["Event", "Action", "Command", "Message", "Notification"]

    /// Generic verbs that still say what is done to the one thing they act on (`notification-policy-update`).
    static let objectVerbs: Set<String> = ["update", "send", "receive", "notify"]

    /// `inputItems` → `input-items`, `userID` → `user`: a compound label that names a thing; nil for one that
    /// says how (`forceReload`, `shouldAnimate`, `completionHandler`) or is one word.
    static func objectLabelWords(_ label: String) -> [String]? {
        var words = NameWords.split(label)
        if words.last == "id" || words.last == "ids" { words.removeLast() }
        guard words.count >= 2 || (words.count == 1 && NameWords.split(label).count == 2), let first = words.first,
              let last = words.last else { return nil }
        let manner: Set<String> = [
            "force", "forced", "should", "is", "has", "with", "for", "from", "to", "in", "on", "at", "by", "using",
            "after", "before", "include", "including", "allow", "skip", "ignore", "use", "keep", "reset", "animated",
            "animate", "silent", "silently", "needs", "max", "min", "retry", "wait",
        ]
        let kinds: Set<String> = [
            "completion", "handler", "callback", "block", "animated", "options", "option", "timeout", "delay",
            "priority", "mode", "style", "flag", "policy", "interval", "duration", "count", "limit", "level", "enabled",
            "time", "date", "since", "until", "listener", "observer", "receiver",
        ]
        // Nor where the work is done (`search(rootURL:)`), nor a clipped word (`sub_id`).
        guard !manner.contains(first), !kinds.contains(last), !addressNouns.contains(last), !locationNouns.contains(last),
              words.count > 1 || last.count > 3,
              !words.contains(where: { NameWords.fillers.contains($0) || NameWords.isParticiple($0) || $0.hasSuffix("ing") || $0.hasSuffix("ly") })
        else { return nil }
        return words
    }

    /// Labels of a delegate method that only say where (`point:`, `at:`), never the moment.
    static let positionLabels: Set<String> = ["point", "at", "location", "position", "sender", "animated", "coordinator"]

    /// Prepositions a factory function is named with (`from(refreshToken:)`, `with(identifier:)`).
    static let namingPrepositions: Set<String> = ["from", "with", "for", "by", "to", "of", "into", "using", "matching"]

    /// Nouns that name an event delivered to a handler (`onWebSocketEvent`, `onStatusChange`).
    static let eventNouns: Set<String> = ["event", "events", "change", "changes", "update", "updates", "message", "notification"]

    /// First words of a label that says how an overload finds or picks what it works on (`byIdentifier`,
    /// `withId`, `where`, `matching`).
    static let qualifyingLabelWords: Set<String> = ["by", "with", "where", "matching", "using", "for", "from"]

    /// `query(_:byIdentifier:completion:)` → `_`, `byIdentifier`, `completion`.
    static func argumentLabels(_ function: String) -> [String] {
        guard let open = function.firstIndex(of: "("), function.hasSuffix(")") else { return [] }
        return function[function.index(after: open)..<function.index(before: function.endIndex)]
            .split(separator: ":").map(String.init)
    }

    /// `asyncHandleAppRoute`, `loadAsync`, Objective-C's `executeAndReturnError(_:)`: which variant of a
    /// function is called, or how it reports failure, says nothing of what it does.
    static func droppingVariantWords(_ words: [String]) -> [String] {
        var words = words
        if words.count > 1, words.first == "async" { words.removeFirst() }
        if words.count > 1, words.last == "async" { words.removeLast() }
        if words.count > 3, words.suffix(3) == ["and", "return", "error"] { words.removeLast(3) }
        // `internalSendMessage()`, `maybeSend()`: how the function is reached or whether it acts, not what it does.
        if words.count > 1, ["internal", "private", "maybe", "actually"].contains(words[0]) { words.removeFirst() }
        // `subscribeWithError()`, `loadWithCompletion(_:)`: how it reports, not what it does.
        if words.count > 2, words[words.count - 2] == "with", ["error", "completion", "handler", "callback"].contains(words[words.count - 1]) {
            words.removeLast(2)
        }
        return words
    }

    /// What a call says the task does.
    ///
    /// - `fetchPrices()` → `fetch-prices`;
    /// - a static call keeps its type without the kind words: `PriceService.refresh()` → `price-refresh`;
    /// - a transport verb takes its endpoint: `post(endpoint: Accounts.unblock(…))` → `post-unblock`;
    /// - a one-word verb takes the object it is called on: `capabilities.refresh()` → `refresh-capabilities`,
    ///   `pool.run()` → `run-pool` (but `viewModel.refresh()` → `refresh`: the object is only a kind word).
    func callWords(_ call: BodyCall) -> [String] {
        if let action = Self.pressedControlAction(call) { return action }
        if let event = Self.eventCallWords(call) { return event }
        // `try await apiService.hashtagTimeline(…)`: a service's method named for what it returns, awaited, fetches it.
        if Self.isServiceRequest(call) {
            return ["fetch"] + Self.droppingVariantWords(NameWords.split(call.name))
        }
        // (`performBackgroundTask()`: after a hollow verb the task noun is the object, never a suffix to drop:
        // `perform-background` reads cut.)
        let callNameWords = NameWords.split(call.name)
        if let asked = Self.askedFor(callNameWords) { return asked }
        // `message.with(configuration)`: a call named by glue alone says nothing. (`a()` is an identifier.)
        if call.typeName == nil, callNameWords.allSatisfy({ NameWords.fillers.contains($0) && $0 != "a" }) { return [] }
        let keepsTaskNoun = callNameWords.count > 2 && NameWords.hollowVerbs.contains(callNameWords[0])
        var words = Self.droppingVariantWords(keepsTaskNoun ? callNameWords : Self.stripping(Self.taskSuffixes, from: callNameWords))
        // `EventHandler(event: e, context: c).handleAsync()`: a lone verb on a value made for the call acts on what
        // that value is for (`handle-event`).
        if words.count == 1, call.receiver == nil, call.typeName == nil, let producer = call.producer,
           producer.first?.isUppercase == true {
            let object = NameWords.split(producer).filter { !Self.agentNouns.contains($0) && !WordStems.same($0, words[0]) }
            if !object.isEmpty, object.count < NameWords.split(producer).count { return words + object }
        }
        if let work = Self.scaffoldedWork(words, labeledCase: call.labeledCase) { return work }
        // `coordinateToMediaPreviewScene(…)`, `navigateToSettingsScreen()`: going to a scene shows it
        // (`show-media-preview`); `to` and the kind of screen say nothing more.
        if words.count >= 3, ["coordinate", "navigate", "route", "go"].contains(words[0]), words[1] == "to" {
            words = ["show"] + words.dropFirst(2)
            if words.count > 2, ["scene", "screen"].contains(words.last ?? "") { words.removeLast() }
        }
        // `onLoadMore()`, `onSave()`: a callback property named after its event. `onWebSocketEvent(…)`,
        // `onTimeoutExpired()` on `self` name no act: the task handles that event.
        if words.count > 1, Self.modifierPrefixes.contains(words[0]) {
            words.removeFirst()
            if call.receiver == nil, call.typeName == nil, !Self.everyVerbOrEmpty.contains(words[0]), !Self.knownVerbs.contains(words[0]),
               Self.isEventName(words) || words.last.map(Self.eventNouns.contains) == true {
                return ["handle"] + NameWords.droppingAuxiliaryBeforeParticiple(words)
            }
        }
        // `performAddToQueue(…)`: what is performed is the work. `performSearch()` keeps its verb: the bare noun
        // (`search`) would read as a thing, and vanish into a prefix that says it (`fuzzy-search-ui`).
        if words.count > 2, words[0] == "perform", !NameWords.fillers.contains(words[1]) { words.removeFirst() }
        // `sendButtonAction()`: a stored action named by its verb; the control it sits on says nothing more.
        if words.count > 1, Self.purposeVerbs.contains(words[0]), let last = words.last,
           Self.closureSuffixes.contains(where: { $0.lowercased() == last }) {
            words.removeLast()
            if words.count > 1, words.last == "button" { words.removeLast() }
        }
        // `snapshot().pngData()` → `snapshot-png-data`: a representation is named with what it represents.
        if call.receiver == nil, call.typeName == nil, let producer = call.producer, let last = words.last,
           Self.representationNouns.contains(last) {
            let producerWords = NameWords.split(producer)
            return producerWords + words.filter { !producerWords.contains($0) }
        }
        // `request(path: type.path)`: an address says where the request goes, not what it is for.
        if let endpoint = call.endpoint, !Self.addressNouns.contains(endpoint) {
            // `perform(action: .acceptTerms)` is the accept; `post(endpoint: .unblock)` posts it.
            if Self.genericFunctions.contains(call.name) { return NameWords.split(endpoint) }
            return words + NameWords.split(endpoint).filter { !words.contains($0) }
        }
        // `APlayer.shared.play(song:)`, `MCatalog.favorite(album:)`, `register(track:in:)` on `self`: a verb's
        // first label names its object; so on a view model or another agent (`viewModel.add(tag:for:)`).
        // (A bare `model` is data: `model.apply(account:)` applies what the task fetched.)
        let onAgent = {
            call.producer == nil && call.receiver.map { $0 != "model" && NameWords.split($0).last.map(Self.agentNouns.contains) == true } == true
        }
        if call.typeName != nil || (call.receiver == nil && call.producer == nil) || onAgent(), words.count == 1,
           Self.everyVerb.contains(words[0]) || Self.knownVerbs.contains(words[0]),
           let label = call.firstLabel, Self.objectLabels.contains(label) {
            return words + [label]
        }
        // `load(inputItems:)`, `update(userInfo:)` on `self`: a label of two nouns or more names the object too
        // (not `refresh(forceReload:)` nor `show(animated:)`, which say how).
        // So on a view model or another agent that does the work (`viewModel.summarize(inputText:)`).
        if call.typeName == nil, call.producer == nil, words.count == 1, let label = call.firstLabel,
           call.receiver.map({ NameWords.split($0).last.map(Self.agentNouns.contains) ?? false }) ?? true,
           Self.everyVerb.contains(words[0]) || Self.knownVerbs.contains(words[0]),
           let object = Self.objectLabelWords(label) {
            return words + object.filter { !words.contains($0) }
        }
        // `Superwall.shared.track(InternalSuperwallEvent.AppClose())`: what a messaging verb is handed, made for
        // the call, is what it tracks or sends (`track-app-close`), whoever is asked to.
        if words.count == 1, Self.messagingVerbs.contains(words[0]), let made = call.argumentType,
           !Self.plumbingTypes.contains(made), !Self.systemTypes.contains(made) {
            let object = Self.stripping(Self.messageKindSuffixes, from: typePrefix.stem(made))
            if !object.isEmpty, !object.allSatisfy(Self.messageKindSuffixes.map { $0.lowercased() }.contains) {
                return words + object
            }
        }
        // `AuthIdentity.load()` loads the identity; `Facade.coordinateToProfileScene()` says enough alone.
        if let type = call.typeName, words.count == 1, !Self.plumbingTypes.contains(type) {
            let typeWords = typePrefix.stem(type)
            return typeWords + words.filter { !typeWords.contains($0) }
        }
        // The object is what the call is made on only when no argument comes first (`pool.run()`, not
        // `account.mark(ids)`).
        // A generic verb says what it runs only with its receiver: `client.run()` runs the client,
        // `serviceGroup.run()` the service group, agent noun or not.
        // A receiver named for an activity (`storing.save(…)`, `tracking.log(…)`) is an agent too, not an object.
        // (`$0.shutdown()`: a closure's anonymous element has no name to give.)
        // (Nor does a test's `sut`: the subject under test is what the prefix names.)
        if words.count == 1, !call.hasLeadingArgument, let receiver = call.receiver, !receiver.hasPrefix("$"), receiver != "sut",
           let last = NameWords.split(receiver).last,
           !last.hasSuffix("ing") || Self.genericFunctions.contains(words[0]),
           !Self.agentNouns.contains(last) || Self.genericFunctions.contains(words[0]) {
            return words + typePrefix.stem(receiver).filter { !words.contains($0) }
        }
        // `handle(notificationResponse:)`, `process(item:)`: a generic verb says what it works on in its label.
        if words.count == 1, Self.genericFunctions.contains(words[0]), call.receiver == nil, call.typeName == nil,
           let label = call.firstLabel, !NameWords.fillers.contains(label), !Self.taskNouns.contains(label) {
            return words + NameWords.split(label).filter { !words.contains($0) }
        }
        // `fetcher.fetch(.surrogates)` fetches the surrogates.
        if words.count == 1, let object = call.argumentCase {
            return words + NameWords.split(object).filter { !words.contains($0) }
        }
        return words
    }

    /// Where a request goes (`path`, `url`): never what it is for.
    static let addressNouns: Set<String> = ["path", "url", "uri", "endpoint", "route", "address", "location", "host"]

    /// Verbs that take a participle as their object (`markCompleted`, `setSelected`, `loadSaved`): such a call
    /// is an action, not an event.
    static let participleObjectVerbs: Set<String> = [
        "mark", "set", "get", "load", "fetch", "show", "make", "keep", "save", "clear", "reset", "remove", "delete",
        "update", "add", "send", "notify", "report", "handle", "post", "emit", "record", "log", "flag", "store",
        "restore", "sync", "refresh", "check", "request", "publish", "broadcast", "signal", "track", "is", "has",
        "was", "did", "will", "should", "can", "on", "toggle", "drain", "flush", "purge", "prune", "evict", "collect",
        "gather", "discard", "clean", "resend", "apply", "process", "perform", "present", "dismiss",
        "open", "close", "start", "stop", "cancel", "retry", "find", "list", "observe", "watch", "wait", "await",
        "ensure", "verify", "confirm",
        // A question (`arePrerequisitesSatisfied`), not an event.
        "are", "were", "be", "been", "does", "do", "had", "have", "could", "would", "must", "needs", "need",
    ]

    /// UIKit calls named like events that are commands (`generator.impactOccurred()` plays a haptic).
    static let commandsNamedAsEvents: Set<String> = ["impactOccurred", "notificationOccurred", "selectionChanged"]

    /// Words that name something that happened (`timer-fired`, `connection-closed`, `did-finish`), not an action
    /// (`mark-completed`), a question (`are-prerequisites-satisfied`) or a condition (`rekey-if-expired`).
    public static func isEventName(_ words: [String]) -> Bool {
        guard let first = words.first, let last = words.last,
              // `rekeyIfExpired`, `loadWhenCached`: a condition, not an event.
              !words.contains(where: { NameWords.fillers.contains($0) || NameWords.conditionWords.contains($0) })
        else { return false }
        if (first == "did" || first == "will") && words.count > 1 { return true }
        return eventParticiples.contains(last) && (words.count == 1 || !participleObjectVerbs.contains(first))
    }

    /// Participles events are named with (`timerFired`, `connectionClosed`, `jobFailed`). A participle outside
    /// the list is read as an object (`drainQueued` drains what is queued).
    static let eventParticiples: Set<String> = [
        "fired", "failed", "closed", "changed", "finished", "completed", "started", "stopped", "scheduled", "received",
        "opened", "ended", "expired", "updated", "loaded", "cancelled", "canceled", "connected", "disconnected",
        "tapped", "pressed", "clicked", "selected", "deselected", "toggled", "occurred", "appeared", "disappeared",
        "triggered", "elapsed", "terminated", "resumed", "suspended", "paused", "dismissed", "presented", "scanned",
        "registered", "invalidated", "succeeded", "arrived", "begun", "lost", "sent", "crashed", "exited",
        "timed", "interrupted", "rejected", "accepted", "granted", "denied", "dropped", "reconnected", "restored",
        "satisfied", "reached", "entered", "moved", "resized", "created", "deleted", "removed", "added",
        "inserted", "saved", "downloaded", "uploaded", "synced", "signed", "logged", "evicted", "shown", "hidden",
        "produced", "consumed", "suspended", "called",
    ]

    /// A call named after something that happened says what happened, not what the task does with it:
    /// `queue.failed(jobID:error:)` → `report-job-failed`, `stateMachine.timerFired()` → `report-timer-fired`,
    /// `connectionClosed()` on `self` → `handle-connection-closed`, `didReceive(_:)` → `handle-did-receive`.
    /// The task tells another object of the event (reports it) or reacts to it itself (handles it). A bare
    /// participle (`failed`) takes its subject from the first argument label (`jobID:` → `job`).
    static func eventCallWords(_ call: BodyCall) -> [String]? {
        guard !call.isAssignment, call.typeName == nil || !plumbingTypes.contains(call.typeName ?? "") else { return nil }
        var words = NameWords.split(call.name)
        guard !commandsNamedAsEvents.contains(call.name), isEventName(words) else { return nil }
        words = NameWords.droppingAuxiliaryBeforeParticiple(words)
        if words.count == 1, let subject = firstLabelNoun(call.text) { words.insert(contentsOf: subject, at: 0) }
        let onOther = call.receiver != nil || call.typeName != nil
        return [onOther ? "report" : "handle"] + words
    }

    /// `queue.failed(jobID:error:)` → `job`: the first argument label's words without `id`.
    static func firstLabelNoun(_ text: String) -> [String]? {
        guard let open = text.firstIndex(of: "(") else { return nil }
        let label = text[text.index(after: open)...].prefix { $0 != ":" && $0 != ")" }
        guard !label.isEmpty, label != "_" else { return nil }
        let words = NameWords.split(String(label)).filter { $0 != "id" && $0 != "ids" }
        return words.isEmpty ? nil : words
    }

    /// Last words of delegating objects' type names (`tableView`, `collectionViewCell`, `searchBar`…).
    static let delegatingNouns: Set<String> = [
        "view", "cell", "controller", "field", "bar", "picker", "session", "manager", "center", "player",
        "recognizer", "delegate", "application", "scene", "item", "menu", "button", "window", "browser",
        "registry", "provider", "service", "client",
    ]

    /// A delegate method says its event in its last argument label, not its base name:
    /// `tableView(_:didSelectRowAt:)` → `did-select-row-at`,
    /// `tableViewCell(_:statusView:authorAvatarButtonDidPressed:)` → `author-avatar-button-did-pressed`.
    func delegateEvent(_ function: String) -> [String]? {
        // `safariViewControllerDidFinish(_:)`, `locationManagerDidChangeAuthorization(_:)`: the event follows
        // the delegating noun in the base name.
        let allWords = NameWords.split(DeclarationPath.baseName(function))
        if let index = allWords.indices.dropLast().first(where: { index in
            Self.delegatingNouns.contains(allWords[index]) && Self.eventWords.contains(allWords[index + 1])
        }), index > 0 {
            return Array(allWords[(index + 1)...])
        }
        let labels = Self.argumentLabels(function)
        let baseWords = allWords
        // The event is the last label that names one; `withCompletionHandler:`, `reply:` name a parameter.
        // Nor a position (`contextMenuConfigurationForRowAt:point:` is about the menu, not the `point`).
        let candidates = labels.filter { $0 != "_" && !Self.isCallbackLabel($0) && !Self.positionLabels.contains($0) }
        // `…buttonDidPressed:action:`: a label that says an event beats a plain parameter after it.
        let eventful = candidates.last { NameWords.split($0).contains(where: Self.eventLabelWords.contains) }
        // `virtualMachine(_:didErrorWithMessage:)`: a base name that is no verb, before a label that says an
        // event, is a delegate's too, whatever its noun.
        guard labels.count >= 2, labels[0] == "_", let noun = baseWords.last,
              Self.delegatingNouns.contains(noun) || (eventful != nil && baseWords.first.map(Self.everyVerbOrEmpty.contains) == false),
              let event = eventful ?? candidates.last else { return nil }
        let words = NameWords.droppingAuxiliaryBeforeParticiple(NameWords.split(event))
        return words.isEmpty ? nil : words
    }

    /// A function named for a moment someone else marks (`collectionView(_:willDisplay:forItemAt:)`,
    /// `modalWillDismiss()`, `didTapSave()`): it says when a task runs, not what it does. A data source's
    /// question (`tableView(_:cellForRowAt:)`) or a command (`webView(_:start:)`) names no moment.
    func namesMoment(_ function: String) -> Bool {
        if delegateEvent(function)?.contains(where: Self.eventLabelWords.contains) == true { return true }
        let words = NameWords.split(DeclarationPath.baseName(function))
        return words.dropLast().contains { $0 == "did" || $0 == "will" }
    }

    /// Words that mark an argument label as an event (`didSelectRowAt`, `buttonPressed`, `valueChanged`).
    static let eventLabelWords: Set<String> = [
        "did", "will", "should", "pressed", "tapped", "tap", "selected", "select", "changed", "clicked", "toggled",
    ]

    /// Words that start a delegate event (`did-finish`, `will-present`, `should-start`).
    static let eventWords: Set<String> = ["did", "will", "should"]

    /// Words that mark an argument label as naming a callback parameter, not an event.
    public static let callbackWords: Set<String> = ["completion", "handler", "reply", "callback", "block", "closure"]

    /// `withCompletionHandler`, `completion`, `reply`: the label of a callback parameter.
    public static func isCallbackLabel(_ label: String) -> Bool {
        NameWords.split(label).contains { callbackWords.contains($0) }
    }

    /// `onAppear` → `appear`, `viewDidLoad` → `view-did-load`.
    func actionWords(_ name: String) -> [String] {
        var words = NameWords.split(name)
        // `UIAction`, `NSMenuItem`: the framework's capitals say whose control it is, not what it does.
        if words.count > 1, ["ui", "ns"].contains(words[0]), name.hasPrefix(words[0].uppercased()) { words.removeFirst() }
        if words.count > 1, Self.modifierPrefixes.contains(words[0]) { return Array(words.dropFirst()) }
        return words
    }

    static func stripping(_ suffixes: [String], from words: [String]) -> [String] {
        guard words.count > 1, let last = words.last,
              suffixes.contains(where: { $0.lowercased() == last }) else { return words }
        return Array(words.dropLast())
    }

    /// Drops words the prefix already says (`album-detail` + `load-album-detail` → `load`), and the glue words
    /// they leave behind (`waitlist-terms-and-conditions` + `accept-terms-and-conditions` → `accept`). Empty
    /// when every word repeats the prefix.
    ///
    /// A verb phrase (`startsWithVerb`: a function's or a call's name) never loses its verb while keeping a noun
    /// (`training` + `train-trainer` is `train`, not `trainer`): the verb is what the task does.
    static func removingRepeats(of prefix: [String], in words: [String], startsWithVerb: Bool = false) -> [String] {
        // A word whose stem the prefix already has in a longer or equal form (`check` in `price-checker`,
        // `request` in `knock-requests`) goes; a longer form of a prefix word says more and stays
        // (`albums` after `album-list`).
        // A negation never goes (`nonSendableCallback` in `adopt-non-isolated` is not `sendable-callback`).
        var removed = words.map { word in
            !negations.contains(word) && word != "non" && prefix.contains { $0.count >= word.count && WordStems.same($0, word) }
        }
        // A function's name is verb + object, kept whole: `addValkeyServer` is not `add-valkey` (the head noun
        // cut from its modifier), and `updateProgress` is not a lone `update` beside `update-image`.
        // A coordinator's `-flow` (`startMembersFlow` in `room-flow`) is the prefix's kind, not a head noun.
        let headCut = words.indices.dropFirst(2).contains {
            removed[$0] && !removed[$0 - 1] && !NameWords.fillers.contains(words[$0 - 1]) && !kindHeads.contains(words[$0])
        }
        // `fetchAndDownloadIfNeeded` in `html-metadata-downloader`: one of two joined verbs is no repeat; taken
        // out, it leaves the other alone with the condition (`fetch-needed`).
        // (Not the prefix's own last word said again first, `enter-backup-to-restore` + `restoreAndInjectWallets`:
        // kept, it stutters.)
        // (`startOrUpdate()` after `…-pending-start` keeps both: alternatives are one phrase.)
        for index in words.indices where removed[index]
            && !(index == 0 && words[0] == prefix.last && words.count > 2 && words[1] == "and") {
            let joinedBefore = index >= 2 && ["and", "or"].contains(words[index - 1]) && !removed[index - 2]
            let joinedAfter = index + 2 < words.count && ["and", "or"].contains(words[index + 1]) && !removed[index + 2]
            if joinedBefore || joinedAfter { removed[index] = false }
        }
        let leftVerb = words.indices.filter { !removed[$0] }
        // `updateNotificationPolicy()` in `notification-policy`: the object is the prefix's own thing, and the verb
        // acts on it alone (`notification-policy-update`); said again it stutters.
        let objectIsPrefix = leftVerb == [0] && words.count > 1 && objectVerbs.contains(words[0])
            && prefix == Array(words.dropFirst())
        // `roomForIdentifier(_:)` after `room-flow`: the prefix took the head noun the rest only qualifies
        // (`for-identifier` reads as `identifier`, something else); the name keeps it.
        let qualifierLeft = removed.first == true && leftVerb.first.map { headlessOpeners.contains(words[$0]) } == true
        // `handleAlertsEnabled()` after `price-alerts`: without its object the verb reads on a participle
        // (`handle-enabled`); the name keeps the object.
        let participleLeft = words.count >= 3 && !removed[0] && removed[1] && words.indices.dropFirst(2).allSatisfy { !removed[$0] }
            && !NameWords.fillers.contains(words[2]) && !NameWords.clauseOpeners.contains(words[2])
            && words.last.map { $0.count > 4 && $0.hasSuffix("ed") } == true
        if headCut || qualifierLeft || participleLeft
            || (leftVerb.count == 1 && words.count > 1 && emptyVerbs.contains(words[leftVerb[0]]) && !objectIsPrefix) {
            removed = words.map { _ in false }
        }
        let keptWords = words.indices.dropFirst().filter {
            !removed[$0] && !NameWords.fillers.contains(words[$0]) && !cannotStandAlone.contains(words[$0])
        }
        if startsWithVerb, removed.first == true, !keptWords.isEmpty,
           keptWords.allSatisfy({ WordStems.same(words[0], words[$0]) }) {
            removed[0] = false
        }
        var kept: [String] = []
        for (index, word) in words.enumerated() where !removed[index] {
            let touchesRemoved = (index > 0 && removed[index - 1]) || (index + 1 < words.count && removed[index + 1])
            // `loadProductsIfNeeded` in `products`: `load-if-needed`, never `load-needed`.
            if touchesRemoved && (NameWords.fillers.contains(word) || word == "or") && !(word == "if" && index > 0) { continue }
            kept.append(word)
        }
        return kept.isEmpty && prefix.isEmpty ? words : kept
    }

    /// Last words of a member that repeat the type's kind (`…Flow` in a flow coordinator): dropped after the prefix.
    static let kindHeads: Set<String> = ["flow", "flows", "coordinator", "screen", "scene"]

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func fileStem(_ fileName: String) -> String {
        let last = lastComponent(fileName)
        if last.hasSuffix(".swift") { return String(last.dropLast(6)) }
        return last
    }
}

extension TaskNameDerivation {
    /// The first word of `name` when `words` (the candidate made of it) starts with it: `export` of `exportItem`;
    /// nil when something else leads (`auth-identity-load` of `AuthIdentity.load()`, `report-job-failed`).
    static func leadingVerb(of name: String, in words: [String]) -> String? {
        guard let first = NameWords.split(name).first, words.first == first, words.count <= NameWords.split(name).count + 2
        else { return nil }
        return first
    }
}

extension TaskNameDerivation {
    /// Verbs that read as nouns after `after` (`after-podcast-update`, `after-upload`).
    static let nounVerbs: Set<String> = [
        "update", "upload", "download", "fetch", "load", "reload", "sync", "refresh", "save", "login", "logout",
        "import", "export", "request", "search", "check", "restore", "reset", "change", "lookup", "purchase",
        "delete", "sign", "commit", "merge", "install", "scan", "print", "share", "post", "reply", "vote",
    ]

    /// `updatePodcastIfRequired` → `after-podcast-update`, `uploadFilePlayRequest` → `after-upload`: a call that
    /// does work and hands its result to a closure, said as the time the closure runs. Nil for a modifier
    /// (`onAppear`, `refreshable`), a control (`Button`), a registration (`sink`) or a call with no verb of work.
    static func afterCompletionWords(_ name: String) -> [String]? {
        // A closure kept in a property (`restoreDefaultsClosure`) is no call that completes.
        guard name.first?.isLowercase == true, !isRegistration(name),
              !closureSuffixes.contains(where: { name.hasSuffix($0) }) else { return nil }
        var words = NameWords.split(name)
        // The condition (`if-required`, `when-needed`) says nothing of when the closure runs.
        if let condition = words.indices.dropFirst().first(where: { NameWords.conditionWords.contains(words[$0]) || words[$0] == "when" }) {
            words = Array(words[..<condition])
        }
        words = words.filter { !NameWords.fillers.contains($0) }
        guard words.count >= 2, let verb = words.first, nounVerbs.contains(verb) || purposeVerbs.contains(verb)
        else { return nil }
        let object = Array(words.dropFirst())
        if object.count == 1, nounVerbs.contains(verb) { return ["after"] + object + [verb] }
        return nounVerbs.contains(verb) ? ["after", verb] : nil
    }
}

extension TaskNameDerivation {
    /// Verbs of functions that only build something (`makeClient…`, `createServer`): the built thing is the context.
    static let factoryVerbs: Set<String> = ["make", "create", "build", "new"]

    /// A free function's words as the context of its tasks, short: without a factory verb and numbers
    /// (`make-client50-concurrent20-connection-get-benchmark` → `client-…-benchmark`), up to a clause
    /// (`start-http-server-and-wait` → `start-http-server`), and past three words only its first and last
    /// (`client-benchmark`): what it is about and its head noun.
    static func contextHead(_ words: [String]) -> [String] {
        var head = words
        guard head.count > 3 else { return head }
        if head.count > 1, factoryVerbs.contains(head[0]) { head.removeFirst() }
        head = head.compactMap { word in
            let letters = String(word.reversed().drop(while: \.isNumber).reversed())
            return letters.isEmpty ? nil : letters
        }
        if head.count > 3, let clause = head.indices.dropFirst().first(where: {
            NameWords.fillers.contains(head[$0]) || NameWords.clauseWords.contains(head[$0])
        }) {
            head = Array(head[..<clause])
        }
        if head.count > 3, let first = head.first, let last = head.last { head = [first, last] }
        return head.isEmpty ? words : head
    }
}

extension TaskNameDerivation {
    /// Last words of calls that return a value rather than do work (`ignoreFilePath()`, `currentUserID()`).
    static let valueNouns: Set<String> = [
        "path", "paths", "url", "urls", "uri", "list", "name", "names", "id", "ids", "identifier", "value", "values",
        "count", "info", "status", "state", "settings", "config", "configuration", "token", "key", "date", "version",
        "directory", "folder", "location", "address", "size", "options", "preferences", "user", "profile",
    ]

    /// Verbs of calls that make or work out a value: named after, not read as a getter.
    static let valueVerbs: Set<String> = [
        "compute", "calculate", "generate", "resolve", "decode", "encode", "parse", "render", "read", "find",
        "lookup", "create", "build", "make", "determine", "detect", "evaluate", "query", "validate", "verify",
        "convert", "transform", "prepare", "write", "copy", "move",
    ]

    /// A call that returns a value rather than does work: `getItems()`, or a noun phrase naming a value
    /// (`ignoreFilePath()`, `currentSessionToken()`) that opens on no verb of work.
    static func isGetter(_ call: BodyCall) -> Bool {
        guard !call.isAssignment, call.endpoint == nil else { return false }
        let words = NameWords.split(call.name)
        guard let first = words.first, let last = words.last, words.count > 1 else { return false }
        if first == "get" { return true }
        return valueNouns.contains(last) && !everyVerb.contains(first) && !first.hasSuffix("ize") && !first.hasSuffix("ify")
    }

    /// Every verb the naming knows, made once (asked for at every site).
    static let everyVerb: Set<String> = purposeVerbs.union(gatheringVerbs).union(participleObjectVerbs)
        .union(genericFunctions).union(nounVerbs).union(valueVerbs).union(factoryVerbs)
    /// …and the verbs that say nothing (`get`, `did`).
    static let everyVerbOrEmpty: Set<String> = everyVerb.union(emptyVerbs)
}

extension TaskNameDerivation {
    /// `folderHistory(entry:)`, `upNextHistoryEntries()`: a call whose name is a noun phrase, no word of it a verb
    /// the naming knows, nor a participle or gerund.
    static func isNounNamed(_ call: BodyCall) -> Bool {
        guard !call.isAssignment, call.endpoint == nil else { return false }
        let words = NameWords.split(call.name)
        // `subscribeKeyspaceEvents()` leads with a verb the naming knows, though no general one.
        return words.count > 1 && !words.contains(where: everyVerbOrEmpty.contains) && !knownVerbs.contains(words[0])
            && !words.contains { $0.hasSuffix("ing") || $0.hasSuffix("ed") || $0.hasSuffix("ize") || $0.hasSuffix("ify") }
    }

    /// An awaited call named by a noun on a service, client or API (`apiService.statusContext(statusID:)`): a request.
    static func isServiceRequest(_ call: BodyCall) -> Bool {
        guard call.isAwaited, isNounNamed(call), !call.name.contains("_"), let receiver = call.receiver else { return false }
        // Only an API object: an `authenticationService` or a `client` is as often asked to act
        // (`setupClassicAppAccountState()`, `revoke_token()`) as for a value.
        let words = NameWords.split(receiver)
        return words.last == "api" || words.suffix(2) == ["api", "service"]
    }

    /// Last words of getters that say where work is done (`ignoreFileURL()`, `cacheDirectory()`).
    static let locationNouns: Set<String> = ["path", "paths", "url", "urls", "uri", "directory", "folder", "location", "file"]

    /// Verbs a name may say even where the prefix has the same word (`claim` of `referral-claim-pass`).
    public static let knownVerbs: Set<String> = purposeVerbs.union(gatheringVerbs).union(participleObjectVerbs).union(nounVerbs)
        .union(valueVerbs).union([
            "claim", "redeem", "join", "invite", "decline", "block", "unblock", "report", "forward", "navigate",
            "animate", "edit", "scroll", "follow", "unfollow", "mute", "unmute", "pin", "unpin", "like", "favorite",
            "approve", "reject", "accept", "verify", "subscribe", "unsubscribe", "activate", "deactivate", "enroll",
            "increment", "decrement", "increase", "decrease", "shutdown",
        ])

    /// Endings that make an agent or an activity of a verb (`exporter`, `loading`, `navigateable`).
    static let agentEndings = ["er", "or", "ers", "ors", "ing", "ion", "ation", "ment", "able", "ator"]

    /// The prefix says `verb` as an agent or activity (`media-exporter`, `episode-loading`) or as the very word
    /// not leading it (`referral-claim-pass`), so that dropping the verb would leave the task without one.
    /// Not a prefix that is the verb's own phrase (`create-room` for `createRoom()`: it reads as the work), nor a
    /// noun the prefix happens to say (`room` of `roomIdentifier`, `users` for `user`).
    static func prefixSaysVerb(_ verb: String, prefix: [String], oneWordCall: Bool) -> Bool {
        let root = verb.hasSuffix("e") && verb.count > 3 ? String(verb.dropLast()) : verb
        let derived = prefix.contains { word in
            guard word != verb, word.hasPrefix(root) else { return false }
            var ending = String(word.dropFirst(root.count))
            if ending.first == "e", !agentEndings.contains(ending) { ending.removeFirst() }
            // A doubled consonant (`planning`, `controller`).
            if ending.first == root.last, !agentEndings.contains(ending) { ending.removeFirst() }
            return agentEndings.contains(ending)
        }
        if derived { return true }
        guard prefix.contains(verb), knownVerbs.contains(verb) || oneWordCall else { return false }
        let content = prefix.filter { !NameWords.fillers.contains($0) }
        return !(content.first == verb && content.count <= 2)
    }
}
