/// A lint rule: one file in `Rules/`, registered in ``RuleRegistry``.
///
/// A rule reads the creation sites (and, where it needs more, their syntax) and returns findings. Per-file
/// checks run in parallel after every file has been parsed, so ``findings(in:tree:)`` may also look at other
/// files' sites; rules that compare the whole tree once implement ``findings(in:)`` instead. The engine
/// applies severity settings and inline suppression afterwards, so rules always report at
/// ``RuleDescription/defaultSeverity``.
///
/// ```swift
/// struct UnnamedTaskRule: Rule {
///     let description = RuleDescription(id: "unnamed-task", summary: "…", rationale: "…", defaultSeverity: .warning,
///                                       triggeringExamples: [RuleExample("↓Task { await sync() }")])
///     func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] {
///         file.sites.filter(\.isNameable).map { finding(at: $0, message: "name this task") }
///     }
/// }
/// ```
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// Findings for one file. Default: none.
    func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding]
    /// Findings that need the whole tree at once (run once per run). Default: none.
    func findings(in tree: TreeAnalysis) -> [Finding]
}

import SwiftSyntax

extension Rule {
    public func findings(in file: FileAnalysis, tree: TreeAnalysis) -> [Finding] { [] }
    public func findings(in tree: TreeAnalysis) -> [Finding] { [] }

    /// The rule's id.
    public var id: String { description.id }

    /// A finding of this rule at a site.
    public func finding(at site: CreationSite, message: String, related: [RelatedLocation] = []) -> Finding {
        Finding(ruleID: description.id, severity: description.defaultSeverity, message: message,
                position: site.position, length: site.token.trimmedLength.utf8Length, related: related)
    }

    /// A finding of this rule at any position.
    public func finding(at position: SourcePosition, length: Int = 1, message: String, related: [RelatedLocation] = []) -> Finding {
        Finding(ruleID: description.id, severity: description.defaultSeverity, message: message,
                position: position, length: length, related: related)
    }
}
