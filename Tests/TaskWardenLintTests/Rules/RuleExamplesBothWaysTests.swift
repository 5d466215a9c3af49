import SwiftSyntax
import Testing
@testable import TaskWardenLint

/// Every rule's examples, linted by that rule alone, give the same output whole-file and sub-file: a masked copy
/// keeps only what the rule declares it reads (``SyntaxReads``), so a read it does not declare shows up here.
/// Each example is linted as written and again beside a function sub-file parsing blanks, so that it is parsed
/// sub-file whatever it holds.
@Suite struct RuleExamplesBothWaysTests {
    /// A declaration holding nothing any reader reads: its body goes in every masked copy.
    static let blankedNeighbour = """


        func neighbourNobodyReads(_ values: [Int]) -> Int {
            let total = values.reduce(0, +)
            return total * 2
        }

        """

    /// The lint and list JSON, and the records, of `sources` linted by `rules` one way.
    static func outputs(_ rules: [any Rule], _ sources: [(path: String, text: String)], configuration: LintConfiguration,
                        wholeFile: Bool) -> (lint: String, list: String, records: [SiteRecord], subFile: Int) {
        let result = LintEngine(rules: rules, parallel: false, wholeFile: wholeFile).run(sources: sources, configuration: configuration)
        return (JSONReporter().report(result), SiteListing.json(result), result.tree.records, result.statistics.filesParsedSubFile)
    }

    /// The example's sources as its test lints them, the example's own file first.
    static func sources(of example: RuleExample, neighbour: Bool) -> [(path: String, text: String)] {
        let code = example.markedOffsets.code + (neighbour ? blankedNeighbour : "")
        return [(example.fileName, code)] + example.supportingFiles.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @Test(arguments: RuleExamplesTests.rules)
    func everyExampleAgreesWholeFileAndSubFile(_ id: RuleExamplesTests.RuleID) {
        let description = id.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            for neighbour in [false, true] {
                let sources = Self.sources(of: example, neighbour: neighbour)
                let whole = Self.outputs([id.rule], sources, configuration: example.configuration, wholeFile: true)
                let sub = Self.outputs([id.rule], sources, configuration: example.configuration, wholeFile: false)
                #expect(sub.lint == whole.lint, "\(description.id): sub-file and whole-file lint differ on:\n\(sources[0].text)")
                #expect(sub.list == whole.list && sub.records == whole.records,
                        "\(description.id): sub-file and whole-file sites differ on:\n\(sources[0].text)")
                if neighbour {
                    #expect(sub.subFile > 0, "\(description.id): example not parsed sub-file:\n\(sources[0].text)")
                }
            }
        }
    }
}

/// A rule for these tests only: it reads what sub-file parsing blanks unless a rule declares it. Declaring the
/// read (``SyntaxReads``) is all it takes for the masked copy to keep it.
struct AuditedTaskTestRule: Rule {
    /// What the rule declares it reads.
    var reads: SyntaxReads

    var description: RuleDescription {
        RuleDescription(id: "audited-task", summary: "A task in a type that writes an audit log elsewhere.",
                        rationale: "For tests. Cannot see anything outside the file.", defaultSeverity: .warning, reads: reads)
    }

    /// A site whose type has another member whose body calls `auditLog` — a body holding no site, which sub-file
    /// parsing blanks unless a rule reads bodies holding that word — or whose own closure calls `precondition`
    /// (a statement sub-file parsing cuts down to its first name unless a rule reads it).
    func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
        file.sites.compactMap { site in
            if let closure = site.closure,
               SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(closure)).contains(where: { $0.calledExpression.trimmedDescription == "precondition" }) {
                return finding(at: site, message: "checks a precondition")
            }
            guard let type = TypeMembers.enclosingType(of: site.node),
                  let members = TypeMembers.memberBlock(of: type) else { return nil }
            let audits = members.members.contains { item in
                SyntaxSearch.all(FunctionCallExprSyntax.self, in: Syntax(item.decl)).contains {
                    $0.calledExpression.trimmedDescription == "auditLog"
                }
            }
            return audits ? finding(at: site, message: "audited elsewhere") : nil
        }
    }
}

@Suite struct DeclaringAReadTests {
    static let source = """
        final class Ledger {
            func record(_ entry: Entry) {
                let line = entry.description
                auditLog(line)
            }

            func sync() {
                Task { await upload() }
            }

            func check() {
                Task {
                    precondition(isOpen, "the ledger must be open")
                    await upload()
                }
            }
        }
        """

    static func lint(_ rule: AuditedTaskTestRule, wholeFile: Bool) -> [String] {
        LintEngine(rules: [rule], parallel: false, wholeFile: wholeFile).run(sources: [("Ledger.swift", source)])
            .findings.map { "\($0.position.line):\($0.position.column) \($0.message)" }
    }

    @Test func anUndeclaredReadIsBlankedInTheMaskedCopy() {
        let rule = AuditedTaskTestRule(reads: SyntaxReads())
        // Whole-file parsing sees both; the masked copy lost `record`'s body and `precondition`'s arguments.
        #expect(Self.lint(rule, wholeFile: true) == ["8:9 audited elsewhere", "12:9 checks a precondition"])
        #expect(Self.lint(rule, wholeFile: false) != Self.lint(rule, wholeFile: true))
    }

    @Test func declaringTheReadIsAllItTakes() {
        let rule = AuditedTaskTestRule(reads: SyntaxReads(siteClosure: .init(statementsWith: ["precondition"]),
                                                           anywhere: .init(bodiesWith: ["auditLog"])))
        #expect(Self.lint(rule, wholeFile: false) == ["8:9 audited elsewhere", "12:9 checks a precondition"])
        #expect(Self.lint(rule, wholeFile: false) == Self.lint(rule, wholeFile: true))
    }
}
