import Foundation
import Testing
@testable import TaskWardenLint

/// The byte scans must answer what the regular expressions they replace answer with `NSRegularExpression`.
@Suite struct ManifestScanTests {
    /// Pieces the texts are made of: labels, the characters the expressions name, ICU's spaces (`\u{0B}`,
    /// `\u{85}` and `\u{2028}` among them), a non-space control, marks that join the character before
    /// (`\u{301}`, a spacing mark, a joiner) or after (`\u{600}`), and other multi-byte text.
    static let pieces = [
        "name:", "path:", "name", ":", ",", "(", ")", "\"", "\"\"", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}",
        "\u{A0}", "\u{2028}", "\u{3000}", "\u{200B}", "\u{1F}", "x", "Core", "é", "e\u{301}", "\u{301}", "\u{903}", "\u{200D}",
        "\u{600}", "😀", "🇫🇷", ".product(", ".product", "[", "]", ".", "/",
    ]

    /// Texts made of `pieces`, the same every run.
    static func texts(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    static func regex(_ pattern: String) throws -> NSRegularExpression { try NSRegularExpression(pattern: pattern) }

    static func captures(_ regex: NSRegularExpression, in text: String) -> [String] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func labelledStringsAsTheRegularExpressionFindsThem() throws {
        for label in ["name", "path"] {
            let regex = try Self.regex("(?:^|[,(\\s])\(label):\\s*\"([^\"]*)\"")
            let bytes = Array("\(label):".utf8)
            let cases = ["\(label): \"A\"", "x\u{85}\(label):\u{2028}\"B\"", "\u{200B}\(label): \"C\"", "\(label): \"\u{301}D\", \(label): \"E\"",
                         "(\(label):\u{85}\"F\u{600}\"", "\u{600}\(label): \"G\" (\(label): \"H\""]
            for text in Self.texts(count: 4000) + cases {
                let expected = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
                    .flatMap { Range($0.range(at: 1), in: text) }.map { String(text[$0]) }
                #expect(ManifestScan.stringArgument(labelled: bytes, in: Array(text.utf8)[...]) == expected, "\(text.debugDescription)")
            }
        }
    }

    @Test func productsAndQuotedStringsAsTheRegularExpressionsFindThem() throws {
        let product = try Self.regex("\\.product\\([^)]*\\)")
        let quoted = try Self.regex("\"([^\"]+)\"")
        for text in Self.texts(count: 4000) {
            let withoutProducts = product.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            let scanned = ManifestScan.removingProducts(from: Array(text.utf8)[...])
            #expect(String(decoding: scanned, as: UTF8.self) == withoutProducts, "\(text.debugDescription)")
            #expect(ManifestScan.quotedStrings(in: scanned) == Self.captures(quoted, in: withoutProducts), "\(text.debugDescription)")
        }
    }
}
