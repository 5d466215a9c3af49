import Testing
@testable import TaskWardenLint

/// ``UTF8Validation`` answers what `String(validating:)` answers, on every byte pair, the three-byte sequences
/// around every boundary of the standard's table, and random four-byte sequences, at every alignment.
@Suite struct UTF8ValidationTests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test func everyPairOfBytes() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in 0...255 where !Self.agrees([UInt8(first), UInt8(second)]) {
                disagreements.append([UInt8(first), UInt8(second)])
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func threeByteSequencesAtTheTableBoundaries() {
        var disagreements: [[UInt8]] = []
        for lead in [0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5] as [UInt8] {
            for second in 0...255 {
                for third in [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] as [UInt8] {
                    let bytes = [lead, UInt8(second), third]
                    if !Self.agrees(bytes) || !Self.agrees(bytes + [0x80]) { disagreements.append(bytes) }
                }
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func randomSequencesAtEveryAlignment() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("🙂".utf8), [0x80], [0xED, 0xA0, 0x80],
                                 [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F]]
        var disagreements: [[UInt8]] = []
        for _ in 0..<20_000 {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: Int.random(in: 0...17, using: &generator))
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                bytes += pieces.randomElement(using: &generator)!
                bytes += Array(repeating: UInt8(ascii: "y"), count: Int.random(in: 0...9, using: &generator))
            }
            if !Self.agrees(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty)
    }
}
