import Foundation
import Testing
@testable import TaskWardenTimeline

@Suite("Trace event reader")
struct TraceEventReaderTests {
    func events(_ json: String, chunkSize: Int = ByteInput.defaultChunkSize) throws -> [JSONValue] {
        var reader = TraceEventReader(ByteInput(.bytes(Array(json.utf8)), chunkSize: chunkSize), source: "t.json")
        var events: [JSONValue] = []
        while let event = try reader.nextEvent() { events.append(event) }
        return events
    }

    func timeline(_ json: String, chunkSize: Int) throws -> Timeline {
        try ChromeTraceParser.parse(ByteInput(.bytes(Array(json.utf8)), chunkSize: chunkSize), source: "t.json")
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func chunkBoundariesAnywhereGiveTheSameTimeline(chunkSize: Int) throws {
        let whole = try ChromeTraceParser.parse(Data(ChromeTraceParserTests.recorderTrace.utf8), source: "t.json")
        #expect(try timeline(ChromeTraceParserTests.recorderTrace, chunkSize: chunkSize) == whole)
    }

    @Test func materialisesEventsWithTheirValuesExactly() throws {
        let read = try events(#"""
        [{"ph":"X","name":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/","id":18446744073709551615,"ts":-1.5e3,"args":{"a":[true,false,null,{}]}}]
        """#)
        #expect(read.count == 1)
        let event = try #require(read.first)
        #expect(event["name"] == .string("café 😀 \"q\" \\ /"))
        #expect(event["id"]?.text == "18446744073709551615")  // not rounded through Double
        #expect(event["ts"]?.doubleValue == -1500)
        #expect(event["args"]?["a"]?.compactJSON == "[true,false,null,{}]")
    }

    @Test func theObjectFormSkipsOtherMembersWithoutBuildingThem() throws {
        let read = try events(#"""
        {"metadata":{"nested":[1,[2,{"x":"]}"}]]},"systemTraceEvents":"# tracer: nop\n[{not json",
         "traceEvents":[{"ph":"i","ts":1}],"displayTimeUnit":"ns","traceEvents":[{"ph":"i","ts":2}]}
        """#)
        #expect(read == [.object([JSONMember(key: "ph", value: .string("i")), JSONMember(key: "ts", value: .number("1"))])])
    }

    @Test func aByteOrderMarkAndAnArrayCutShortAfterItsCommaAreAccepted() throws {
        #expect(try events("\u{FEFF}[{\"ph\":\"i\",\"ts\":1},\n  ").count == 1)
        #expect(try events("[").isEmpty)
        #expect(try events("[{\"ph\":\"i\",\"ts\":1}").count == 1)
    }

    @Test(arguments: [
        (#"[{"ph":"i"}] x"#, "unexpected 'x' where the end of the file belongs at byte 13"),
        (#"{"traceEvents":[{"ph":"i"}]"#, "the trace ends inside its top-level object at byte 27"),
        (#"{"traceEvents":[{"ph":"i"},"#, "the trace ends inside the \"traceEvents\" array at byte 27"),
        (#"[{"ph":"i",}]"#, "expected a member name at byte 12"),
        (#"[{"ph":"\x"}]"#, "invalid escape '\\x' in a string at byte 8"),
        ("[{\"ph\":\"a\u{1}\"}]", "an unescaped control character (byte 0x1) inside a string at byte 9"),
        (#"[{"ts":01}]"#, "unexpected '1' where ',' or '}' belongs at byte 8"),
        (#"[{"ts":1.}]"#, "invalid number (no digits after '.') at byte 7"),
        (#"[{"ph":tru}]"#, "invalid literal (expected 'true') at byte 7"),
        (#"[{"ph":"i"} {"ph":"i"}]"#, "unexpected '{' where ',' or ']' between events belongs at byte 12"),
    ])
    func malformedJSONIsRejectedWithTheReasonAndWhere(json: String, reason: String) {
        #expect(throws: TimelineError.notJSON(source: "t.json", reason: reason)) { try events(json) }
    }

    @Test func invalidUTF8InAStringIsRejected() {
        var bytes = Array(#"[{"name":"a"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}]"#.utf8)
        #expect(throws: TimelineError.notJSON(source: "t.json", reason: "a string that is not valid UTF-8 at byte 9")) {
            var reader = TraceEventReader(ByteInput(.bytes(bytes)), source: "t.json")
            while try reader.nextEvent() != nil {}
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let json = "[{\"args\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]"
        #expect(throws: TimelineError.notJSON(
            source: "t.json", reason: "values nested deeper than \(TraceEventReader.maximumDepth) levels at byte \(9 + 510)")) {
            try events(json)
        }
    }

    /// The input is read a chunk at a time: however large the trace, no more than one chunk is held.
    @Test func neverHoldsMoreThanOneChunkOfTheInput() throws {
        let event = #"{"ph":"X","pid":1,"tid":1,"name":"work","ts":0,"dur":1}"#
        let json = "[" + Array(repeating: event, count: 2_000).joined(separator: ",") + "]"
        var reader = TraceEventReader(ByteInput(.bytes(Array(json.utf8)), chunkSize: 4096), source: "t.json")
        var count = 0
        while try reader.nextEvent() != nil { count += 1 }
        #expect(count == 2_000)
        #expect(json.utf8.count > 100_000)
        #expect(reader.largestChunk == 4096)
    }

    /// `JSONSerialization` read UTF-16 and UTF-32 traces (by byte order mark or by the pattern of zero bytes);
    /// they still read the same, however the chunks fall.
    @Test(arguments: [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian, .utf32BigEndian])
    func utf16AndUTF32TracesReadLikeUTF8(encoding: String.Encoding) throws {
        let json = #"[{"ph":"X","pid":1,"tid":1,"name":"caf\u00e9 😀 ","ts":0,"dur":1}]"#
        let expected = try ChromeTraceParser.parse(Data(json.utf8), source: "t.json")
        let encoded = try #require(json.data(using: encoding))
        for chunkSize in [1, 3, 5, 64] {
            let timeline = try ChromeTraceParser.parse(ByteInput(.bytes(Array(encoded)), chunkSize: chunkSize), source: "t.json")
            #expect(timeline == expected)
            #expect(timeline.tracks.first?.spans.first?.name == "café 😀 ")
        }
    }
}

