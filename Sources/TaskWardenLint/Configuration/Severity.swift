/// How much a finding matters. Only `error` fails a run (unless `--strict`, where every finding does).
public enum Severity: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case info, warning, error

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A rule's setting in `.taskwarden.json`: `"off"` or a severity.
public enum RuleSetting: Hashable, Sendable {
    case off
    case on(Severity)

    /// Parses `"off"`, `"info"`, `"warning"`, `"error"`; nil for anything else.
    public init?(_ text: String) {
        if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .on(severity)
        } else {
            return nil
        }
    }
}
