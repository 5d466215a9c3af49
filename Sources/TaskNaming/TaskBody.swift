/// One call a task's body makes, as name derivation needs it: what is called, on what, and how it was found.
///
/// ```swift
/// // await self?.capabilities.refresh()
/// BodyCall(name: "refresh", receiver: "capabilities", isAwaited: true, text: "capabilities.refresh()")
/// // try await client.post(endpoint: Accounts.unblock(id: id))
/// BodyCall(name: "post", endpoint: "unblock", isAwaited: true, text: "client.post(endpoint:)")
/// ```
public struct BodyCall: Sendable, Hashable {
    /// The called name (`loadTimeline`).
    public var name: String
    /// The last name of the instance it is called on (`capabilities` in `self.capabilities.refresh()`), if
    /// not `self` and not a type.
    public var receiver: String?
    /// The type a static call is made on (`AuthIdentity` in `AuthIdentity.load()`).
    public var typeName: String?
    /// For calls that only say how something travels (`post`, `request`, `execute`): the endpoint or
    /// request their first argument names (`unblock` in `post(endpoint: Accounts.unblock(…))`).
    public var endpoint: String?
    /// An enum case passed as the first, unlabelled argument (`surrogates` in `fetch(.surrogates)`).
    public var argumentCase: String?
    /// The type of a value made in the call as its first, unlabelled argument (`AppClose` in
    /// `track(InternalSuperwallEvent.AppClose())`): what a messaging verb tracks or sends.
    public var argumentType: String?
    /// An enum case passed under a label (`follow` in `responseToRowButtonAction(row:, state: .follow)`): when the
    /// call's name only says which control was used, the case says what the user asked for.
    public var labeledCase: String?
    /// The call's first argument has no label (`mark(ids)`): it, not the receiver, is what the verb acts on.
    public var hasLeadingArgument: Bool = false
    /// The call is awaited.
    public var isAwaited: Bool
    /// For a `for await` loop (`consume`): the instance whose sequence it reads (`reader1` in
    /// `for try await _ in reader1.events`), which tells two loops over alike sequences apart.
    public var source: String?
    /// Not a call: the body only assigns a property (`self.progress = value`), read as updating it.
    public var isAssignment: Bool = false
    /// The free function whose result the call is made on (`snapshot` in `snapshot().pngData()`).
    public var producer: String?
    /// The label of the call's first argument (`notificationResponse` in `handle(notificationResponse:)`).
    public var firstLabel: String?
    /// Short source text for provenance: `capabilities.refresh()`.
    public var text: String

    public init(
        name: String, receiver: String? = nil, typeName: String? = nil, endpoint: String? = nil,
        isAwaited: Bool = false, text: String? = nil
    ) {
        self.name = name
        self.receiver = receiver
        self.typeName = typeName
        self.endpoint = endpoint
        self.isAwaited = isAwaited
        self.text = text ?? "\(receiver.map { $0 + "." } ?? typeName.map { $0 + "." } ?? "")\(name)()"
    }

    /// What a body that sleeps and then only gives up does (`try await Task.sleep(for: limit); throw …`): it is
    /// the deadline a race's other side must beat, a timeout.
    public static let deadline = BodyCall(name: "timeout", isAwaited: false, text: "sleep, then give up")

    /// What an empty body (`var task: Task<Void, Never> = Task {}`, `return Task {}` when already running) does:
    /// nothing; it holds a place where a real task goes.
    public static let placeholder = BodyCall(name: "placeholder", isAwaited: false, text: "an empty body")
}

/// What a task's body does, read from its closure: the calls that say what it does, and which one dominates.
///
/// ```swift
/// // Task { await self?.capabilities.refresh() }
/// TaskBody(calls: [refresh], dominant: refresh, dominance: .onlyCall)
/// ```
public struct TaskBody: Sendable, Hashable {
    /// How the dominant call was chosen, strongest first.
    public enum Dominance: String, Sendable, Hashable {
        /// The body makes this one call (besides bookkeeping: logging, sleeping, assertions).
        case onlyCall = "only call"
        /// Of several calls, the body awaits only this one.
        case onlyAwaitedCall = "awaited call"
        /// The first of several calls.
        case firstCall = "first call"
        /// The body only asks for values (`for await status in item.publisher(for: \.status)`); this is the first.
        case query = "query"
        /// The body makes only bookkeeping calls; this is the first (`Task.sleep` in a deadline child).
        case bookkeeping = "bookkeeping call"
    }

    /// The calls that say what the task does, in source order (bookkeeping left out).
    public var calls: [BodyCall]
    /// The call that says best what the task does, if any.
    public var dominant: BodyCall?
    public var dominance: Dominance
    /// The body calls a namesake of the function it is created in (`interactor.remove(messageID:)` in
    /// `remove(messageID:)`): the function's name says what the task does.
    public var callsEnclosingFunction: Bool
    /// The body runs the very function it is created in again, on `self` with arguments that fit it (a retry:
    /// `joinRoom() { … Task { …; joinRoom() } }`); never an overload nor another object's namesake.
    public var runsEnclosingFunctionAgain = false
    /// The body loops over a named sequence (`for await update in activity.updates`).
    public var consumesSequence: Bool { calls.contains { $0.name == "consume" } }
    /// Words the body holds that could tell two otherwise alike tasks apart: enum cases and labels passed as
    /// arguments (`.reverse`, `demandMore:`), in source order.
    public var distinguishingWords: [String]
    /// Bookkeeping calls made on something (`httpStream.yield(…)`, `continuation.finish()`): they say nothing
    /// of the purpose, but can still tell two tasks apart before a number has to.
    public var bookkeepingCalls: [BodyCall]
    /// The body first binds what it works on in a `guard` (`guard let item = await item(from: source)`), then
    /// makes its call: the call is the work, but the body does more than make it.
    public var looksUpFirst = false
    /// The body only writes to a log (`Task { @MainActor in logger.debug("uninit complete") }`).
    public var onlyLogs = false
    /// For a body that only logs: the words of the first line it logs, up to its first clause's end
    /// (`carbs request aborted` of `"⌚️ Carbs request aborted: session unreachable"`); empty when unknown.
    public var logMessage: [String] = []
    /// The body is one statement (besides guards, locals and logging): its call is all the task does. (Counted
    /// only for a body of one call; false for the rest.)
    public var isSingleStatement = false
    /// The dominant call is made on each element of a loop (`for activity in activities { await activity.end() }`):
    /// its name alone does not say what it is done to.
    public var callsOnLoopElement = false

    public init(
        calls: [BodyCall] = [], dominant: BodyCall? = nil, dominance: Dominance = .firstCall,
        callsEnclosingFunction: Bool = false, distinguishingWords: [String] = [], bookkeepingCalls: [BodyCall] = []
    ) {
        self.calls = calls
        self.dominant = dominant
        self.dominance = dominance
        self.callsEnclosingFunction = callsEnclosingFunction
        self.distinguishingWords = distinguishingWords
        self.bookkeepingCalls = bookkeepingCalls
    }

    /// A body of one call (or one awaited call): that call says what the task does.
    public var hasStrongCall: Bool {
        dominant != nil && (dominance == .onlyCall || dominance == .onlyAwaitedCall)
    }

    /// The body of a task whose first call is `operation` (for tests and simple callers).
    public static func firstCall(_ operation: String?) -> TaskBody {
        guard let operation else { return TaskBody() }
        let parts = operation.split(separator: ".").map(String.init)
        let call = parts.count == 2 && parts[0].first?.isUppercase == true
            ? BodyCall(name: parts[1], typeName: parts[0]) : BodyCall(name: operation)
        return TaskBody(calls: [call], dominant: call, dominance: .onlyCall)
    }
}
