import Foundation
import Testing
@testable import TaskWardenLint

@Suite struct LintEngineDiskTests {
    static func run(_ root: TemporaryDirectory, _ paths: [String] = ["."], config: String? = nil, parallel: Bool = true,
                    followSymbolicLinks: Bool = false) -> LintResult {
        LintEngine(parallel: parallel).run(LintRequest(paths: paths, configurationFile: config, workingDirectory: root.path,
                                                       followSymbolicLinks: followSymbolicLinks))
    }

    @Test func lintsATreeWithRelativePathsAndSkipsFilesWithoutTokens() throws {
        let root = try TemporaryDirectory()
        try root.write("Sources/App/Sync.swift", "func sync() { Task { await upload() } }\n")
        try root.write("Sources/App/Model.swift", "struct Album { var title: String }\n")
        try root.write(".build/checkouts/Dep/Other.swift", "func x() { Task { } }\n")
        try root.write("Sources/App/README.md", "Task { }")
        let result = Self.run(root)
        #expect(result.statistics.filesFound == 2)
        #expect(result.statistics.filesParsed == 1)
        #expect(result.tree.sites.map(\.position.file) == ["Sources/App/Sync.swift"])
        #expect(result.findings.map(\.ruleID) == ["unnamed-task"])
        #expect(result.problems.isEmpty)
    }

    /// A misspelt rule in a suppression comment suppresses nothing: say so, naming the file, line and rule,
    /// without failing the run.
    @Test func notesAnUnknownRuleInASuppressionComment() throws {
        let root = try TemporaryDirectory()
        try root.write("Sources/App/Sync.swift", """
            func sync() {
                // taskwarden:disable:next unamed-task
                Task { await upload() }
                Task { await upload() } // taskwarden:disable:this all
            }
            """)
        let result = Self.run(root)
        #expect(result.problems.map(\.description) == [
            "Sources/App/Sync.swift:2: note: taskwarden:disable names the unknown rule 'unamed-task', which suppresses nothing (see taskwarden rules)",
        ])
        #expect(result.problems.allSatisfy { !$0.isError })
        #expect(result.findings.filter { $0.ruleID == "unnamed-task" }.map(\.position.line) == [3])
    }

    @Test func parallelAndSerialRunsAgree() throws {
        let root = try TemporaryDirectory()
        for index in 0..<30 {
            try root.write("Sources/App/File\(index).swift", "func f\(index)() { Task(name: \"dup\") { }; group.addTask { } }\n")
        }
        let parallel = Self.run(root, parallel: true)
        let serial = Self.run(root, parallel: false)
        #expect(parallel.findings == serial.findings)
        #expect(parallel.tree.sites.map(\.position) == serial.tree.sites.map(\.position))
        #expect(parallel.findings.filter { $0.ruleID == "task-name-duplicate" }.count == 30)
    }

    /// Sub-file parsing keeps what an opt-in rule reads only for a run where a configuration turns it on, and
    /// then gives the same findings as parsing whole.
    @Test func keepsWhatAnOptInRuleReadsOnlyWhereItIsOn() throws {
        // The rule's own first example, beside a site (so the file is parsed sub-file).
        let example = CancellationDiscardsResultsRule().description.triggeringExamples[0].code
        let source = "func refresh() { Task { await reload() } }\n" + example.replacingOccurrences(of: "↓", with: "")
        let root = try TemporaryDirectory()
        try root.write("Sources/Plain/Prices.swift", source)
        try root.write("Sources/Opted/Prices.swift", source)
        try root.write("Sources/Opted/.taskwarden.json", "{\"rules\": {\"cancellation-discards-results\": \"warning\"}}")
        let rule = "cancellation-discards-results"
        let request = { (wholeFile: Bool) in
            LintEngine(wholeFile: wholeFile).run(LintRequest(paths: ["."], workingDirectory: root.path))
        }
        let subFile = request(false)
        #expect(subFile.findings.filter { $0.ruleID == rule }.map(\.position.file) == ["Sources/Opted/Prices.swift"])
        #expect(subFile.findings == request(true).findings)
        // Only the plain folder: nothing turns the rule on, and its words keep nothing.
        let engine = LintEngine()
        #expect(!engine.parsePlanOptions(for: [LintConfiguration()]).reads.bodyWords.contains("isCancelled"))
        var opted = LintConfiguration()
        opted.rules[rule] = .on(.warning)
        #expect(engine.parsePlanOptions(for: [LintConfiguration(), opted]).reads.bodyWords.contains("isCancelled"))
    }

    @Test func appliesIncludeExcludeAndRuleSettingsFromTheConfiguration() throws {
        let root = try TemporaryDirectory()
        try root.write(".taskwarden.json", """
            {"include": ["Sources/**"], "exclude": ["**/Generated/**"], "rules": {"unnamed-task": "error"}}
            """)
        try root.write("Sources/App/Sync.swift", "func sync() { Task { } }\n")
        try root.write("Sources/App/Generated/API.swift", "func api() { Task { } }\n")
        try root.write("Scripts/tool.swift", "Task { }\n")
        let result = Self.run(root)
        #expect(result.tree.sites.map(\.position.file) == ["Sources/App/Sync.swift"])
        #expect(result.findings.map(\.severity) == [.error])
    }

    // Only the `executorPreference:` overloads of a group's `addTask(name:)` need iOS 18 (see NameAvailability).
    @Test func readsDeploymentTargetsFromThePackageManifest() throws {
        let root = try TemporaryDirectory()
        try root.write("Package.swift", "let package = Package(name: \"Shelf\", platforms: [.iOS(.v17), .macOS(.v14)])")
        try root.write("Sources/Shelf/Prices.swift", "func f() async { await withTaskGroup(of: Void.self) { g in g.addTask(executorPreference: e) { } } }\n")
        let result = Self.run(root)
        #expect(result.tree.sites.first?.nameAvailability.isAvailable == false)
        #expect(result.findings.filter { $0.ruleID == "unnamed-task" }.isEmpty)
    }

    @Test func reportsBadInputAndGoesOn() throws {
        let root = try TemporaryDirectory()
        try root.write("Sources/Good.swift", "func f() { Task { } }\n")
        try root.write("Sources/Latin1.swift", Data([0x54, 0x61, 0x73, 0x6B, 0x20, 0x7B, 0x20, 0x7D, 0x20, 0x2F, 0x2F, 0xE9, 0x0A]))
        try root.write("Sources/Latin1NoTask.swift", Data([0x6C, 0x65, 0x74, 0x20, 0x78, 0x20, 0x2F, 0x2F, 0xE9, 0x0A]))
        try root.write("Sources/Binary.swift", Data([0x00, 0x01, 0x02, 0x54, 0x61, 0x73, 0x6B]))
        try root.write("Sources/Broken.swift", "func broken( {\nfunc ok() { Task { } }\n")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Sources/Loop", withDestinationPath: root.path + "/Sources")
        let result = Self.run(root, ["Sources", "Missing"])
        let problems = Dictionary(result.problems.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
        #expect(problems["Missing"] == .missingPath)
        #expect(problems["Sources/Latin1.swift"] == .notUTF8)
        #expect(problems["Sources/Latin1NoTask.swift"] == .notUTF8)
        #expect(problems["Sources/Binary.swift"] == .binary)
        #expect(problems["Sources/Broken.swift"] == .syntaxErrors)
        // A link to a directory is not walked by default (a note); followed, the loop is reported.
        #expect(problems["Sources/Loop"] == .symlinkNotFollowed)
        #expect(result.problems.first { $0.kind == .symlinkNotFollowed }?.isError == false)
        #expect(result.tree.sites.map(\.position.file).sorted() == ["Sources/Broken.swift", "Sources/Good.swift"])
        #expect(result.problems.first { $0.kind == .syntaxErrors }?.isError == false)
        let following = Self.run(root, ["Sources"], followSymbolicLinks: true)
        #expect(following.problems.contains { $0.path == "Sources/Loop" && $0.kind == .symlinkLoop })
        #expect(following.tree.sites.map(\.position.file).sorted() == ["Sources/Broken.swift", "Sources/Good.swift"])
    }

    @Test func reportsAMalformedConfigurationNamingTheKey() throws {
        let root = try TemporaryDirectory()
        try root.write(".taskwarden.json", "{\"rules\": {\"unnamed-task\": \"loud\"}}")
        try root.write("Sources/A.swift", "Task { }\n")
        let result = Self.run(root)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.kind == .configuration)
        #expect(result.problems.first?.description.contains("key 'rules.unnamed-task'") == true)
        #expect(result.tree.sites.isEmpty)
    }

    @Test func eachFolderUsesTheNearestConfigurationAboveIt() throws {
        let root = try TemporaryDirectory()
        try root.write(".taskwarden.json", "{\"rules\": {\"unnamed-task\": \"error\"}}")
        try root.write("App/Sync.swift", "func sync() { Task { } }\n")
        try root.write("Legacy/.taskwarden.json", "{\"rules\": {\"unnamed-task\": \"off\"}}")
        try root.write("Legacy/Old.swift", "func old() { Task { } }\n")
        try root.write("Broken/.taskwarden.json", "{\"rules\": {\"unnamed-task\": 3}}")
        try root.write("Broken/Code.swift", "func code() { Task { } }\n")
        let result = Self.run(root)
        #expect(result.findings.map(\.position.file) == ["App/Sync.swift"])
        #expect(result.findings.map(\.severity) == [.error])
        #expect(result.problems.map(\.path) == ["Broken/.taskwarden.json"])
        #expect(result.problems.first?.description.contains("key 'rules.unnamed-task'") == true)
        #expect(!result.tree.sites.contains { $0.position.file.hasPrefix("Broken/") })
    }

    @Test func eachPackageUsesItsOwnPlatforms() throws {
        let root = try TemporaryDirectory()
        try root.write("Old/Package.swift", "platforms: [.iOS(.v16)]")
        try root.write("Old/Sources/Old/A.swift", "func f() async { await withTaskGroup(of: Void.self) { g in g.addTask(executorPreference: e) { } } }\n")
        try root.write("New/Package.swift", "platforms: [.iOS(.v18)]")
        try root.write("New/Sources/New/A.swift", "func f() async { await withTaskGroup(of: Void.self) { g in g.addTask(executorPreference: e) { } } }\n")
        let result = Self.run(root)
        #expect(result.tree.sites.map { "\($0.position.file) \($0.nameAvailability.isAvailable)" }.sorted()
                == ["New/Sources/New/A.swift true", "Old/Sources/Old/A.swift false"])
    }

    @Test func lintsAPathGivenTwiceOnce() throws {
        let root = try TemporaryDirectory()
        try root.write("Sources/A.swift", "func f() { Task { } }\n")
        let result = Self.run(root, ["Sources", "Sources/A.swift", "./Sources"])
        #expect(result.tree.sites.count == 1)
    }

    @Test func collectsInfoPlistsForBackgroundRules() throws {
        let root = try TemporaryDirectory()
        try root.write("App/Info.plist", "<plist><dict></dict></plist>")
        try root.write("App/A.swift", "Task { }\n")
        let result = Self.run(root)
        #expect(result.tree.propertyLists.map(\.path) == ["App/Info.plist"])
    }
}
