import SwiftSyntax

/// `unhandled-throwing-task`: a throwing unstructured task whose handle nobody keeps.
public struct UnhandledThrowingTaskRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unhandled-throwing-task",
        summary: "A task whose body can throw is created and its handle dropped: the error is silently lost.",
        rationale: """
            An unstructured task keeps the error its body throws until someone reads `.value` or `.result`. When \
            the handle is dropped, nobody ever does: the failure disappears without a log line, a retry or a \
            message to the user. Catch the errors inside the task (`do { … } catch { … }`), or keep the handle \
            and read `.value`/`.result`. If losing the error is really intended, say so with `_ = Task { … }`. \
            A body that catches the error and throws it again (after logging it, say) loses it all the same: \
            the finding then says so, and the fix is to handle it in the catch block.
            Reported for `Task`, `Task.detached`, `Task.immediate` and `Task.immediateDetached` whose closure has a \
            `try` (not `try?`/`try!`), `for try await` or `throw` outside a catch-all `do/catch`, or whose type \
            says it throws (`Task<…, any Error>`). A `catch let e as URLError` or `catch is CancellationError` \
            alone is not a catch-all. `Task<…, Never>` never throws. `try await Task.sleep(…)`, `sleep` on any clock or \
            scheduler (`try await clock.sleep(for:)`, a test scheduler's or manual clock's) and \
            `try Task.checkCancellation()` are not counted: they throw only on cancellation, and a task whose \
            handle is dropped cannot be cancelled. Nor is `try await withThrowingTaskGroup { … }` whose children \
            all catch their errors and whose body lets nothing else escape: the group has nothing to throw. \
            Reported too when the handle is kept only to cancel the task (`Task { … }.cancel()`, \
            `Task { … }.store(in: &bag)`): nobody reads its error. Not reported when the handle is assigned, \
            returned, passed on, awaited, or returned from a closure whose caller keeps it (`ids.map { Task { … } }`).
            Cannot see: a body given as a function reference (`Task(operation: sync)`), errors a called function \
            handles itself, and what a caller does with a handle returned from a closure.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample("""
                func uploadPendingChanges() {
                    ↓Task {
                        try await uploader.uploadPendingReleases()
                    }
                }
                """),
            RuleExample("""
                func refresh() {
                    ↓Task.detached(priority: .utility) {
                        do {
                            try await priceService.refreshAll()
                        } catch let error as URLError {
                            log(error)
                        }
                    }
                }
                """),
            RuleExample("""
                Button("Sync") {
                    ↓Task { try await cloudSync.pushPendingChanges() }
                }
                """),
            RuleExample("func start() { ↓Task<Void, any Error> { await refreshThumbnails() } }"),
            RuleExample("func watch() { ↓Task { for try await change in wantlist.changes { apply(change) } } }"),
            RuleExample("""
                @MainActor func showCover(_ album: Album) {
                    ↓Task.immediate {
                        coverView.image = try await thumbnails.cover(for: album)
                    }
                }
                """),
            // Found in real apps: the handle is used, but never for its error.
            // Found in real apps: the body catches, logs and throws again; the rethrown error is what is lost.
            RuleExample("""
                func syncNow() {
                    ↓Task {
                        do {
                            try await cloudSync.pushPendingChanges()
                        } catch {
                            logger.error("sync failed: \\(error)")
                            throw error
                        }
                    }
                }
                """, message: "so the error its catch block throws again (line 7) goes nowhere"),
            RuleExample("func observe() { ↓Task { try await store.sync() }.store(in: &cancellables) }"),
            RuleExample("func reset() { ↓Task { try await cache.purge() }.cancel() }"),
            RuleExample("""
                func refreshAll(_ feeds: [Feed]) {
                    ↓Task.detached {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for feed in feeds { group.addTask { try await feed.refresh() } }
                            try await group.waitForAll()
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Found in real apps: the children catch every error, so the group cannot throw.
            RuleExample("""
                func refreshAll(_ feeds: [Feed]) {
                    Task.detached {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for feed in feeds {
                                group.addTask {
                                    do { try await feed.refresh() } catch { log(error) }
                                }
                            }
                            try await group.waitForAll()
                        }
                    }
                }
                """),
            // A test scheduler's or a manual clock's sleep throws only on cancellation, like Task.sleep.
            RuleExample("func debounce() { Task { try await clock.sleep(for: .seconds(1)); search() } }"),
            RuleExample("func tick() { Task { try await mainQueue.sleep(for: .milliseconds(300)); await refresh() } }"),
            RuleExample("func f() { Task { try? await uploader.uploadPendingReleases() } }"),
            RuleExample("func f() { _ = Task { try await uploader.uploadPendingReleases() } }"),
            RuleExample("func f() { syncTask = Task { try await uploader.uploadPendingReleases() } }"),
            RuleExample("func f() async throws { try await Task { try await uploader.uploadPendingReleases() }.value }"),
            RuleExample("func f() -> Task<Void, any Error> { Task { try await uploader.uploadPendingReleases() } }"),
            RuleExample("""
                func f() {
                    Task {
                        do {
                            try await uploader.uploadPendingReleases()
                        } catch {
                            banner.show(error)
                        }
                    }
                }
                """),
            RuleExample("func f() { Task<Void, Never> { await refreshThumbnails() } }"),
            RuleExample("""
                func showDelayedBanner() {
                    Task {
                        try await Task.sleep(for: .milliseconds(300))
                        banner.isVisible = true
                    }
                }
                """),
            RuleExample("func f() { Task { let load = { try decode(data) }; await show(load) } }"),
            RuleExample("let uploads = releases.map { release in Task { try await upload(release) } }"),
        ],
        // Whether an error can escape the task's closure (ThrowReach): every `try`, `throw` and `for try`, the calls
        // that throw only on cancellation (a sleep, `checkCancellation`) and a throwing group's calls; and what
        // the handle is used for (the statement holding the site, always kept).
        reads: SyntaxReads(siteClosure: .init(
            controlFlow: true, words: ["try", "await"], statementsWith: ["throw", "Task", "checkCancellation"],
            triedCalls: ["sleep", "withThrowingTaskGroup", "withThrowingDiscardingTaskGroup", "next", "waitForAll", "nextResult"]))
    )

    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            guard site.kind.isUnstructured, let call = site.call else { return nil }
            let use = TaskHandleUse.of(call)
            guard use.neverReadsResult else { return nil }
            let why: String
            if let failure = TaskCall.explicitFailureType(of: call) {
                guard failure != "Never" else { return nil }
                why = "its failure type is \(failure)"
            } else if let closure = site.closure {
                if TaskCall.closureDeclaresThrows(closure) {
                    why = "its closure is declared throws"
                } else if let escaping = ThrowReach.firstEscapingThrow(in: closure, ignoringCancellationOnly: true) {
                    let line = file.position(of: escaping).line
                    if ThrowReach.isInCatchClause(escaping, within: Syntax(closure)) {
                        // The body already catches: telling the user to catch it is no help. The error the catch
                        // block throws (again) is what nobody reads.
                        let handle = use.isDiscarded ? "drops its handle" : "keeps its handle only to cancel it"
                        let what = escaping.is(ThrowStmtSyntax.self) ? "the error its catch block throws again" : "an error thrown in its catch block"
                        return finding(at: site, message: "\(site.kind.rawValue) \(handle), so \(what) (line \(line)) goes nowhere: nobody reads the task's result. Handle the error in the catch block (log it, show it, retry) instead of throwing it, or keep the handle and read .value")
                    }
                    why = "its body can throw (line \(line))"
                } else {
                    return nil
                }
            } else {
                return nil
            }
            let handle = use.isDiscarded ? "drops its handle" : "keeps its handle only to cancel it"
            return finding(at: site, message: "\(site.kind.rawValue) \(handle) but \(why), so the error is lost; catch it inside with do/catch, keep the handle and read .value, or write _ = Task { … } if that is intended")
        }
    }
}
