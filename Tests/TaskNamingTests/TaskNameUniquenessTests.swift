import Testing
import TaskNaming

@Suite struct TaskNameUniquenessTests {
    let derivation = TaskNameDerivation()

    func request(_ path: String, operation: String? = nil, anchors: [TaskNameContext.Anchor] = []) -> DerivedTaskName {
        derivation.derive(TaskNameContext(declarationPath: DeclarationPath(parsing: path), anchors: anchors, operation: operation))
    }

    @Test func distinctNamesAreKept() {
        let names = TaskNameUniqueness.assign([request("Library.load()"), request("Library.save()")], existing: [])
        #expect(names == ["library-load", "library-save"])
    }

    @Test func clashingSitesAllGetAContextWordBeforeANumber() {
        let names = TaskNameUniqueness.assign(
            [request("Library.load()", operation: "albums"), request("Library.load()", operation: "prices")],
            existing: [])
        #expect(names == ["library-load-albums", "library-load-prices"])
    }

    @Test func existingNamesNeverMoveNewOnesStepAround() {
        let names = TaskNameUniqueness.assign([request("Library.load()", operation: "albums")],
                                              existing: ["library-load"])
        #expect(names == ["library-load-albums"])
    }

    @Test func aNumberOnlyWhenNoWordTellsThemApart() {
        let names = TaskNameUniqueness.assign(
            [request("Library.load()"), request("Library.load()"), request("Library.load()")], existing: ["library-load"])
        #expect(names == ["library-load-2", "library-load-3", "library-load-4"])
    }

    @Test func manyAlikeSitesAreNumberedInTurnAroundTakenNames() {
        // Numbering goes on where it stopped for alike sites; a number already in the code is still skipped.
        let names = TaskNameUniqueness.assign(Array(repeating: request("Library.load()"), count: 300),
                                              existing: ["library-load-7"])
        #expect(names.first == "library-load")
        #expect(Array(names[1...6]) == (2...7).map { "library-load-\($0 == 7 ? 8 : $0)" })
        #expect(names.last == "library-load-301")
        #expect(Set(names).count == 300)
    }

    @Test func aSiteWithoutWordsKeepsTheBaseWhenItsRivalMovesOn() {
        let names = TaskNameUniqueness.assign(
            [request("Library.load()"), request("Library.load()", operation: "prices")], existing: [])
        #expect(names == ["library-load", "library-load-prices"])
    }

    @Test func deeperWordsAreUsedWhenTheFirstStillClash() {
        let names = TaskNameUniqueness.assign(
            [request("Library.load()", operation: "fetch", anchors: [.init(.action, "onAppear")]),
             request("Library.load()", operation: "fetch", anchors: [.init(.action, "refreshable")])],
            existing: [])
        // The shared word (`fetch`) tells them nothing apart: each gets the next word that does, alone.
        #expect(names == ["library-load-on-appear", "library-load-refreshable"])
    }

    @Test func resultIsUniqueAndDisjointFromExistingForManySites() {
        let requests = (0..<50).map { index in request("Library.load()", operation: index.isMultiple(of: 2) ? "fetch" : nil) }
        let existing: Set = ["library-load", "library-load-fetch", "library-load-2"]
        let names = TaskNameUniqueness.assign(requests, existing: existing)
        #expect(Set(names).count == names.count)
        #expect(Set(names).isDisjoint(with: existing))
        #expect(names.allSatisfy { $0.count <= 40 })
    }

    @Test func sameInputSameNames() {
        let requests = [request("A.load()", operation: "x"), request("A.load()", operation: "y"), request("A.load()")]
        #expect(TaskNameUniqueness.assign(requests, existing: []) == TaskNameUniqueness.assign(requests, existing: []))
    }
}
