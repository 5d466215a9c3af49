import Testing
@testable import TaskWardenLint

/// One shape of code that creates tasks, with the names a careful reviewer accepts for its sites and the names
/// that would mislead or read as garble. The corpus is the bar `fix` is held to: every case passes.
///
/// ```swift
/// NameCase("a view model's refresh awaits one load", file: "TimelineViewModel.swift", """
///     final class TimelineViewModel {
///         func refresh() { isLoading = true; Task { await loadTimeline() } }
///     }
///     """, accept: [["timeline-load"]], wrong: ["timeline-refresh-load-timeline"])
/// ```
struct NameCase: Sendable, CustomTestStringConvertible {
    /// What kind of code this is, in a few words.
    var shape: String
    /// The file the source lives in (its name can matter: top-level code).
    var file: String
    var source: String
    /// For each unnamed site, in source order: the names accepted there. An empty list means the site must be
    /// left unnamed as a forwarding helper.
    var accept: [[String]]
    /// Names that must never be produced for any site of the case.
    var wrong: [String]

    init(_ shape: String, file: String, _ source: String, accept: [[String]], wrong: [String] = []) {
        self.shape = shape
        self.file = file
        self.source = source
        self.accept = accept
        self.wrong = wrong
    }

    var testDescription: String { shape }

    /// A forwarding helper's site: no name, a suggestion to thread one through.
    static let forwarding: [String] = []

    /// What `fix` does with the case: per site in source order, the name it writes or nil when it leaves the
    /// site unnamed as a forwarding helper (other unnamed sites are not part of a case).
    func outcome() -> [String?] {
        Self.outcome(planFix([(file, source)]))
    }

    /// The same, parsed as `fix` parses: only what naming and the rules read (sub-file), or the whole file.
    func outcome(wholeFile: Bool) -> [String?] {
        let sources = [(path: file, text: source)]
        let result = LintEngine(parallel: false, wholeFile: wholeFile, additionalReads: [SiteNamingContext.reads])
            .run(sources: sources)
        let unnamed = result.findings.filter { $0.ruleID == "unnamed-task" }
        let bytes = Array(source.utf8)
        let plan = TaskNameFixer(parallel: false, readBytes: { _ in bytes }).plan(result.tree, unnamedTaskFindings: unnamed)
        return Self.outcome(plan)
    }

    static func outcome(_ plan: FixPlan) -> [String?] {
        var sites: [(line: Int, column: Int, name: String?)] = plan.edits.map { ($0.line, $0.column, $0.name) }
        sites += plan.leftUnnamed.filter { $0.forwardingAdvice != nil }.map { ($0.line, $0.column, nil) }
        return sites.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.name)
    }

    /// Why the outcome fails the case, or nil when it passes.
    func failure() -> String? {
        let names = outcome()
        guard names.count == accept.count else {
            return "\(shape): expected \(accept.count) site(s), got \(names.map { $0 ?? "(forwarding)" })"
        }
        for (index, (name, accepted)) in zip(names, accept).enumerated() {
            if accepted.isEmpty {
                if let name { return "\(shape): site \(index + 1) should be left to its callers, got \(name)" }
                continue
            }
            guard let name else { return "\(shape): site \(index + 1) left unnamed, expected one of \(accepted)" }
            if wrong.contains(name) { return "\(shape): site \(index + 1) got a wrong name: \(name)" }
            if !accepted.contains(name) { return "\(shape): site \(index + 1) got \(name), expected one of \(accepted)" }
        }
        return nil
    }
}

/// The corpus, by shape of code.
enum NameCorpus {
    static var all: [NameCase] {
        viewModels + swiftUI + servers + tests + helpers + callbacks + reviewed + scenarios + blind + loops + events + wrappers + paths
            + plumbing + parts + bookkeeping + bodies + outcomes + clauses + messages + moments + actors + idioms + handlers + steps + lookups
            + lines
    }
}

@Suite struct NameQualityCorpusTests {
    @Test(arguments: NameCorpus.all)
    func everyCaseGetsAnAcceptedName(_ nameCase: NameCase) {
        let failure = nameCase.failure()
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// `fix` parses only what naming reads: the names must be those of a whole-file parse.
    @Test(arguments: NameCorpus.all)
    func subFileParsingGivesTheSameNames(_ nameCase: NameCase) {
        #expect(nameCase.outcome(wholeFile: false) == nameCase.outcome(wholeFile: true), "\(nameCase.shape)")
    }

    @Test func theCorpusCoversEveryShape() {
        #expect(NameCorpus.all.count >= 80)
        for group in [NameCorpus.viewModels, NameCorpus.swiftUI, NameCorpus.servers, NameCorpus.tests,
                      NameCorpus.helpers, NameCorpus.callbacks] {
            #expect(group.count >= 10)
        }
        // A wrong name is never also an accepted one.
        for nameCase in NameCorpus.all {
            #expect(Set(nameCase.accept.flatMap { $0 }).isDisjoint(with: nameCase.wrong), "\(nameCase.shape)")
        }
    }
}
