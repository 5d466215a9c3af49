import SwiftSyntax

/// `task-label-collision` (info): unnamed tasks that a profiler would give the same label.
public struct TaskLabelCollisionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "task-label-collision",
        summary: "Unnamed tasks that a profiler would give the same label look like one kind of work.",
        rationale: """
            An unnamed task is labelled after the frame that created it: the enclosing function, or `closure #N \
            in …`. Two unnamed tasks created in one function share that label; and a task created in a closure \
            stored in a property or passed as an argument (`onQuiesced`) is labelled after whatever calls the \
            closure, so it looks exactly like the tasks that caller creates itself. Each site is reported with \
            the others. Name the tasks (`unnamed-task`, `taskwarden fix`).
            Cannot see: closures called from outside the linted tree, inlining decisions of the optimiser, and \
            frames a profiler fails to symbolicate (those show the runtime's thunk instead).
            """,
        defaultSeverity: .info,
        triggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        ↓Task { await cloudSync.listen() }
                        ↓Task.detached { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                final class CloudSyncMonitor {
                    var onQuiesced: () -> Void = {}
                    func reconcileIfReady() {
                        if isQuiet { onQuiesced() } else { ↓Task { await retry() } }
                    }
                }
                func launch(monitor: CloudSyncMonitor) {
                    monitor.onQuiesced = { ↓Task { await backfillMasterYears() } }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                struct RecordShelfApp {
                    init() {
                        Task(name: "cloud-sync-listen") { await cloudSync.listen() }
                        Task.detached(name: "library-warm-up") { await Library.warmUp() }
                    }
                }
                """),
            RuleExample("""
                func one() { Task { await a() } }
                func two() { Task { await b() } }
                """),
        ]
    )

    private static func isLabelled(_ site: CreationSite) -> Bool {
        site.name == .none && (site.kind.isUnstructured || site.kind.isGroupChild || site.kind == .asyncLet)
    }

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        var results: [Finding] = []
        for site in file.sites where Self.isLabelled(site) {
            var others = tree.unnamedSites(labelled: site.guessedLabel).filter {
                Self.isLabelled($0) && $0.position != site.position
            }
            var label = site.guessedLabel
            // A task in a stored closure is labelled after the function that calls the closure.
            if let stored = site.calledThrough, let caller = Self.caller(of: stored, in: tree, excluding: site) {
                label = caller.label
                others = caller.sites
            } else {
                // Conversely, this site's function may call a closure whose task then shares this label.
                others += Self.tasksInClosures(calledBy: site, in: tree)
            }
            guard !others.isEmpty else { continue }
            let list = others.map { "\($0.position.file):\($0.position.line):\($0.position.column)" }.joined(separator: ", ")
            results.append(finding(
                at: site,
                message: "a profiler would label this unnamed task '\(label)', the same as \(list); name them to tell them apart",
                related: others.map { RelatedLocation(position: $0.position, message: "also labelled '\(label)'") }
            ))
        }
        return results
    }

    /// The function whose unnamed tasks share a label with tasks created in closures stored as `stored`.
    private static func caller(of stored: String, in tree: TreeAnalysis, excluding site: CreationSite) -> (label: String, sites: [CreationSite])? {
        for candidate in tree.sites where isLabelled(candidate) && candidate.calledThrough == nil && candidate.position != site.position {
            guard let frame = DeclarationContext.nearestFrame(above: candidate.node), !frame.is(ClosureExprSyntax.self),
                  calls(stored, in: frame)
            else { continue }
            let sharing = tree.unnamedSites(labelled: candidate.guessedLabel).filter { isLabelled($0) && $0.calledThrough == nil }
            return (candidate.guessedLabel, sharing)
        }
        return nil
    }

    /// Sites in closures stored under a name this site's function calls.
    private static func tasksInClosures(calledBy site: CreationSite, in tree: TreeAnalysis) -> [CreationSite] {
        guard site.calledThrough == nil, let frame = DeclarationContext.nearestFrame(above: site.node),
              !frame.is(ClosureExprSyntax.self)
        else { return [] }
        return tree.sites.filter { other in
            guard isLabelled(other), let stored = other.calledThrough, other.position != site.position else { return false }
            return calls(stored, in: frame)
        }
    }

    /// Whether `frame` calls a function or closure property named `name` (`name()`, `self.name?()`).
    private static func calls(_ name: String, in frame: Syntax) -> Bool {
        let finder = CallFinder(name: name)
        finder.walk(frame)
        return finder.found
    }

    private final class CallFinder: SyntaxVisitor {
        let name: String
        var found = false

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            var callee = node.calledExpression
            if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }
            let called = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if called == name { found = true }
            return found ? .skipChildren : .visitChildren
        }
    }
}
