import TaskWarden
import TaskWardenInspect

/// What `taskwarden top` shows and how the person has arranged it: the latest tasks (from the process's
/// census, from reading its memory, or both), the recent samples the "growing" marker is computed from, the
/// sort order, the filter, which families are expanded and which row is selected. Pure: keys and snapshots
/// go in, ``TopScreen`` turns it into lines.
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
        /// Whether the oldest age is only a lower bound (tasks read from memory carry no start time).
        var oldestIsLowerBound: Bool
        var growing: LeakSuspect?
    }

    /// A row the cursor can rest on: a family, or one task of an expanded family or of the whole tree.
    enum Selection: Equatable {
        case family(String)
        case task(UInt64)
    }

    /// The name a task without one is listed under.
    static let unnamed = "(unnamed)"

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
    private(set) var selected: Selection?
    private(set) var showsTree = false
    /// Whether the "what blocks it" view of the selected task is open (`w`).
    private(set) var showsBlockers = false
    private(set) var wantsToQuit = false

    /// The latest read of the process's memory, when `top` reads it (``TaskWardenInspect``).
    private(set) var inspected: TaskSnapshot?
    /// Tasks whose age is only known to be at least the time since `top` first saw them.
    private(set) var lowerBoundAges: Set<UInt64> = []
    private var census: CensusSnapshot?
    private var firstSeen: [UInt64: Duration] = [:]

    init(process: String, pid: Int) {
        self.process = process
        self.pid = pid
    }

    /// Takes a new census; keeps it as a growth sample when the last one is at least ``growthSpacing`` old.
    /// Ages are clamped first (``TopArithmetic``): a number another process sent never reaches arithmetic
    /// that could trap. While `top` also reads the process's memory, the census gives the tasks it knows
    /// their exact ages and creation sites at the next read.
    mutating func ingest(_ snapshot: CensusSnapshot) {
        let snapshot = TopArithmetic.displayable(snapshot)
        census = snapshot
        guard inspected == nil else { return }
        keep(snapshot)
    }

    /// Takes a read of the process's memory at `now` (on `top`'s own clock): every live task, named or not,
    /// with what it waits on. A task's age is exact when the census knows it, else the time since `top`
    /// first saw it (shown as a lower bound).
    mutating func ingest(_ snapshot: TaskSnapshot, at now: Duration) {
        inspected = snapshot
        var live = Set<UInt64>()
        var records: [CensusRecord] = []
        var lowerBound = Set<UInt64>()
        let known = census.map { census in Dictionary(census.records.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
        for task in snapshot.tasks {
            live.insert(task.id)
            let seen = firstSeen[task.id] ?? now
            firstSeen[task.id] = seen
            if let census, let record = known[task.id] {
                let age = TopArithmetic.clamped(census.takenAt - record.startedAt)
                records.append(CensusRecord(name: record.name, id: record.id, parentID: task.parentID.map { TaskID(rawValue: $0) } ?? record.parentID,
                                            fileID: record.fileID, line: record.line, startedAt: now - age))
            } else {
                lowerBound.insert(task.id)
                records.append(CensusRecord(name: task.name ?? Self.unnamed, id: TaskID(rawValue: task.id),
                                            parentID: task.parentID.map { TaskID(rawValue: $0) }, fileID: "", line: 0, startedAt: seen))
            }
        }
        firstSeen = firstSeen.filter { live.contains($0.key) }
        lowerBoundAges = lowerBound
        keep(CensusSnapshot(takenAt: now, records: records))
    }

    private mutating func keep(_ snapshot: CensusSnapshot) {
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
            let isLowerBound = lowerBoundAges.contains(record.id.rawValue)
            if var row = byFamily[family] {
                row.count += 1
                if age > row.oldestAge { row.oldestAge = age; row.oldestIsLowerBound = isLowerBound }
                byFamily[family] = row
            } else {
                byFamily[family] = FamilyRow(family: family, count: 1, oldestAge: age, oldestIsLowerBound: isLowerBound,
                                             growing: growing[family])
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

    /// The rows the cursor moves over, in screen order: families and the tasks of expanded ones, or every task
    /// of the tree.
    var selectable: [Selection] {
        let records = visibleRecords
        if showsTree {
            return TopTree.order(records).map { .task($0.record.id.rawValue) }
        }
        var items: [Selection] = []
        for row in rows {
            items.append(.family(row.family))
            if expanded.contains(row.family) {
                items += TopTree.order(records.filter { String($0.family) == row.family }).map { .task($0.record.id.rawValue) }
            }
        }
        return items
    }

    /// The selected row, or the first one when nothing (still visible) is selected.
    var selection: Selection? {
        let items = selectable
        if let selected, items.contains(selected) { return selected }
        return items.first
    }

    /// The selected family (the family of a selected task), for expanding.
    var selectedFamily: String? {
        switch selection {
        case .family(let family)?: return family
        case .task(let id)?: return latest?.records.first { $0.id.rawValue == id }.map { String($0.family) }
        case nil: return nil
        }
    }

    /// The task `w` explains: the selected task, or the oldest task of the selected family.
    var focusedTask: UInt64? {
        switch selection {
        case .task(let id)?: return id
        case .family(let family)?:
            return TopTree.order(visibleRecords.filter { String($0.family) == family }).first?.record.id.rawValue
        case nil: return nil
        }
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
        case .character("w"): showsBlockers.toggle()
        case .character("/"): filterDraft = ""
        case .character("e"):
            let families = Set(rows.map(\.family))
            expanded = expanded.isSuperset(of: families) ? [] : families
        case .up, .character("k"): moveSelection(by: -1)
        case .down, .character("j"): moveSelection(by: 1)
        case .enter, .character(" "): toggle(selectedFamily)
        case .right: if let family = selectedFamily { expanded.insert(family) }
        case .left:
            if let family = selectedFamily {
                expanded.remove(family)
                selected = .family(family)
            }
        case .escape:
            if showsBlockers { showsBlockers = false } else if !filter.isEmpty { filter = "" }
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
        let items = selectable
        guard !items.isEmpty else { return }
        let current = selection.flatMap { items.firstIndex(of: $0) } ?? 0
        selected = items[min(max(current + step, 0), items.count - 1)]
    }

    private mutating func toggle(_ family: String?) {
        guard let family else { return }
        if expanded.remove(family) == nil { expanded.insert(family) }
        selected = .family(family)
    }
}
