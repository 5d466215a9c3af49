#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What sub-file parsing leaves out of a file, found without parsing: byte ranges to blank, and how deeply
/// brackets nest.
///
/// One reading of the file (``MaskScan``) hands its tokens (``Tokenizer``: literals that can hide a brace read
/// whole) to passes that each keep their own state: ``Scopes`` (what each bracket opens, where the sites and
/// their closures stand), then in ``Marks`` mode ``DeclarationTrim``, ``LeafStatements``,
/// ``CompoundStatements``, ``DeclaredNames`` and ``TypeSkeleton``, and once the file is read ``UnreadMembers``.
/// What nobody reads goes: member bodies, closures and accessors holding no site and nothing a reader reads,
/// member-level comments, whole type bodies nothing looks up, and around what is kept, the pieces of
/// declarations and statements no reader reads — all as the readers' declarations say (``MaskReads``,
/// ``SyntaxReads``); this layer knows no reader. Whenever it is not sure what it reads (an unterminated literal,
/// a `'`, a `/` that could be a regex holding a brace or a quote, unbalanced brackets) it gives up and says why:
/// the file is then parsed whole. Nothing here decides what a reader sees, only how much of the file the parser
/// reads.
///
/// ```swift
/// let mask = SourceMask.scan(Array("struct A { func f() { print(1) } }".utf8), keep: { _, _ in false })
/// mask.blanked // [21..<31]: the inside of f's body
/// ```
struct SourceMask: Sendable {
    /// Why a file is parsed whole.
    enum Uncertainty: String, Error, Sendable, CaseIterable {
        case unterminatedLiteral = "unterminated string, comment or regex"
        case unexpectedCharacter = "unexpected character"
        case ambiguousSlash = "slash that may start a regex holding a brace or quote"
        case unbalancedBrackets = "unbalanced brackets"
    }

    /// Byte ranges (inside braces, braces excluded) that can be blanked.
    var blanked: [Range<Int>] = []
    /// Set when the pass gave up; `blanked` is then empty.
    var uncertainty: Uncertainty?
    /// The deepest nesting of `(`, `[` and generic `<` seen (for the nesting budget). When the pass gave up,
    /// a plain count over the raw bytes.
    var maximumBracketDepth = 0
    /// The deepest nesting of `[` alone: SwiftParser's time doubles with each level of nested collection
    /// literals (`[[[…]]]`), so this budget is much tighter.
    var maximumSquareBracketDepth = 0

    /// Bodies shorter than this are never blanked: nothing to gain, and `{ get set }` stays a requirement.
    static let minimumBlankedLength = 24

    /// Where the byte scans found tokens, for ``scan(_:marks:)``, and what the readers read (``MaskReads``).
    struct Marks: Sendable, Equatable {
        /// Where creation tokens start (``CreationTokenScanner/creationTokens(_:)``), sorted.
        var sites: [Int]
        /// The sites among them whose closures a reader reads whole (``SyntaxReads/SiteClosure/readWhole``), sorted.
        var wholeClosureSites: [Int] = []
        /// Where the readers' body words start, sorted: a body or closure holding one is parsed whole.
        var kept: [Int]
        /// Where the readers' member calls start, sorted: the body, closure, statement and arguments holding one
        /// are kept, not the rest of the body.
        var keptCalls: [Int] = []
        /// What the readers read around and in sites.
        var reads: MaskReads
        /// Where `didSet` and `willSet` start, sorted: braces holding observers are not blanked.
        var observers: [Int] = []

        /// Whether the site token of a word read in `range` starts a site whose closure is read whole.
        func readsClosureWhole(ofSiteIn range: Range<Int>) -> Bool { Self.any(wholeClosureSites, in: range) }
        func hasSite(in range: Range<Int>) -> Bool { Self.any(sites, in: range) }
        /// A kept-body token or a kept call in `range`.
        func hasKept(in range: Range<Int>) -> Bool { Self.any(kept, in: range) || Self.any(keptCalls, in: range) }
        /// A kept-body token in `range`: nothing in it is blanked.
        func hasKeptWhole(in range: Range<Int>) -> Bool { Self.any(kept, in: range) }
        func hasObservers(in range: Range<Int>) -> Bool { Self.any(observers, in: range) }

        private static func any(_ sorted: [Int], in range: Range<Int>) -> Bool {
            let low = sorted.partitioningIndex { $0 >= range.lowerBound }
            return low < sorted.count && sorted[low] < range.upperBound
        }
    }

    /// Scans `bytes`, blanking what no reader reads (``MaskScan``): a body or closure is kept when it holds a
    /// creation token, follows one (a site's own closure, kept with everything in it), holds a reader's body word
    /// (then kept whole), or is passed to a modifier a reader reads; a type body is blanked whole as
    /// ``TypeSkeleton`` says (decided once the whole file is read). Closures are recognised below member level by
    /// the words before their `{` (a statement's body — `if`, `for`, `switch`, … — is never blanked, since its
    /// closures are numbered in the enclosing function).
    static func scan(_ bytes: [UInt8], marks: Marks) -> SourceMask {
        bytes.withUnsafeBufferPointer { buffer in scan(buffer, mode: .marks(marks)) }
    }

    /// A member body ``scan(_:keep:)`` read: the inside of its braces, and for a `func`, its name (nil for an
    /// operator or a backticked name) and where its `func` keyword starts. A body too short to blank, or a
    /// protocol's, is never blanked.
    struct MemberBody: Sendable {
        var inside: Range<Int>
        var isFunction: Bool
        var name: Range<Int>?
        var isBlankable: Bool
        var keyword: Int? = nil
    }

    /// Scans `bytes`, blanking only member bodies (never closures, comments or whole type bodies): `keep` is
    /// asked for every member body, and a blankable one it does not keep is blanked.
    static func scan(_ bytes: [UInt8], keep: (UnsafeBufferPointer<UInt8>, MemberBody) -> Bool) -> SourceMask {
        withoutActuallyEscaping(keep) { keep in bytes.withUnsafeBufferPointer { buffer in
            scan(buffer, mode: .memberBodies(keep: keep))
        } }
    }

    /// How bodies are chosen: a predicate on member bodies alone, or the token marks and the readers' reads.
    enum Mode {
        case memberBodies(keep: (UnsafeBufferPointer<UInt8>, SourceMask.MemberBody) -> Bool)
        case marks(SourceMask.Marks)
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>, mode: Mode) -> SourceMask {
        var scan = MaskScan(buffer, mode: mode)
        var mask = SourceMask()
        if let failure = scan.run() {
            mask.uncertainty = failure
            (mask.maximumBracketDepth, mask.maximumSquareBracketDepth) = Self.rawBracketDepth(buffer)
        } else {
            mask.blanked = scan.output.ranges
            mask.maximumBracketDepth = scan.scopes.maximumDepth
            mask.maximumSquareBracketDepth = scan.scopes.maximumSquareDepth
        }
        return mask
    }

    /// The source with every blanked range turned into spaces (newlines kept): same UTF-8 length, same lines.
    static func apply(_ ranges: [Range<Int>], to bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Without a "\r" in the file, the spaces between newlines are written with `memset`.
            let hasCarriageReturn = ByteSearch.contains(UInt8(ascii: "\r"), in: UnsafeBufferPointer(buffer))
            for range in ranges {
                guard !hasCarriageReturn else {
                    for index in range where buffer[index] != UInt8(ascii: "\n") && buffer[index] != UInt8(ascii: "\r") {
                        buffer[index] = UInt8(ascii: " ")
                    }
                    continue
                }
                var start = range.lowerBound
                while start < range.upperBound {
                    let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), range.upperBound - start)
                        .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? range.upperBound
                    memset(base + start, Int32(UInt8(ascii: " ")), newline - start)
                    start = newline + 1
                }
            }
        }
        return copy
    }

    /// The masked copy the parser reads: each run of spaces on a line that holds blanked bytes (spaces where
    /// the source has something else) and is long enough becomes a block comment of its length
    /// (`/*      */`). The toolchain's parser reads a comment's inside about six times faster than spaces (1.7
    /// vs 10.5 ns a byte, measured on 400 KB of each), and Swift reads a comment as whitespace. A run right
    /// after a `/` or `*` stays spaces (`//*` would start a line comment). Only runs holding blanked bytes
    /// change: spaces in a kept string or comment are the source's, and a blanked range never cuts one.
    static func parsingCopy(of masked: [UInt8], source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard masked.count == source.count, let sourceBase = source.baseAddress else { return masked }
        var copy = masked
        copy.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var index = 0
            while index < count {
                guard buffer[index] == UInt8(ascii: " ") else {
                    index += 1
                    continue
                }
                let start = index
                // Eight spaces at a time: most of a masked copy is long runs of them.
                while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                    index += 8
                }
                while index < count, buffer[index] == UInt8(ascii: " ") { index += 1 }
                let length = index - start
                let before = start > 0 ? buffer[start - 1] : UInt8(ascii: " ")
                // A run holds blanked bytes where the source differs from the copy.
                guard length >= minimumCommentLength, before != UInt8(ascii: "/"), before != UInt8(ascii: "*"),
                      memcmp(sourceBase + start, base + start, length) != 0
                else { continue }
                (buffer[start], buffer[start + 1]) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
                (buffer[index - 2], buffer[index - 1]) = (UInt8(ascii: "*"), UInt8(ascii: "/"))
            }
        }
        return copy
    }

    /// Shortest run written as a comment.
    static let minimumCommentLength = 8

    /// Bracket depth counted over raw bytes (strings and comments included): an upper-bound-ish estimate used
    /// only when the scan gave up.
    static func rawBracketDepth(_ bytes: UnsafeBufferPointer<UInt8>) -> (all: Int, square: Int) {
        var depth = 0
        var deepest = 0
        var square = 0
        var deepestSquare = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "["):
                depth += 1
                square += 1
                deepest = max(deepest, depth)
                deepestSquare = max(deepestSquare, square)
            case UInt8(ascii: ")"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                square = max(0, square - 1)
            default:
                break
            }
        }
        return (deepest, deepestSquare)
    }
}

extension Array {
    /// The index of the first element for which `isInSecondPart` holds, in an array where every element for
    /// which it fails comes first (binary search; `count` when it holds for none).
    ///
    /// ```swift
    /// [1, 3, 5, 7].partitioningIndex { $0 >= 4 }   // 2
    /// ```
    func partitioningIndex(where isInSecondPart: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
