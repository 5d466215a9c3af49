/// The census endpoint's protocol, version 1: newline-delimited JSON objects, one per line, UTF-8.
///
/// Server, on connect: `{"type":"hello","protocol":1,"process":"price-check","pid":4242}`.
/// Client requests: `{"type":"snapshot"}`, `{"type":"stream","intervalMs":100}`, `{"type":"stop"}`.
/// Server answers a snapshot request, and every stream interval, with
///
/// ```json
/// {"type":"snapshot","takenAtMs":5120,"tasks":[{"id":19,"parent":12,"name":"price:4471",
///  "family":"price","file":"PriceCheck/PriceCheckRun.swift","line":40,"ageMs":300}],"count":1}
/// ```
///
/// (one line on the wire) and a bad request with `{"type":"error","message":"…"}`. Guides/Census.md is the
/// full description; the messages themselves are ``CensusMessage`` and ``CensusRequest``. This is the
/// endpoint's fast snapshot encoder and the encoding primitives: it appends bytes directly, because a stream of
/// 10,000 tasks at 10 Hz must cost the served process little.
enum CensusWireFormat {
    /// A snapshot line from a ``CensusSnapshot`` (the endpoint encodes its live entries directly, below).
    static func snapshot(_ snapshot: CensusSnapshot) -> [UInt8] {
        let entries: [CensusEntry?] = snapshot.records.map { record in
            let entry = CensusEntry(
                name: record.name, parentID: record.parentID, fileID: record.fileID, line: record.line,
                startedAt: record.startedAt)
            entry.id = record.id
            return entry
        }
        return Self.snapshot(takenAt: snapshot.takenAt, entries: entries)
    }

    /// A snapshot line from the census's live entries (in slab order: clients sort as they need).
    ///
    /// This runs at every stream tick with every live task, so it writes through a pointer into one buffer
    /// sized for the worst case (every byte escaped), copying each string straight from its UTF-8 storage:
    /// through `CensusSnapshot` and `Array.append` calls it cost ~17 ms of CPU per 10,000 tasks (see the
    /// census-serve benchmark).
    static func snapshot(takenAt: Duration, entries: [CensusEntry?]) -> [UInt8] {
        var bound = 128
        for case let entry? in entries { bound += 200 + 12 * entry.name.utf8.count + 6 * entry.fileID.utf8.count }
        let takenAtMilliseconds = milliseconds(takenAt)
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            var writer = ByteWriter(base: buffer.baseAddress!)
            var count = 0
            writer.write(Self.snapshotStart)
            writer.write(takenAtMilliseconds)
            writer.write(Self.tasksKey)
            for case let entry? in entries {
                if count > 0 { writer.write(UInt8(ascii: ",")) }
                count += 1
                writer.write(Self.idKey)
                writer.write(entry.id.rawValue)
                writer.write(Self.parentKey)
                if let parent = entry.parentID {
                    writer.write(parent.rawValue)
                } else {
                    writer.write(Self.nullValue)
                }
                var name = entry.name
                name.withUTF8 { name in
                    writer.write(Self.nameKey)
                    writer.writeEscaped(name)
                    writer.write(Self.familyKey)
                    let colon = name.firstIndex(of: UInt8(ascii: ":")) ?? name.endIndex
                    writer.writeEscaped(UnsafeBufferPointer(rebasing: name[..<colon]))
                }
                writer.write(Self.fileKey)
                var file = entry.fileID
                file.withUTF8 { writer.writeEscaped($0) }
                writer.write(Self.lineKey)
                writer.write(Int64(entry.line))
                writer.write(Self.ageKey)
                writer.write(milliseconds(takenAt - entry.startedAt))
                writer.write(UInt8(ascii: "}"))
            }
            writer.write(Self.countKey)
            writer.write(Int64(count))
            writer.write(UInt8(ascii: "}"))
            writer.write(UInt8(ascii: "\n"))
            precondition(writer.offset <= bound)
            initialized = writer.offset
        }
    }

    // The snapshot's fixed parts.
    private static let snapshotStart = Array(#"{"type":"snapshot","takenAtMs":"#.utf8)
    private static let tasksKey = Array(#","tasks":["#.utf8)
    private static let idKey = Array(#"{"id":"#.utf8)
    private static let parentKey = Array(#","parent":"#.utf8)
    private static let nullValue = Array("null".utf8)
    private static let nameKey = Array(#","name":"#.utf8)
    private static let familyKey = Array(#","family":"#.utf8)
    private static let fileKey = Array(#","file":"#.utf8)
    private static let lineKey = Array(#","line":"#.utf8)
    private static let ageKey = Array(#","ageMs":"#.utf8)
    private static let countKey = Array(#"],"count":"#.utf8)

    /// Writes at a cursor into memory the caller sized; one `memcpy` per piece.
    private struct ByteWriter {
        let base: UnsafeMutablePointer<UInt8>
        var offset = 0

        mutating func write(_ byte: UInt8) {
            base[offset] = byte
            offset += 1
        }

        mutating func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write($0) }
        }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            (base + offset).update(from: source, count: bytes.count)
            offset += bytes.count
        }

        mutating func write(_ value: Int64) {
            if value < 0 { write(UInt8(ascii: "-")) }
            write(value.magnitude)
        }

        mutating func write(_ value: UInt64) {
            var magnitude = value
            var digits = 1
            var probe = magnitude
            while probe >= 10 { probe /= 10; digits += 1 }
            var index = offset + digits - 1
            repeat {
                base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                index -= 1
            } while magnitude > 0
            offset += digits
        }

        /// A JSON string (quotes, backslashes and control characters escaped); at most 6 bytes per byte + 2.
        mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
            write(UInt8(ascii: "\""))
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                write(utf8)
            } else {
                var escaped: [UInt8] = []
                CensusWireFormat.appendEscapedBody(utf8, to: &escaped)
                write(escaped)
            }
            write(UInt8(ascii: "\""))
        }
    }

    // MARK: Encoding primitives

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(seconds * 1_000 + attoseconds / 1_000_000_000_000_000, 0)
    }

    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Digits fill a stack buffer from its end, then go into `bytes` in one copy.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &bytes) }
    }

    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            appendEscapedBody(utf8, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Every byte of `utf8`, escaped for a JSON string, without the quotes.
    static func appendEscapedBody(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        do {
            let hex = Array("0123456789abcdef".utf8)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0..<0x20:
                    bytes.append(contentsOf: Array(#"\u00"#.utf8))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
        }
    }
}
