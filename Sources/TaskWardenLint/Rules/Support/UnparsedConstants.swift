import SwiftParser
import SwiftSyntax

/// String constants declared in the files a run did not parse (no creation site, no background-task code):
/// a background-task identifier may be a constant that lives alone in such a file
/// (`enum Ids { static let refresh = "com.x.b" }` in `Ids.swift`).
///
/// The files are read only when an identifier names a constant, and parsed only when they declare that name
/// (`let name`, `var name` or `case name` in their bytes), so a run pays for this only in trees with
/// background-task code, and then about a byte search over the files the byte scan skipped.
///
/// ```swift
/// let source = UnparsedConstants(files: [.text(path: "Ids.swift", "enum Ids { static let refresh = \"com.x.b\" }")])
/// source.constants(declaring: ["refresh"])  // ["Ids.refresh": ["com.x.b"]]
/// ```
struct UnparsedConstants: Sendable {
    /// One file the run did not parse.
    enum File: Sendable {
        /// On disk: read again when needed (the run did not keep its bytes).
        case disk(path: String)
        /// Held in memory (``LintEngine/run(sources:configuration:)``).
        case text(path: String, String)
    }

    let files: [File]

    /// No file.
    static let none = UnparsedConstants(files: [])

    /// The constants (as ``BackgroundTaskContext/collectConstants(in:type:into:)`` keys them) of the files that
    /// declare one of `names`.
    func constants(declaring names: Set<String>) -> [String: Set<String>] {
        var constants: [String: Set<String>] = [:]
        guard !names.isEmpty, !files.isEmpty else { return constants }
        let needles = names.sorted().flatMap { name in ["let ", "var ", "case "].map { Array(($0 + name).utf8) } }
        for file in files {
            let bytes: [UInt8]
            switch file {
            case .disk(let path):
                guard let read = FileBytes.read(path) else { continue }
                bytes = read
            case .text(_, let text):
                bytes = Array(text.utf8)
            }
            let declares = bytes.withUnsafeBufferPointer { buffer in
                needles.contains { needle in
                    var found = false
                    ByteSearch.forEach(needle, in: buffer, from: 0, to: buffer.count) { start in
                        // The name must end there: `let refreshInterval` does not declare `refresh`.
                        let end = start + needle.count
                        found = end == buffer.count || !Self.isIdentifierByte(buffer[end])
                        return !found
                    }
                    return found
                }
            }
            // A file the parser cannot read in time (``ParsePlan``'s nesting limits, counted on the raw bytes:
            // never less than the real depth) is not read for constants.
            guard declares, Self.nestsWithinParserLimits(bytes) else { continue }
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: ParsePlan.parserNestingLimit) }
            BackgroundTaskContext.collectConstants(in: Syntax(tree), into: &constants)
        }
        return constants
    }

    private static func nestsWithinParserLimits(_ bytes: [UInt8]) -> Bool {
        let limits = ParsePlan.Options()
        var (square, all, deepestSquare, deepest) = (0, 0, 0, 0)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "["): square += 1; all += 1
            case UInt8(ascii: "]"): square -= 1; all -= 1
            case UInt8(ascii: "("): all += 1
            case UInt8(ascii: ")"): all -= 1
            default: continue
            }
            deepestSquare = max(deepestSquare, square)
            deepest = max(deepest, all)
        }
        return deepestSquare <= limits.maximumSquareBracketDepth && deepest <= limits.maximumBracketDepth
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte >= 0x80
    }
}
