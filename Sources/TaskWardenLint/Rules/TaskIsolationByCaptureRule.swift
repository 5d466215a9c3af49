import SwiftSyntax

/// `task-isolation-by-capture` (info, opt-in): in an actor method, whether `Task { … }` runs on the actor
/// depends on whether its closure mentions `self`.
public struct TaskIsolationByCaptureRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-isolation-by-capture",
        summary: "In an actor method, Task { } runs on the actor only if its closure captures self; make it explicit.",
        rationale: """
            `Task { … }` inherits the isolation of the code that creates it — but in an actor's instance method, \
            the closure is isolated to the actor only when it captures `self`. Add or remove one line that \
            mentions `self` (or a property, implicitly) and the whole closure silently moves on or off the actor: \
            onto it, and it now waits behind every other call on the actor; off it, and it no longer sees the \
            actor's state without `await`. The finding says which it is today. Make it explicit: write `[self]` \
            in the capture list of a task that must run on the actor, and use `Task.detached` or a `nonisolated` \
            async function for work that must not.
            Off by default (info): enable with `"rules": {"task-isolation-by-capture": "info"}`.
            A `[weak self]` capture does not count as a use of self: it binds an optional copy, so the task runs \
            off the actor (reported); `[self]` and `[unowned self]` keep it on the actor and say so (not \
            reported). A task created in the body of `withCheckedContinuation`, `withUnsafeContinuation`, a task \
            group or `withTaskCancellationHandler`'s operation is created on the method's isolation, as if \
            written in the method itself.
            Cannot see: uses of self through members declared in a superclass or another file, actors \
            declared in another file (for methods in extensions), and other closures that run on the caller's \
            isolation (a task created in any other closure is left alone). `taskwarden list` shows the same decision in \
            each site's `isolation` field.
            """,
        defaultSeverity: .info,
        isEnabledByDefault: false,
        triggeringExamples: [
            RuleExample("""
                actor PriceCache {
                    private var prices: [Int: Double] = [:]
                    func warm(releaseIDs: [Int], client: PriceClient) {
                        ↓Task {
                            for id in releaseIDs { prices[id] = await client.price(for: id) }
                        }
                        ↓Task {
                            await client.prefetch(releaseIDs)
                        }
                    }
                }
                """, configuration: Self.enabled),
            // Found in real apps: `[weak self]` looks like a use of self, but the task runs off the actor.
            RuleExample("""
                actor SessionStore {
                    func scheduleRefresh() {
                        ↓Task { [weak self] in
                            try? await Task.sleep(for: .seconds(30))
                            await self?.refresh()
                        }
                    }
                    func refresh() {}
                }
                """, configuration: Self.enabled, message: "a [weak self] capture binds an optional copy"),
            // A continuation's body runs on the actor, and so does a task it creates that uses self.
            RuleExample("""
                actor Downloader {
                    var pending: [CheckedContinuation<Data, Never>] = []
                    func next() async -> Data {
                        await withCheckedContinuation { continuation in
                            ↓Task { pending.append(continuation) }
                        }
                    }
                }
                """, configuration: Self.enabled),
        ],
        nonTriggeringExamples: [
            RuleExample("actor PriceCache { func warm() { Task.detached { await Network.prefetch() } } }", configuration: Self.enabled),
            RuleExample("actor PriceCache { func warm() { Task { @MainActor in banner.show() } } }", configuration: Self.enabled),
            RuleExample("actor PriceCache { nonisolated func warm() { Task { await self.load() } } }", configuration: Self.enabled),
            RuleExample("final class PriceCache { func warm() { Task { await self.load() } } }", configuration: Self.enabled),
            // `[self]` and `[unowned self]` make the isolation explicit.
            RuleExample("actor PriceCache { var n = 0; func warm() { Task { [self] in n += 1 } } }", configuration: Self.enabled),
            RuleExample("actor PriceCache { var n = 0; func warm() { Task { [unowned self] in n += 1 } } }", configuration: Self.enabled),
            // Found in real code: an empty task returned as an already finished placeholder.
            RuleExample("actor Indexer { func schedule() -> Task<Void, Never> { return Task {} } }", configuration: Self.enabled),
        ],
        // Whether the closure captures `self` (its capture list; written out, or a member's bare name no local
        // shadows), and the attributes and supertypes of the site's type and its extensions.
        reads: SyntaxReads(siteClosure: .init(words: ["self"], statementsWith: ["super"], memberNames: true),
                           aroundSite: .init(localBindings: true, enclosingTypes: true))
    )

    /// The rule is off by default; its examples turn it on.
    static var enabled: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.rules["task-isolation-by-capture"] = .on(.info)
        return configuration
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        let lookups = SiteLookups(file)
        return file.sites.compactMap { site in
            // An empty body (`return Task {}` as a finished placeholder) runs nothing on either side.
            guard site.kind == .taskInit || site.kind == .taskImmediate, let call = site.call, let closure = site.closure,
                  !closure.statements.isEmpty, TaskIsolation.globalActorAttribute(of: closure) == nil,
                  TaskIsolation.isInActorInstanceMember(call, types: file.types) else { return nil }
            let capture = SelfCapture(of: closure, lookups: lookups)
            switch capture.listEntry {
            case .strong?, .unowned?:
                // `[self]` and `[unowned self]` say it: the isolation no longer hangs on a use in the body.
                return nil
            case .weak?:
                return finding(at: site, message: "this task runs off the actor (nonisolated) although it mentions self: a [weak self] capture binds an optional copy, not the actor this method is isolated to, so the task does not wait behind the actor's other work and reaches its state only with await. Use Task.detached to make that explicit, or write [self] if it must run on the actor")
            case nil:
                break
            }
            if capture.capturesStrongly {
                let line = capture.firstReference.map { file.position(of: $0).line }
                return finding(at: site, message: "this task runs on the actor only because it uses self (line \(line ?? site.position.line)); if that use goes away it silently moves off the actor. Write [self] in the capture list to make the isolation explicit")
            }
            return finding(at: site, message: "this task runs off the actor (nonisolated) because its closure does not mention self; one added use of self would move it onto the actor. Use Task.detached or a nonisolated async function to make that explicit")
        }
    }
}
