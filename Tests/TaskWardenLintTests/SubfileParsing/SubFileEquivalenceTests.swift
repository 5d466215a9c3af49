import Foundation
import Testing
@testable import TaskWardenLint

/// Sub-file parsing (``ParsePlan``) must not change any output: `list` and `lint` JSON are identical to a
/// whole-file parse over the example app, every rule example, the test fixtures and a generated stress corpus.
@Suite struct SubFileEquivalenceTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = repositoryRoot.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        var files: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    static func exampleAppSources() throws -> [(path: String, text: String)] { try swiftFiles(under: "Examples/RecordShelf") }

    /// Every rule example as the sources and configuration it is linted with.
    static func ruleExamples() -> [(sources: [(path: String, text: String)], configuration: LintConfiguration)] {
        RuleRegistry.all.flatMap { rule in
            (rule.description.triggeringExamples + rule.description.nonTriggeringExamples).map { example in
                var sources = [(example.fileName, example.markedOffsets.code)]
                sources += example.supportingFiles.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                return (sources, example.configuration)
            }
        }
    }

    /// Lints `sources` both ways and expects identical JSON; returns the sub-file run's statistics.
    @discardableResult
    static func expectEquivalent(_ sources: [(path: String, text: String)], configuration: LintConfiguration = LintConfiguration(),
                                 sourceLocation: SourceLocation = #_sourceLocation) -> LintStatistics {
        let sub = LintEngine(parallel: false).run(sources: sources, configuration: configuration)
        let whole = LintEngine(parallel: false, wholeFile: true).run(sources: sources, configuration: configuration)
        #expect(JSONReporter().report(sub) == JSONReporter().report(whole), sourceLocation: sourceLocation)
        // Records hold more than the reports show (the stored closures a site's frame calls, which a label
        // collision reads only when two labels meet).
        #expect(sub.tree.records == whole.tree.records, sourceLocation: sourceLocation)
        let listSub = LintEngine(rules: [], parallel: false).run(sources: sources, configuration: configuration)
        let listWhole = LintEngine(rules: [], parallel: false, wholeFile: true).run(sources: sources, configuration: configuration)
        #expect(SiteListing.json(listSub) == SiteListing.json(listWhole), sourceLocation: sourceLocation)
        #expect(sub.problems == whole.problems, sourceLocation: sourceLocation)
        return sub.statistics
    }

    /// Plans `fix` (``TaskNameFixer``) over `sources` both ways, with what naming reads kept
    /// (``SiteNamingContext/reads``), and expects the same plan.
    static func expectFixEquivalent(_ sources: [(path: String, text: String)], configuration: LintConfiguration = LintConfiguration(),
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let texts = Dictionary(sources.map { ($0.path, Array($0.text.utf8)) }, uniquingKeysWith: { first, _ in first })
        func plan(wholeFile: Bool) -> String {
            let result = LintEngine(parallel: false, wholeFile: wholeFile, additionalReads: [SiteNamingContext.reads])
                .run(sources: sources, configuration: configuration)
            let fixer = TaskNameFixer(parallel: false, readBytes: { texts[$0] })
            return FixReport.json(fixer.plan(result.tree, unnamedTaskFindings: result.findings), dryRun: true)
        }
        #expect(plan(wholeFile: false) == plan(wholeFile: true), sourceLocation: sourceLocation)
    }

    @Test func fixPlansTheSameOnTheExampleAppTheRuleExamplesAndTheStressCorpus() throws {
        Self.expectFixEquivalent(try Self.exampleAppSources())
        for example in Self.ruleExamples() {
            Self.expectFixEquivalent(example.sources, configuration: example.configuration)
            // Beside a function sub-file parsing blanks, so that the example is parsed sub-file.
            var padded = example.sources
            padded[0].text += RuleExamplesBothWaysTests.blankedNeighbour
            Self.expectFixEquivalent(padded, configuration: example.configuration)
        }
        Self.expectFixEquivalent(StressCorpus.files.enumerated().map { ($0 == 0 ? "main.swift" : "Stress\($0).swift", $1) })
    }

    @Test func exampleApp() throws {
        let statistics = Self.expectEquivalent(try Self.exampleAppSources())
        #expect(statistics.filesParsedSubFile > 0)
    }

    @Test func ruleExamplesAndFixtures() throws {
        // Rule examples are mostly one function holding the site: few have a body to blank; they show that
        // nothing around a site is lost.
        for example in Self.ruleExamples() {
            Self.expectEquivalent(example.sources, configuration: example.configuration)
        }
        Self.expectEquivalent(try Self.swiftFiles(under: "Tests/TaskWardenLintTests/Fixtures"))
    }

    @Test func stressCorpus() {
        var subFile = 0
        for (index, text) in StressCorpus.files.enumerated() {
            let path = index == 0 ? "main.swift" : "Stress\(index).swift"
            subFile += Self.expectEquivalent([(path, text)]).filesParsedSubFile
        }
        // All files together too (shadowing, label collisions and names across files).
        Self.expectEquivalent(StressCorpus.files.enumerated().map { ($0 == 0 ? "main.swift" : "Stress\($0).swift", $1) })
        // Every stress file parses cleanly and so is parsed sub-file (none falls back).
        #expect(subFile == StressCorpus.files.count)
    }

    @Test func backgroundConstantsFromAFileParsedSubFile() {
        let statistics = Self.expectEquivalent(StressCorpus.backgroundConstants)
        // Both sub-file: the registrations' file loses its import (the background rules' index reads none).
        #expect(statistics.filesParsedSubFile == 2)
        // The constants were read: both registrations resolve to one identifier, registered twice.
        let result = LintEngine(parallel: false).run(sources: StressCorpus.backgroundConstants, configuration: LintConfiguration())
        #expect(result.findings.contains { $0.ruleID == "background-task-identifier" && $0.message.contains("more than once") })
    }

    @Test func whetherATaskIsAllItsFunctionDoesIsReadAlikeBothWays() {
        // The statements beside a site are cut or dropped by a sub-file parse (`logAPIEvent(…)` goes whole, the
        // `let` stays as `let apiError`, `print(…)` becomes `print`): whether the task is its function's one
        // statement, and so whether its function names it whole, must not depend on that.
        let sources = [("APITransport.swift", """
            final class APITransport {
                func logError(endpoint: String, error: Error?) {
                    let apiError = error as? APIError ?? APIError.server(status: 0)
                    logAPIEvent(phase: .fail, endpoint: endpoint, error: apiError)
                    Task { @MainActor in SentryService.shared.captureAPIError(apiError, endpoint: endpoint) }
                }

                nonisolated func deviceStatusChanged(_ device: Device, status: Status) {
                    print("status changed")
                    Task { @MainActor in self.connectedDevice = device }
                }

                func refreshTokens() {
                    Task { await session.refreshTokens() }
                }
            }
            """ + RuleExamplesBothWaysTests.blankedNeighbour)]
        #expect(Self.expectEquivalent(sources).filesParsedSubFile == 1)
        Self.expectFixEquivalent(sources)
    }

    @Test func aSiteInADefaultArgumentOfAFunctionWithoutOne() {
        // The function's body holds no site and is blanked; its parameters hold one and stay.
        let sources = [("Migration.swift", """
            struct Migration {
                static func run(
                    logger: (String) -> Void = { message in
                        Task { @MainActor in print(message) }
                    }
                ) {
                    logger("start")
                    defaults.set(true, forKey: "migrated")
                }
            }
            """)]
        let statistics = Self.expectEquivalent(sources)
        #expect(statistics.filesParsedSubFile == 1)
        #expect(LintEngine(parallel: false).run(sources: sources, configuration: LintConfiguration()).tree.sites.count == 1)
        Self.expectFixEquivalent(sources)
    }

    @Test func aModifierCommentedOutInAChainDoesNotEndIt() {
        // `Text(…)` followed by a comment line is still the receiver of the `.task` below it.
        let sources = [("ConsoleView.swift", """
            import SwiftUI
            struct ConsoleView: View {
                var body: some View {
                    ForEach(messages.indices, id: \\.self) { index in
                        Text(messages[index])
                        //  .fontDesign(fontDesign)
                            .multilineTextAlignment(.leading)
                            .task { lastIndex = index }
                    }
                }
            }
            """)]
        let statistics = Self.expectEquivalent(sources)
        #expect(statistics.filesParsedSubFile == 1)
        #expect(LintEngine(parallel: false).run(sources: sources, configuration: LintConfiguration()).tree.sites.count == 1)
    }
}
