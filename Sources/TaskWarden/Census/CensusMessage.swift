/// The census protocol's messages — the one model both ends use: the endpoint encodes them and decodes
/// requests; `taskwarden top` encodes requests and decodes messages. Version 1, newline-delimited JSON
/// (Guides/Census.md).
///
/// Everything read from a socket is checked: numbers must be whole and in range (an age of 300 years, a pid
/// that is no pid, a `count` that is not the number of tasks are refused, with the field named), strings
/// valid, nesting shallow, lines bounded — so nothing a peer sends can make the reader trap or overflow.
///
/// ```swift
/// switch try CensusMessage.decode(line) {
/// case .hello(let hello): print(hello.process, hello.pid)
/// case .snapshot(let snapshot): print(snapshot.treeDescription())
/// case .error(let message): print("the endpoint said:", message)
/// }
/// ```
package enum CensusMessage: Equatable, Sendable {
    case hello(CensusHello)
    case snapshot(CensusSnapshot)
    case error(String)

    /// Decodes one line (without its newline).
    package static func decode(_ line: some Collection<UInt8>) throws(CensusProtocolError) -> CensusMessage {
        let bytes = Array(line)
        guard bytes.count <= CensusProtocol.maximumMessageLength else {
            throw CensusProtocolError("a message longer than \(CensusProtocol.maximumMessageLength) bytes")
        }
        guard let object = try CensusJSON.parse(bytes[...]).object else {
            throw CensusProtocolError("not a JSON object")
        }
        switch object["type"] {
        case .string("hello"):
            return .hello(try CensusHello(object))
        case .string("snapshot"):
            return .snapshot(try decodeSnapshot(object))
        case .string("error"):
            return .error(try text(object, "message", limit: CensusProtocol.maximumTextLength))
        case .string(let other):
            throw CensusProtocolError("an unknown message type '\(other.prefix(40))'")
        default:
            throw CensusProtocolError("a message without a string \"type\"")
        }
    }

    /// The line for this message, newline included.
    package func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        switch self {
        case .hello(let hello):
            bytes.append(contentsOf: #"{"type":"hello","protocol":"#.utf8)
            CensusWireFormat.appendInteger(Int64(hello.protocolVersion), to: &bytes)
            bytes.append(contentsOf: #","process":"#.utf8)
            CensusWireFormat.appendString(hello.process, to: &bytes)
            bytes.append(contentsOf: #","pid":"#.utf8)
            CensusWireFormat.appendInteger(Int64(hello.pid), to: &bytes)
            bytes.append(contentsOf: "}\n".utf8)
        case .error(let message):
            bytes.append(contentsOf: #"{"type":"error","message":"#.utf8)
            CensusWireFormat.appendString(message, to: &bytes)
            bytes.append(contentsOf: "}\n".utf8)
        case .snapshot(let snapshot):
            bytes = CensusWireFormat.snapshot(snapshot)
        }
        return bytes
    }

    private static func decodeSnapshot(_ object: [String: CensusJSON]) throws(CensusProtocolError) -> CensusSnapshot {
        let takenAt = try integer(object, "takenAtMs", in: 0...CensusProtocol.maximumMilliseconds)
        guard case .array(let tasks)? = object["tasks"] else {
            throw CensusProtocolError("a snapshot without a \"tasks\" list")
        }
        var records: [CensusRecord] = []
        records.reserveCapacity(tasks.count)
        for (position, task) in tasks.enumerated() {
            guard let task = task.object else { throw CensusProtocolError("task \(position) is not a JSON object") }
            do throws(CensusProtocolError) {
                let age = try integer(task, "ageMs", in: 0...takenAt)
                let parent: TaskID?
                switch task["parent"] {
                case .null?, nil: parent = nil
                default: parent = try taskID(task, "parent")
                }
                records.append(CensusRecord(
                    name: try text(task, "name", limit: CensusProtocol.maximumTextLength),
                    id: try taskID(task, "id"),
                    parentID: parent,
                    fileID: try text(task, "file", limit: CensusProtocol.maximumTextLength),
                    line: Int(try integer(task, "line", in: 0...Int64(Int32.max))),
                    startedAt: .milliseconds(takenAt - age)))
            } catch {
                throw CensusProtocolError("task \(position): \(error.message)")
            }
        }
        if let count = object["count"] {
            guard count.integer == Int64(tasks.count) else {
                throw CensusProtocolError("\"count\" is not the number of tasks (\(tasks.count))")
            }
        }
        return CensusSnapshot(takenAt: .milliseconds(takenAt), records: records)
    }

    static func integer(
        _ object: [String: CensusJSON], _ key: String, in range: ClosedRange<Int64>
    ) throws(CensusProtocolError) -> Int64 {
        switch object[key] {
        case .integer(let value)?:
            guard range.contains(value) else {
                throw CensusProtocolError("\"\(key)\" \(value) is outside \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        case .nonInteger(let text)?:
            throw CensusProtocolError("\"\(key)\" \(text.prefix(40)) is not a whole number in range")
        case nil:
            throw CensusProtocolError("no \"\(key)\"")
        default:
            throw CensusProtocolError("\"\(key)\" is not a number")
        }
    }

    /// A task id: a whole number in `0...UInt64.max` (a negative one is read as the bit pattern an older
    /// endpoint wrote for ids above `Int64.max`).
    static func taskID(_ object: [String: CensusJSON], _ key: String) throws(CensusProtocolError) -> TaskID {
        if case .unsignedInteger(let value)? = object[key] { return TaskID(rawValue: value) }
        return TaskID(rawValue: UInt64(bitPattern: try integer(object, key, in: .min ... .max)))
    }

    static func text(_ object: [String: CensusJSON], _ key: String, limit: Int) throws(CensusProtocolError) -> String {
        guard let text = object[key]?.string else { throw CensusProtocolError("no string \"\(key)\"") }
        guard text.utf8.count <= limit else { throw CensusProtocolError("\"\(key)\" is longer than \(limit) bytes") }
        return text
    }
}

/// The first line an endpoint sends: who is serving.
package struct CensusHello: Equatable, Sendable {
    package var process: String
    package var pid: Int32
    package var protocolVersion: Int

    package init(process: String, pid: Int32, protocolVersion: Int = CensusProtocol.version) {
        self.process = process
        self.pid = pid
        self.protocolVersion = protocolVersion
    }

    init(_ object: [String: CensusJSON]) throws(CensusProtocolError) {
        protocolVersion = Int(try CensusMessage.integer(object, "protocol", in: 1...1_000_000))
        pid = Int32(try CensusMessage.integer(object, "pid", in: 1...Int64(Int32.max)))
        process = try CensusMessage.text(object, "process", limit: CensusProtocol.maximumTextLength)
    }
}

/// What a client asks the endpoint for.
package enum CensusRequest: Equatable, Sendable {
    /// One snapshot, now.
    case snapshot
    /// A snapshot now and every `intervalMilliseconds` (within ``CensusProtocol/streamIntervals``).
    case stream(intervalMilliseconds: Int)
    /// End the stream.
    case stop

    /// The line for this request, newline included.
    package func encoded() -> [UInt8] {
        switch self {
        case .snapshot: return Array(#"{"type":"snapshot"}"#.utf8) + [0x0A]
        case .stop: return Array(#"{"type":"stop"}"#.utf8) + [0x0A]
        case .stream(let interval):
            var bytes = Array(#"{"type":"stream","intervalMs":"#.utf8)
            CensusWireFormat.appendInteger(Int64(interval), to: &bytes)
            bytes.append(contentsOf: "}\n".utf8)
            return bytes
        }
    }

    /// Decodes one request line (without its newline); the error's message goes back to the client.
    package static func decode(_ line: ArraySlice<UInt8>) throws(CensusProtocolError) -> CensusRequest {
        guard line.count <= CensusProtocol.maximumRequestLength else {
            throw CensusProtocolError("request longer than \(CensusProtocol.maximumRequestLength) bytes")
        }
        let parsed: CensusJSON
        do throws(CensusProtocolError) {
            parsed = try CensusJSON.parse(line)
        } catch {
            throw CensusProtocolError("not a JSON object: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        guard let object = parsed.object else {
            throw CensusProtocolError("not a JSON object: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        switch object["type"] {
        case .string("snapshot"):
            return .snapshot
        case .string("stop"):
            return .stop
        case .string("stream"):
            let range = CensusProtocol.streamIntervals
            guard let interval = object["intervalMs"]?.integer, range.contains(Int(clamping: interval)) else {
                throw CensusProtocolError("stream needs \"intervalMs\" between \(range.lowerBound) and \(range.upperBound)")
            }
            return .stream(intervalMilliseconds: Int(interval))
        case .string(let other):
            throw CensusProtocolError("unknown request type '\(other.prefix(40))' (known: snapshot, stream, stop)")
        default:
            throw CensusProtocolError("request without a string \"type\"")
        }
    }
}

/// The protocol's version and bounds.
package enum CensusProtocol {
    package static let version = 1
    /// Longest request line an endpoint accepts; a longer one is an error and the client is dropped.
    package static let maximumRequestLength = 4_096
    /// Longest message line a client accepts (a snapshot of many tasks is long).
    package static let maximumMessageLength = 16 << 20
    /// Longest name, file or process name a client accepts.
    package static let maximumTextLength = 64 << 10
    /// The largest time a message may carry, in milliseconds: a hundred years.
    package static let maximumMilliseconds: Int64 = 100 * 366 * 24 * 3_600 * 1_000
    /// The stream intervals an endpoint accepts, in milliseconds.
    package static let streamIntervals = 10...3_600_000
}

/// Why a census line could not be read, in words that name the field.
package struct CensusProtocolError: Error, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
