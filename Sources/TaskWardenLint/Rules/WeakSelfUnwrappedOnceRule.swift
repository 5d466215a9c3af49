import SwiftSyntax

/// `weak-self-unwrapped-once`: `[weak self]`, then one strong unwrap that lives for a whole unbounded loop.
public struct WeakSelfUnwrappedOnceRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "weak-self-unwrapped-once",
        summary: "[weak self] is unwrapped once before an endless loop, which holds self strongly for the whole loop.",
        rationale: """
            `Task { [weak self] in guard let self else { return }; while true { … } }` looks safe but is not: the \
            `guard let self` makes a strong reference that lives until the closure ends, and the closure never \
            ends, so self is kept alive exactly as if it had been captured strongly. Unwrap inside each iteration \
            (`while !Task.isCancelled { guard let self else { return } … }`) so that self can go away between \
            iterations, or keep the task's handle and cancel it from an explicit `stop()`.
            Reported for `guard let self`, `guard let self = self`, `if let self` (loop inside its body), and \
            `let strongSelf = self` / `guard let strongSelf = self`, when a later unbounded loop (see \
            `task-self-cycle` for what counts) uses the strong reference.
            Cannot see: uses of self through members declared in a superclass or another file, and async \
            sequences it does not know to be endless.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                final class WantlistWatcher {
                    private var watchTask: Task<Void, Never>?
                    func start() {
                        watchTask = Task { [weak self] in
                            ↓guard let self else { return }
                            for await _ in NotificationCenter.default.notifications(named: .wantlistDidChange) {
                                await self.reloadWantlist()
                            }
                        }
                    }
                    func reloadWantlist() async {}
                }
                """),
            RuleExample("""
                final class PriceTicker {
                    func start() {
                        Task { [weak self] in
                            ↓guard let strongSelf = self else { return }
                            while !Task.isCancelled {
                                await strongSelf.refresh()
                                try? await Task.sleep(for: .seconds(30))
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                final class CloudSyncMonitor {
                    func start() {
                        Task { [weak self] in
                            ↓if let self {
                                while true { await self.reconcile() }
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class CollectionValueTracker {
                    func start() {
                        Task { [weak self] in
                            while !Task.isCancelled {
                                guard let self else { return }
                                await self.recomputeValue()
                                try? await Task.sleep(for: .seconds(300))
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                final class CoverLoader {
                    func load() {
                        Task { [weak self] in
                            guard let self else { return }
                            for album in await self.albums() { await self.fetchCover(album) }
                        }
                    }
                }
                """),
            RuleExample("""
                final class Poller {
                    func start() {
                        Task { [weak self] in
                            while true {
                                try? await Task.sleep(for: .seconds(60))
                                await self?.poll()
                            }
                        }
                    }
                }
                """),
        ],
        // The closure's capture list and its unwraps of `self` (`guard let self`, `let strongSelf = self`), its
        // loops, awaits and cancellation checks, and its uses of `self` or an alias, written out or through a
        // member's bare name that no local shadows.
        reads: SyntaxReads(
            siteClosure: .init(controlFlow: true, words: ["self", "await", "try"],
                               statementsWith: ["super", "Task", "isCancelled", "checkCancellation"],
                               memberNames: true, aliasesOf: ["self"]),
            aroundSite: .init(localBindings: true))
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.flatMap { site -> [Finding] in
            guard let closure = site.closure, site.kind != .asyncLet else { return [] }
            return WeakSelfUnwrap.findings(in: closure, types: file.types).map { found in
                let loopPosition = file.position(of: found.loop.statement)
                return finding(
                    at: file.position(of: found.unwrap),
                    message: "'\(found.name)' is made strong once, before the loop at line \(loopPosition.line) (\(found.loop.shape.rawValue)) that never ends, so [weak self] does not help: self stays alive as long as the task runs; unwrap inside each iteration instead",
                    related: [RelatedLocation(position: loopPosition, message: "the loop that keeps the strong reference alive")])
            }
        }
    }
}
