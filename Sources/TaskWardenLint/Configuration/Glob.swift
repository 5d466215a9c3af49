/// A path glob as in `.taskwarden.json`: `*` matches within one path component, `**` across components,
/// `?` one character. Patterns are matched against paths relative to the configuration's directory.
///
/// ```swift
/// Glob("Sources/**").matches("Sources/App/Shelf.swift")    // true
/// Glob("**/Generated/**").matches("App/Generated/API.swift") // true
/// ```
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
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return match(parts[...], components[...]) || (!parts.contains("**") && matchPrefix(components))
    }

    /// A pattern without `**` naming a directory matches everything below it (`Sources/App`).
    private func matchPrefix(_ components: [Substring]) -> Bool {
        guard components.count > parts.count else { return false }
        return match(parts[...], components.prefix(parts.count)[...])
    }

    private func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var candidate = path
            while true {
                if match(rest, candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let component = path.first, Self.matchComponent(Array(head), Array(component)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
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
