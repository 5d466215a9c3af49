/// The text of `taskwarden explain RULE-ID`.
public enum RuleDocumentation {
    public static func text(_ description: RuleDescription) -> String {
        var lines: [String] = []
        let severity = description.isEnabledByDefault ? description.defaultSeverity.rawValue : "off (opt-in; default severity when enabled: \(description.defaultSeverity.rawValue))"
        lines.append("\(description.id): \(description.summary)")
        lines.append("default severity: \(severity)")
        lines.append("")
        lines.append(description.rationale)
        func block(_ title: String, _ examples: [String]) {
            guard !examples.isEmpty else { return }
            lines.append("")
            lines.append(title)
            for example in examples {
                lines.append("")
                lines.append(contentsOf: example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 })
            }
        }
        block("Triggering examples (↓ marks the finding):", description.triggeringExamples.map(\.code))
        block("Non-triggering examples:", description.nonTriggeringExamples.map(\.code))
        if !description.corrections.isEmpty {
            lines.append("")
            lines.append("Corrections (taskwarden fix):")
            for correction in description.corrections {
                lines.append("")
                lines.append("    before: " + correction.before)
                lines.append("    after:  " + correction.after)
            }
        }
        suppressionHint(description.id, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func suppressionHint(_ id: String, into lines: inout [String]) {
        lines.append("")
        lines.append("Configure: \"rules\": {\"\(id)\": \"off\" | \"info\" | \"warning\" | \"error\"} in .taskwarden.json")
        lines.append("Suppress one line: // taskwarden:disable:next \(id)")
    }
}
