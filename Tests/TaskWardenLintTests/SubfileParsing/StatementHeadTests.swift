import Testing
@testable import TaskWardenLint

/// What a leaf statement's kept head may hold besides its first name, and what an interpolation in it counts as
/// (``SourceMask/LeafStatements``).
@Suite struct StatementHeadTests {
    @Test func anAssignmentKeepsTryAndAwaitWithTheNameAfterThem() throws {
        let source = """
            final class Poller {
                func start(account: Account) {
                    Task { [weak self] in
                        let feed = try await api.feed(for: account, limit: 20)
                        self?.title = try? await api.title(of: account)
                        _ = await store.save(feed, to: destination)
                        let timeline = await self?.timeline(for: account)
                        let next = try await group.next()
                        let typed: Feed = try await api.feed(for: account)
                        let handle = await Task.detached { 1 }.value
                        ready = await api.isReady(account) == true
                        count += try await api.count(account)
                        let model = try decoder.decode(Model.self, from: data)
                        await self?.enter(state: Failed.self)
                    }
                }
                func prepare(store: Store) {
                    _ = store.open(readOnly: false)
                    Task { await reload() }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // The rules read that an error can escape and that the task suspends, and the names bound and used
        // first: the value's call goes.
        #expect(lines.contains(" let feed = try await api "))
        #expect(lines.contains(" self?.title = try? await api "))
        #expect(lines.contains(" _ = await store "))
        // `self` after `await` stays where it is, as at the head.
        #expect(lines.contains(" let timeline = await self "))
        // `Model.self` names a type, not the instance: no use of `self`.
        #expect(lines.contains(" let model = try decoder ") && lines.contains(" await self "))
        // What follows the name goes, as after a statement's first name (`== true`).
        #expect(lines.contains(" ready = await api "))
        // `_` alone is no statement: outside a task it keeps the name after `=`.
        #expect(lines.contains(" _ = store "))
        // A call whose errors the rules tell apart, a type annotation, a task and a compound assignment keep the
        // statement whole.
        #expect(masked.contains("let next = try await group.next()"))
        #expect(masked.contains("let typed: Feed = try await api.feed(for: account)"))
        #expect(masked.contains("let handle = await Task.detached { 1 }.value"))
        #expect(masked.contains("count += try await api.count(account)"))
    }

    @Test func anInterpolationIsReadForWhatTheRulesRead() throws {
        let source = """
            final class Poller {
                var attempts = 0
                func start(id: Int) {
                    log.info("starting poll \\(id) now")
                    Task {
                        log.error("poll \\(id) failed: \\(error.localizedDescription)")
                        log.error("poll failed after \\(attempts) attempts")
                        log.error("poll failed in \\(self)")
                        log.error("poll failed: \\(try describe(id))")
                        log.error("poll failed: \\(items.map { $0.id })")
                    }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // Locals and members reached after a dot are nothing the rules read: the statement keeps its name.
        #expect(lines.contains(" log "))
        #expect(!masked.contains("starting poll") && !masked.contains("localizedDescription"))
        // A member (an implicit `self`), `self`, `try` and a closure in an interpolation keep the statement whole.
        #expect(masked.contains("\\(attempts) attempts") && masked.contains("\\(self)"))
        #expect(masked.contains("\\(try describe(id))") && masked.contains("\\(items.map { $0.id })"))
    }
}

extension StatementHeadTests {
    @Test func aClosuresFirstStatementAfterItsSignatureOnTheSameLineIsTrimmed() throws {
        let source = """
            final class Coordinator {
                func stop() {
                    Task { [weak self] in await self?.timeline.stopSharing(now: true, reason: .userAction) }
                    Task { @MainActor in await self.player.setVolume(settings.volume, fading: true) }
                    Task { for item in items { await item.prepare(with: configuration) } }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        let lines = LeafStatementTests.squeezed(masked).split(separator: "\n").map(String.init)
        // The signature is no statement: what follows `in` is the closure's first statement.
        #expect(lines.contains(" Task { [weak self] in await self }"))
        #expect(lines.contains(" Task { @MainActor in await self }"))
        // `for item in items` is a statement, not a signature.
        #expect(masked.contains("for item in items {"))
        #expect(SubFileEquivalenceTests.expectEquivalent([("Coordinator.swift", source)]).filesParsedSubFile == 1)
    }
}
