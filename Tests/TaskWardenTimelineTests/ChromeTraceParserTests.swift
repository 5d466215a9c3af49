import Foundation
import Testing
@testable import TaskWardenTimeline

@Suite("Chrome trace parser")
struct ChromeTraceParserTests {
    func parse(_ json: String) throws -> Timeline {
        try ChromeTraceParser.parse(Data(json.utf8), source: "fixture.json")
    }

    /// The shape TaskWarden's TraceRecorder writes: async pairs, one id per task, args with task ids.
    static let recorderTrace = #"""
    {"displayTimeUnit":"ms","traceEvents":[
    {"ph":"M","pid":1,"tid":0,"name":"process_name","args":{"name":"price-check"}},
    {"ph":"b","cat":"price-check","name":"price-check","id":"0x1","pid":1,"tid":0,"ts":0.000,"args":{"task":7,"parentTask":0,"interval":1,"parentInterval":0}},
    {"ph":"b","cat":"task","name":"price:2","id":"0x3","pid":1,"tid":0,"ts":12.500,"args":{"task":9,"parentTask":7,"interval":3,"parentInterval":1}},
    {"ph":"b","cat":"task","name":"price:1","id":"0x2","pid":1,"tid":0,"ts":10.000,"args":{"task":8,"parentTask":7,"interval":2,"parentInterval":1}},
    {"ph":"n","cat":"retry","name":"retry after 429","id":"0x2","pid":1,"tid":0,"ts":20.000},
    {"ph":"e","cat":"task","name":"price:1","id":"0x2","pid":1,"tid":0,"ts":40.000},
    {"ph":"e","cat":"price-check","name":"price-check","id":"0x1","pid":1,"tid":0,"ts":100.000}
    ]}
    """#

    @Test func readsTaskWardenTracesIntoOneRowPerTaskGroupedByPrefix() throws {
        let timeline = try parse(Self.recorderTrace)
        #expect(timeline.tracks.map(\.name) == ["price-check", "price:1", "price:2"])
        #expect(timeline.tracks.map(\.group) == ["price-check", "price", "price"])
        #expect(timeline.groups == ["price-check", "price"])
        #expect(timeline.start == 0)
        #expect(timeline.end == 100)
        let first = try #require(timeline.tracks.first { $0.name == "price:1" })
        #expect(first.spans.map { [$0.start, $0.end] } == [[10, 40]])
        #expect(first.spans[0].args.map(\.key) == ["interval", "parentInterval", "parentTask", "task"])
        #expect(first.spans[0].args.first { $0.key == "task" }?.value == "8")
        #expect(first.instants == [TimelineInstant(name: "retry after 429", time: 20)])
        // price:2 never ended: drawn to the end of the trace and marked.
        let second = try #require(timeline.tracks.first { $0.name == "price:2" })
        #expect(second.spans[0].end == 100)
        #expect(second.spans[0].isUnfinished)
    }

    @Test func readsThreadDurationEventsFromOtherTools() throws {
        let timeline = try parse(#"""
        [
        {"ph":"M","pid":5,"tid":11,"name":"thread_name","args":{"name":"worker-1"}},
        {"ph":"M","pid":5,"name":"process_name","args":{"name":"server"}},
        {"ph":"X","pid":5,"tid":11,"name":"handle","ts":100,"dur":50},
        {"ph":"B","pid":5,"tid":11,"name":"decode","ts":110},
        {"ph":"E","pid":5,"tid":11,"ts":120},
        {"ph":"i","pid":5,"tid":11,"name":"gc","ts":130,"s":"t"},
        {"ph":"C","pid":5,"name":"queue","ts":100,"args":{"depth":3}},
        {"ph":"X","pid":5,"tid":"12","name":"idle","ts":90,"dur":5}
        ]
        """#)
        #expect(timeline.tracks.map(\.name) == ["thread 12", "worker-1"])
        #expect(Set(timeline.tracks.map(\.group)) == ["server"])
        let worker = try #require(timeline.tracks.first { $0.name == "worker-1" })
        #expect(worker.spans.map(\.name) == ["handle", "decode"])
        #expect(worker.spans.map(\.depth) == [0, 1])
        #expect(worker.instants.map(\.name) == ["gc"])
        #expect(timeline.skipped.total == 0)
    }

    @Test func acceptsAnArrayCutShortWithoutItsClosingBracket() throws {
        let timeline = try parse(#"[{"ph":"X","pid":1,"tid":1,"name":"a","ts":0,"dur":5},"#)
        #expect(timeline.spanCount == 1)
    }

    @Test func legacyAsyncAndId2AreUnderstood() throws {
        let timeline = try parse(#"""
        [{"ph":"S","cat":"net","name":"fetch:1","id":7,"pid":1,"ts":0},
         {"ph":"F","cat":"net","name":"fetch:1","id":7,"pid":1,"ts":9},
         {"ph":"b","cat":"net","name":"fetch:2","id2":{"local":"0x9"},"pid":1,"ts":1},
         {"ph":"e","cat":"net","name":"fetch:2","id2":{"local":"0x9"},"pid":1,"ts":4}]
        """#)
        #expect(timeline.tracks.map(\.name) == ["fetch:1", "fetch:2"])
        #expect(timeline.tracks.map(\.group) == ["fetch", "fetch"])
        #expect(timeline.tracks.flatMap(\.spans).map(\.end) == [9, 4])
    }

    @Test func countsWhatItCannotUse() throws {
        let timeline = try parse(#"""
        [{"ph":"X","pid":1,"tid":1,"name":"ok","ts":0,"dur":1},
         {"ph":"X","pid":1,"tid":1,"name":"no-ts"},
         {"name":"no-ph","ts":3},
         {"ph":"e","cat":"c","name":"orphan","id":1,"ts":4},
         {"ph":"b","cat":"c","name":"no-id","ts":4},
         {"ph":"Z","ts":5},
         42]
        """#)
        #expect(timeline.spanCount == 1)
        #expect(timeline.skipped.counts == [
            "without a numeric \"ts\"": 1, "without \"ph\"": 1, "ending nothing open": 1,
            "async without \"id\"": 1, "with unsupported phase \"Z\"": 1, "not a JSON object": 1,
        ])
    }

    @Test func badInputGetsAnErrorNamingIt() {
        #expect {
            try parse("this is not json")
        } throws: { error in
            guard case .notJSON(let source, _) = error as? TimelineError else { return false }
            return source == "fixture.json"
        }
        #expect(throws: TimelineError.notATrace(source: "fixture.json", reason: "a JSON object without a \"traceEvents\" array")) {
            try parse(#"{"events":[]}"#)
        }
        #expect {
            try parse(#"[{"ph":"C","ts":1}]"#)
        } throws: { error in
            (error as? TimelineError)?.description == "'fixture.json' has no spans to draw (1 events)"
        }
    }

    @Test func nonFiniteOrHugeTimesAreSkippedAndNamed() throws {
        let timeline = try parse(#"""
        [{"ph":"X","pid":1,"tid":1,"name":"ok","ts":5,"dur":1},
         {"ph":"X","pid":1,"tid":1,"name":"inf","ts":"inf","dur":1},
         {"ph":"b","cat":"t","name":"nan","id":1,"ts":"nan"},
         {"ph":"X","pid":1,"tid":1,"name":"huge","ts":1e308,"dur":1},
         {"ph":"X","pid":1,"tid":1,"name":"tiny","ts":-1e308},
         {"ph":"X","pid":1,"tid":1,"name":"overflow","ts":1e400},
         {"ph":"X","pid":1,"tid":1,"name":"long","ts":6,"dur":"Infinity"}]
        """#)
        #expect(timeline.spanCount == 1)
        #expect([timeline.start, timeline.end] == [5, 6])
        let ts = "with a non-finite or out-of-range \"ts\""
        let dur = "with a non-finite or out-of-range \"dur\""
        #expect(timeline.skipped.counts == [ts: 5, dur: 1])
        #expect(timeline.skipped.examples[ts] == [
            #"event 1 "inf" (ts inf)"#, #"event 2 "nan" (ts nan)"#, #"event 3 "huge" (ts 1e+308)"#,
        ])
        #expect(timeline.skipped.explanations == [
            #"1 event with a non-finite or out-of-range "dur": event 6 "long" (dur Infinity)"#,
            #"5 events with a non-finite or out-of-range "ts": event 1 "inf" (ts inf), event 2 "nan" (ts nan), "#
                + #"event 3 "huge" (ts 1e+308), and 2 more"#,
        ])
    }

    @Test func aTraceWithOnlyUnusableTimesNamesThem() {
        #expect {
            try parse(#"[{"ph":"X","name":"a","ts":"-inf"}]"#)
        } throws: { error in
            (error as? TimelineError)?.description == #"'fixture.json' has no spans to draw (1 events; skipped: "#
                + #"1 event with a non-finite or out-of-range "ts": event 0 "a" (ts -inf))"#
        }
    }
}

