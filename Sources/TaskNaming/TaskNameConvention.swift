/// The task-naming convention shared by the linter and the runtime, as pure functions.
///
/// A name is a lowercase kebab-case *purpose* (`price-check`, `cloud-sync-debounce`), optionally followed
/// by `:`-separated *identity* segments for per-item work (`price:\(releaseID)`,
/// `track-match:\(albumID):\(position)`). Interpolations belong in identity segments only, so the purpose
/// stays stable and greppable. The static part is short (default limit: 48 characters).
///
/// ```swift
/// TaskNameConvention.problems(in: TaskNameTemplate(literal: "PriceCheck")) // [.notKebabCase("PriceCheck")]
/// TaskNameConvention.problems(in: TaskNameTemplate(literal: "price-check")) // []
/// ```
public enum TaskNameConvention {
    /// The default limit for the static part of a name, in characters.
    public static let defaultMaximumLength = 48

    /// One way a name breaks the convention.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// A segment is not lowercase kebab-case (letters, digits, single hyphens).
        case notKebabCase(String)
        /// The purpose (before the first `:`) contains an interpolation.
        case interpolatedPurpose
        /// A `:` separates nothing (`price::id`, trailing `:`).
        case emptySegment
        /// An identity segment mixes literal text and an interpolation badly (`id\(x)-y` is fine, spaces are not).
        case invalidIdentityText(String)
        /// The static part is longer than the limit.
        case tooLong(length: Int, limit: Int)

        public var description: String {
            switch self {
            case .empty: "the name is empty"
            case .notKebabCase(let segment): "'\(segment)' is not lowercase kebab-case"
            case .interpolatedPurpose: "the purpose before the first ':' must be static; put interpolations in ':'-separated identity segments"
            case .emptySegment: "a ':' separates an empty segment"
            case .invalidIdentityText(let text): "'\(text)' in an identity segment may only hold lowercase letters, digits, '-', '_' or '.'"
            case .tooLong(let length, let limit): "the static part is \(length) characters long (limit \(limit))"
            }
        }
    }

    /// Every problem with a name, in a stable order; empty when the name follows the convention.
    public static func problems(in name: TaskNameTemplate, maximumLength: Int = defaultMaximumLength) -> [Problem] {
        if name.segments.isEmpty { return [.empty] }
        var problems: [Problem] = []
        let colonSegments = splitAtColons(name.segments)
        for (index, segment) in colonSegments.enumerated() {
            let hasHole = segment.contains { if case .hole = $0 { true } else { false } }
            let text = segment.reduce(into: "") { if case .text(let t) = $1 { $0 += t } }
            if segment.isEmpty {
                if !problems.contains(.emptySegment) { problems.append(.emptySegment) }
                continue
            }
            if index == 0 {
                if hasHole {
                    problems.append(.interpolatedPurpose)
                } else if !isKebabCase(text) {
                    problems.append(.notKebabCase(text))
                }
            } else if hasHole {
                if !text.unicodeScalars.allSatisfy(isIdentityScalar) {
                    problems.append(.invalidIdentityText(text))
                }
            } else if !isKebabCase(text) && !text.unicodeScalars.allSatisfy(isIdentityScalar) {
                problems.append(.notKebabCase(text))
            }
        }
        let length = name.staticText.count
        if length > maximumLength { problems.append(.tooLong(length: length, limit: maximumLength)) }
        return problems
    }

    /// Whether `text` is lowercase kebab-case: `[a-z0-9]+(-[a-z0-9]+)*`.
    public static func isKebabCase(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var previousWasHyphen = true  // so a leading hyphen fails
        for scalar in text.unicodeScalars {
            if scalar == "-" {
                if previousWasHyphen { return false }
                previousWasHyphen = true
            } else if isLowercaseAlphanumeric(scalar) {
                previousWasHyphen = false
            } else {
                return false
            }
        }
        return !previousWasHyphen
    }

    /// Turns any text into lowercase kebab-case words: `"CloudSync Monitor"` → `cloud-sync-monitor`.
    public static func kebabCase(_ text: String) -> String {
        IdentifierWords.split(text).joined(separator: "-")
    }

    private static func isLowercaseAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isIdentityScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLowercaseAlphanumeric(scalar) || scalar == "-" || scalar == "_" || scalar == "."
    }

    /// Splits the segments at every `:` in their text, keeping holes in the piece they sit in.
    private static func splitAtColons(_ segments: [TaskNameTemplate.Segment]) -> [[TaskNameTemplate.Segment]] {
        var pieces: [[TaskNameTemplate.Segment]] = [[]]
        for segment in segments {
            switch segment {
            case .hole:
                pieces[pieces.count - 1].append(segment)
            case .text(let text):
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() {
                    if index > 0 { pieces.append([]) }
                    if !part.isEmpty { pieces[pieces.count - 1].append(.text(String(part))) }
                }
            }
        }
        return pieces
    }
}
