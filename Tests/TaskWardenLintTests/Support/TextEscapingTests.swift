import Testing
@testable import TaskWardenLint

/// The one escaping loop, in each of its four uses: what each escapes, how it spells an escape, and that text
/// with nothing to escape comes back as it is.
@Suite struct TextEscapingTests {
    static let hostile = "a\"b\\c\nd\re\tf\u{1B}g\u{85}h\u{2028}i\u{202E}j"

    @Test func lineOutputEscapesControlsAndLineSeparatorsTheSwiftWay() {
        #expect(TextEscaping.outputLine.escaped(Self.hostile) == #"a"b\c\nd\re\tf\u{1B}g\u{85}h\u{2028}i"# + "\u{202E}j")
    }

    @Test func terminalEscapesControlsAndBidirectionalOverridesTheJSONWay() {
        #expect(TextEscaping.terminal.escaped(Self.hostile) == "a\"b\\c\\nd\\re\\tf\\u001bg\\u0085h\u{2028}i\\u202ej")
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControls() {
        #expect(TextEscaping.jsonString.quoted(Self.hostile) == #""a\"b\\c\nd\re\tf\u001bg\u0085h\u2028i"# + "\u{202E}j\"")
    }

    @Test func swiftLiteralsEscapeOnlyWhatTheLiteralCannotHold() {
        #expect(TextEscaping.swiftStringLiteral.quoted("say \"hi\"\\\n\u{1B}") == "\"say \\\"hi\\\"\\\\\\n\u{1B}\"")
    }

    @Test func plainTextIsReturnedUnchanged() {
        for escaping in [TextEscaping.outputLine, .terminal, .jsonString, .swiftStringLiteral] {
            #expect(escaping.escaped("price:\\(id) — album-detail") == (escaping.escapesQuotes ? "price:\\\\(id) — album-detail" : "price:\\(id) — album-detail"))
        }
    }
}
