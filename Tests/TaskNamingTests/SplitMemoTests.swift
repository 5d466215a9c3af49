import Testing
@testable import TaskNaming

@Suite struct SplitMemoTests {
    let identifiers = ["loadHTMLPage2x", "price_check", "LoRATuningView", "isiOSApp", "markArticleIDs", "ÜberView"]

    @Test func aRememberedSplitIsTheSplitItself() {
        for identifier in identifiers {
            let fresh = IdentifierWords.joiningInitial(
                IdentifierWords.splitASCII(identifier, digitWordsKeepCapitals: true)
                    ?? IdentifierWords.split(identifier.map { $0.isASCII ? $0 : " " }, digitWordsKeepCapitals: true),
                of: identifier)
            #expect(NameWords.split(identifier) == fresh)
            #expect(NameWords.split(identifier) == fresh, "asked again, from the memo")
        }
    }

    @Test func everyThreadGetsTheSameWords() async {
        let expected = identifiers.map(NameWords.split)
        let identifiers = self.identifiers
        let results = await withTaskGroup(of: [[String]].self) { group in
            for _ in 0..<8 { group.addTask { identifiers.map(NameWords.split) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func aFullMemoStartsOverAndStillSplits() {
        var calls = 0
        for index in 0...SplitMemo.capacity {
            _ = SplitMemo.words(of: "memoFillerIdentifier\(index)") { identifier in
                calls += 1
                return [identifier]
            }
        }
        #expect(calls == SplitMemo.capacity + 1)
        // The first ones went when the table filled up: asked again, they are split again.
        #expect(SplitMemo.words(of: "memoFillerIdentifier0") { _ in ["again"] } == ["again"])
        #expect(NameWords.split("fetchAlbums") == ["fetch", "albums"])
    }
}
