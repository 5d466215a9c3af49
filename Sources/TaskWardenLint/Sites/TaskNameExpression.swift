import TaskNaming

/// What a creation site passes as `name:`.
public enum TaskNameExpression: Hashable, Sendable {
    /// No `name:` argument (or `name: nil`).
    case none
    /// A string literal without interpolation; the value is the literal's text.
    case literal(String)
    /// A string literal with interpolations; the template knows its static prefix and shape.
    case interpolated(TaskNameTemplate)
    /// Any other expression (a variable, a call, a concatenation); the value is its source text.
    case other(String)

    /// The name as a template when it is a string literal (with or without interpolation).
    public var template: TaskNameTemplate? {
        switch self {
        case .literal(let text): TaskNameTemplate(literal: text)
        case .interpolated(let template): template
        case .none, .other: nil
        }
    }

    /// True when the site passes some name.
    public var isNamed: Bool { self != .none }

    /// The key under which two sites count as "the same name": the literal text, or the shape of an
    /// interpolated name (`price:\(…)`). Names that are other expressions have no key.
    public var duplicateKey: String? { template?.shape }
}
