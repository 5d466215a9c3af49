/// The outputs of `taskwarden fix`: the JSON document, the unified diff, the per-item suggestions.
///
/// ```swift
/// print(FixReport.json(plan, dryRun: true))
/// // {"dryRun": true, "edits": [{"column": 9, "file": "Sources/Library.swift", "kind": "Task.init",
/// //   "line": 12, "name": "library-load", …}], "leftUnnamed": […], "problems": […], "summary": "named 1 site in 1 file"}
/// ```
public enum FixReport {
    struct Document: Encodable {
        var dryRun: Bool
        var edits: [FixEdit]
        var leftUnnamed: [UnnamedSite]
        var problems: [FixProblem]
        var summary: String
        var filesChanged: [String]
    }

    /// Every edit (file, line, column, kind, name, isPerItem, suggestion), every site left unnamed with its
    /// reason, every problem, and the summary line.
    public static func json(_ plan: FixPlan, dryRun: Bool) -> String {
        JSONWriter.document(Document(
            dryRun: dryRun, edits: plan.edits, leftUnnamed: plan.leftUnnamed, problems: plan.problems,
            summary: plan.summary, filesChanged: plan.files.map(\.path)))
    }

    /// The unified diff of every changed file, in path order.
    public static func diff(_ plan: FixPlan) -> String {
        plan.files.map { file in
            if let insertions = file.insertions {
                return UnifiedDiff.render(old: file.oldBytes, insertions: insertions, path: file.path)
            }
            return UnifiedDiff.render(old: String(decoding: file.oldBytes, as: UTF8.self),
                                      new: String(decoding: file.newBytes, as: UTF8.self), path: file.path)
        }.joined()
    }

    /// One line per edit: `Sources/Library.swift:12:9: named "library-load" (Task.init)`.
    public static func editLines(_ plan: FixPlan) -> [String] {
        plan.edits.map { OutputLine.escaped("\($0.file):\($0.line):\($0.column): named \"\($0.name)\" (\($0.kind))") }
    }

    /// Why each unnamed site stays unnamed, for sites a person can act on (availability, suppression,
    /// syntax errors); kinds that can never be named are only counted in the summary.
    public static func leftUnnamedLines(_ plan: FixPlan) -> [String] {
        plan.leftUnnamed.filter { !$0.reason.hasSuffix("cannot be named") && !$0.reason.hasPrefix("SwiftUI .task") }
            .map { site in
                let reason = site.proposedName.map { "proposed \"\($0)\" is a \(TaskNameFixer.reviewReason)" } ?? site.reason
                return OutputLine.escaped("\(site.file):\(site.line):\(site.column): note: \(site.kind) left unnamed: \(reason)")
            }
    }

    /// Where an identity segment would tell per-item tasks apart (`--suggest`).
    public static func suggestionLines(_ plan: FixPlan) -> [String] {
        plan.edits.compactMap { edit in
            guard edit.isPerItem else { return nil }
            let shape = edit.suggestion.map { "name: \"\($0)\"" } ?? "name: \"\(edit.name):\\(…)\""
            return OutputLine.escaped("\(edit.file):\(edit.line):\(edit.column): suggestion: one \(edit.kind) per item; "
                + "\(shape) would tell the items apart in a trace (use a stable id, never personal data)")
        }
    }
}
