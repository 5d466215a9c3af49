#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import TaskWardenSupport

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

    /// - Parameter oldBytes: the old text's bytes when the caller has them (saves serialising the tree).
    /// - Parameter oldIsMasked: `old` was parsed from a masked copy of `oldBytes` (sub-file parsing): its
    ///   positions are the old text's but its text is not, so only the skeleton check (which parses the old
    ///   text's own bytes) may use it; anything else is checked against the old text parsed whole.
    /// - Parameter skeletons: skeletons already parsed for other files of the same plan (``SkeletonShapes``).
    public static func verify(
        old: SourceFileSyntax, oldBytes knownOldBytes: [UInt8]? = nil, oldIsMasked: Bool = false, newBytes: [UInt8],
        insertions: [TextInsertion], skeletons: SkeletonShapes? = nil
    ) -> Verdict {
        // Fast path: re-parse only the statements and members that changed. Swift parses a statement or a
        // member the same way wherever it stands, the bytes around them are untouched, and a unit that parses
        // cleanly to the old shape cannot leak into its neighbours (an unbalanced quote or brace would be a
        // diagnostic). Anything the fast path cannot prove falls through to the whole-file check.
        let oldBytes = knownOldBytes ?? old.syntaxTextBytes
        guard isApplied(insertions, old: oldBytes, new: newBytes) else {
            return .rejected("the new text differs from the old beyond the inserted names")
        }
        if !old.hasError, let units = changedUnits(in: old, insertions: insertions),
           units.allSatisfy({
               verifySkeleton($0, oldBytes: oldBytes, insertions: insertions, skeletons: skeletons)
                   || (!oldIsMasked && verifyUnit($0, newBytes: newBytes, insertions: insertions))
           }) {
            return .accepted
        }
        guard oldIsMasked else { return verifyWholeFile(old: old, newBytes: newBytes, insertions: insertions) }
        let wholeOld = oldBytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: ParsePlan.parserNestingLimit) }
        return verify(old: wholeOld, oldBytes: oldBytes, newBytes: newBytes, insertions: insertions, skeletons: skeletons)
    }

    /// `TextInsertion.apply(insertions, to: old) == new`, compared in place, without building the text.
    static func isApplied(_ insertions: [TextInsertion], old: [UInt8], new: [UInt8]) -> Bool {
        let sorted = insertions.sorted()
        guard new.count == old.count + sorted.reduce(0, { $0 + $1.text.utf8.count }) else { return false }
        return old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                var (oldCursor, newCursor) = (0, 0)
                for insertion in sorted {
                    guard oldCursor <= insertion.offset, insertion.offset <= old.count else { return false }
                    let kept = insertion.offset - oldCursor
                    guard sameBytes(old, oldCursor, new, newCursor, count: kept) else { return false }
                    (oldCursor, newCursor) = (insertion.offset, newCursor + kept)
                    let text = Array(insertion.text.utf8)
                    let same = text.withUnsafeBytes { sameBytes($0, 0, new, newCursor, count: text.count) }
                    guard same else { return false }
                    newCursor += text.count
                }
                return sameBytes(old, oldCursor, new, newCursor, count: old.count - oldCursor)
            }
        }
    }

    /// Whether `count` bytes of `a` from `aStart` are those of `b` from `bStart` (both ranges inside their buffers).
    static func sameBytes(_ a: UnsafeRawBufferPointer, _ aStart: Int, _ b: UnsafeRawBufferPointer, _ bStart: Int, count: Int) -> Bool {
        guard count > 0 else { return count == 0 }
        guard aStart + count <= a.count, bStart + count <= b.count, let aBase = a.baseAddress, let bBase = b.baseAddress else {
            return false
        }
        return memcmp(aBase + aStart, bBase + bStart, count) == 0
    }

    /// `a == b` for bytes, by `memcmp` (the generic `==` compares them one by one).
    static func sameBytes(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == b.count && sameBytes(a, 0, b, 0, count: a.count) } }
    }

    /// The smallest statement or member around each insertion (outermost where they nest), in old-text
    /// coordinates.
    static func changedUnits(in old: SourceFileSyntax, insertions: [TextInsertion]) -> [Syntax]? {
        var units: [Syntax] = []
        for insertion in insertions {
            guard let token = old.token(at: AbsolutePosition(utf8Offset: max(0, insertion.offset - 1))) else { return nil }
            var node: Syntax? = Syntax(token)
            var unit: Syntax?
            while let current = node {
                if let item = current.as(CodeBlockItemSyntax.self) { unit = Syntax(item.item); break }
                if let member = current.as(MemberBlockItemSyntax.self) { unit = Syntax(member.decl); break }
                node = current.parent
            }
            guard let unit else { return nil }
            units.append(unit)
        }
        // Keep the outermost of nested units.
        let ranges = units.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
        var kept: [Syntax] = []
        var keptRanges: [Range<Int>] = []
        for (unit, range) in zip(units, ranges).sorted(by: { ($0.1.lowerBound, -$0.1.count) < ($1.1.lowerBound, -$1.1.count) }) {
            if keptRanges.contains(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }) { continue }
            kept.append(unit)
            keptRanges.append(range)
        }
        return kept
    }

    /// The cheapest proof: the unit with every closure and block body that holds no insertion emptied
    /// (`Task { …200 lines… }` → `Task {}`), old and new, parsed and compared. The emptied bodies are the
    /// same bytes in both texts between the same two braces, and the old file already parsed them.
    static func verifySkeleton(
        _ unit: Syntax, oldBytes: [UInt8], insertions: [TextInsertion], skeletons: SkeletonShapes? = nil
    ) -> Bool {
        let start = unit.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = unit.endPositionBeforeTrailingTrivia.utf8Offset
        let inside = insertions.filter { $0.offset > start && $0.offset <= end }.sorted()
        let bodies = ElidableBodies(keeping: inside.map(\.offset))
        bodies.walk(unit)

        var skeleton: [UInt8] = []
        var cursor = start
        for range in bodies.ranges {
            skeleton += oldBytes[cursor..<range.lowerBound]
            cursor = range.upperBound
        }
        skeleton += oldBytes[cursor..<end]
        // Each insertion moves left by the bodies emptied before it (none contains it).
        let moved = inside.map { insertion in
            TextInsertion(offset: insertion.offset - start
                          - bodies.ranges.filter { $0.upperBound <= insertion.offset }.reduce(0) { $0 + $1.count },
                          text: insertion.text)
        }
        let parseNew = { () -> [Shape.Item]? in
            guard let newItem = singleStatement(TextInsertion.apply(moved, to: skeleton)) else { return nil }
            let newShape = Shape(skipping: insertedSpans(moved))
            newShape.walk(newItem)
            return newShape.items
        }
        guard let newItems = skeletons?.shape(of: skeleton, insertions: moved, parse: parseNew) ?? parseNew() else { return false }
        // The old unit as the file's parse has it, its emptied bodies left out, is the old skeleton's shape
        // when masking blanked nothing outside those bodies; if it blanked a token, the new skeleton has that
        // token and the shapes differ, and the old skeleton is parsed on its own instead.
        let inFile = Shape(skipping: bodies.ranges)
        inFile.walk(unit)
        if inFile.items == newItems { return true }
        guard let oldItem = singleStatement(skeleton) else { return false }
        let oldShape = Shape(skipping: [])
        oldShape.walk(oldItem)
        return oldShape.items == newItems
    }

    /// The new skeletons' shapes (``verifySkeleton(_:oldBytes:insertions:skeletons:)``) of one plan, shared by
    /// its files: most skeletons are alike (`Task {}` → `Task(name: "…") {}`) but for the names, and a name's
    /// letters, digits, `-`, `_` and `.` between two quotes lex as one string segment whatever they are, inside
    /// the inserted span the shape leaves out. So a skeleton whose text differs from one parsed before only
    /// in such a name has that one's shape, and is not parsed again; any other is parsed.
    public final class SkeletonShapes: Sendable {
        struct Key: Hashable {
            var skeleton: [UInt8]
            var offsets: [Int]
            /// The inserted texts, each name's characters taken out.
            var texts: [[UInt8]]
        }

        /// The shape of each skeleton parsed, or nil when it did not parse to one clean statement.
        private let shapes = Locked<[Key: [Shape.Item]?]>([:])

        public init() {}

        /// The shape of `skeleton` with `insertions`, as `parse` makes it, parsed once for every alike skeleton.
        func shape(of skeleton: [UInt8], insertions: [TextInsertion], parse: () -> [Shape.Item]?) -> [Shape.Item]? {
            var texts: [[UInt8]] = []
            for insertion in insertions {
                guard let text = Self.withoutName(insertion.text) else { return parse() }
                texts.append(text)
            }
            let key = Key(skeleton: skeleton, offsets: insertions.map(\.offset), texts: texts)
            if let known = shapes.withLock({ $0[key] }) { return known }
            let parsed = parse()
            shapes.withLock { $0[key] = parsed }
            return parsed
        }

        /// `(name: "load-feed")` → `(name: "")`: the text with its one string literal's characters taken out,
        /// when there is exactly one and it holds only characters that cannot change how it lexes; else nil.
        static func withoutName(_ text: String) -> [UInt8]? {
            let bytes = Array(text.utf8)
            let quote = UInt8(ascii: "\"")
            guard let open = bytes.firstIndex(of: quote), let close = bytes.lastIndex(of: quote), close > open + 1,
                  bytes[(open + 1)..<close].allSatisfy(isPlainNameByte) else { return nil }
            return Array(bytes[...open] + bytes[close...])
        }

        static func isPlainNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }

    /// The one statement `bytes` parse to, when they parse cleanly to exactly one.
    static func singleStatement(_ bytes: [UInt8]) -> CodeBlockItemSyntax.Item? {
        let parsed = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard !parsed.hasError, parsed.statements.count == 1, let statement = parsed.statements.first else { return nil }
        return statement.item
    }

    /// The outermost closure and block bodies (between, not including, their braces) that hold none of the
    /// given offsets.
    final class ElidableBodies: SyntaxVisitor {
        let offsets: [Int]
        var ranges: [Range<Int>] = []

        init(keeping offsets: [Int]) {
            self.offsets = offsets
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            consider(node.leftBrace, node.rightBrace)
        }

        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
            consider(node.leftBrace, node.rightBrace)
        }

        func consider(_ left: TokenSyntax, _ right: TokenSyntax) -> SyntaxVisitorContinueKind {
            guard left.presence == .present, right.presence == .present else { return .visitChildren }
            let range = left.endPositionBeforeTrailingTrivia.utf8Offset..<right.positionAfterSkippingLeadingTrivia.utf8Offset
            guard !range.isEmpty, !offsets.contains(where: { range.lowerBound <= $0 && $0 <= range.upperBound }) else {
                return .visitChildren
            }
            ranges.append(range)
            return .skipChildren
        }
    }

    /// Parses one changed unit's new text on its own and compares it with the old unit.
    static func verifyUnit(_ unit: Syntax, newBytes: [UInt8], insertions: [TextInsertion]) -> Bool {
        let oldStart = unit.positionAfterSkippingLeadingTrivia.utf8Offset
        let oldEnd = unit.endPositionBeforeTrailingTrivia.utf8Offset
        // Map the unit's bounds into the new text; insertions at the very start belong to the unit only when
        // they sit after its first token (ours always do: they follow `Task`, `addTask` or `(`).
        let before = insertions.filter { $0.offset <= oldStart }.reduce(0) { $0 + $1.text.utf8.count }
        let inside = insertions.filter { $0.offset > oldStart && $0.offset <= oldEnd }
        let newStart = oldStart + before
        let newEnd = oldEnd + before + inside.reduce(0) { $0 + $1.text.utf8.count }
        guard newEnd <= newBytes.count else { return false }
        let unitBytes = Array(newBytes[newStart..<newEnd])
        let parsed = unitBytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard !parsed.hasError, parsed.statements.count == 1, let statement = parsed.statements.first,
              parsed.description.utf8.count == unitBytes.count else { return false }

        let shapes = Shape.compared(old: unit, new: statement.item, skipping: insertedSpans(inside.sorted(), from: oldStart))
        return shapes.old == shapes.new
    }

    static func verifyWholeFile(old: SourceFileSyntax, newBytes: [UInt8], insertions: [TextInsertion]) -> Verdict {
        let new = newBytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        if new.description.utf8.count != newBytes.count {
            return .rejected("the new text does not round-trip through the parser")
        }

        let oldMessages = messageCounts(old)
        for (message, count) in messageCounts(new) where count > oldMessages[message, default: 0] {
            return .rejected("the new text has a syntax error the old did not: \(message)")
        }

        let shapes = Shape.compared(old: old, new: new, skipping: insertedSpans(insertions.sorted()))
        if shapes.old != shapes.new {
            let index = zip(shapes.old, shapes.new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                ?? min(shapes.old.count, shapes.new.count)
            let near = index < shapes.new.count ? shapes.new[index].description : "end of file"
            return .rejected("the new syntax tree differs from the old beyond the inserted names (near \(near))")
        }
        return .accepted
    }

    /// Where `insertions` (offsets in the old text, counted from `base`) stand in the new text, in the order
    /// given: each earlier insertion shifts the later ones.
    static func insertedSpans(_ insertions: [TextInsertion], from base: Int = 0) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var shift = 0
        for insertion in insertions {
            let start = insertion.offset - base + shift
            spans.append(start..<(start + insertion.text.utf8.count))
            shift += insertion.text.utf8.count
        }
        return spans
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
        /// A token's text or a node's kind (kept as the kind: printing it goes through reflection).
        enum Item: Equatable, CustomStringConvertible {
            case token(String)
            case node(SyntaxKind)

            var description: String {
                switch self {
                case .token(let text): text
                case .node(let kind): "\(kind)"
                }
            }
        }

        let spans: [Range<Int>]
        var items: [Item] = []

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
                items.append(.token(token.text))
            } else {
                items.append(.node(node.kind))
            }
            return .visitChildren
        }

        /// The old tree's shape and the new tree's with the inserted `spans` left out: equal when the only
        /// change is the insertions.
        static func compared(
            old: some SyntaxProtocol, new: some SyntaxProtocol, skipping spans: [Range<Int>]
        ) -> (old: [Item], new: [Item]) {
            let oldShape = Shape(skipping: [])
            oldShape.walk(old)
            let newShape = Shape(skipping: spans)
            newShape.walk(new)
            return (oldShape.items, newShape.items)
        }
    }
}
