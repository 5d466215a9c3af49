import SwiftSyntax

/// `task-self-cycle`: a never-ending task stored on `self` that holds `self` strongly.
public struct TaskSelfCycleRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-self-cycle",
        summary: "A task stored on self loops without end and captures self strongly: self is never freed.",
        rationale: """
            `self.refreshTask = Task { while !Task.isCancelled { await refresh() } }` builds a cycle: self holds \
            the task, and the running task holds self. The loop only ends when the task is cancelled, and the \
            usual place to cancel it — `deinit` — never runs, because self is never released. Each screen or \
            session that does this leaks its owner and one task forever. Capture `[weak self]` and unwrap it \
            inside each iteration, or give the owner an explicit `stop()` that cancels the task.
            An unbounded loop is `while true`, `while !Task.isCancelled`, `repeat { } while true` (or \
            `!Task.isCancelled`), or `for await` over a stream that never finishes (`NotificationCenter` \
            notifications, a Combine publisher's `.values`, `Transaction.updates`, `Observations`), with no \
            `break` or `return` other than on cancellation. Not reported when a member other than `deinit` \
            cancels the stored task.
            Cannot see: uses of self through members declared in a superclass or another file (implicit self), \
            async sequences it does not know to be endless, and loops that end on a condition it cannot read.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                final class PriceTicker {
                    private var tickTask: Task<Void, Never>?

                    func start() {
                        tickTask = ↓Task {
                            while !Task.isCancelled {
                                await refreshLatestPrices()
                                try? await Task.sleep(for: .seconds(30))
                            }
                        }
                    }

                    deinit { tickTask?.cancel() }
                    func refreshLatestPrices() async {}
                }
                """),
            RuleExample("""
                final class WantlistWatcher {
                    var watchTask: Task<Void, Never>?
                    func start() {
                        self.watchTask = ↓Task {
                            for await _ in NotificationCenter.default.notifications(named: .wantlistDidChange) {
                                await self.reload()
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                final class SyncSession {
                    var loops: [Task<Void, Never>] = []
                    func begin() {
                        loops.append(↓Task { while true { await self.pull() } })
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class PriceTicker {
                    private var tickTask: Task<Void, Never>?
                    func start() {
                        tickTask = Task {
                            while !Task.isCancelled { await refreshLatestPrices() }
                        }
                    }
                    func stop() { tickTask?.cancel() }
                    func refreshLatestPrices() async {}
                }
                """),
            RuleExample("""
                final class CoverLoader {
                    private var loadTask: Task<Void, Never>?
                    func load() { loadTask = Task { await self.fetchCovers() } }
                    func fetchCovers() async {}
                }
                """),
            RuleExample("""
                final class CollectionValueTracker {
                    private var trackTask: Task<Void, Never>?
                    func start() {
                        trackTask = Task { [weak self] in
                            while !Task.isCancelled {
                                guard let self else { return }
                                await self.recompute()
                            }
                        }
                    }
                    func recompute() async {}
                }
                """),
            RuleExample("""
                final class Pager {
                    var pageTask: Task<Void, Never>?
                    func start() {
                        pageTask = Task {
                            while true {
                                guard let page = await self.nextPage() else { break }
                                show(page)
                            }
                        }
                    }
                }
                """),
            RuleExample("""
                final class Heartbeat {
                    var beat: Task<Void, Never>?
                    func start(client: Client) {
                        beat = Task { while true { await client.ping() } }
                    }
                }
                """),
        ],
        // The task's unbounded loops (LoopBound), its capture of `self` (SelfCapture), the property it is stored
        // in (TaskCall.selfPropertyName: a member no local shadows), and whether another member cancels it
        // (TaskCall.typeCancelsOutsideDeinit reads every member body calling `.cancel(` or `.cancelAll(`).
        reads: SyntaxReads(
            siteClosure: .init(controlFlow: true, words: ["self", "await", "try"],
                               statementsWith: ["super", "Task", "isCancelled", "checkCancellation"], memberNames: true),
            aroundSite: .init(localBindings: true, loopingTaskStorage: true),
            anywhere: .init(memberCalls: ["cancel", "cancelAll"]))
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        let lookups = SiteLookups(file)
        return file.sites.compactMap { site in
            guard site.kind.isUnstructured, let call = site.call, let closure = site.closure else { return nil }
            // Cheapest checks first: most tasks are not stored, or do not loop forever.
            let use = TaskHandleUse.of(call)
            switch use {
            case .stored, .passed(_?): break
            default: return nil
            }
            guard let loop = LoopBound.unboundedLoops(in: closure).first else { return nil }
            let property: String?
            switch use {
            case .stored(let target): property = TaskCall.selfPropertyName(of: target, around: call, lookups: lookups)
            case .passed(let receiver?): property = TaskCall.selfCollectionName(receiving: receiver, around: call, lookups: lookups)
            default: property = nil
            }
            guard let property else { return nil }
            let capture = SelfCapture(of: closure, lookups: lookups)
            guard capture.capturesStrongly, !TaskCall.typeCancelsOutsideDeinit(property, around: call, lookups: lookups) else { return nil }
            var related = [RelatedLocation(position: file.position(of: loop.statement), message: "the loop that never ends (\(loop.shape.rawValue))")]
            if let reference = capture.firstReference {
                related.append(RelatedLocation(position: file.position(of: reference), message: "self is captured strongly here"))
            }
            return finding(
                at: site,
                message: "this task is stored in '\(property)', loops until cancelled (\(loop.shape.rawValue), line \(related[0].position.line)) and holds self strongly, so self is never deinitialised and a cancel in deinit never runs; capture [weak self] and unwrap it inside each iteration, or cancel it from an explicit stop()",
                related: related)
        }
    }
}
