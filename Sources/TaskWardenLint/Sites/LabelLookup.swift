import Foundation
import TaskNaming

/// From a trace row label to the creation sites it can come from (`taskwarden where`).
///
/// ```swift
/// LabelLookup.matches(for: "price:84213", in: tree)   // sites named "price:\(probe.releaseID)"
/// LabelLookup.matches(for: "CloudSyncMonitor.reconcileIfReady()", in: tree) // unnamed sites labelled so
/// ```
public enum LabelLookup {
    public struct Match: Sendable {
        public var site: SiteRecord
        /// Why it matches: `named "price:\(…)"`, `unnamed, labelled after its function`, …
        public var reason: String
    }

    public static func matches(for label: String, in tree: TreeAnalysis) -> [Match] {
        var matches: [Match] = []
        let trimmed = label.trimmingCharacters(in: .whitespaces)
        // SwiftUI's automatic names: "View.task @ RecordShelf/AlbumView.swift:42".
        if let swiftUI = swiftUITaskLocation(trimmed) {
            // SwiftUI prints `#fileID` (Module/File.swift); compare the file name and the line.
            let fileName = swiftUI.file.split(separator: "/").last.map(String.init) ?? swiftUI.file
            for site in tree.records where site.kind == .swiftUITask && site.name == .none && site.position.line == swiftUI.line
                && (site.position.file == fileName || site.position.file.hasSuffix("/" + fileName)) {
                matches.append(Match(site: site, reason: "unnamed; SwiftUI names it after its file and line"))
            }
        }
        for site in tree.records {
            guard let template = site.name.template else { continue }
            if !template.isInterpolated, template.staticText == trimmed {
                matches.append(Match(site: site, reason: "named \"\(trimmed)\""))
            } else if template.isInterpolated, template.matches(label: trimmed) {
                matches.append(Match(site: site, reason: "named \"\(template.shape)\" (matches \(trimmed))"))
            }
        }
        let candidates = labelCandidates(trimmed)
        let unnamed = tree.records.filter { $0.name == .none && $0.kind != .swiftUITask && candidates.contains($0.guessedLabel) }
        for site in unnamed {
            matches.append(Match(site: site, reason: "unnamed; a profiler labels it '\(site.guessedLabel)'"))
        }
        // Tasks in closures stored under a name the labelled function calls are labelled after it too.
        if !unnamed.isEmpty || tree.records.contains(where: { candidates.contains($0.guessedLabel) }) {
            for site in tree.records where site.name == .none && site.calledThrough != nil && site.kind != .swiftUITask
                && !matches.contains(where: { $0.site.position == site.position }) {
                if !callerLabels(of: site, in: tree).isDisjoint(with: candidates) {
                    matches.append(Match(site: site, reason: "unnamed, in a closure stored as '\(site.calledThrough!)' that '\(trimmed)' calls; labelled after the caller"))
                }
            }
        }
        return matches
    }

    /// Labels of the functions (with sites) that call the closure a site is stored in.
    static func callerLabels(of site: SiteRecord, in tree: TreeAnalysis) -> Set<String> {
        guard let stored = site.calledThrough else { return [] }
        var labels: Set<String> = []
        // A record's frame calls are known when its frame is a function (not a closure).
        for other in tree.records where other.position != site.position && other.frameCalls?.contains(stored) == true {
            labels.insert(other.guessedLabel)
        }
        return labels
    }

    /// The ways a profiler or debugger may print the label a site's guessed label stands for: with an
    /// offset (`… + 20`), a source location (`… at Shelf.swift:53:25`), a `partial apply for ` /
    /// `specialized ` / `thunk for ` prefix, or the module in front (`RecordShelf.CloudSyncMonitor.…`).
    static func labelCandidates(_ label: String) -> Set<String> {
        var text = label
        if let at = text.range(of: " at ", options: .backwards), text[at.upperBound...].contains(".swift:") {
            text = String(text[..<at.lowerBound])
        }
        if let plus = text.range(of: " + ", options: .backwards), text[plus.upperBound...].allSatisfy(\.isNumber) {
            text = String(text[..<plus.lowerBound])
        }
        var stripped = true
        while stripped {
            stripped = false
            for prefix in ["partial apply for ", "specialized ", "thunk for ", "merged "] where text.hasPrefix(prefix) {
                text.removeFirst(prefix.count)
                stripped = true
            }
        }
        var candidates: Set<String> = [text]
        // "closure #1 in RecordShelf.Shelf.load()" or "RecordShelf.Shelf.load()": try without the module
        // (which comes after "static " in "closure #1 in static RecordShelf.Shelf.warm()", and after local
        // frames such as "$defer #1 () in " or "load #1 (id:) in ").
        let closurePrefix = text.range(of: "^((closure #[0-9]+|[^ ]+ #[0-9]+ \\([^)]*\\)) in )*(variable initialization expression of )?(static )?", options: .regularExpression).map { String(text[$0]) } ?? ""
        let rest = text.dropFirst(closurePrefix.count)
        if let dot = rest.firstIndex(of: "."), !rest[..<dot].contains("("), rest[rest.index(after: dot)...].contains(".") || rest.hasSuffix(")") {
            candidates.insert(closurePrefix + rest[rest.index(after: dot)...])
        }
        return candidates
    }

    static func swiftUITaskLocation(_ label: String) -> (file: String, line: Int)? {
        guard label.hasPrefix("View.task @ "), let colon = label.lastIndex(of: ":"),
              let line = Int(label[label.index(after: colon)...])
        else { return nil }
        return (String(label[label.index(label.startIndex, offsetBy: 12)..<colon]), line)
    }

    struct Output: Encodable {
        var label: String
        var sites: [Item]
    }

    struct Item: Encodable {
        var file: String
        var line: Int
        var column: Int
        var kind: String
        var name: String?
        var enclosing: String
        var reason: String
    }

    public static func json(label: String, matches: [Match]) -> String {
        JSONWriter.document(Output(label: label, sites: matches.map {
            Item(file: $0.site.position.file, line: $0.site.position.line, column: $0.site.position.column,
                 kind: $0.site.kind.rawValue, name: $0.site.nameText, enclosing: $0.site.enclosingDeclaration,
                 reason: $0.reason)
        }))
    }
}
