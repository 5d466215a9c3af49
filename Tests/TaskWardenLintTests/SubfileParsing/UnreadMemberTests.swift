import Testing
@testable import TaskWardenLint

/// Lint leaves out a trimmed member whose name nothing left in the file mentions (``SourceMaskUnreadMembers``):
/// the rules look members up only by names they read in kept text.
@Suite struct UnreadMemberTests {
    static let source = """
        final class Feed {
            var items: [Int] = []
            var session = URLSession.shared
            static let decoder = JSONDecoder()
            class var kind: String { "feed of items, by kind" }
            var title: String { items.isEmpty ? "Empty feed" : "Feed of items" }
            func decode(_ data: Data) throws -> [Int] { try JSONDecoder().decode([Int].self, from: data) }
            func load() async { print("loading without a site, long enough") }
            func load(page: Int) async { print("loading a page without a site, long enough") }
            @Dependency<Clock>(\\.continuousClock)
            var clock
            func start() { Task { await session.refresh(); await load() } }
        }
        """

    @Test func membersNothingNamesAreLeftOut() throws {
        let masked = try DeclarationTrimTests.masked(Self.source)
        let kept = LeafStatementTests.squeezed(masked)
        #expect(!kept.contains("items") && !kept.contains("decoder") && !kept.contains("title") && !kept.contains("decode("))
        // `static` and `class` go with their member: left behind, they would make the next member static.
        #expect(!kept.contains("static") && !kept.contains("class var"))
    }

    @Test func membersTheKeptTextNamesStay() throws {
        let masked = try DeclarationTrimTests.masked(Self.source)
        // `session` and both `load`s are named by the task (an implicit `self.load()`).
        #expect(masked.contains("var session"))
        #expect(LeafStatementTests.squeezed(masked).components(separatedBy: "func load(").count == 3)
    }

    @Test func aMemberAfterAnAttributeLeftInPlaceStays() throws {
        // The generic attribute is not trimmed: without its property it would move onto the next member.
        let masked = try DeclarationTrimTests.masked(Self.source)
        #expect(masked.contains("@Dependency<Clock>(\\.continuousClock)") && masked.contains("var clock"))
    }

    @Test func fixLeavesThemOutToo() throws {
        // `fix` reads the declarations around a site (the function a task is named after), never other members.
        let masked = try DeclarationTrimTests.masked(Self.source, forFix: true)
        #expect(!masked.contains("var items") && !masked.contains("func decode(") && masked.contains("var session"))
    }

    @Test func aFunctionNamedOnlyAfterADotGoesAPropertyStays() throws {
        let source = """
            final class Feed {
                var onQuiesced: () -> Void = {}
                func refresh(page: Int) async { print("refreshing without a site, long enough") }
                func reload(page: Int) async { print("reloading without a site, long enough") }
                func start() { Task { await self.refresh(page: 1); self.onQuiesced(); await reload(page: 2) } }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // Functions are looked up by a bare name only (an implicit `self`); a property after a dot too (a stored
        // closure a frame calls).
        #expect(!masked.contains("func refresh(") && masked.contains("func reload("))
        #expect(masked.contains("var onQuiesced"))
    }

    @Test func membersAreReadOnlyWhereARuleLooksThemUp() throws {
        let source = """
            final class Feed {
                var isLoading = false
                var count = 0
                var session = URLSession.shared
                var onQuiesced: () -> Void = {}
                func start() {
                    isLoading = true
                    self.count += 1
                    onQuiesced()
                    Task { await session.refresh() }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // Read outside a site's closure, and not called: nothing looks `isLoading` or `count` up.
        #expect(!masked.contains("var isLoading") && !masked.contains("var count"))
        // Bare in a task's closure (an implicit `self`), and a stored closure the frame calls.
        #expect(masked.contains("var session") && masked.contains("var onQuiesced"))
    }

    @Test func theTargetOfALoopingTaskStays() throws {
        let source = """
            final class Poller {
                var pollTask: Task<Void, Never>?
                var saveTask: Task<Void, Never>?
                func start() {
                    pollTask = Task { while true { await self.poll() } }
                    saveTask = Task { await self.save() }
                }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // `task-self-cycle` asks whether a looping task's target is a member; a task that does not loop is
        // never asked about.
        #expect(masked.contains("var pollTask") && !masked.contains("var saveTask"))
    }

    @Test func aPropertyInitialisedWithDotInitCanGo() throws {
        let source = """
            final class Relay {
                private let subject: PassthroughSubject<Int, Never> = .init()
                private let id: UUID
                func start() { Task { await send() } }
            }
            """
        let masked = try DeclarationTrimTests.masked(source)
        // `.init()` is the property's value, not an initializer: the property is trimmed, and goes like any other.
        #expect(!masked.contains("subject") && !masked.contains("var id") && !masked.contains("let id"))
    }
}
