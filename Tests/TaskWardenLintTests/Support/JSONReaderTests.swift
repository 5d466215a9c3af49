import Foundation
import Testing
@testable import TaskWardenLint

/// The one JSON reader and writer: errors name where the input went wrong, a key written twice is refused,
/// and what the writer writes reads back.
@Suite struct JSONReaderTests {
    struct Entry: Codable, Equatable {
        var rule: String
        var line: Int
    }

    static func failure<T: Decodable>(_ type: T.Type, _ text: String) -> JSONReader.Failure? {
        do {
            _ = try JSONReader.decode(type, from: Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingKeyIsNamedByItsPath() {
        #expect(Self.failure([Entry].self, #"[{"rule": "a", "line": 1}, {"line": 2}]"#)?.description == "[1].rule: missing")
    }

    @Test func aValueOfTheWrongTypeSaysWhatWasExpected() {
        #expect(Self.failure([Entry].self, #"[{"rule": 1, "line": 1}]"#)?.description == "[0].rule: expected a string")
        #expect(Self.failure([Entry].self, #"[{"rule": "a", "line": "one"}]"#)?.description == "[0].line: expected a whole number")
    }

    @Test func textThatIsNotJSONGivesTheParsersReason() throws {
        let failure = try #require(Self.failure([Entry].self, #"[{"rule": "#))
        #expect(failure.key == nil)
        #expect(failure.problem.hasPrefix("not valid JSON ("))
    }

    @Test func aKeyWrittenTwiceIsRefusedWithItsPath() {
        #expect(throws: JSONReader.Failure(key: "naming.maxLength", problem: "appears more than once in the same object; keep one (which value wins is not defined)")) {
            try JSONReader.value(from: Data(#"{"naming": {"maxLength": 20, "maxLength": 30}}"#.utf8))
        }
    }

    @Test func valuesAreReadStrictly() throws {
        let value = try JSONReader.value(from: Data(#"{"flag": true, "count": 1, "names": ["a"], "none": null}"#.utf8))
        #expect(value == .object(["flag": .bool(true), "count": .number(1), "names": .array([.string("a")]), "none": .null]))
    }

    @Test func aNumberADoubleCannotHoldIsReadAsOutOfRangeNotAsAWrongType() throws {
        let value = try JSONReader.value(from: Data(#"{"big": 1e400, "small": -1e400, "list": [1e999, "a"], "tiny": 1e-400}"#.utf8))
        #expect(value == .object(["big": .numberOutOfRange, "small": .numberOutOfRange, "list": .array([.numberOutOfRange, .string("a")]),
                                  "tiny": .numberOutOfRange]))
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let entries = [Entry(rule: "unnamed-task", line: 3), Entry(rule: "a/b \"quoted\"", line: 4)]
        let document = JSONWriter.document(entries)
        #expect(document.hasSuffix("}\n]\n"))
        #expect(document.contains(#""rule" : "a/b \"quoted\"""#))
        #expect(try JSONReader.decode([Entry].self, from: Data(document.utf8)) == entries)
        #expect(try JSONReader.decode([Entry].self, from: try #require(JSONWriter.compact(entries))) == entries)
    }
}
