import Foundation
import Testing
import TaskNaming
@testable import TaskWardenLint

/// Plans a fix for in-memory files, the way `taskwarden fix` does after analysis.
func planFix(_ sources: [(path: String, text: String)], configuration: LintConfiguration = LintConfiguration(),
             force: Bool = false) -> FixPlan {
    let files = sources.map { FileAnalysis(path: $0.path, source: $0.text, configuration: configuration) }
    let tree = TreeAnalysis(files: files)
    let findings = files.flatMap { UnnamedTaskRule().findings(in: $0, tree: tree) }
    let texts = Dictionary(sources.map { ($0.path, Array($0.text.utf8)) }, uniquingKeysWith: { first, _ in first })
    return TaskNameFixer(force: force, readBytes: { texts[$0] }).plan(tree, unnamedTaskFindings: findings)
}

func fixedText(_ plan: FixPlan, _ path: String) -> String? {
    plan.files.first { $0.path == path }.map { String(decoding: $0.newBytes, as: UTF8.self) }
}

@Suite struct TaskNameFixerTests {
    @Test func namesEveryReportedSiteAndNothingElse() {
        let source = """
            final class WantlistViewModel {
                func refresh() {
                    Task { await fetchWantlist() }
                    Task(name: "wantlist-prices") { await fetchPrices() }
                }
                func cover() async -> Data {
                    async let image = loadCover()
                    return await image
                }
            }
            """
        let plan = planFix([("Wantlist.swift", source)])
        #expect(plan.edits.map(\.name) == ["wantlist-fetch"])
        #expect(fixedText(plan, "Wantlist.swift") == source.replacingOccurrences(
            of: "Task { await fetchWantlist() }", with: #"Task(name: "wantlist-fetch") { await fetchWantlist() }"#))
        #expect(plan.leftUnnamed.map(\.kind) == ["async let"])
        #expect(plan.summary == "named 1 site in 1 file (1 left unnamed: async let cannot be named)")
    }

    @Test func namesAreUniqueAcrossFilesAndAvoidExistingOnes() {
        let first = "struct Library { func load() { Task { await a() } } }\n"
        let second = "extension Library { func other() { Task(name: \"library-load\") { } } }\nextension Library { func load(_ x: Int) { Task { await b() } } }\n"
        let plan = planFix([("A.swift", first), ("B.swift", second)])
        let names = plan.edits.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(!names.contains("library-load"))
        #expect(names == ["library-load-a", "library-load-b"])
    }

    @Test func availabilityBelowTheTargetIsLeftUnnamedWithTheReason() {
        var configuration = LintConfiguration()
        configuration.deploymentTargets = DeploymentTargets([.iOS: PlatformVersion([17, 0])])
        let source = """
            struct PriceChecker {
                func checkAll(_ releases: [Release]) async {
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases { group.addTask(executorPreference: pool) { await check(release) } }
                    }
                    if #available(iOS 18, *) {
                        await withTaskGroup(of: Void.self) { group in group.addTask(executorPreference: pool) { await check(nil) } }
                    }
                    Task { await report() }
                }
            }
            """
        let plan = planFix([("PriceChecker.swift", source)], configuration: configuration)
        #expect(plan.edits.map(\.kind) == ["addTask", "Task.init"])
        #expect(plan.leftUnnamed.count == 1)
        #expect(plan.leftUnnamed.first?.reason.contains("iOS 18") == true)
        #expect(plan.summary.hasPrefix("named 2 sites in 1 file (1 left unnamed: addTask"))
    }

    @Test func forwardingHelpersAreCountedTogetherInTheSummaryAndAdvisedOnePerNote() {
        let source = """
            struct Pool {
                func spawn(_ operation: @escaping @Sendable () async -> Void) { Task { await operation() } }
                func launch(_ work: @escaping @Sendable () async -> Void) { Task.detached { await work() } }
                func refresh() { Task { await reload() } }
            }
            """
        let plan = planFix([("Pool.swift", source)])
        #expect(plan.edits.count == 1)
        #expect(plan.summary == "named 1 site in 1 file (2 left unnamed: in forwarding helpers (see the notes))")
        let notes = FixReport.leftUnnamedLines(plan)
        #expect(notes.count == 2)
        #expect(notes.contains { $0.contains("spawn(_:)") } && notes.contains { $0.contains("launch(_:)") })
    }

    @Test func groupChildrenBelowIOS18AreNamed() {
        // `addTask(name:)` on a plain group is available from iOS 13 (the toolchain's interface), not iOS 18.
        var configuration = LintConfiguration()
        configuration.deploymentTargets = DeploymentTargets([.iOS: PlatformVersion([16, 0])])
        let source = """
            struct PriceChecker {
                func checkAll(_ releases: [Release]) async {
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases { group.addTask { await check(release) } }
                    }
                }
            }
            """
        let plan = planFix([("PriceChecker.swift", source)], configuration: configuration)
        #expect(plan.edits.map(\.kind) == ["addTask"])
        #expect(plan.leftUnnamed.isEmpty)
    }

    @Test func swiftUITaskBackgroundTaskAndRegistrationAreNotEdited() {
        let source = """
            struct AlbumList: View {
                var body: some View {
                    List {}.task { await load() }
                }
            }
            struct ShelfApp: App {
                var body: some Scene {
                    WindowGroup {}.backgroundTask(.appRefresh("prices")) { await refresh() }
                }
                func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "prices", using: nil) { task in }
                }
            }
            """
        let plan = planFix([("App.swift", source)])
        #expect(plan.edits.isEmpty)
        #expect(plan.files.isEmpty)
        #expect(Set(plan.leftUnnamed.map(\.kind)) == [".task", ".backgroundTask", "BGTaskScheduler.register"])
    }

    @Test func perItemSitesGetAFixedPrefixAndASuggestion() {
        let source = """
            struct PriceChecker {
                func checkAll(_ releases: [Release]) async {
                    await withTaskGroup(of: Void.self) { group in
                        for release in releases { group.addTask { await check(release) } }
                    }
                }
            }
            """
        let edit = planFix([("P.swift", source)]).edits.first
        // `all` cannot stand alone, and the checker's name says `check` only as an agent: the verb stays, so
        // the per-item name says the work, not only the type.
        #expect(edit?.name == "price-checker-check")
        #expect(edit?.isPerItem == true)
        #expect(edit?.suggestion == #"price-checker-check:\(release.id)"#)
    }

    @Test func filesWithSyntaxErrorsAreSkippedUnlessForced() {
        let source = "func load() {\n    Task { await sync() }\n    let = \n}\n"
        let skipped = planFix([("Broken.swift", source)])
        #expect(skipped.files.isEmpty)
        #expect(skipped.problems.map(\.kind) == [.syntaxErrors])
        let forced = planFix([("Broken.swift", source)], force: true)
        #expect(forced.edits.map(\.name) == ["broken-load"])
        #expect(forced.problems.isEmpty)
    }

    @Test func anErrorOutsideWhatSubFileParsingReadsIsNotSeen() throws {
        // `let x = = 3` stands in a body sub-file parsing blanks: the masked tree has no error, so the file is
        // fixed; the name is checked as in any file (only `name:` inserted, the changed statement re-parsed).
        let source = """
            struct Loader {
                func load() async {}
                func start() { Task { await load() } }
                func broken() { let x = = 3 }
            }

            """
        guard case .subFile(let masked, _) = ParsePlan.make(for: Array(source.utf8), options: ParsePlan.Options()) else {
            Issue.record("expected a sub-file parse")
            return
        }
        let file = FileAnalysis(path: "Loader.swift", source: source, masked: masked)
        #expect(!file.hasSyntaxErrors)
        let tree = TreeAnalysis(files: [file])
        let findings = UnnamedTaskRule().findings(in: file, tree: tree)
        let bytes = Array(source.utf8)
        let plan = TaskNameFixer(readBytes: { _ in bytes }).plan(tree, unnamedTaskFindings: findings)
        #expect(plan.problems.isEmpty)
        #expect(fixedText(plan, "Loader.swift") == source.replacingOccurrences(
            of: "Task { await load() }", with: #"Task(name: "loader-start") { await load() }"#))
        // Parsed whole, it is skipped.
        let whole = planFix([("Loader.swift", source)])
        #expect(whole.problems == [FixProblem.syntaxErrors(in: "Loader.swift")])
    }

    @Test func aFileChangedSinceAnalysisIsNotPlanned() {
        let source = "func load() { Task { } }\n"
        let file = FileAnalysis(path: "L.swift", source: source)
        let tree = TreeAnalysis(files: [file])
        let findings = UnnamedTaskRule().findings(in: file, tree: tree)
        let plan = TaskNameFixer(readBytes: { _ in Array("func load() { }\n".utf8) }).plan(tree, unnamedTaskFindings: findings)
        #expect(plan.files.isEmpty)
        #expect(plan.problems.first?.message.contains("changed") == true)
    }

    @Test func anExplicitNilNameIsReportedNotReplaced() {
        let plan = planFix([("L.swift", "func load() { Task(name: nil) { } }\n")])
        #expect(plan.files.isEmpty)
        #expect(plan.leftUnnamed.map(\.reason) == ["passes name: nil (replace it by hand)"])
    }

    @Test func aPathGivenTwiceIsFixedOnce() {
        let source = "func load() { Task { } }\n"
        let plan = planFix([("L.swift", source), ("L.swift", source)])
        #expect(plan.files.count == 1)
        #expect(plan.edits.count == 1)
    }

    @Test func fixingTwiceChangesNothingAndLintIsClean() {
        let source = """
            final class CloudSyncService {
                private var reconcileTask: Task<Void, Never>?
                func start() {
                    reconcileTask = Task { await reconcile() }
                    Task.detached(priority: .background) { await compact() }
                    Task { await reconcile() }
                    Task { await reconcile() }
                }
            }
            """
        let first = planFix([("Sync.swift", source)])
        guard let fixed = fixedText(first, "Sync.swift") else { Issue.record("nothing fixed"); return }
        let second = planFix([("Sync.swift", fixed)])
        #expect(second.files.isEmpty)
        #expect(second.edits.isEmpty)

        let file = FileAnalysis(path: "Sync.swift", source: fixed)
        let tree = TreeAnalysis(files: [file])
        let rules: [any Rule] = [UnnamedTaskRule(), TaskNameFormatRule(), TaskNameDuplicateRule()]
        let findings = rules.flatMap { $0.findings(in: file, tree: tree) + $0.findings(in: tree) }
        #expect(findings.isEmpty, "\(findings)")
    }
}
