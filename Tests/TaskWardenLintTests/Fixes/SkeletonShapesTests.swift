import SwiftParser
import SwiftSyntax
import Testing
@testable import TaskWardenLint

@Suite struct SkeletonShapesTests {
    @Test func skeletonsThatDifferOnlyInTheirNamesAreParsedOnce() throws {
        let shapes = FixVerification.SkeletonShapes()
        var parses = 0
        let skeleton = Array("Task {}".utf8)
        for name in ["load-feed", "sync_all.v2", "refresh"] {
            let items = shapes.shape(of: skeleton, insertions: [TextInsertion(offset: 4, text: "(name: \"\(name)\")")]) {
                parses += 1
                return []
            }
            #expect(items == [])
        }
        #expect(parses == 1)
        // Another place, another skeleton, or a name that could lex differently is parsed on its own.
        for (text, offset, skeletonText) in [("(name: \"load\")", 5, "Task {}"), ("(name: \"load\")", 4, "Task  {}"),
                                             ("(name: \"a\\(b)\")", 4, "Task {}"), ("(name: \"a b\")", 4, "Task {}")] {
            _ = shapes.shape(of: Array(skeletonText.utf8), insertions: [TextInsertion(offset: offset, text: text)]) {
                parses += 1
                return nil
            }
        }
        #expect(parses == 5)
    }

    @Test func aSharedSkeletonStillRejectsAnInsertionOfAnotherShape() throws {
        let source = "func load() {\n    Task { await sync() }\n}\n"
        let old = Parser.parse(source: source)
        let units = try #require(FixVerification.changedUnits(in: old, insertions: [TextInsertion(offset: 22, text: "x")]))
        let shapes = FixVerification.SkeletonShapes()
        #expect(FixVerification.verifySkeleton(units[0], oldBytes: old.syntaxTextBytes,
                                               insertions: [TextInsertion(offset: 22, text: "(name: \"load\")")], skeletons: shapes))
        #expect(FixVerification.verifySkeleton(units[0], oldBytes: old.syntaxTextBytes,
                                               insertions: [TextInsertion(offset: 22, text: "(name: \"sync\")")], skeletons: shapes))
        #expect(!FixVerification.verifySkeleton(units[0], oldBytes: old.syntaxTextBytes,
                                                insertions: [TextInsertion(offset: 22, text: "(name: \"sync\").x")], skeletons: shapes))
    }
}

@Suite struct InsertionComparisonTests {
    @Test func theNewTextIsCheckedInPlaceAgainstTheInsertions() {
        let old = Array("Task { a }\nTask { b }\n".utf8)
        let insertions = [TextInsertion(offset: 15, text: "(name: \"b\")"), TextInsertion(offset: 4, text: "(name: \"a\")")]
        let new = TextInsertion.apply(insertions, to: old)
        #expect(FixVerification.isApplied(insertions, old: old, new: new))
        #expect(FixVerification.isApplied([], old: old, new: old))
        var changed = new
        changed[changed.count - 2] = UInt8(ascii: "c")
        #expect(!FixVerification.isApplied(insertions, old: old, new: changed))
        #expect(!FixVerification.isApplied(insertions, old: old, new: Array(new.dropLast())))
        #expect(!FixVerification.isApplied([TextInsertion(offset: 99, text: "x")], old: old, new: old + [UInt8(ascii: "x")]))
        #expect(FixVerification.sameBytes(old[...], old) && !FixVerification.sameBytes(old.dropFirst(), old))
        #expect(FixVerification.sameBytes([UInt8]()[...], []))
    }
}
