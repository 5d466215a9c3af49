import Testing
import TaskWardenLint

/// The diff made from insertions is the diff `render(old:new:)` makes of the same two texts.
@Suite struct UnifiedDiffInsertionsTests {
    func expectSameDiff(_ old: String, _ insertions: [TextInsertion], sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(old.utf8)
        let new = String(decoding: TextInsertion.apply(insertions, to: bytes), as: UTF8.self)
        let expected = UnifiedDiff.render(old: old, new: new, path: "Sources/Library.swift")
        let actual = UnifiedDiff.render(old: bytes, insertions: insertions, path: "Sources/Library.swift")
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    func offset(of needle: String, in text: String, after: Int = 0) -> Int {
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        for start in after...(bytes.count - pattern.count) where Array(bytes[start..<(start + pattern.count)]) == pattern {
            return start
        }
        Issue.record("\(needle) not found")
        return 0
    }

    @Test func anInsertionOnTheFirstLineAndOnTheLastLine() {
        let text = "Task { work() }\nlet a = 1\nlet b = 2\nTask { other() }\n"
        expectSameDiff(text, [TextInsertion(offset: 4, text: "(name: \"first\")")])
        expectSameDiff(text, [TextInsertion(offset: offset(of: "Task { other", in: text) + 4, text: "(name: \"last\")")])
        expectSameDiff(text, [TextInsertion(offset: 4, text: "(name: \"first\")"),
                              TextInsertion(offset: offset(of: "Task { other", in: text) + 4, text: "(name: \"last\")")])
    }

    @Test func aFileWithoutAFinalNewline() {
        let text = "func f() {\n    Task { }\n}"
        expectSameDiff(text, [TextInsertion(offset: offset(of: "Task", in: text) + 4, text: "(name: \"f\")")])
        let single = "Task { }"
        expectSameDiff(single, [TextInsertion(offset: 4, text: "(name: \"f\")")])
    }

    @Test func crlfLinesKeepTheirCarriageReturns() {
        let text = "func f() {\r\n    Task.detached(\r\n        priority: .low\r\n    ) { }\r\n}\r\n"
        let first = offset(of: "priority", in: text)
        expectSameDiff(text, [TextInsertion(offset: first, text: "name: \"f\",\r\n        ")])
        expectSameDiff(text, [TextInsertion(offset: offset(of: "Task.detached", in: text) + 13, text: "")])
    }

    @Test func twoInsertionsOnOneLineAndOnAdjacentLines() {
        let text = "let a = [Task { 1 }, Task { 2 }]\nTask { 3 }\nlet z = 0\n"
        let second = offset(of: "Task { 2", in: text)
        let third = offset(of: "Task { 3", in: text)
        expectSameDiff(text, [TextInsertion(offset: 13, text: "(name: \"one\")"),
                              TextInsertion(offset: second + 4, text: "(name: \"two\")")])
        expectSameDiff(text, [TextInsertion(offset: 13, text: "(name: \"one\")"),
                              TextInsertion(offset: second + 4, text: "(name: \"two\")"),
                              TextInsertion(offset: third + 4, text: "(name: \"three\")")])
    }

    @Test func aNameOnALineOfItsOwnBesideRepeatedLines() {
        let text = "group.addTask(\n    priority: .low\n) {\n}\ngroup.addTask(\n    priority: .low\n) {\n}\n"
        let first = offset(of: "priority", in: text)
        let second = offset(of: "priority", in: text, after: first + 1)
        expectSameDiff(text, [TextInsertion(offset: first, text: "name: \"a\",\n    ")])
        expectSameDiff(text, [TextInsertion(offset: first, text: "name: \"a\",\n    "),
                              TextInsertion(offset: second, text: "name: \"b\",\n    ")])
        // An inserted line equal to an existing one: the alignment still follows the same tie-breaking.
        let repeated = "    name: \"a\",\n" + text
        expectSameDiff(repeated, [TextInsertion(offset: offset(of: "priority", in: repeated), text: "name: \"a\",\n    ")])
    }

    @Test func insertionsAtTheVeryStartAndEndOfTheText() {
        expectSameDiff("a\nb\n", [TextInsertion(offset: 0, text: "x\n")])
        expectSameDiff("a\nb\n", [TextInsertion(offset: 4, text: "c\n")])
        expectSameDiff("a\nb", [TextInsertion(offset: 3, text: "\nc")])
        expectSameDiff("", [TextInsertion(offset: 0, text: "c")])
        #expect(UnifiedDiff.render(old: Array("a\n".utf8), insertions: [], path: "x") == "")
    }

    @Test func nonASCIILinesCompareAsStringsDo() {
        // "é" precomposed and decomposed are equal strings.
        let text = "let a = \"\u{E9}\"\nTask { }\nlet b = \"e\u{301}\"\n"
        expectSameDiff(text, [TextInsertion(offset: offset(of: "Task", in: text) + 4, text: "(name: \"x\")")])
        expectSameDiff(text, [TextInsertion(offset: offset(of: "Task", in: text) + 4, text: "(name: \"x\")\nlet a = \"e\u{301}\"")])
    }

    @Test func aMiddleTooLargeToAlignIsOneReplacement() {
        let text = (0..<2_100).map { "let value\($0) = \($0)" }.joined(separator: "\n") + "\n"
        expectSameDiff(text, [TextInsertion(offset: 3, text: " /* a */"),
                              TextInsertion(offset: offset(of: "let value2099", in: text) + 3, text: "\n/* b */")])
    }

    @Test func randomInsertionsOfEveryShape() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let vocabulary = ["}", "", "    priority: .low,", "Task {", "    work()", "let x = 1", "\t}", "    ) {",
                          "    name: \"n1\",", "caf\u{E9}", "cafe\u{301}", "  ", "// Task"]
        let shapes = ["(name: \"n1\")", "name: \"n1\", ", "name: \"n1\",\n    ", "name: \"n2\",\r\n\t", ", name: \"n1\"",
                      " name: \"n2\",", "}\n", "\n", "    priority: .low,\n", "x"]
        for _ in 0..<3_000 {
            let lineCount = 1 + next(14)
            let lineBreak = next(4) == 0 ? "\r\n" : "\n"
            var text = (0..<lineCount).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: lineBreak)
            if next(3) != 0 { text += lineBreak }
            // Offsets between characters only, as the fixer inserts between tokens (never inside "e\u{301}").
            let boundaries = text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count]
            let insertions = (0..<(1 + next(4))).map { _ in
                TextInsertion(offset: boundaries[next(boundaries.count)], text: shapes[next(shapes.count)])
            }
            var seen = Set<Int>()
            expectSameDiff(text, insertions.filter { seen.insert($0.offset).inserted })
        }
    }
}
