/// One problem a rule reports.
public struct Finding: Hashable, Sendable, Codable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var position: SourcePosition
    /// The length in UTF-8 bytes of the reported code on its line (at least 1), for end columns.
    public var length: Int
    /// Other places that belong to this finding (e.g. the other site of a duplicate name).
    public var related: [RelatedLocation]

    public init(ruleID: String, severity: Severity, message: String, position: SourcePosition, length: Int = 1, related: [RelatedLocation] = []) {
        self.ruleID = ruleID
        self.length = max(1, length)
        self.severity = severity
        self.message = message
        self.position = position
        self.related = related
    }
}

/// A position that explains a finding.
public struct RelatedLocation: Hashable, Sendable, Codable {
    public var position: SourcePosition
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }
}
