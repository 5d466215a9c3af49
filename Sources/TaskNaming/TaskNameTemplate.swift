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
    ///
    /// The template is read as a pattern over Unicode scalars (a hole is "one character, then any number")
    /// and simulated as a state machine, so the cost is at most (template length × label length) steps
    /// however many holes the name has.
    public func matches(label: String) -> Bool {
        var steps = 0
        return matches(label: label, steps: &steps)
    }

    /// `steps` counts the state transitions made, for the complexity tests.
    func matches(label: String, steps: inout Int) -> Bool {
        let pattern = Self.pattern(segments)
        var reachable = [Bool](repeating: false, count: pattern.count + 1)
        reachable[0] = true
        Self.skipEmptyRuns(&reachable, pattern)
        for scalar in label.unicodeScalars {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            var any = false
            for index in pattern.indices where reachable[index] {
                steps += 1
                switch pattern[index] {
                case .scalar(let expected):
                    guard expected == scalar else { continue }
                    next[index + 1] = true
                    any = true
                case .anyOne:
                    next[index + 1] = true
                    any = true
                case .anyRun:
                    next[index] = true
                    any = true
                }
            }
            guard any else { return false }
            Self.skipEmptyRuns(&next, pattern)
            reachable = next
        }
        return reachable[pattern.count]
    }

    private enum PatternElement {
        case scalar(Unicode.Scalar)
        case anyOne
        case anyRun
    }

    private static func pattern(_ segments: [Segment]) -> [PatternElement] {
        segments.flatMap { segment -> [PatternElement] in
            switch segment {
            case .text(let text): text.unicodeScalars.map(PatternElement.scalar)
            case .hole: [.anyOne, .anyRun]
            }
        }
    }

    /// A run of any characters may be empty: whoever reaches it also reaches what follows.
    private static func skipEmptyRuns(_ states: inout [Bool], _ pattern: [PatternElement]) {
        for index in pattern.indices where states[index] {
            if case .anyRun = pattern[index] { states[index + 1] = true }
        }
    }
}
