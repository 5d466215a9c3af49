import Testing
@testable import TaskWardenLint

/// Lint keeps only the first name of a leaf statement beside a site (``SourceMaskLeafStatements``): the
/// statement stays (statement counts decide whether a task is returned), and so does every statement that holds
/// a closure, a macro, a call of a name the file declares (in an interpolation too), or goes on over lines.
@Suite struct LeafStatementTests {
    static let source = """
        final class Feed {
            var onQuiesced: () -> Void = {}
            var items: [Int] = []
            func reload(id: Int) async throws {
                self.isLoading = true
                try await store.save(items, to: destination)
                let feed = api.load(for: account, page: id)
                let items = cache.load(for: account, page: id)
                await MainActor.run { render(feed) }
                onQuiesced()
                self.onQuiesced?()
                print("reloaded \\(describe(feed))")
                print("quiesced: \\(onQuiesced())")
                total = values
                    .reduce(0, +)
                let label = first ??
                    "none"
                let a = 1, b = 2
                _ = consume(label)
                #expect(items.isEmpty == false)
                Task { await refresh(id: id, force: true) }
            }
            func make() -> Task<Void, Never> { log.debug("making a task"); Task { await work() } }
        }
        """

    /// The masked copy with runs of spaces squeezed to one.
    static func squeezed(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test func leafStatementsKeepTheirFirstName() throws {
        let masked = try DeclarationTrimTests.masked(Self.source)
        let lines = Self.squeezed(masked).split(separator: "\n").map { $0.hasPrefix(" ") ? String($0.dropFirst()) : String($0) }
        // The first stays (so a task that was not alone in its function still is not); the later ones go whole
        // (one of a single name costs the parser about as much as one of ten tokens) unless they bind a member's
        // name (a local shadowing a member).
        #expect(lines.contains("self "))
        #expect(!masked.contains("store") && !masked.contains("let feed"))
        #expect(lines.contains("let items "))
        // The statement stays, so a task that was not alone in its function still is not.
        #expect(lines.contains("func make() -> Task<Void, Never> { log ; Task { await work } }"))
    }

    @Test func statementsHoldingWhatARuleReadsStay() throws {
        let masked = try DeclarationTrimTests.masked(Self.source)
        // A closure (its number counts), calls of stored closures (a frame's calls, in an interpolation too),
        // macros, several bindings, statements going on over lines, `_` and the site itself.
        #expect(masked.contains("await MainActor.run {"))
        #expect(masked.contains("onQuiesced()") && masked.contains("self.onQuiesced?()"))
        #expect(masked.contains("print(\"quiesced: \\(onQuiesced())\")"))
        // An interpolation calling no property is nothing a rule reads.
        #expect(!masked.contains("describe(feed)"))
        #expect(masked.contains("total = values\n            .reduce("))
        #expect(masked.contains("let label = first ??\n            \"none\""))
        #expect(masked.contains("let a = 1, b = 2") && masked.contains("_ = consume(label)"))
        #expect(masked.contains("#expect(items.isEmpty == false)"))
        #expect(masked.contains("Task { await refresh "))
    }

    @Test func closureSignaturesAreNotStatements() throws {
        let source = """
            func refresh(_ feeds: [Feed]) async {
                await withTaskGroup(of: Void.self) { group in
                    for feed in feeds { group.addTask { await feed.refresh() } }
                }
                await store.flush(reason: .refresh)
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        #expect(masked.contains("{ group in"))
        #expect(masked.contains("await store ") && !masked.contains(".flush("))
    }

    @Test func aTasksClosureKeepsWhatItsRulesRead() throws {
        let source = """
            final class Poller {
                var interval = 5
                func start() {
                    Task {
                        log.debug("polling every", 5, unit: .seconds)
                        log.debug("polling every", interval, unit: .seconds)
                        metrics.count(try await fetch())
                        let page = await source.next()
                        stats.record(self)
                        for item in items { print(item) }
                        try await store.save(items, to: destination)
                        try await clock.sleep(for: .seconds(1))
                        try? await group.waitForAll()
                    }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // Nothing the rules read: the first name alone stays.
        #expect(lines.contains(" log "))
        // A leading `try` stays with the name (an error can escape there), unless the call is one whose errors
        // the rules tell apart (a sleep throws only on cancellation, a group what its children throw).
        #expect(lines.contains(" try await store "))
        #expect(masked.contains("try await clock.sleep(for: .seconds(1))") && masked.contains("try? await group.waitForAll()"))
        // A member (an implicit `self`), `try`, `await` after the name, `self` and braces keep a statement whole.
        #expect(masked.contains("log.debug(\"polling every\", interval, unit: .seconds)"))
        #expect(masked.contains("metrics.count(try await fetch())"))
        // `try` and `await` after `=` stay, with the name after them (``keptWithTheNameAfterIt…``).
        #expect(lines.contains(" let page = await source "))
        #expect(masked.contains("stats.record(self)") && masked.contains("for item in items {"))
    }

    @Test func fixKeepsTheStatementsOfATasksClosure() throws {
        // `fix` names a task after the first call in its closure; beside the task it trims like `lint`.
        let masked = try DeclarationTrimTests.masked(Self.source, forFix: true)
        #expect(masked.contains("Task { await refresh(id: id, force: true) }") && masked.contains("Task { await work() }"))
        #expect(!masked.contains("self.isLoading = true") && !masked.contains("api.load(for: account"))
    }

    @Test func aKeptCallKeepsItsStatementAndAKeptWordItsBody() throws {
        let source = """
            final class Poller {
                var task: Task<Void, Never>?
                func restart() {
                    log.debug("restarting the poller now")
                    task?.cancel()
                    task = Task { await poll() }
                }
                func drain() async {
                    log.debug("draining the poller now")
                    var drained: [Int] = []
                    while !Task.isCancelled { drained.append(await step()) }
                    report(drained)
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // `task-self-cycle` reads the cancel call where it stands: the rest of the body is trimmed as usual.
        #expect(masked.contains("task?.cancel()") && !masked.contains("restarting the poller"))
        // `cancellation-discards-results` reads the code around `isCancelled`: the body stays whole.
        #expect(masked.contains("log.debug(\"draining the poller now\")") && masked.contains("report(drained)"))
    }

    @Test func storedClosureCallsCountOnlyInTheirFunctionsOwnFrame() throws {
        let source = """
            final class Sync {
                var onQuiesced: () -> Void = {}
                func reconcile() {
                    onQuiesced()
                    let handler = { [weak self] in
                        onQuiesced()
                        log.flush(reason: .quiesced)
                        func retry() { onQuiesced() }
                        Task { await self?.retry() }
                    }
                    Task { await drain() }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // `frameCalls` reads the calls of a function's own frame, a local function's included, not a closure's.
        #expect(lines.filter { $0.contains("onQuiesced()") }.count == 2)
        #expect(lines.contains(" onQuiesced ") && !masked.contains("log"))
        #expect(masked.contains("func retry() { onQuiesced() }"))
    }

    @Test func aTasksClosureKeepsMembersAndStrongSelfNamesNotLabelsOrLocals() throws {
        let source = """
            final class Poller {
                var interval = 5
                func source(for id: Int) -> Source { Source(id) }
                init(interval: Int) { self.interval = interval }
                func start(id: Int) {
                    let page = 1
                    Task { [weak self] in
                        guard let strongSelf = self else { return }
                        log.debug("polling", source: id, interval: .seconds)
                        log.debug("polling", page, unit: .seconds)
                        while true { render(strongSelf, page: page) }
                    }
                }
                deinit { log.debug("the poller is gone", interval) }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // An argument label named like a member is not a use of it; a local is not a member.
        #expect(lines.filter { $0 == " log " }.count == 2)
        // A name bound to `self` is read where it is used (``WeakSelfUnwrap``).
        #expect(masked.contains("render(strongSelf, page: page)"))
        // A trimmed initializer or deinitializer goes: nothing looks it up.
        #expect(!masked.contains("init") && !masked.contains("deinit"))
    }

    @Test func selfAsATasksStatementsNameStaysWhereItIs() throws {
        let source = """
            final class Poller {
                func start() {
                    Task { [weak self] in
                        self?.render(page: 1, animated: true)
                        await self?.reload(everything: true)
                        log.record(self, page: 1)
                    }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // The rules read where `self` is used (the first use is where a finding points), not which member.
        #expect(lines.contains(" self ") && lines.contains(" await self "))
        // `self` after the kept name would be lost with the rest: the statement stays whole.
        #expect(masked.contains("log.record(self, page: 1)"))
    }
}
