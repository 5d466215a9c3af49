/// The census endpoint's protocol, version 1: newline-delimited JSON objects, one per line, UTF-8.
///
/// Server, on connect: `{"type":"hello","protocol":1,"process":"price-check","pid":4242}`.
/// Client requests: `{"type":"snapshot"}`, `{"type":"stream","intervalMs":100}`, `{"type":"stop"}`.
/// Server answers a snapshot request, and every stream interval, with
///
/// ```json
/// {"type":"snapshot","takenAtMs":5120,"count":1,"tasks":[{"id":19,"parent":12,"name":"price:4471",
///  "family":"price","file":"PriceCheck/PriceCheckRun.swift","line":40,"ageMs":300}]}
/// ```
///
/// (one line on the wire) and a bad request with `{"type":"error","message":"…"}`. Guides/Census.md is the
/// full description. Encoding appends bytes directly: a stream of 10,000 tasks at 10 Hz must cost the served
/// process little.
enum CensusWireFormat {
    static let protocolVersion = 1
    /// Longest request line accepted; a longer one is an error and the client is dropped.
    static let maximumRequestLength = 4_096

    static func hello(processName: String, pid: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: #"{"type":"hello","protocol":"#.utf8)
        appendInteger(Int64(protocolVersion), to: &bytes)
        bytes.append(contentsOf: #","process":"#.utf8)
        appendString(processName, to: &bytes)
        bytes.append(contentsOf: #","pid":"#.utf8)
        appendInteger(Int64(pid), to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    static func error(_ message: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: #"{"type":"error","message":"#.utf8)
        appendString(message, to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    static func snapshot(_ snapshot: CensusSnapshot) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + snapshot.records.count * 140)
        bytes.append(contentsOf: #"{"type":"snapshot","takenAtMs":"#.utf8)
        appendInteger(milliseconds(snapshot.takenAt), to: &bytes)
        bytes.append(contentsOf: #","count":"#.utf8)
        appendInteger(Int64(snapshot.records.count), to: &bytes)
        bytes.append(contentsOf: #","tasks":["#.utf8)
        for (index, record) in snapshot.records.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"id":"#.utf8)
            appendInteger(Int64(bitPattern: record.id.rawValue), to: &bytes)
            bytes.append(contentsOf: #","parent":"#.utf8)
            if let parent = record.parentID {
                appendInteger(Int64(bitPattern: parent.rawValue), to: &bytes)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
            bytes.append(contentsOf: #","name":"#.utf8)
            appendString(record.name, to: &bytes)
            bytes.append(contentsOf: #","family":"#.utf8)
            appendString(record.family, to: &bytes)
            bytes.append(contentsOf: #","file":"#.utf8)
            appendString(record.fileID, to: &bytes)
            bytes.append(contentsOf: #","line":"#.utf8)
            appendInteger(Int64(record.line), to: &bytes)
            bytes.append(contentsOf: #","ageMs":"#.utf8)
            appendInteger(milliseconds(snapshot.takenAt - record.startedAt), to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: "]}\n".utf8)
        return bytes
    }

    // MARK: Requests

    enum Request: Equatable {
        case snapshot
        case stream(intervalMilliseconds: Int)
        case stop
    }

    /// Parses one request line; the error text goes back to the client.
    static func request(_ line: ArraySlice<UInt8>) -> Result<Request, RequestError> {
        guard let object = FlatJSONObject(line) else {
            return .failure(RequestError(message: "not a JSON object: \(String(decoding: line.prefix(80), as: UTF8.self))"))
        }
        switch object.strings["type"] {
        case "snapshot":
            return .success(.snapshot)
        case "stop":
            return .success(.stop)
        case "stream":
            guard let interval = object.integers["intervalMs"], interval >= 10, interval <= 3_600_000 else {
                return .failure(RequestError(message: "stream needs \"intervalMs\" between 10 and 3600000"))
            }
            return .success(.stream(intervalMilliseconds: interval))
        case let other?:
            return .failure(RequestError(message: "unknown request type '\(other)' (known: snapshot, stream, stop)"))
        case nil:
            return .failure(RequestError(message: "request without a string \"type\""))
        }
    }

    struct RequestError: Error, Equatable {
        let message: String
    }

    // MARK: Encoding primitives

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(seconds * 1_000 + attoseconds / 1_000_000_000_000_000, 0)
    }

    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func appendString<S: StringProtocol>(_ text: S, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array(#"\u00"#.utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
