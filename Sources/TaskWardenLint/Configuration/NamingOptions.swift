import TaskNaming

/// The `naming` section of `.taskwarden.json`.
///
/// ```json
/// "naming": { "maxLength": 48, "sensitiveWords": ["email", "userName"], "unstableWords": ["UUID"],
///             "exemptSwiftUITask": true }
/// ```
public struct NamingOptions: Hashable, Sendable {
    /// The longest allowed static part of a name.
    public var maxLength: Int = TaskNameConvention.defaultMaximumLength
    /// The shortest `maxLength` a configuration may set: room for a prefix, a verb and its object.
    public static let minimumMaxLength = 16
    /// Words and phrases that make an interpolation look like personal or secret data.
    public var sensitiveWords: [String] = SensitiveInterpolationDetector.defaultSensitivePhrases
    /// Words and phrases that make an interpolation look unstable (changes every run).
    public var unstableWords: [String] = SensitiveInterpolationDetector.defaultUnstablePhrases
    /// SwiftUI's `.task` names itself (`View.task @ File.swift:LINE`) from iOS 26.4, so `unnamed-task`
    /// leaves it alone unless this is false.
    public var exemptSwiftUITask: Bool = true

    public init() {}

    /// The detector built from the word lists.
    public var detector: SensitiveInterpolationDetector {
        SensitiveInterpolationDetector(sensitivePhrases: sensitiveWords, unstablePhrases: unstableWords)
    }
}
