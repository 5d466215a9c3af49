import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The last line of defence before a fixed file is written: parse the new text again and prove that the only
/// change is the inserted `name:` arguments.
///
/// ```swift
/// let verdict = FixVerification.verify(old: oldTree, newBytes: newBytes, insertions: insertions)
/// if case .rejected(let reason) = verdict { /* leave the file alone, report an internal error */ }
/// ```
///
/// Two checks, both on the new text as the compiler would see it:
/// 1. it has no parser diagnostic the old text did not have;
/// 2. its syntax tree, with the inserted arguments (and the parentheses added for them) taken out, is the old
///    tree: the same nodes, in the same shape, with the same tokens.
public enum FixVerification {
    public enum Verdict: Equatable, Sendable {
        case accepted
        case rejected(String)
    }

    public static func verify(old: SourceFileSyntax, newBytes: [UInt8], insertions: [TextInsertion]) -> Verdict {
        let new = newBytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        if new.description.utf8.count != newBytes.count {
            return .rejected("the new text does not round-trip through the parser")
        }

        let oldMessages = messageCounts(old)
        for (message, count) in messageCounts(new) where count > oldMessages[message, default: 0] {
            return .rejected("the new text has a syntax error the old did not: \(message)")
        }

        // Inserted spans in the new text's coordinates: each earlier insertion shifts the later ones.
        var spans: [Range<Int>] = []
        var shift = 0
        for insertion in insertions.sorted() {
            let start = insertion.offset + shift
            spans.append(start..<(start + insertion.text.utf8.count))
            shift += insertion.text.utf8.count
        }
        let oldShape = Shape(skipping: [])
        oldShape.walk(old)
        let newShape = Shape(skipping: spans)
        newShape.walk(new)
        if oldShape.items != newShape.items {
            let index = zip(oldShape.items, newShape.items).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? min(oldShape.items.count, newShape.items.count)
            let near = index < newShape.items.count ? newShape.items[index] : "end of file"
            return .rejected("the new syntax tree differs from the old beyond the inserted names (near \(near))")
        }
        return .accepted
    }

    static func messageCounts(_ tree: SourceFileSyntax) -> [String: Int] {
        guard tree.hasError else { return [:] }
        var counts: [String: Int] = [:]
        for diagnostic in ParseDiagnosticsGenerator.diagnostics(for: tree) {
            counts[diagnostic.message, default: 0] += 1
        }
        return counts
    }

    /// The tree as a flat list of node kinds and token texts, trivia ignored; nodes and tokens lying wholly
    /// inside an inserted span are left out, and so are empty nodes (an empty argument list before an
    /// insertion is an absent one after it).
    final class Shape: SyntaxAnyVisitor {
        let spans: [Range<Int>]
        var items: [String] = []

        init(skipping spans: [Range<Int>]) {
            self.spans = spans
            super.init(viewMode: .sourceAccurate)
        }

        func isInserted(_ node: Syntax) -> Bool {
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            guard end > start else { return false }
            return spans.contains { $0.lowerBound <= start && end <= $0.upperBound }
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if node.trimmedLength.utf8Length == 0 { return .skipChildren }
            if isInserted(node) { return .skipChildren }
            if let token = node.as(TokenSyntax.self) {
                items.append(token.text)
            } else {
                items.append("\(node.kind)")
            }
            return .visitChildren
        }
    }
}
