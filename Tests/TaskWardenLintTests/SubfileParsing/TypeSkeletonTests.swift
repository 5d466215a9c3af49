import Testing
@testable import TaskWardenLint

/// Sub-file parsing at type level (``SourceMask/TypeSkeleton``): which type bodies are blanked whole.
@Suite struct TypeSkeletonTests {
    static func masked(_ source: String) -> String? { SourceMaskClosureTests.masked(source) }

    @Test func aSiteFreeNestedTypeIsBlankedWhole() throws {
        let source = """
            final class Feed {
                enum Layout { case grid, list; static let columns = 3; var spacing: Double { 8 } }
                private struct Limits { static let maximum = 200; static let minimum = 20 }
                var items: [Int] = []
                func reload() { Task { await load(items) } }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.utf8.count == source.utf8.count)
        #expect(!masked.contains("case grid"))
        #expect(!masked.contains("maximum"))
        // The declarations go with their bodies: no consumer looks a type up but by the name of one around a site,
        // and a nested type is no instance member.
        #expect(!masked.contains("enum Layout") && !masked.contains("struct Limits"))
        #expect(masked.contains("final class Feed {"))
        // A stored property keeps its name, not its type or value (lint trims them).
        #expect(masked.contains("var items "))
        #expect(!masked.contains("[Int] = []"))
        #expect(masked.contains("Task { await load(items) }"))
    }

    @Test func anExtensionOfTheSitesTypeIsKept() throws {
        let source = """
            extension Feed {
                var isEmpty: Bool { items.isEmpty && pending.isEmpty }
                func clear() { items.removeAll() }
                var title: String { get { name } }
            }
            final class Feed {
                func reload() { Task { await load(isEmpty) } }
            }
            """
        let masked = try #require(Self.masked(source))
        // Its member names are read (implicit `self` in the task closure), not its bodies.
        #expect(masked.contains("var isEmpty "))
        #expect(!masked.contains(": Bool"))
        #expect(masked.contains("func clear() {"))
        #expect(!masked.contains("pending.isEmpty"))
    }

    @Test func aTypeNamedLikeOneEnclosingASiteIsKept() throws {
        // `Loader` encloses a site (nested in `Screen`); a site-free `Loader` elsewhere (here nested in `Helpers`)
        // is a declaration `declarations(named: "Loader")` finds, so neither it nor `Helpers` is blanked.
        let source = """
            enum Helpers {
                struct Loader { var retries = 3; func reset() { retries = 0; print("reset", retries) } }
                static let unrelated = 1
            }
            enum Other { static let value = 42; static let other = 43; static let third = 44 }
            struct Screen {
                struct Loader { func start() { Task { await fetch(retries, Helpers.unrelated) } } }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("var retries "))
        // `Helpers` is kept for its `Loader`, not blanked whole; its `unrelated`, read only after a dot, goes as a
        // member nothing looks up (``SourceMaskUnreadMembers``).
        #expect(masked.contains("enum Helpers {") && !masked.contains("static let unrelated"))
        #expect(!masked.contains("static let value = 42"))
    }

    @Test func protocolBodiesAreBlankedWhateverTheirName() throws {
        // Nothing looks protocol requirements up, so even the protocol a site's extension extends is blanked.
        let source = """
            protocol Refreshing: AnyObject {
                var lastRefresh: Date? { get set }
                func refresh() async
            }
            extension Refreshing {
                func scheduleRefresh() { Task { await refresh() } }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(!masked.contains("lastRefresh"))
        // Nothing reads a protocol's declaration either (isolation knows protocols by name): it goes whole.
        #expect(!masked.contains("protocol Refreshing"))
        #expect(masked.contains("func scheduleRefresh() { Task { await refresh"))
    }

    @Test func anAttributeKeepsTheDeclarationAroundABlankedBody() throws {
        // An attribute left behind would attach to the next declaration: the declaration stays, its body goes.
        // Comment lines and imports before a declaration do not keep it.
        let source = """
            import Foundation
            // Layout constants.
            public enum Layout { static let columns = 3; static let rows = 4; static let gap = 5 }
            /* Spacing,
               in points. */
            enum Spacing { static let small = 4; static let medium = 8; static let large = 16 }
            @MainActor
            struct Limits { static let maximum = 200; static let minimum = 20; static let step = 5 }
            @available(iOS 17, *) final class Cache { var entries: [Int] = []; var hits = 0; var misses = 0 }
            final class Feed {
                func reload() { Task { await load() } }
            }
            """
        let masked = try #require(Self.masked(source))
        #expect(!masked.contains("enum Layout") && !masked.contains("enum Spacing"))
        #expect(masked.contains("struct Limits {") && !masked.contains("maximum"))
        #expect(masked.contains("final class Cache {") && !masked.contains("entries"))
        #expect(masked.contains("@MainActor") && masked.contains("@available(iOS 17, *)"))
    }

    @Test func aTypeNamedTaskIsKept() throws {
        // `struct Task` is a creation token (it shadows Swift's Task): its body and the types around it stay.
        let source = """
            enum Scheduling {
                struct Task { let title: String; let due: Date; init(title: String) { self.title = title; due = .now } }
            }
            enum Layout { static let columns = 3; static let rows = 4; static let gap = 5 }
            func make() { let job = Task(title: "write tests") }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("let title: String; let due: Date"))
        #expect(!masked.contains("static let columns"))
    }

    @Test func typesHoldingStringConstantsOrKeptWordsAreKept() throws {
        // The background rules read string constants from every file's types; `cancel` is a kept word.
        let source = """
            enum Identifiers { static let refresh = "com.example.refresh"; static let other = 1 }
            enum CodingKeys: String, CodingKey { case firstName = "first_name", lastName }
            struct Handle { var inner: Task<Void, Never>?; func stop() { inner?.cancel() } }
            final class Feed { func reload() { Task { await load() } } }
            enum Layout { static let columns = 3; static let rows = 4; static let gap = 5 }
            """
        let masked = try #require(Self.masked(source))
        #expect(!masked.contains("static let columns"))
        #expect(masked.contains("static let refresh = \"com.example.refresh\""))
        #expect(masked.contains("case firstName = \"first_name\""))
        #expect(masked.contains("var inner: Task<Void, Never>?"))
    }

    @Test func aHeaderReadsEveryWordOfItsName() throws {
        // `extension Outer.Inner` gives both words: a site in `Inner` keeps it; an unrelated type goes.
        let source = """
            enum Outer {
                struct Inner { func start() { Task { await run(description) } } }
            }
            extension Outer.Inner: CustomStringConvertible where Self: Sendable {
                var description: String { "an inner value, described at length" }
            }
            struct Unrelated<Value>: Equatable { var value: Int; var other: Int; var third: Int }
            """
        let masked = try #require(Self.masked(source))
        #expect(masked.contains("var description "))
        #expect(!masked.contains("var value: Int"))
    }

    @Test func theMemberBodiesPredicateModeBlanksNoTypeBody() {
        let source = "enum Layout { static let columns = 3; static let rows = 4; static let gap = 5 }\nfunc f() { Task {} }"
        #expect(SourceMask.scan(Array(source.utf8)) { _, _ in false }.blanked.isEmpty)
    }
}

/// Sub-file parsing of member signatures: the parameters of a function whose body is blanked go with it.
@Suite struct BlankedSignatureTests {
    @Test func parametersOfABlankedBodyAreBlankedAndASitesAreKept() throws {
        let source = """
            final class Feed {
                func merge(_ incoming: [Item], replacing existing: Set<Item.ID>, at date: Date = .now) -> [Item] {
                    incoming.filter { existing.contains($0.id) == false }
                }
                init(store: Store, session: URLSession = .shared) { self.store = store; self.session = session }
                func reload(from source: Source, force: Bool) { Task { await load(source, force, merge) } }
                func stop(reason: CancellationReason) { handle?.cancel(); print("stopped for", reason) }
                subscript(position index: Int, fallback fallback: Item) -> Item { items.indices.contains(index) ? items[index] : fallback }
            }
            """
        let masked = try #require(SourceMaskClosureTests.masked(source))
        #expect(masked.utf8.count == source.utf8.count)
        #expect(!masked.contains("incoming: [Item]"))
        #expect(masked.contains("func merge("))
        // The rest of its signature and its braces go too (lint mode): `func merge(   )`.
        #expect(!masked.contains("-> [Item]"))
        #expect(masked.contains("subscript("))
        #expect(masked.contains(") -> Item {"))
        #expect(!masked.contains("session: URLSession"))
        #expect(!masked.contains("fallback: Item"))
        // A site's function keeps its parameters (its frame label), and so does a body holding a kept word.
        #expect(masked.contains("func reload(from source: Source, force: Bool)"))
        #expect(masked.contains("func stop(reason: CancellationReason)"))
    }
}
