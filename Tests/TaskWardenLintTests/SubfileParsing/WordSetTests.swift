import Testing
@testable import TaskWardenLint

@Suite struct WordSetTests {
    @Test func holdsWhatWasInsertedAndNothingElse() {
        var generator = SystemRandomNumberGenerator()
        let inserted = (0..<5_000).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
        var set = WordSet()
        #expect(set.isEmpty)
        for (index, hash) in inserted.enumerated() {
            set.insert(hash)
            // Growing keeps what was there.
            if index % 997 == 0 { #expect(inserted[...index].allSatisfy(set.contains)) }
        }
        #expect(inserted.allSatisfy(set.contains))
        let insertedSet = Set(inserted)
        let absent = (0..<5_000).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }.filter { !insertedSet.contains($0) }
        #expect(!absent.contains(where: set.contains))
        #expect(!set.contains(0))
        set.insert(0)
        #expect(set.contains(0))
    }

    @Test func unionAndWordHashes() {
        let keywords = WordSet(["if", "guard"].map(SourceMask.SourceBytes.wordHash))
        let more = keywords.union(WordSet(["for"].map(SourceMask.SourceBytes.wordHash)))
        #expect(more.contains(SourceMask.SourceBytes.wordHash("for")) && more.contains(SourceMask.SourceBytes.wordHash("if")))
        #expect(!keywords.contains(SourceMask.SourceBytes.wordHash("for")) && !more.contains(SourceMask.SourceBytes.wordHash("while")))
    }
}
