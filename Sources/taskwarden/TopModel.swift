import TaskWarden

/// What `taskwarden top` shows and how the person has arranged it: the latest census, the recent samples the
/// "growing" marker is computed from, the sort order, the filter, which families are expanded and which
/// row is selected. Pure: keys and snapshots go in, ``TopScreen`` turns it into lines.
///
/// ```swift
/// var model = TopModel(process: "price-check", pid: 4242)
/// model.ingest(snapshot)
/// model.handle(.character("a"))          // sort by age
/// let lines = TopScreen.lines(model, width: 100, height: 30)
/// ```
struct TopModel {
    enum Sort: String, CaseIterable {
        case count, age, name
    }

    /// One row of the family table.
    struct FamilyRow: Equatable {
        var family: String
        var count: Int
        var oldestAge: Duration
        var growing: LeakSuspect?
    }

    var process: String
    var pid: Int
    private(set) var latest: CensusSnapshot?
    /// Samples for the leak check, at least ``growthSpacing`` apart, oldest first.
    private(set) var samples: [CensusSnapshot] = []
    var growthSpacing: Duration = .seconds(1)
    var growthWindow = 5
    var sort: Sort = .count
    private(set) var filter = ""
    /// The filter being typed after `/`, nil when not typing.
    private(set) var filterDraft: String?
    private(set) var expanded: Set<String> = []
    private(set) var selectedFamily: String?
    private(set) var showsTree = false
    private(set) var wantsToQuit = false

    init(process: String, pid: Int) {
        self.process = process
        self.pid = pid
    }

    /// Takes a new census; keeps it as a growth sample when the last one is at least ``growthSpacing`` old.
    /// Ages are clamped first (``TopArithmetic``): a number another process sent never reaches arithmetic
    /// that could trap.
    mutating func ingest(_ snapshot: CensusSnapshot) {
        let snapshot = TopArithmetic.displayable(snapshot)
        latest = snapshot
        if let last = samples.last, snapshot.takenAt - last.takenAt < growthSpacing { return }
        samples.append(snapshot)
        if samples.count > growthWindow { samples.removeFirst(samples.count - growthWindow) }
    }

    /// Families whose count rose over the samples while none of their tasks ended: the census leak check.
    var growing: [String: LeakSuspect] {
        Dictionary(uniqueKeysWithValues: CensusSnapshot.leakSuspects(in: samples).map { ($0.family, $0) })
    }

    /// The live records the filter keeps (a case-insensitive substring of the task's name).
    var visibleRecords: [CensusRecord] {
        guard let latest else { return [] }
        guard !filter.isEmpty else { return latest.records }
        return latest.records.filter { $0.name.localizedLowercase.contains(filter.localizedLowercase) }
    }

    /// The family table, filtered and sorted.
    var rows: [FamilyRow] {
        guard let latest else { return [] }
        let growing = self.growing
        var byFamily: [String: FamilyRow] = [:]
        for record in visibleRecords {
            let family = String(record.family)
            let age = latest.age(of: record)
            if var row = byFamily[family] {
                row.count += 1
                row.oldestAge = max(row.oldestAge, age)
                byFamily[family] = row
            } else {
                byFamily[family] = FamilyRow(family: family, count: 1, oldestAge: age, growing: growing[family])
            }
        }
        return byFamily.values.sorted { left, right in
            switch sort {
            case .count where left.count != right.count: return left.count > right.count
            case .age where left.oldestAge != right.oldestAge: return left.oldestAge > right.oldestAge
            default: return left.family < right.family
            }
        }
    }

    /// The selected family, or the first row when nothing (still visible) is selected.
    var selection: String? {
        let families = rows.map(\.family)
        if let selectedFamily, families.contains(selectedFamily) { return selectedFamily }
        return families.first
    }

    // MARK: Keys

    enum Key: Equatable {
        case character(Character)
        case up, down, left, right, enter, escape, backspace
        case interrupt
    }

    mutating func handle(_ key: Key) {
        if filterDraft != nil { return editFilter(key) }
        switch key {
        case .character("q"), .interrupt: wantsToQuit = true
        case .character("c"): sort = .count
        case .character("a"): sort = .age
        case .character("n"): sort = .name
        case .character("t"): showsTree.toggle()
        case .character("/"): filterDraft = ""
        case .character("e"):
            let families = Set(rows.map(\.family))
            expanded = expanded.isSuperset(of: families) ? [] : families
        case .up, .character("k"): moveSelection(by: -1)
        case .down, .character("j"): moveSelection(by: 1)
        case .enter, .character(" "): toggle(selection)
        case .right: if let selection { expanded.insert(selection) }
        case .left: if let selection { expanded.remove(selection) }
        case .escape: if !filter.isEmpty { filter = "" }
        default: break
        }
    }

    private mutating func editFilter(_ key: Key) {
        switch key {
        case .enter:
            filter = filterDraft ?? ""
            filterDraft = nil
        case .escape, .interrupt:
            filterDraft = nil
        case .backspace:
            filterDraft = String(filterDraft?.dropLast() ?? "")
        case .character(let character):
            filterDraft?.append(character)
        default:
            break
        }
    }

    private mutating func moveSelection(by step: Int) {
        let families = rows.map(\.family)
        guard !families.isEmpty else { return }
        let current = selection.flatMap { families.firstIndex(of: $0) } ?? 0
        selectedFamily = families[min(max(current + step, 0), families.count - 1)]
    }

    private mutating func toggle(_ family: String?) {
        guard let family else { return }
        if expanded.remove(family) == nil { expanded.insert(family) }
        selectedFamily = family
    }
}
