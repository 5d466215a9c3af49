import Testing
@testable import TaskWarden

/// The census message model both ends use: what it writes reads back the same, and nothing a peer sends can
/// make the reader trap, overflow or hold more than a line.
@Suite struct CensusMessageTests {
    private func decode(_ text: String) throws(CensusProtocolError) -> CensusMessage {
        try CensusMessage.decode(Array(text.utf8))
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func everyMessageReadsBackAsWritten() throws {
        let hello = CensusMessage.hello(CensusHello(process: "price-check \"quoted\"\n", pid: 4242))
        let error = CensusMessage.error("unknown request type 'x'")
        let snapshot = CensusMessage.snapshot(CensusSnapshot(takenAt: .milliseconds(51_200), records: [
            CensusRecord(name: "price-check:round-3", id: TaskID(rawValue: 12), parentID: nil,
                         fileID: "PriceCheck/ServeCensusMode.swift", line: 33, startedAt: .milliseconds(49_750)),
            CensusRecord(name: "price:4471\u{1B}]0;title\u{07}", id: TaskID(rawValue: .max), parentID: TaskID(rawValue: 12),
                         fileID: "PriceCheck/PriceCheckRun.swift", line: 36, startedAt: .milliseconds(51_160)),
        ]))
        for message in [hello, error, snapshot] {
            let line = message.encoded()
            #expect(line.last == 0x0A)
            #expect(try CensusMessage.decode(line.dropLast()) == message)
        }
        for request in [CensusRequest.snapshot, .stop, .stream(intervalMilliseconds: 100)] {
            #expect(try CensusRequest.decode(request.encoded().dropLast()[...]) == request)
        }
    }

    @Test func numbersOutOfRangeAreRefusedWithTheFieldNamed() {
        let task = #"{"id":1,"parent":null,"name":"a","family":"a","file":"f.swift","line":3,"ageMs":AGE}"#
        func snapshot(takenAt: String = "5120", age: String, count: String = "1") -> String {
            #"{"type":"snapshot","takenAtMs":\#(takenAt),"tasks":[\#(task.replacingOccurrences(of: "AGE", with: age))],"count":\#(count)}"#
        }
        // The age `top` once trapped on, as written by a hostile peer, in both spellings.
        #expect(refusal(snapshot(age: "9.3e12"))?.contains("\"ageMs\" 9.3e12 is not a whole number") == true)
        #expect(refusal(snapshot(takenAt: "9300000000001", age: "9300000000000"))?.contains("\"takenAtMs\"") == true)
        #expect(refusal(snapshot(age: "9300000000000"))?.contains("task 0: \"ageMs\" 9300000000000 is outside 0...5120") == true)
        #expect(refusal(snapshot(age: "-1"))?.contains("\"ageMs\" -1 is outside") == true)
        #expect(refusal(snapshot(age: "99999999999999999999999"))?.contains("is not a whole number") == true)
        #expect(refusal(snapshot(age: "10", count: "2"))?.contains("\"count\" is not the number of tasks (1)") == true)
        #expect(refusal(#"{"type":"hello","protocol":1,"process":"p","pid":0}"#)?.contains("\"pid\" 0 is outside") == true)
        #expect(refusal(#"{"type":"hello","protocol":1.5,"process":"p","pid":3}"#)?.contains("\"protocol\"") == true)
        #expect(refusal(#"{"type":"snapshot","takenAtMs":1,"tasks":[{"id":1,"name":"a","file":"f","line":-2,"ageMs":0}]}"#)?
            .contains("\"line\" -2 is outside") == true)
    }

    @Test func theLargestAcceptedTimesFormatWithoutOverflow() throws {
        let most = CensusProtocol.maximumMilliseconds
        let line = #"{"type":"snapshot","takenAtMs":\#(most),"tasks":[{"id":18446744073709551615,"parent":18446744073709551615,"name":"a","file":"f","line":2147483647,"ageMs":\#(most)}],"count":1}"#
        guard case .snapshot(let snapshot) = try decode(line) else {
            Issue.record("expected a snapshot")
            return
        }
        #expect(snapshot.records.first?.parentID == TaskID(rawValue: .max))
        #expect(snapshot.treeDescription().contains("age 3162"))   // a hundred years of seconds, printed, no trap
    }

    @Test func malformedLinesAreRefusedNotTrappedOn() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(refusal(#"{"type":"snapshot","takenAtMs":1,"tasks":\#(deep)}"#)?.contains("nested deeper") == true)
        #expect(refusal(#"{"type":"error","message":"\ud800"}"#)?.contains("lone high surrogate") == true)
        #expect(refusal(#"{"type":"error","message":"tab\#there"}"#)?.contains("control character") == true)
        #expect(refusal(#"{"type":"error","message":"x"} trailing"#)?.contains("after the JSON value") == true)
        #expect(refusal(#"["type"]"#) == "not a JSON object")
        #expect(refusal(#"{"type":7}"#) == "a message without a string \"type\"")
        #expect(refusal(#"{"type":"gossip"}"#) == "an unknown message type 'gossip'")
        #expect(refusal(#"{"type":"snapshot","takenAtMs":1,"tasks":[7]}"#) == "task 0 is not a JSON object")
        let long = Array(repeating: UInt8(ascii: " "), count: CensusProtocol.maximumMessageLength + 1)
        #expect(throws: CensusProtocolError.self) { try CensusMessage.decode(long) }
        #expect(throws: CensusProtocolError("stream needs \"intervalMs\" between 10 and 3600000")) {
            try CensusRequest.decode(Array(#"{"type":"stream","intervalMs":9223372036854775807}"#.utf8)[...])
        }
    }
}
