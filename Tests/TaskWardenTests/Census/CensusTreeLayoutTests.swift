import Testing
import TaskWarden

/// The census tree's layout: indented up to a fixed number of levels, deeper tasks marked with their depth, so
/// the text grows with the number of tasks however deep the tree.
@Suite struct CensusTreeLayoutTests {
    /// `count` tasks, each started by the one before.
    static func chain(_ count: Int) -> [CensusRecord] {
        (1...count).map { id in
            CensusRecord(name: "step:\(id)", id: TaskID(rawValue: UInt64(id)), parentID: id == 1 ? nil : TaskID(rawValue: UInt64(id - 1)),
                         fileID: "Chain/Step.swift", line: 7, startedAt: .zero)
        }
    }

    @Test func aLongChainIsDrawnInLinearSpace() {
        let count = 50_000
        let snapshot = CensusSnapshot(takenAt: .seconds(1), records: Self.chain(count))
        let text = snapshot.treeDescription()
        let lines = text.split(separator: "\n")
        #expect(lines.count == count + 1)
        // No line is wider than the capped indent (3 columns of at most 3 UTF-8 bytes per level), the branch,
        // the depth marker and the task's own text.
        let widest = lines.map(\.utf8.count).max() ?? 0
        #expect(widest <= CensusTreeLayout.indentedLevels * 9 + 120)
        #expect(text.utf8.count <= count * (CensusTreeLayout.indentedLevels * 9 + 120))
        #expect(lines.last?.contains("[depth \(count)] \"step:\(count)\" #\(count)  age") == true)
    }

    @Test func indentationStopsAtTheCapAndDeeperTasksSayTheirDepth() {
        let levels = CensusTreeLayout.indentedLevels
        let lines = CensusTreeLayout.order(Self.chain(levels + 3))
        #expect(lines.map(\.depth) == Array(1...(levels + 3)))
        let column = String(repeating: "   ", count: levels)
        #expect(lines[levels - 1].prefix == String(repeating: "   ", count: levels - 1) + "└─ ")
        #expect(lines[levels].prefix == column + "└─ [depth \(levels + 1)] ")
        #expect(lines[levels + 2].prefix == column + "└─ [depth \(levels + 3)] ")
    }

    @Test func ordinaryTreesKeepTheirBranches() {
        let records = [
            CensusRecord(name: "round", id: TaskID(rawValue: 1), parentID: nil, fileID: "F.swift", line: 1, startedAt: .zero),
            CensusRecord(name: "price:1", id: TaskID(rawValue: 2), parentID: TaskID(rawValue: 1), fileID: "F.swift", line: 2, startedAt: .zero),
            CensusRecord(name: "quote", id: TaskID(rawValue: 3), parentID: TaskID(rawValue: 2), fileID: "F.swift", line: 3, startedAt: .zero),
            CensusRecord(name: "price:2", id: TaskID(rawValue: 4), parentID: TaskID(rawValue: 1), fileID: "F.swift", line: 4, startedAt: .zero),
        ]
        #expect(CensusTreeLayout.order(records).map(\.prefix) == ["└─ ", "   ├─ ", "   │  └─ ", "   └─ "])
    }
}
