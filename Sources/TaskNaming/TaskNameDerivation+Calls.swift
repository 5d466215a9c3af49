/// What a body's calls say beside the one that names it: several gathering calls of one verb on one object, and a
/// call that undoes what its function's name says.
extension TaskNameDerivation {
    /// Two or more different calls sharing their verb and the object they are made on (`Stats.shared.fetchHosts()`,
    /// `Stats.shared.fetchGroups()`) → that verb and the object (`fetch-stats`); nil when the body has no such calls,
    /// or the object is an agent (`api.fetchA()`, `api.fetchB()` say nothing of what is fetched).
    /// Verbs of calls that gather data, the work of a body that fans out to several of them (`fetchHosts`,
    /// `fetchGroups`); a run of `set…`, `append…` or `can…` calls builds or asks, and says less than the rest.
    static let gatheringVerbs: Set<String> = ["fetch", "load", "download", "refresh", "sync", "request", "query", "read"]

    static func sharedVerbSummary(_ body: TaskBody, typePrefix: TypePrefix) -> (words: [String], text: String)? {
        var groups: [String: [BodyCall]] = [:]
        var order: [String] = []
        for call in body.calls {
            guard let verb = NameWords.split(call.name).first, gatheringVerbs.contains(verb),
                  let owner = call.receiver ?? call.typeName,
                  !plumbingTypes.contains(owner), !isSystemCall(call) else { continue }
            let key = verb + "|" + owner
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(call)
        }
        guard let key = order.first(where: { Set(groups[$0]!.map(\.name)).count >= 2 }), let calls = groups[key],
              let verb = NameWords.split(calls[0].name).first, let owner = calls[0].receiver ?? calls[0].typeName,
              NameWords.split(owner).last.map(agentNouns.contains) == false else { return nil }
        let object = typePrefix.stem(owner)
        guard !object.isEmpty else { return nil }
        return ([verb] + object.filter { $0 != verb }, calls.map(\.text).joined(separator: ", "))
    }

    /// The body's one call undoes what the function's verb says (`unsubscribe(id:)` in `_subscribe(command:)`,
    /// `stop()` in `start()`): named after the function, the task would say it does the opposite of what it does.
    func contradicts(_ member: DeclarationPath.Component?, _ call: BodyCall) -> Bool {
        guard case .function? = member, let member, let functionVerb = memberWords(member).first,
              let verb = NameWords.split(call.name).first, verb != functionVerb else { return false }
        for negation in ["un", "dis", "de"] where verb == negation + functionVerb || functionVerb == negation + verb {
            return true
        }
        if Self.opposites.contains(where: { ($0.0 == verb && $0.1 == functionVerb) || ($0.1 == verb && $0.0 == functionVerb) }) {
            return true
        }
        // `adoptPushToStartActivity(_:)` whose task only calls `oldActivity.end(…)`: the task ends what the
        // function replaces; named for the function, it would say it begins something.
        return (Self.beginningVerbs.contains(functionVerb) && Self.endingVerbs.contains(verb))
            || (Self.endingVerbs.contains(functionVerb) && Self.beginningVerbs.contains(verb))
    }

    /// Verbs that bring something about, and verbs that end something: a task doing one inside a function that
    /// says the other does the opposite of what the function's name says.
    static let beginningVerbs: Set<String> = [
        "start", "begin", "adopt", "create", "add", "open", "register", "launch", "enable", "show", "attach", "join",
        "connect", "subscribe", "present", "activate",
    ]
    static let endingVerbs: Set<String> = [
        "end", "stop", "remove", "close", "invalidate", "unregister", "terminate", "disconnect", "leave", "detach",
        "hide", "delete", "destroy", "disable", "dismiss", "unsubscribe", "deactivate", "tear",
    ]

    /// Verbs that undo each other (besides `un-`, `dis-`, `de-`).
    static let opposites: [(String, String)] = [
        ("start", "stop"), ("add", "remove"), ("open", "close"), ("show", "hide"), ("insert", "delete"),
        ("begin", "end"), ("attach", "detach"), ("pause", "resume"), ("acquire", "release"), ("push", "pop"),
        ("enter", "exit"), ("join", "leave"), ("create", "delete"), ("create", "destroy"), ("enable", "disable"),
    ]
}
