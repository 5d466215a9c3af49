import Foundation
import Testing
import TaskNaming
@testable import TaskWardenLint

/// Applying a reviewed plan: exactly its names land, each checked first; a wrong plan writes nothing; a file
/// that moved on since the plan is refused alone.
@Suite struct ReviewPlanApplicationTests {
    /// In-memory files: the tree `fix` would analyse, the plan it would propose, and the application.
    struct Tree {
        var sources: [(path: String, text: String)]
        var configuration = LintConfiguration()

        var bytes: [String: [UInt8]] { Dictionary(sources.map { ($0.path, Array($0.text.utf8)) }, uniquingKeysWith: { first, _ in first }) }

        var analysis: TreeAnalysis {
            TreeAnalysis(files: sources.map { FileAnalysis(path: $0.path, source: $0.text, configuration: configuration) })
        }

        var fixer: TaskNameFixer {
            let bytes = bytes
            return TaskNameFixer(parallel: false, readBytes: { bytes[$0] })
        }

        /// The plan `fix --write-plan` writes for these sources.
        var proposed: ReviewPlan {
            let tree = analysis
            let findings = tree.files.flatMap { UnnamedTaskRule().findings(in: $0, tree: tree) }
            let bytes = bytes
            return ReviewPlan(proposing: fixer.plan(tree, unnamedTaskFindings: findings), absolutePath: { $0 }, readBytes: { bytes[$0] })
        }

        func apply(_ text: String, analysedAs analysed: Tree? = nil) -> ReviewPlanApplication.Applied {
            let plan = try! ReviewPlan.parse(text, source: "names.plan")
            // `analysed`: the tree as the applying run sees it (changed since the plan was written).
            let now = analysed ?? self
            let tree = now.analysis
            let findings = tree.files.flatMap { UnnamedTaskRule().findings(in: $0, tree: tree) }
            return ReviewPlanApplication(fixer: now.fixer).apply(plan, source: "names.plan", to: tree, unnamedTaskFindings: findings)
        }
    }

    static let library = """
        final class LibraryViewModel {
            func refresh() {
                Task { await fetchAlbums() }
            }
            func sync() {
                Task.detached { await upload() }
            }
            func prices(_ releases: [Release]) async {
                await withTaskGroup(of: Void.self) { group in
                    for release in releases {
                        group.addTask { await check(release) }
                    }
                }
            }
        }

        """

    /// `text` with the quoted name of every row holding `marker` replaced by `name` (quoted, or `-`).
    func renaming(_ text: String, rowsWith marker: String, to name: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("  "), line.contains(marker), let open = line.firstIndex(of: "\""),
                  let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return String(line) }
            return String(line[..<open]) + name + String(line[line.index(after: close)...])
        }.joined(separator: "\n")
    }

    func outcome(_ applied: ReviewPlanApplication.Applied) -> ReviewPlanApplication.Outcome? {
        if case .outcome(let outcome) = applied { return outcome }
        return nil
    }

    func problems(_ applied: ReviewPlanApplication.Applied) -> [String] {
        if case .planProblems(let errors) = applied { return errors.map(\.description) }
        return []
    }

    @Test func theProposedPlanListsEverySiteWithWhatItDoes() {
        let tree = Tree(sources: [("Library.swift", Self.library)])
        let text = tree.proposed.text
        #expect(text.contains("file \"Library.swift\" sha256 \(SHA256.hex(Array(Self.library.utf8)))\n"))
        #expect(text.contains(#"  3:9 Task.init "library-fetch-albums"  # does: await fetchAlbums() · in: LibraryViewModel.refresh()"#))
        #expect(text.contains(#"  6:9 Task.detached "library-sync"  # does: await upload() · in: LibraryViewModel.sync()"#))
        #expect(text.contains(#"  11:23 addTask "library-prices"  # per item · does: await check(release) · in: LibraryViewModel.prices(_:)"#))
    }

    @Test func exactlyThePlansNamesLandAndDeletedRowsStayUnnamed() throws {
        let tree = Tree(sources: [("Library.swift", Self.library)])
        let text = tree.proposed.text
            .replacingOccurrences(of: "\"library-fetch-albums\"", with: "\"library-reload-albums\"")
            .replacingOccurrences(of: "\"library-sync\"", with: "-")
            .split(separator: "\n").filter { !$0.contains("addTask") }.joined(separator: "\n")
        let result = try #require(outcome(tree.apply(text)))
        #expect(result.plan.edits.map(\.name) == ["library-reload-albums"])
        #expect(result.plan.problems.isEmpty)
        let fixed = String(decoding: try #require(result.plan.files.first).newBytes, as: UTF8.self)
        #expect(fixed == Self.library.replacingOccurrences(of: "Task { await fetchAlbums() }",
                                                           with: #"Task(name: "library-reload-albums") { await fetchAlbums() }"#))
        #expect(result.plan.leftUnnamed.map(\.line) == [6, 11])
        #expect(result.plan.leftUnnamed.allSatisfy { $0.reason == "not named in the plan" })
        #expect(result.plan.summary == "named 1 site in 1 file (2 left unnamed: not named in the plan)")
    }

    @Test func namesBreakingTheConventionAreErrorsNamingTheirLineAndNothingIsWritten() {
        let tree = Tree(sources: [("Library.swift", Self.library)])
        let text = tree.proposed.text
            .replacingOccurrences(of: "\"library-fetch-albums\"", with: #""Library Refresh""#)
            .replacingOccurrences(of: "\"library-sync\"", with: #""a\") { evil() }; Task(name: \"b""#)
            .replacingOccurrences(of: "\"library-prices\"", with: #""library-prices:\\(release.id)""#)
        let errors = problems(tree.apply(text))
        #expect(errors.count == 3)
        #expect(errors[0].hasPrefix("names.plan:12: error: \"Library Refresh\" breaks the naming convention: 'Library Refresh' is not lowercase kebab-case"))
        #expect(errors[1].hasPrefix("names.plan:13: error: \"a\\\") { evil() }; Task(name: \\\"b\" breaks the naming convention"))
        #expect(errors[2].hasPrefix("names.plan:14: error: \"library-prices:\\\\(release.id)\" breaks the naming convention"))
    }

    @Test func namesLongerThanTheConfiguredLimitAreErrors() {
        var tree = Tree(sources: [("Library.swift", Self.library)])
        tree.configuration.naming.maxLength = 12
        let text = tree.proposed.text.replacingOccurrences(of: "\"library-sync\"", with: "\"library-synchronise\"")
        #expect(problems(tree.apply(text)).contains { $0.contains("is 19 characters long (limit 12)") })
    }

    @Test func namesAreUniqueWithinAProgramAcrossThePlanAndTheCode() {
        let other = "func other() { Task(name: \"library-sync\") { } }\n"
        let tree = Tree(sources: [("Library.swift", Self.library), ("Other.swift", other)])
        var text = tree.proposed.text
        // The proposal stepped around the existing name; a reviewer takes it anyway, and repeats another.
        #expect(!text.contains("\"library-sync\""))
        text = renaming(text, rowsWith: "Task.detached", to: "\"library-sync\"")
        text = renaming(text, rowsWith: "addTask", to: "\"library-fetch-albums\"")
        let errors = problems(tree.apply(text))
        #expect(errors == [
            "names.plan:13: error: \"library-sync\" is already the name of the task at Other.swift:1:16, in the same program; names are unique within a program",
            "names.plan:14: error: \"library-fetch-albums\" is also the name on line 12, in the same program; names are unique within a program",
        ])
    }

    @Test func oneNameInTwoProgramsIsAllowed() throws {
        let mac = "final class AppDelegate { func launch() { Task { await sync() } } }\n"
        let tree = Tree(sources: [("Mac/AppDelegate.swift", mac), ("iOS/AppDelegate.swift", mac)])
        let text = renaming(tree.proposed.text, rowsWith: "Task.init", to: "\"app-sync\"")
        let result = try #require(outcome(tree.apply(text)))
        #expect(result.plan.edits.map(\.name) == ["app-sync", "app-sync"])
    }

    @Test func rowsMustPointAtANameableSiteOfTheirKind() {
        let source = """
            func load() {
                Task { await a() }
                Task(name: "named") { await b() }
                Task(name: nil) { await c() }
            }

            """
        let tree = Tree(sources: [("A.swift", source)])
        let hash = SHA256.hex(Array(source.utf8))
        let text = ReviewPlan.headerLine + "\n" + """
            file "A.swift" sha256 \(hash)
              2:5 Task.detached "a-one"
              2:6 Task.init "a-two"
              3:5 Task.init "a-three"
              4:5 Task.init "a-four"
            """
        #expect(problems(tree.apply(text)) == [
            "names.plan:3: error: the site at A.swift:2:5 is Task.init, not Task.detached",
            "names.plan:4: error: no task creation site at A.swift:2:6",
            "names.plan:5: error: the Task.init at A.swift:3:5 is already named",
            "names.plan:6: error: the Task.init at A.swift:4:5 passes name: already (replace it by hand)",
        ])
    }

    @Test func aSiteWhoseNameIsUnavailableAtTheDeploymentTargetIsAnError() {
        var tree = Tree(sources: [("A.swift", "func load() async { await withDiscardingTaskGroup { group in group.addTask { } } }\n")])
        let hash = SHA256.hex(Array(tree.sources[0].text.utf8))
        tree.configuration.deploymentTargets = DeploymentTargets([.iOS: PlatformVersion(parsing: "16.0")!])
        let text = ReviewPlan.headerLine + "\nfile \"A.swift\" sha256 \(hash)\n  1:68 addTask \"a-load\"\n"
        let errors = problems(tree.apply(text))
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("names.plan:3: error: the addTask at A.swift:1:68 cannot take name: (") == true)
    }

    @Test func aFileChangedSinceThePlanIsRefusedAndTheOthersAreWritten() throws {
        let tree = Tree(sources: [("Library.swift", Self.library), ("Other.swift", "func other() { Task { await go() } }\n")])
        let text = tree.proposed.text
        var later = tree
        later.sources[0].text += "// edited after the plan was written\n"
        let result = try #require(outcome(tree.apply(text, analysedAs: later)))
        #expect(result.plan.files.map(\.path) == ["Other.swift"])
        #expect(result.plan.problems.map(\.description) == [
            "Library.swift: changed since the plan was written (plan line 11); not changed (write the plan again for this file)",
        ])
        #expect(result.plan.problems.first?.kind == .changedSincePlan)
        #expect(result.plan.leftUnnamed.filter { $0.file == "Library.swift" }.count == 3)
    }

    @Test func aFileThatAlreadyHoldsThePlansNamesIsLeftAlone() throws {
        let tree = Tree(sources: [("Library.swift", Self.library)])
        let text = tree.proposed.text.replacingOccurrences(of: "\"library-sync\"", with: "\"library-upload\"")
        let first = try #require(outcome(tree.apply(text)))
        var applied = tree
        applied.sources[0].text = String(decoding: try #require(first.plan.files.first).newBytes, as: UTF8.self)
        let second = try #require(outcome(tree.apply(text, analysedAs: applied)))
        #expect(second.plan.files.isEmpty)
        #expect(second.plan.problems.isEmpty)
        #expect(second.notes == ["Library.swift: already holds the 3 names the plan gives it; not changed"])
    }

    @Test func aFileOutsideTheRunIsAnErrorAndAMissingOneIsRefused() {
        let tree = Tree(sources: [("Library.swift", Self.library)])
        let text = tree.proposed.text.replacingOccurrences(of: "file \"Library.swift\"", with: "file \"../../etc/Library.swift\"")
        #expect(problems(tree.apply(text)) == [
            "names.plan:11: error: \"../../etc/Library.swift\" is not among the files linted; run fix --plan from the folder the plan was written in, with the same paths",
        ])
        var elsewhere = tree
        elsewhere.sources.append(("Elsewhere.swift", ""))
        let bytes = elsewhere.bytes.merging(["../../etc/Library.swift": Array(Self.library.utf8)]) { first, _ in first }
        let plan = try! ReviewPlan.parse(text, source: "names.plan")
        let applied = ReviewPlanApplication(fixer: TaskNameFixer(parallel: false, readBytes: { bytes[$0] }))
            .apply(plan, source: "names.plan", to: elsewhere.analysis, unnamedTaskFindings: [])
        #expect(problems(applied) == [
            "names.plan:11: error: \"../../etc/Library.swift\" is not among the files linted; run fix --plan from the folder the plan was written in, with the same paths",
        ])
    }

    /// A plan written in the package folder for `Sources/App`, applied from inside `Sources`: no path of the
    /// plan leads to a file from there. That is the wrong folder, not a tree whose every file was deleted.
    @Test func aPlanAppliedFromAnotherFolderSaysSoForEveryFile() {
        let written = Tree(sources: [("Sources/App/Library.swift", Self.library), ("Sources/App/Other.swift", "func other() { Task { await go() } }\n")])
        let text = written.proposed.text
        // The same files as seen from inside Sources.
        let fromInside = Tree(sources: [("App/Library.swift", Self.library), ("App/Other.swift", "func other() { Task { await go() } }\n")])
        let errors = problems(written.apply(text, analysedAs: fromInside))
        #expect(errors.count == 2)
        for path in ["Sources/App/Library.swift", "Sources/App/Other.swift"] {
            #expect(errors.contains { $0.contains("error: \"\(path)\" is not among the files linted; run fix --plan from the folder the plan was written in") },
                    "\(errors)")
        }
        #expect(!errors.contains { $0.contains("no longer exists") })
    }

    /// From the right folder, a file deleted since the plan was written is refused on its own: the plan's
    /// other files are still found, or its folder still holds files the run linted.
    @Test func aFileDeletedSinceThePlanIsRefusedNotBlamedOnTheFolder() throws {
        let written = Tree(sources: [("Sources/Library.swift", Self.library), ("Sources/Other.swift", "func other() { Task { await go() } }\n")])
        let text = written.proposed.text
        let oneDeleted = Tree(sources: [("Sources/Other.swift", "func other() { Task { await go() } }\n")])
        let applied = try #require(outcome(written.apply(text, analysedAs: oneDeleted)))
        #expect(applied.plan.problems.map(\.file) == ["Sources/Library.swift"])
        #expect(applied.plan.problems.map(\.message) == ["no longer exists or cannot be read"])
        #expect(applied.plan.files.map(\.path) == ["Sources/Other.swift"])
        // A plan of that one file alone: its folder still holds a file the run linted.
        let single = Tree(sources: [("Sources/Library.swift", Self.library)])
        let alone = try #require(outcome(single.apply(single.proposed.text, analysedAs: oneDeleted)))
        #expect(alone.plan.problems.map(\.message) == ["no longer exists or cannot be read"])
    }

    @Test func theFolderOfAPlanPathIgnoresALeadingDot() {
        #expect(ReviewPlanApplication.folder(of: "./Sources/App/Shelf.swift") == "Sources/App")
        #expect(ReviewPlanApplication.folder(of: "Shelf.swift") == "")
        #expect(ReviewPlanApplication.folder(of: "./Shelf.swift") == "")
        #expect(ReviewPlanApplication.folder(of: "/work/app/Shelf.swift") == "/work/app")
    }
}
