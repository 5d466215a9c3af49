import Testing
@testable import TaskWardenLint

/// Sub-file parsing below member level: which closures, comments and files are left out.
@Suite struct SourceMaskClosureTests {
    static func masked(_ source: String, rules: [any Rule] = RuleRegistry.all) -> String? {
        guard case .subFile(let masked, _) = ParsePlan.make(for: Array(source.utf8), options: ParsePlan.Options(rules: rules)) else {
            return nil
        }
        return String(decoding: masked, as: UTF8.self)
    }

    @Test func closuresBesideTheSiteAreBlankedAndTheTaskClosureIsKeptWhole() throws {
        let source = """
            final class Feed {
                func reload() {
                    let sorted = items.sorted { lhs, rhs in lhs.date > rhs.date && lhs.id < rhs.id }
                    Task {
                        let rows = sorted.map { row in row.title.uppercased() + row.subtitle }
                        await show(rows)
                    }
                }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.utf8.count == source.utf8.count)
        #expect(!masked.contains("lhs.date"))
        #expect(masked.contains("items.sorted {"))
        // The task's own closure keeps every closure in it (and what the rules read of their statements: here
        // the name a statement starts with).
        #expect(masked.contains("let rows = sorted.map { row in row "))
    }

    @Test func statementBodiesAreKeptBecauseTheirClosuresAreNumberedInTheFunction() throws {
        let source = """
            func start() {
                if ready {
                    handlers.forEach { handler in handler.prepare(with: configuration) }
                }
                for item in items where item.isVisible {
                    log.record(item.identifier, kind: .visibleItem)
                }
                Task { await run() }
            }
            """
        let masked = try #require(Self.masked(source))
        // The `if` holding a closure stays (its closure is blanked); the loop holding none keeps one name of its
        // head (``SourceMaskCompoundStatements``).
        #expect(masked.contains("if ready {\n        handlers.forEach {"))
        #expect(!masked.contains("handler.prepare"))
        #expect(masked.contains("    item ") && !masked.contains("for item") && !masked.contains("log"))
    }

    @Test func closuresPassedToTheTaskCallAreKept() throws {
        let source = """
            func start() {
                let other = values.map { value in value.formatted(.number.precision(.fractionLength(2))) }
                Task(priority: .background, operation: { await upload(everything, to: destination) })
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("await upload(everything, to: destination)"))
        #expect(!masked.contains("fractionLength"))
    }

    @Test func closuresHoldingAKeptWordAreKeptWholeAndTheWordIsMatchedWhole() throws {
        let source = """
            final class Poller {
                var task: Task<Void, Never>?
                func start() { task = Task { while true { await tick() } } }
                func stop() { handlers.forEach { handler in handler.items.forEach { $0.cancel() } } }
                func store() { publisher.sink { value in self.latest = value }.store(in: &cancellables) }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("$0.cancel()"))
        // `cancellables` is not the word `cancel`.
        #expect(!masked.contains("self.latest = value"))
    }

    @Test func lifecycleModifierClosuresAreKeptWholeWhenASiteStandsInThem() throws {
        let source = """
            struct Search: View {
                var body: some View {
                    List(results) { Row($0) }
                        .onChange(of: query) { _, newQuery in
                            Task { await search() }
                            withAnimation(.easeInOut(duration: 0.2)) { lastQuery = newQuery.trimmed() }
                        }
                        .onChange(of: filter) { _, newFilter in
                            lastFilter = newFilter.normalized()
                        }
                }
                func helper() { print("a body long enough to be blanked") }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("lastQuery = newQuery.trimmed()"))
        #expect(!masked.contains("long enough"))
        // The rule reads an `onChange` closure for the task started in it: none in the second.
        #expect(!masked.contains("normalized") && masked.contains(".onChange("))
        #expect(SubFileEquivalenceTests.expectEquivalent([("Search.swift", source)]).filesParsedSubFile == 1)
    }

    @Test func accessorsOfMemberPropertiesWithoutASiteAreBlanked() throws {
        let source = """
            final class Player {
                var volume: Double = 0.5 {
                    didSet { engine.apply(volume: volume, fading: oldValue > volume) }
                    willSet { log.record("volume will change to \\(newValue)") }
                }
                var track: Track? {
                    didSet { Task { await load(track) } }
                }
                var title: String {
                    get { cache.title(for: track) ?? "untitled track" }
                    set { cache.store(title: newValue, for: track) }
                }
            }
            """
        let masked = try #require(Self.masked(source))
        // Each accessor is a frame of its own, like a member function's body.
        #expect(!masked.contains("engine.apply") && !masked.contains("will change") && masked.contains("didSet {"))
        #expect(!masked.contains("untitled") && !masked.contains("cache.store"))
        #expect(masked.contains("Task { await load"))
        #expect(SubFileEquivalenceTests.expectEquivalent([("Player.swift", source)]).filesParsedSubFile == 1)
    }

    @Test func memberLevelCommentsAreBlankedButCommentsInKeptBodiesStay() throws {
        let source = """
            // Copyright and a long header that nothing reads.
            /// Loads the feed, documented at length.
            final class Feed {
                /* a block comment at member level */
                func reload() {
                    // why the task is here
                    Task { await load() }
                }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(!masked.contains("Copyright"))
        #expect(!masked.contains("documented at length"))
        #expect(!masked.contains("block comment"))
        #expect(masked.contains("// why the task is here"))
    }

    @Test func aLabelledBackgroundTaskCallDoesNotMakeTheFileWhole() {
        let labelled = "func f() { Current.backgroundTask(withName: \"sync\") { _ in promise }; Task { await sync(everything) } }"
        if case .awaitingFunctionReach = ParsePlan.make(for: Array(labelled.utf8), options: ParsePlan.Options(rules: RuleRegistry.all)) {
            Issue.record("a labelled backgroundTask(withName:) call is not SwiftUI's .backgroundTask")
        }
        let swiftUI = "var body: some Scene { WindowGroup { Text(\"x\") }.backgroundTask(.appRefresh(\"refresh\")) { await refresh() } }"
        guard case .awaitingFunctionReach(let file) = ParsePlan.make(for: Array(swiftUI.utf8), options: ParsePlan.Options(rules: RuleRegistry.all)) else {
            Issue.record("SwiftUI's .backgroundTask makes the background rules index the file's functions")
            return
        }
        #expect(file.token == ".backgroundTask(")
    }

    @Test func byteSearchFindsEveryOccurrenceTheWayACharacterLoopDoes() {
        let text = Array("Task TaskTask xTask async asyncy .task a.task Tas".utf8)
        for needle in ["Task", "async", ".task", "k", "Tas", "TaskTaskTask"] {
            let bytes = Array(needle.utf8)
            var expected: [Int] = []
            for index in 0..<text.count where index + bytes.count <= text.count && Array(text[index..<(index + bytes.count)]) == bytes {
                expected.append(index)
            }
            let found = text.withUnsafeBufferPointer { CreationTokenScanner.starts(of: bytes, in: $0, wholeWord: false) }
            #expect(found == expected, "\(needle)")
        }
        // An occurrence starting before the end of the range counts even when it runs past it.
        text.withUnsafeBufferPointer { buffer in
            var starts: [Int] = []
            ByteSearch.forEach(Array("Task".utf8), in: buffer, from: 0, to: 7) { starts.append($0); return true }
            #expect(starts == [0, 5])
        }
    }
}
