import Foundation
import Testing
import TaskWarden
import TaskWardenTesting

@Suite("Trace recorder")
struct TraceRecorderTests {
    func decode(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["traceEvents"] as? [[String: Any]])
    }

    @Test func intervalsNestThroughTheTaskLocalContext() async {
        let clock = ManualClock()
        let recorder = TraceRecorder(clock: clock)
        let (outerID, innerIDs) = await recorder.withInterval("price-check", message: "price-check") {
            clock.advance(by: .milliseconds(2))
            let inner = await withTaskGroup(of: UInt64.self) { group in
                for id in 0..<2 {
                    group.addTask(name: "price:\(id)") {
                        recorder.withInterval("task", message: "price:\(id)") { TraceContext.current.intervalID }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            return (TraceContext.current.intervalID, inner)
        }
        let intervals = recorder.intervals
        #expect(intervals.count == 3)
        let outer = intervals.first { $0.id == outerID }
        #expect(outer?.parentID == 0)
        #expect(outer?.start == .zero)
        #expect(outer?.end == .milliseconds(2))
        #expect(outer?.taskID == TaskID.current?.rawValue)
        for id in innerIDs {
            let inner = intervals.first { $0.id == id }
            #expect(inner?.parentID == outerID)
            #expect(inner?.parentTaskID == TaskID.current?.rawValue)
            #expect(inner?.taskID != TaskID.current?.rawValue)
            #expect(inner?.start == .milliseconds(2))
        }
        #expect(Set(intervals.map(\.message)) == ["price-check", "price:0", "price:1"])
    }

    @Test func writesAsyncBeginEndPairsPerTaskWithNamesAndArgs() throws {
        let clock = ManualClock()
        let recorder = TraceRecorder(processName: "price-check", clock: clock)
        let interval = recorder.beginInterval("task", message: "price:42")
        clock.advance(by: .nanoseconds(1_500_250))
        recorder.endInterval(interval)
        recorder.emitEvent("limit", message: "server limit 25/min")
        let events = try decode(recorder.chromeTraceJSON())
        #expect(events.count == 4)
        #expect(events[0]["ph"] as? String == "M")
        #expect((events[0]["args"] as? [String: Any])?["name"] as? String == "price-check")
        let begin = events[1]
        let end = events[2]
        #expect(begin["ph"] as? String == "b")
        #expect(end["ph"] as? String == "e")
        #expect(begin["name"] as? String == "price:42")
        #expect(end["name"] as? String == "price:42")
        #expect(begin["cat"] as? String == "task")
        #expect(begin["id"] as? String == end["id"] as? String)
        #expect(begin["ts"] as? Double == 0)
        #expect(end["ts"] as? Double == 1500.25)
        let args = try #require(begin["args"] as? [String: Any])
        #expect(args["interval"] as? Int == Int(interval.id))
        #expect(args["parentInterval"] as? Int == 0)
        #expect(args["task"] as? Int != nil)
        #expect(events[3]["ph"] as? String == "i")
        #expect(events[3]["name"] as? String == "server limit 25/min")
    }

    @Test func eventsInsideAnIntervalLandOnItsTrack() throws {
        let recorder = TraceRecorder(clock: ManualClock())
        let id = recorder.withInterval("task", message: "price:7") {
            recorder.emitEvent("retry", message: "retry after 429")
            return TraceContext.current.intervalID
        }
        let events = try decode(recorder.chromeTraceJSON())
        let instant = try #require(events.first { $0["ph"] as? String == "n" })
        #expect(instant["id"] as? String == "0x" + String(id, radix: 16))
        #expect(instant["name"] as? String == "retry after 429")
        #expect(instant["cat"] as? String == "task")
        #expect((instant["args"] as? [String: Any])?["event"] as? String == "retry")
    }

    @Test func namesAreEscapedForJSONAndForHTMLThatEmbedsIt() throws {
        let recorder = TraceRecorder(clock: ManualClock())
        let hostile = "a\"b\\c\nd</script><b>\u{1}é🎵"
        recorder.endInterval(recorder.beginInterval("task", message: hostile))
        let json = recorder.chromeTraceJSON()
        #expect(!json.contains("</script>"))
        let events = try decode(json)
        #expect(events[1]["name"] as? String == hostile)
    }

    @Test func unfinishedIntervalsHaveNoEndAndDoubleEndsAreIgnored() {
        let clock = ManualClock()
        let recorder = TraceRecorder(clock: clock)
        let open = recorder.beginInterval("task", message: "price:1")
        let closed = recorder.beginInterval("task", message: "price:2")
        recorder.endInterval(closed)
        clock.advance(by: .seconds(1))
        recorder.endInterval(closed)
        let intervals = recorder.intervals
        #expect(intervals.first { $0.id == open.id }?.end == nil)
        #expect(intervals.first { $0.id == closed.id }?.end == .zero)
    }

    @Test func theChromeTraceHasOneEndPerIntervalEvenWhenClosedTwice() throws {
        let clock = ManualClock()
        let recorder = TraceRecorder(clock: clock)
        let closed = recorder.beginInterval("task", message: "price:2")
        recorder.endInterval(closed)
        clock.advance(by: .seconds(1))
        recorder.endInterval(closed)
        // A token this recorder never handed out: nothing to close.
        recorder.endInterval(TraceInterval(id: 99, name: "task"))
        let phases = try decode(recorder.chromeTraceJSON()).compactMap { $0["ph"] as? String }
        // A second `e` for one id (or an `e` with no `b`) is an unmatched end to Perfetto.
        #expect(phases == ["M", "b", "e"])
    }

    @Test func removeAllKeepsCounting() {
        let recorder = TraceRecorder(clock: ManualClock())
        recorder.endInterval(recorder.beginInterval("task", message: "x"))
        #expect(recorder.recordCount == 2)
        recorder.removeAll()
        #expect(recorder.recordCount == 0)
        #expect(recorder.beginInterval("task", message: "y").id == 2)
    }

    @Test func aBoundedRecorderKeepsTheMostRecentRecordsAndCountsWhatItDropped() throws {
        let clock = ManualClock()
        let recorder = TraceRecorder(capacity: 4, retention: .mostRecent(6), clock: clock)
        for index in 0..<10 {
            clock.advance(by: .milliseconds(1))
            recorder.endInterval(recorder.beginInterval("task", message: "price:\(index)"))
        }
        #expect(recorder.recordCount == 6)
        #expect(recorder.droppedCount == 14)
        // The last three intervals, complete and in order.
        #expect(recorder.intervals.map(\.message) == ["price:7", "price:8", "price:9"])
        #expect(recorder.intervals.allSatisfy { $0.end != nil })

        // A bound that cuts an interval in two: its end is kept, its begin dropped, and the trace leaves it out.
        let cut = TraceRecorder(retention: .mostRecent(3), clock: clock)
        let first = cut.beginInterval("task", message: "price:1")
        let second = cut.beginInterval("task", message: "price:2")
        cut.endInterval(first)
        cut.endInterval(second)
        #expect(cut.intervals.map(\.message) == ["price:2"])
        let json = cut.chromeTraceJSON()
        #expect(!json.contains("price:1"))
        #expect(json.components(separatedBy: "\"ph\":\"e\"").count - 1 == 1)
    }

    @Test func theDefaultRetentionIsBounded() {
        #expect(TraceRecorder.Retention.standard == .mostRecent(262_144))
        let everything = TraceRecorder(retention: .all)
        for index in 0..<1_000 { everything.emitEvent("tick", message: "\(index)") }
        #expect(everything.recordCount == 1_000)
        #expect(everything.droppedCount == 0)
    }
}

