import TaskWarden

/// Census records arranged as a tree, as the census's own dump draws it (``CensusTreeLayout``). Shared by the
/// screen (to draw) and the model (to move the cursor in the same order).
enum TopTree {
    typealias Line = CensusTreeLayout.Line

    static func order(_ records: [CensusRecord]) -> [Line] {
        CensusTreeLayout.order(records)
    }
}
