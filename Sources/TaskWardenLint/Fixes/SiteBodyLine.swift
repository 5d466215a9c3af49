import SwiftSyntax

/// The first line of what a task does, for a reviewer reading `fix`'s plan: the first statement of its
/// closure, up to the end of its line, or the argument that hands over the work when there is no closure.
///
/// ```swift
/// // Task { await self.check(release) }
/// SiteBodyLine.firstLine(of: site)  // "await self.check(release)"
/// // group.addTask(operation: work)
/// SiteBodyLine.firstLine(of: site)  // "operation: work"
/// ```
enum SiteBodyLine {
    /// Longer first lines are cut here, with `…`.
    static let maximumCharacters = 100

    static func firstLine(of site: CreationSite) -> String {
        let text: String
        if let closure = site.closure {
            guard let first = closure.statements.first else { return "{ }" }
            text = first.trimmedText
        } else if let last = site.call?.arguments.last {
            text = last.trimmedText
        } else {
            return ""
        }
        let line = text.prefix { $0 != "\n" && $0 != "\r" }.trimmingTrailingSpaces
        return line.count > maximumCharacters ? String(line.prefix(maximumCharacters - 1)) + "…" : line
    }
}

private extension Substring {
    var trimmingTrailingSpaces: String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }
}
