import Testing
import TaskWarden
@testable import taskwarden

/// `top`'s view logic, model → lines, without a terminal.
@Suite struct TopScreenTests {
    static func record(_ name: String, _ id: UInt64, parent: UInt64? = nil, startedAt seconds: Int = 0) -> CensusRecord {
        CensusRecord(name: name, id: TaskID(rawValue: id), parentID: parent.map { TaskID(rawValue: $0) },
                     fileID: "PriceCheck/Run.swift", line: Int(id), startedAt: .seconds(seconds))
    }

    static func snapshot(at seconds: Int, _ records: [CensusRecord]) -> CensusSnapshot {
        CensusSnapshot(takenAt: .seconds(seconds), records: records)
    }

    /// A round with two price lookups under it, and two alert watchers.
    static var model: TopModel {
        var model = TopModel(process: "price-check", pid: 4242)
        model.ingest(snapshot(at: 10, [
            record("price-check:round-3", 1, startedAt: 9),
            record("price:4471", 2, parent: 1, startedAt: 9),
            record("price:4472", 3, parent: 1, startedAt: 9),
            record("price-alert:1", 4, startedAt: 1),
            record("price-alert:2", 5, startedAt: 4),
        ]))
        return model
    }

    @Test func familiesWithCountsAndOldestAgeSortedByCount() {
        let lines = TopScreen.lines(Self.model, width: 100, height: 12)
        #expect(lines[0] == "price-check (pid 4242) · 5 live tasks in 3 families · sorted by count")
        #expect(lines[2] == "    FAMILY        TASKS    OLDEST")
        #expect(lines[3] == "› ▸ price             2      1.0s")
        #expect(lines[4] == "  ▸ price-alert       2      9.0s")
        #expect(lines[5] == "  ▸ price-check       1      1.0s")
        #expect(lines.last == "sort: c count · a age · n name │ ↑↓ select · ⏎ expand · e all · t tree · / filter · q quit")
        #expect(lines.count == 12)
    }

    @Test func sortingByAgeAndName() {
        var model = Self.model
        model.handle(.character("a"))
        #expect(model.rows.map(\.family) == ["price-alert", "price", "price-check"])
        #expect(TopScreen.lines(model, width: 100, height: 12)[0].hasSuffix("sorted by age"))
        model.handle(.character("n"))
        #expect(model.rows.map(\.family) == ["price", "price-alert", "price-check"])
    }

    @Test func expandingShowsTheFamilysTasksAsATree() {
        var model = Self.model
        model.handle(.down)
        model.handle(.enter)
        let lines = TopScreen.lines(model, width: 100, height: 12)
        #expect(lines[4] == "› ▾ price-alert       2      9.0s")
        #expect(lines[5] == "     ├─ \"price-alert:1\" #4  age 9.00s  PriceCheck/Run.swift:4")
        #expect(lines[6] == "     └─ \"price-alert:2\" #5  age 6.00s  PriceCheck/Run.swift:5")
        model.handle(.enter)
        #expect(TopScreen.lines(model, width: 100, height: 12)[5] == "  ▸ price-check       1      1.0s")
    }

    @Test func theWholeTreeNestsChildrenUnderTheirParent() {
        var model = Self.model
        model.handle(.character("t"))
        let lines = TopScreen.lines(model, width: 100, height: 12)
        #expect(lines[2] == "› ├─ \"price-alert:1\" #4  age 9.00s  PriceCheck/Run.swift:4")
        #expect(lines[4] == "  └─ \"price-check:round-3\" #1  age 1.00s  PriceCheck/Run.swift:1")
        #expect(lines[5] == "     ├─ \"price:4471\" #2  age 1.00s  PriceCheck/Run.swift:2")
        // The cursor moves over tasks in the tree.
        model.handle(.down)
        model.handle(.down)
        #expect(model.selection == .task(1))
        #expect(TopScreen.lines(model, width: 100, height: 12)[4] == "› └─ \"price-check:round-3\" #1  age 1.00s  PriceCheck/Run.swift:1")
    }

    @Test func filteringIsTypedAfterASlashAndAppliedWithEnter() {
        var model = Self.model
        for key in "/alert" { model.handle(.character(key)) }
        #expect(TopScreen.lines(model, width: 100, height: 12).last == "filter: /alert▏  ⏎ apply · esc cancel")
        #expect(model.rows.count == 3)   // not applied yet
        model.handle(.enter)
        #expect(model.rows.map(\.family) == ["price-alert"])
        let lines = TopScreen.lines(model, width: 100, height: 12)
        #expect(lines[0] == "price-check (pid 4242) · 2 live tasks in 1 family · sorted by count")
        #expect(lines[1] == "filter: alert  (esc clears)")
        model.handle(.escape)
        #expect(model.rows.count == 3)
    }

    @Test func aFamilyThatOnlyGrowsIsMarked() {
        var model = TopModel(process: "price-check", pid: 4242)
        // Alerts pile up (one per second, none ends); price lookups come and go.
        for second in 0..<4 {
            let alerts = (0...second).map { Self.record("price-alert:\($0)", UInt64(100 + $0), startedAt: $0) }
            let prices = [Self.record("price:\(second)", UInt64(200 + second), startedAt: second)]
            model.ingest(Self.snapshot(at: second, alerts + prices))
        }
        let lines = TopScreen.lines(model, width: 100, height: 12)
        #expect(lines[3] == "› ▸ price-alert       4      3.0s  ▲ growing +1.0/s")
        #expect(lines[4] == "  ▸ price             1       0ms")
    }

    @Test func samplesCloserThanTheSpacingDoNotCountAsGrowth() {
        var model = TopModel(process: "p", pid: 1)
        for tick in 0..<10 {   // ten snapshots 100 ms apart: one growth sample
            let alerts = (0...tick).map { Self.record("price-alert:\($0)", UInt64(100 + $0)) }
            model.ingest(CensusSnapshot(takenAt: .milliseconds(100 * tick), records: alerts))
        }
        #expect(model.samples.count == 1)
        #expect(model.growing.isEmpty)
    }

    @Test func aLongBodyScrollsToKeepTheSelectionVisible() {
        var model = TopModel(process: "p", pid: 1)
        model.ingest(Self.snapshot(at: 1, (0..<30).map { Self.record("family-\($0 < 10 ? "0" : "")\($0)", UInt64($0 + 1)) }))
        model.handle(.character("n"))
        for _ in 0..<20 { model.handle(.down) }
        let lines = TopScreen.lines(model, width: 60, height: 10)
        #expect(lines.count == 10)
        #expect(lines.contains { $0.hasPrefix("› ▸ family-20") })
        #expect(lines[8] == "… 9 more lines below")
    }

    @Test func keysFromRawTerminalBytes() {
        let bytes = Array("a/pr".utf8) + [0x7F, 0x0D, 0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x03, 0x1B]
        let (keys, rest) = TopKeyDecoder.decode(bytes)
        #expect(keys == [.character("a"), .character("/"), .character("p"), .character("r"), .backspace, .enter,
                         .up, .down, .interrupt, .escape])
        #expect(rest.isEmpty)
        // An arrow split across two reads waits for its last byte.
        #expect(TopKeyDecoder.decode([0x1B, 0x5B]) == ([], [0x1B, 0x5B]))
    }

    @Test func ages() {
        #expect(TopScreen.age(.milliseconds(340)) == "340ms")
        #expect(TopScreen.age(.milliseconds(4_250)) == "4.2s")
        #expect(TopScreen.age(.seconds(125)) == "2m05s")
        #expect(TopScreen.age(.seconds(3_720)) == "1h02m")
        #expect(TopScreen.age(.seconds(3 * 86_400 + 4 * 3_600)) == "3d04h")
    }
}
