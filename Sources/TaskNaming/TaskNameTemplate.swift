/// A task name as written at a creation site: literal text with interpolation holes.
///
/// `"price:\(probe.releaseID)"` is the template `[.text("price:"), .hole("probe.releaseID")]`. Its
/// ``staticPrefix`` is `price:` and its ``shape`` is `price:\(…)`, which is what makes two interpolated names
/// "the same name" for duplicate detection, and what a concrete trace label such as `price:84213` is
/// matched against.
///
/// ```swift
/// let template = TaskNameTemplate(segments: [.text("price:"), .hole("id")])
/// template.matches(label: "price:84213") // true
/// template.matches(label: "sync:84213")  // false
/// ```
public struct TaskNameTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a name: literal text or an interpolated expression (its source text).
    public enum Segment: Hashable, Sendable {
        case text(String)
        case hole(String)
    }

    /// The segments in source order; adjacent text segments are merged.
    public let segments: [Segment]

    public init(segments: [Segment]) {
        var merged: [Segment] = []
        for segment in segments {
            if case .text(let next) = segment, case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + next)
            } else if case .text("") = segment {
                continue
            } else {
                merged.append(segment)
            }
        }
        self.segments = merged
    }

    /// A template with no holes.
    public init(literal: String) {
        self.init(segments: [.text(literal)])
    }

    /// True when the name has at least one interpolation.
    public var isInterpolated: Bool {
        segments.contains { if case .hole = $0 { true } else { false } }
    }

    /// The text before the first interpolation (the whole name for a literal).
    public var staticPrefix: String {
        guard case .text(let text)? = segments.first else { return "" }
        return text
    }

    /// All literal text of the name, holes removed: what the length limit and the format rules look at.
    public var staticText: String {
        segments.reduce(into: "") { result, segment in
            if case .text(let text) = segment { result += text }
        }
    }

    /// The interpolated expressions, in order.
    public var holes: [String] {
        segments.compactMap { if case .hole(let expression) = $0 { expression } else { nil } }
    }

    /// The name with every hole written as `\(…)`: equal shapes mean "the same name".
    public var shape: String {
        segments.reduce(into: "") { result, segment in
            switch segment {
            case .text(let text): result += text
            case .hole: result += "\\(…)"
            }
        }
    }

    public var description: String { shape }

    /// Whether a concrete label (as a trace shows it) could have come from this template: the text
    /// segments must appear literally and in order, and each hole must stand for at least one character.
    public func matches(label: String) -> Bool {
        Self.match(Array(segments), ArraySlice(Array(label.unicodeScalars)))
    }

    private static func match(_ segments: [Segment], _ label: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = segments.first else { return label.isEmpty }
        let rest = Array(segments.dropFirst())
        switch first {
        case .text(let text):
            let scalars = Array(text.unicodeScalars)
            guard label.count >= scalars.count, Array(label.prefix(scalars.count)) == scalars else { return false }
            return match(rest, label.dropFirst(scalars.count))
        case .hole:
            guard !label.isEmpty else { return false }
            // Try every non-empty length for this hole, shortest first (names are short).
            for length in 1...label.count where match(rest, label.dropFirst(length)) {
                return true
            }
            return false
        }
    }
}
