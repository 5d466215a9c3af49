/// A path glob as in `.taskwarden.json`: `*` matches within one path component, `**` across components,
/// `?` one character. Patterns are matched against paths relative to the configuration's directory.
///
/// ```swift
/// Glob("Sources/**").matches("Sources/App/Shelf.swift")    // true
/// Glob("**/Generated/**").matches("App/Generated/API.swift") // true
/// ```
///
/// Matching simulates the pattern as a state machine over the path's components, so its cost is at most
/// (pattern components × path components) component comparisons however many `**` the pattern holds.
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let parts: [Substring]

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        // "Sources" and "Sources/" mean everything under Sources.
        if trimmed.hasSuffix("/") { trimmed += "**" }
        parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    public func matches(_ path: String) -> Bool {
        var steps = 0
        return matches(path, steps: &steps)
    }

    /// `steps` counts the component comparisons made, for the complexity tests.
    func matches(_ path: String, steps: inout Int) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return match(components[...], &steps) || (!parts.contains("**") && matchPrefix(components, &steps))
    }

    /// A pattern without `**` naming a directory matches everything below it (`Sources/App`).
    private func matchPrefix(_ components: [Substring], _ steps: inout Int) -> Bool {
        guard components.count > parts.count else { return false }
        return match(components.prefix(parts.count), &steps)
    }

    /// `reachable[i]` says whether the first `i` pattern parts can match the components read so far; a `**`
    /// part may match no component (it passes its state on) or one more (it keeps its state).
    private func match(_ path: ArraySlice<Substring>, _ steps: inout Int) -> Bool {
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        skipDoubleStars(&reachable)
        for component in path {
            var next = [Bool](repeating: false, count: parts.count + 1)
            var any = false
            for index in parts.indices where reachable[index] {
                steps += 1
                if parts[index] == "**" {
                    next[index] = true
                    any = true
                } else if Self.matchComponent(Array(parts[index]), Array(component)) {
                    next[index + 1] = true
                    any = true
                }
            }
            guard any else { return false }
            skipDoubleStars(&next)
            reachable = next
        }
        return reachable[parts.count]
    }

    private func skipDoubleStars(_ states: inout [Bool]) {
        for index in parts.indices where states[index] && parts[index] == "**" {
            states[index + 1] = true
        }
    }

    private static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
