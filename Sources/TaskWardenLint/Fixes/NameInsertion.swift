import SwiftSyntax

/// One insertion into a file's bytes: `text` goes in at UTF-8 `offset` of the original file.
public struct TextInsertion: Sendable, Hashable, Comparable {
    public var offset: Int
    public var text: String

    public init(offset: Int, text: String) {
        self.offset = offset
        self.text = text
    }

    public static func < (lhs: TextInsertion, rhs: TextInsertion) -> Bool { lhs.offset < rhs.offset }

    /// Applies insertions to `bytes`; every byte of the original stays, in order.
    public static func apply(_ insertions: [TextInsertion], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + insertions.reduce(0) { $0 + $1.text.utf8.count })
        var cursor = 0
        for insertion in insertions.sorted() {
            result += bytes[cursor..<insertion.offset]
            result += Array(insertion.text.utf8)
            cursor = insertion.offset
        }
        result += bytes[cursor...]
        return result
    }
}

/// Where and how `name: "…"` goes into a task-creating call, so the call reads the way the API wants it:
/// the name first, every other byte untouched.
///
/// | before | after |
/// |---|---|
/// | `Task { … }` | `Task(name: "sync") { … }` |
/// | `Task<Void, Never> { … }` | `Task<Void, Never>(name: "sync") { … }` |
/// | `Task.init { … }` | `Task.init(name: "sync") { … }` |
/// | `Task.detached(priority: .low) { … }` | `Task.detached(name: "sync", priority: .low) { … }` |
/// | `group.addTask(operation: { … })` | `group.addTask(name: "sync", operation: { … })` |
///
/// When the arguments are laid out one per line, the name gets its own line with the first argument's
/// indentation.
public enum NameInsertion {
    /// The insertion naming `call`, or nil when the call already passes `name:`. The name goes first, or
    /// right after the last argument labelled with one of `anchors` (SwiftUI's `.task(id:name:)`).
    public static func insertion(
        naming call: FunctionCallExprSyntax, as name: String, after anchors: Set<String> = []
    ) -> TextInsertion? {
        if call.arguments.contains(where: { $0.label?.text == "name" }) { return nil }
        let literal = "name: \(quoted(name))"

        if let anchor = call.arguments.last(where: { $0.label.map { anchors.contains($0.text) } == true }) {
            guard let comma = anchor.trailingComma else {
                // `(id: x)` → `(id: x, name: "…")`.
                return TextInsertion(offset: anchor.endPositionBeforeTrailingTrivia.utf8Offset, text: ", " + literal)
            }
            // `(id: x, priority: .low)` → `(id: x, name: "…", priority: .low)`.
            return TextInsertion(offset: comma.endPositionBeforeTrailingTrivia.utf8Offset, text: " " + literal + ",")
        }

        guard let leftParen = call.leftParen else {
            // `Task { … }` → `Task(name: "…") { … }`: right after the called expression, before its trivia.
            let end = call.calledExpression.endPositionBeforeTrailingTrivia
            return TextInsertion(offset: end.utf8Offset, text: "(\(literal))")
        }
        guard let first = call.arguments.first else {
            // `Task() { … }` → `Task(name: "…") { … }`.
            return TextInsertion(offset: leftParen.endPositionBeforeTrailingTrivia.utf8Offset, text: literal)
        }
        // The space between `(` and the first argument, reused between the name and that argument, so a
        // one-per-line layout stays one per line: `(\n    name: "…",\n    priority: .low`.
        let gap = Array(leftParen.trailingTrivia + first.leadingTrivia)
        var separator = ", "
        if let newline = gap.lastIndex(where: \.isNewline) {
            let indentation = gap[(newline + 1)...]
            if indentation.allSatisfy(\.isIndentation) {
                // One newline (the file's own kind: \n or \r\n), then the first argument's indentation.
                separator = "," + Self.singleNewline(gap[newline]) + Trivia(pieces: Array(indentation)).description
            }
        }
        return TextInsertion(offset: first.positionAfterSkippingLeadingTrivia.utf8Offset, text: literal + separator)
    }

    static func singleNewline(_ piece: TriviaPiece) -> String {
        switch piece {
        case .carriageReturnLineFeeds: "\r\n"
        case .carriageReturns: "\r"
        default: "\n"
        }
    }

    /// A Swift string literal for `name`. Derived names are plain kebab-case; anything else is escaped.
    static func quoted(_ name: String) -> String { TextEscaping.swiftStringLiteral.quoted(name) }
}

extension TriviaPiece {
    var isNewline: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }

    var isIndentation: Bool {
        switch self {
        case .spaces, .tabs: true
        default: false
        }
    }
}
