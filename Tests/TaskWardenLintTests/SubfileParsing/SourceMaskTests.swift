import Testing
@testable import TaskWardenLint

@Suite struct SourceMaskTests {
    /// Blanks every candidate body (no body is kept), to see what the lexer takes for a body.
    static func blankedTexts(_ source: String, keepingTask: Bool = true) -> (texts: [String], mask: SourceMask) {
        let bytes = Array(source.utf8)
        let mask = SourceMask.scan(bytes) { buffer, body in
            keepingTask && CreationTokenScanner().mayContainSite(buffer, from: body.inside.lowerBound, to: body.inside.upperBound)
        }
        return (mask.blanked.map { String(decoding: bytes[$0], as: UTF8.self) }, mask)
    }

    @Test func blanksMemberBodiesWithoutSitesAndKeepsTheOnesWithSites() {
        let source = """
            final class Shelf {
                var count: Int { records.filter { $0.isOwned }.count }
                func load() { Task { await sync() } }
                func save() { store.write(records, to: url) }
                init(store: Store) { self.store = store; self.records = [] }
            }
            func helper() { print("some long enough text") }
            """
        let (texts, mask) = Self.blankedTexts(source)
        #expect(mask.uncertainty == nil)
        #expect(texts == [
            " records.filter { $0.isOwned }.count ",
            " store.write(records, to: url) ",
            " self.store = store; self.records = [] ",
            " print(\"some long enough text\") ",
        ])
    }

    @Test func maskedCopyKeepsLengthAndLines() {
        let source = "struct A {\n    func f() {\n        print(\"é — long enough body\")\n    }\n}\n"
        let bytes = Array(source.utf8)
        let mask = SourceMask.scan(bytes) { _, _ in false }
        let masked = SourceMask.apply(mask.blanked, to: bytes)
        #expect(masked.count == bytes.count)
        #expect(masked.indices.filter { masked[$0] == 10 } == bytes.indices.filter { bytes[$0] == 10 })
        #expect(String(decoding: masked, as: UTF8.self).contains("func f() {"))
        #expect(!String(decoding: masked, as: UTF8.self).contains("print"))
    }

    @Test func bracesInStringsCommentsAndRawStringsDoNotCount() {
        let source = #"""
            struct A {
                func a() { let s = "}{ \(x.map { "}" }) {"; print(s, s, s) }
                func b() { let t = #"}\(y)"{"#; /* } /* nested } */ { */ print(t, t) }
                func c() {
                    let u = """
                        } Task { \(z) {
                        """
                    print(u)
                }
                func d() { // }
                    print("after a line comment holding a brace")
                }
            }
            """#
        let (texts, mask) = Self.blankedTexts(source, keepingTask: false)
        #expect(mask.uncertainty == nil)
        #expect(texts.count == 4)
        #expect(texts[0].hasPrefix(" let s = "))
        #expect(texts[3].contains("after a line comment"))
    }

    @Test func nestedTypesExtensionsAndIfConfigAreWalked() {
        let source = """
            extension Shelf where Element: Equatable {
                #if os(iOS)
                struct Inner { func f() { print("inner body long enough") } }
                #else
                func g() { print("else body long enough") }
                #endif
            }
            protocol P { var x: Int { get set } ; func f() }
            """
        let (texts, mask) = Self.blankedTexts(source)
        #expect(mask.uncertainty == nil)
        #expect(texts == [#" print("inner body long enough") "#, #" print("else body long enough") "#])
    }

    @Test func storedPropertiesWithObserversAndInitialisedClosuresAreNotBodies() {
        let source = """
            final class A {
                var x: Int = 0 { didSet { print("observer long enough") } }
                var y: Int { didSet { print("observer long enough") } }
                let z = { print("an initialising closure") }()
                lazy var w: Int = { compute(everything, here) }()
            }
            """
        let (texts, _) = Self.blankedTexts(source)
        #expect(texts.isEmpty)
    }

    @Test func unsureInputIsReportedNotGuessed() {
        #expect(Self.blankedTexts("func f() { let s = \"unterminated }\n}").mask.uncertainty == .unterminatedLiteral)
        #expect(Self.blankedTexts("func f() { /* never closed }").mask.uncertainty == .unterminatedLiteral)
        #expect(Self.blankedTexts("func f() { let r = /[{]+/ }").mask.uncertainty == .ambiguousSlash)
        #expect(Self.blankedTexts("func f() { g() ").mask.uncertainty == .unbalancedBrackets)
        #expect(Self.blankedTexts("func f() { g(]) }").mask.uncertainty == .unbalancedBrackets)
        #expect(Self.blankedTexts("func f() { let c = 'a' }").mask.uncertainty == .unexpectedCharacter)
        // Division and a regex without braces or quotes are fine.
        #expect(Self.blankedTexts("func f() { let a = b / c; let r = /ab+c/; let d = (e)/2; print(a, r, d) }").mask.uncertainty == nil)
        #expect(Self.blankedTexts("func f() { let r = #/ { \" /#; print(r, r, r, r) }").mask.uncertainty == nil)
    }

    @Test func measuresBracketDepth() {
        let square = SourceMask.scan(Array("let x = [[[[1]]]]".utf8)) { _, _ in false }
        #expect(square.maximumSquareBracketDepth == 4)
        let generic = SourceMask.scan(Array("let x: Array<Array<Array<Int>>> = f((1))".utf8)) { _, _ in false }
        #expect(generic.maximumBracketDepth == 3)
        #expect(generic.maximumSquareBracketDepth == 0)
        // Comparisons on separate lines do not add up to a generic nesting.
        let comparisons = SourceMask.scan(Array(String(repeating: "let b = a<c\n", count: 50).utf8)) { _, _ in false }
        #expect(comparisons.maximumBracketDepth <= 1)
    }
}

/// The copy the parser reads turns long blanked runs into comments, and nothing else.
@Suite struct ParsingCopyTests {
    /// The source with `blanked` turned into spaces (newlines kept), as ``SourceMask/apply(_:to:)`` does, and
    /// the copy the parser reads.
    static func copy(_ source: String, blanking blanked: [Range<Int>]) -> (masked: String, copy: String) {
        let masked = SourceMask.apply(blanked, to: Array(source.utf8))
        var text = source
        let result = text.withUTF8 { SourceMask.parsingCopy(of: masked, source: $0) }
        return (String(decoding: masked, as: UTF8.self), String(decoding: result, as: UTF8.self))
    }

    static func comment(_ length: Int) -> String { "/*" + String(repeating: " ", count: length - 4) + "*/" }

    @Test func blankedRunsBecomeCommentsOfTheirLength() {
        // The run holds the body's spaces too; a kept string's spaces stay.
        let source = "func f() { print(\"a      b\"); load(items, page) }\nlet s = \"        \"\n"
        let (masked, copy) = Self.copy(source, blanking: [10..<48])
        #expect(masked == "func f() {" + String(repeating: " ", count: 38) + "}\nlet s = \"        \"\n")
        #expect(copy == "func f() {" + Self.comment(38) + "}\nlet s = \"        \"\n")
    }

    @Test func shortRunsAndRunsAfterASlashStaySpaces() {
        #expect(Self.copy("a(b)", blanking: [2..<3]).copy == "a( )")
        // `a//*…*/` would comment out the rest of the line.
        let division = "let q = a/bbbbbbbbbbbb + c"
        #expect(Self.copy(division, blanking: [10..<22]).copy == "let q = a/" + String(repeating: " ", count: 12) + " + c")
        let product = "let q = a*bbbbbbbbbbbb + c"
        #expect(Self.copy(product, blanking: [10..<22]).copy == "let q = a*" + String(repeating: " ", count: 12) + " + c")
    }

    @Test func runsStopAtNewlinesAndIndentationAloneStays() {
        let source = "{ first(one, two, three)\n  second(four, five) }\n    let kept = 1\n"
        let (_, copy) = Self.copy(source, blanking: [1..<46])
        #expect(copy == "{" + Self.comment(23) + "\n" + Self.comment(21) + "}\n    let kept = 1\n")
    }
}
