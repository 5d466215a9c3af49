import Foundation
import Testing
import TaskNaming
@testable import TaskWardenLint

/// The cache's binary form: every value a cache entry holds reads back as written, and bytes that are not a
/// whole value fail to decode (a miss) without reading past their end or allocating for a count they claim.
@Suite struct CacheCodingTests {
    struct Sample: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        var text: String
        var number: Int
        var negative: Int64
        var small: UInt8
        var flag: Bool
        var ratio: Double
        var optional: String?
        var absent: Int?
        var kind: Kind
        var list: [String]
        var nested: [[Int]]
        var table: [String: [String]]
        var numbered: [Int: String]
    }

    static let sample = Sample(text: "price:\\(id) é 🎵", number: 1 << 40, negative: -7, small: 255, flag: true, ratio: 0.25,
                               optional: "x", absent: nil, kind: .two, list: ["a", "", "c"], nested: [[1, 2], [], [3]],
                               table: ["b": ["1"], "a": []], numbered: [3: "three", 1: "one"])

    @Test func valuesReadBackAsWritten() throws {
        let bytes = try CacheCoding.encode(Self.sample)
        #expect(try CacheCoding.decode(Sample.self, from: bytes[...]) == Self.sample)
    }

    @Test func theExamplesFactsReadBackAsWritten() throws {
        let result = LintEngine().run(LintRequest(paths: ["."], workingDirectory: ResultsCacheTests.recordShelf))
        var checked = 0
        for file in result.tree.files {
            let facts = FileFacts(file, findings: result.findings.filter { $0.position.file == file.path }, problems: [], constants: ["A.b": ["c"]])
            let bytes = try CacheCoding.encode(facts)
            #expect(try CacheCoding.decode(FileFacts.self, from: bytes[...]) == facts)
            checked += facts.records.count
        }
        #expect(checked > 20)
    }

    @Test func damagedBytesFailToDecode() throws {
        let bytes = try CacheCoding.encode(Self.sample)
        // Every truncation, and a flipped byte anywhere: an error or (rarely, inside a string) another value —
        // never a crash or a read past the end.
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try CacheCoding.decode(Sample.self, from: bytes.prefix(length)) }
        }
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0xFF
            _ = try? CacheCoding.decode(Sample.self, from: damaged[...])
        }
        #expect(throws: (any Error).self) { try CacheCoding.decode(Sample.self, from: (bytes + [0])[...]) }
    }

    @Test func aCountOrLengthBeyondTheBytesIsRefused() {
        // An unkeyed container claiming 2^62 elements in a body of 3 bytes; a string claiming 2^40 bytes.
        var huge: [UInt8] = [CacheCoding.Tag.unkeyed.rawValue]
        Varint.append(3, to: &huge)
        Varint.append(1 << 62, to: &huge)
        #expect(throws: (any Error).self) { try CacheCoding.decode([String].self, from: huge[...]) }
        var long: [UInt8] = [CacheCoding.Tag.string.rawValue]
        Varint.append(1 << 40, to: &long)
        #expect(throws: (any Error).self) { try CacheCoding.decode(String.self, from: long[...]) }
        let endless = [CacheCoding.Tag.signed.rawValue] + Array(repeating: UInt8(0xFF), count: 20)
        #expect(throws: (any Error).self) { try CacheCoding.decode(Int.self, from: endless[...]) }
    }
}
