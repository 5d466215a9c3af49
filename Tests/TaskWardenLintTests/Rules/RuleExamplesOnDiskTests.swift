import Foundation
import Testing
@testable import TaskWardenLint

/// Every rule's examples, written to a folder and linted as `taskwarden lint` lints a tree, report what they
/// report in memory. Sources given in memory skip the byte scan that decides which files on disk are worth
/// parsing; a rule that reads files holding no creation site must say so (`SyntaxReads.fileTokens`), or it
/// passes its examples and never sees such a file in a real tree.
@Suite struct RuleExamplesOnDiskTests {
    /// The `.taskwarden.json` for an example's configuration, or nil when it sets more than rule settings.
    static func configurationFile(_ configuration: LintConfiguration) -> String? {
        guard configuration.include.isEmpty, configuration.exclude.isEmpty, configuration.deploymentTargets == nil,
              String(describing: configuration.naming) == String(describing: NamingOptions()) else { return nil }
        let settings = configuration.rules.sorted { $0.key < $1.key }.map { id, setting -> String in
            switch setting {
            case .off: "\"\(id)\": \"off\""
            case .on(let severity): "\"\(id)\": \"\(severity.rawValue)\""
            }
        }
        return "{\"rules\": {\(settings.joined(separator: ", "))}}\n"
    }

    /// The lines `rule` reports in the example's own file: in memory, and on disk (nil when the example's
    /// configuration cannot be written as a file).
    static func reportedLines(_ rule: any Rule, _ example: RuleExample) throws -> (memory: [Int], disk: [Int])? {
        guard let configuration = configurationFile(example.configuration) else { return nil }
        let code = example.markedOffsets.code
        let memory = RuleExamplesTests.reported(rule, example, code: code).map(\.position.line)
        let root = try TemporaryDirectory()
        try root.write(".taskwarden.json", configuration)
        try root.write(example.fileName, code)
        for (path, text) in example.supportingFiles { try root.write(path, text) }
        let result = LintEngine(rules: [rule], parallel: false).run(LintRequest(paths: ["."], workingDirectory: root.path))
        let disk = result.findings.filter { $0.ruleID == rule.description.id && $0.position.file == example.fileName }
        return (memory.sorted(), disk.map(\.position.line).sorted())
    }

    @Test(arguments: RuleExamplesTests.rules)
    func examplesReportOnDiskWhatTheyReportInMemory(_ id: RuleExamplesTests.RuleID) throws {
        let description = id.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            guard let lines = try Self.reportedLines(id.rule, example) else { continue }
            #expect(lines.disk == lines.memory, "\(id.id): on disk \(lines.disk), in memory \(lines.memory) in:\n\(example.code)")
        }
    }
}
