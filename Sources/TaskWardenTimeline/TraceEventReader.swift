/// An incremental JSON reader for Chrome traces: it walks the bytes once and materialises one event at a time,
/// so memory holds one chunk of input and one event, never an object graph of the whole file.
///
/// Accepted, as `JSONSerialization` accepted them before: the array form `[{…}, …]`, the object form
/// `{"traceEvents":[…], …}` (other members are validated and skipped without being built), and an array cut
/// short without its `]` (after a complete event, with or without a trailing comma). A UTF-8 byte order mark
/// is skipped. Everything is checked as strict JSON to the last byte; errors give the byte offset.
struct TraceEventReader {
    /// How deep arrays and objects may nest (the same limit `JSONSerialization` has), so a hostile trace cannot
    /// exhaust the stack.
    static let maximumDepth = 512

    private enum State {
        case start
        /// Inside the events array; `first` until an event was read, `mayEndEarly` for the bare array form.
        case events(first: Bool, mayEndEarly: Bool)
        case finished
    }

    private var input: ByteInput
    private let source: String
    private var state = State.start
    /// True for the object form: after the events array, the rest of the object still has to be read.
    private var insideTopLevelObject = false
    private var scratch: [UInt8] = []
    /// Events returned so far; the index of the next one.
    private(set) var eventCount = 0

    init(_ input: ByteInput, source: String) {
        self.input = input
        self.source = source
    }

    /// The largest chunk of input held at once.
    var largestChunk: Int { input.largestChunk }

    /// The next event (any JSON value; the caller decides what an event must be), or nil once the whole
    /// document has been read and found well-formed.
    mutating func nextEvent() throws(TimelineError) -> JSONValue? {
        while true {
            switch state {
            case .start:
                try openEvents()
            case .finished:
                return nil
            case .events(let first, let mayEndEarly):
                try skipWhitespace()
                guard let byte = try input.peek() else {
                    guard mayEndEarly else { throw failure("the trace ends inside the \"traceEvents\" array") }
                    state = .finished  // a trace cut short: the format allows a missing `]`
                    return nil
                }
                if byte == UInt8(ascii: "]") {
                    input.advance()
                    try finishDocument()
                    return nil
                }
                if !first {
                    guard byte == UInt8(ascii: ",") else { throw unexpected(byte, expecting: "',' or ']' between events") }
                    input.advance()
                    try skipWhitespace()
                    if try input.peek() == nil {
                        guard mayEndEarly else { throw failure("the trace ends inside the \"traceEvents\" array") }
                        state = .finished  // `[{…},` cut short after the comma
                        return nil
                    }
                }
                let event = try parseValue(depth: 1)
                state = .events(first: false, mayEndEarly: mayEndEarly)
                eventCount += 1
                return event
            }
        }
    }

    // MARK: - The document around the events

    private mutating func openEvents() throws(TimelineError) {
        if try input.peek() == 0xEF {  // UTF-8 byte order mark
            input.advance()
            guard try input.next() == 0xBB, try input.next() == 0xBF else { throw failure("invalid UTF-8 at the start") }
        }
        try skipWhitespace()
        guard let byte = try input.peek() else { throw .notJSON(source: source, reason: "the file is empty") }
        switch byte {
        case UInt8(ascii: "["):
            input.advance()
            state = .events(first: true, mayEndEarly: true)
        case UInt8(ascii: "{"):
            input.advance()
            insideTopLevelObject = true
            guard try readMembers(untilTraceEvents: true) else {
                throw .notATrace(source: source, reason: "a JSON object without a \"traceEvents\" array")
            }
            state = .events(first: true, mayEndEarly: false)
        default:
            try skipValue(depth: 0)
            try skipWhitespace()
            if let extra = try input.peek() { throw unexpected(extra, expecting: "the end of the file") }
            throw .notATrace(source: source, reason: "neither an array of events nor an object with \"traceEvents\"")
        }
    }

    /// Reads the top-level object's members, skipping their values. With `untilTraceEvents`, stops right after
    /// `"traceEvents": [` and returns true; otherwise (or when the object ends first) returns false at its `}`.
    private mutating func readMembers(untilTraceEvents: Bool) throws(TimelineError) -> Bool {
        var first = untilTraceEvents  // when resuming after the events array, a ',' or '}' comes first
        var expectingMember = untilTraceEvents
        while true {
            try skipWhitespace()
            guard let byte = try input.peek() else { throw failure("the trace ends inside its top-level object") }
            if !expectingMember {
                if byte == UInt8(ascii: "}") {
                    input.advance()
                    return false
                }
                guard byte == UInt8(ascii: ",") else { throw unexpected(byte, expecting: "',' or '}' in the top-level object") }
                input.advance()
                expectingMember = true
                first = false
                continue
            }
            if first, byte == UInt8(ascii: "}") {
                input.advance()
                return false
            }
            guard byte == UInt8(ascii: "\"") else { throw unexpected(byte, expecting: "a member name") }
            input.advance()
            let key = try parseString(keep: true) ?? ""
            try skipWhitespace()
            guard try input.next() == UInt8(ascii: ":") else { throw failure("expected ':' after \"\(key)\"") }
            try skipWhitespace()
            if untilTraceEvents, key == "traceEvents" {
                guard try input.peek() == UInt8(ascii: "[") else {
                    throw .notATrace(source: source, reason: "a JSON object without a \"traceEvents\" array")
                }
                input.advance()
                return true
            }
            try skipValue(depth: 1)  // metadata, a repeated "traceEvents", systemTraceEvents text: not drawn
            expectingMember = false
        }
    }

    /// After the events array: the rest of the top-level object, then nothing but whitespace.
    private mutating func finishDocument() throws(TimelineError) {
        if insideTopLevelObject { _ = try readMembers(untilTraceEvents: false) }
        try skipWhitespace()
        if let byte = try input.peek() { throw unexpected(byte, expecting: "the end of the file") }
        state = .finished
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(TimelineError) -> JSONValue {
        try skipWhitespace()
        guard let byte = try input.peek() else { throw failure("the trace ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw failure("values nested deeper than \(Self.maximumDepth) levels") }
            input.advance()
            var members: [JSONMember] = []
            try readContainer(closing: UInt8(ascii: "}")) { reader throws(TimelineError) in
                guard try reader.input.next() == UInt8(ascii: "\"") else { throw reader.failure("expected a member name") }
                let key = try reader.parseString(keep: true) ?? ""
                try reader.skipWhitespace()
                guard try reader.input.next() == UInt8(ascii: ":") else { throw reader.failure("expected ':' after \"\(key)\"") }
                members.append(JSONMember(key: key, value: try reader.parseValue(depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw failure("values nested deeper than \(Self.maximumDepth) levels") }
            input.advance()
            var elements: [JSONValue] = []
            try readContainer(closing: UInt8(ascii: "]")) { reader throws(TimelineError) in
                elements.append(try reader.parseValue(depth: depth + 1))
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            input.advance()
            return .string(try parseString(keep: true) ?? "")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber(keep: true) ?? "0")
        default:
            return try parseLiteral()
        }
    }

    /// Like `parseValue` but builds nothing: for members of the top-level object that are not events.
    private mutating func skipValue(depth: Int) throws(TimelineError) {
        try skipWhitespace()
        guard let byte = try input.peek() else { throw failure("the trace ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw failure("values nested deeper than \(Self.maximumDepth) levels") }
            input.advance()
            let isObject = byte == UInt8(ascii: "{")
            try readContainer(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { reader throws(TimelineError) in
                if isObject {
                    guard try reader.input.next() == UInt8(ascii: "\"") else { throw reader.failure("expected a member name") }
                    _ = try reader.parseString(keep: false)
                    try reader.skipWhitespace()
                    guard try reader.input.next() == UInt8(ascii: ":") else { throw reader.failure("expected ':'") }
                }
                try reader.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            input.advance()
            _ = try parseString(keep: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try parseNumber(keep: false)
        default:
            _ = try parseLiteral()
        }
    }

    /// Reads `element, element, …` up to `closing` (the opening bracket already consumed), calling `element`
    /// with the reader positioned at each element's first non-blank byte.
    private mutating func readContainer(
        closing: UInt8, element: (inout TraceEventReader) throws(TimelineError) -> Void
    ) throws(TimelineError) {
        try skipWhitespace()
        if try input.peek() == closing {
            input.advance()
            return
        }
        while true {
            try skipWhitespace()
            try element(&self)
            try skipWhitespace()
            guard let byte = try input.next() else { throw failure("the trace ends inside an unclosed value") }
            if byte == closing { return }
            guard byte == UInt8(ascii: ",") else {
                throw failure("unexpected \(Self.describe(byte)) where ',' or '\(Character(Unicode.Scalar(closing)))' belongs", at: input.offset - 1)
            }
        }
    }

    private mutating func parseLiteral() throws(TimelineError) -> JSONValue {
        let start = input.offset
        guard let first = try input.peek() else { throw failure("the trace ends where a value was expected") }
        let (word, value): (String, JSONValue) = switch first {
        case UInt8(ascii: "t"): ("true", .bool(true))
        case UInt8(ascii: "f"): ("false", .bool(false))
        case UInt8(ascii: "n"): ("null", .null)
        default: throw unexpected(first, expecting: "a value")
        }
        for expected in word.utf8 {
            guard try input.next() == expected else { throw failure("invalid literal (expected '\(word)')", at: start) }
        }
        return value
    }

    /// JSON's number grammar; returns the literal when `keep`.
    private mutating func parseNumber(keep: Bool) throws(TimelineError) -> String? {
        let start = input.offset
        scratch.removeAll(keepingCapacity: true)
        func take(_ reader: inout TraceEventReader) throws(TimelineError) -> UInt8? {
            let byte = try reader.input.next()
            if keep, let byte { reader.scratch.append(byte) }
            return byte
        }
        func digits(_ reader: inout TraceEventReader) throws(TimelineError) -> Int {
            var count = 0
            while let byte = try reader.input.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                _ = try take(&reader)
                count += 1
            }
            return count
        }
        if try input.peek() == UInt8(ascii: "-") { _ = try take(&self) }
        if try input.peek() == UInt8(ascii: "0") {
            _ = try take(&self)
        } else if try digits(&self) == 0 {
            throw failure("invalid number", at: start)
        }
        if try input.peek() == UInt8(ascii: ".") {
            _ = try take(&self)
            guard try digits(&self) > 0 else { throw failure("invalid number (no digits after '.')", at: start) }
        }
        if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            _ = try take(&self)
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { _ = try take(&self) }
            guard try digits(&self) > 0 else { throw failure("invalid number (no digits in the exponent)", at: start) }
        }
        return keep ? String(decoding: scratch, as: UTF8.self) : nil
    }

    /// The string after its opening quote, unescaped; nil when not `keep`.
    private mutating func parseString(keep: Bool) throws(TimelineError) -> String? {
        let start = input.offset - 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            input.consumeStringRun(into: &scratch, keep: keep)
            guard let byte = try input.peek() else { throw failure("the trace ends inside a string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                input.advance()
                guard keep else { return nil }
                // Decoding repairs invalid UTF-8 with U+FFFD; it was valid exactly when nothing changed.
                let string = String(decoding: scratch, as: UTF8.self)
                if scratch.contains(where: { $0 >= 0x80 }), !string.utf8.elementsEqual(scratch) {
                    throw failure("a string that is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                input.advance()
                try parseEscape(keep: keep)
            case 0x00..<0x20:
                throw failure("an unescaped control character (\(Self.describe(byte))) inside a string")
            default:
                continue  // the run stopped at the end of a chunk
            }
        }
    }

    private mutating func parseEscape(keep: Bool) throws(TimelineError) {
        guard let byte = try input.next() else { throw failure("the trace ends inside a string escape") }
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            if keep { scratch.append(simple) }
            return
        }
        guard byte == UInt8(ascii: "u") else {
            let shown = (0x21..<0x7F).contains(byte) ? "'\\\(Character(Unicode.Scalar(byte)))'" : Self.describe(byte)
            throw failure("invalid escape \(shown) in a string", at: input.offset - 2)
        }
        var scalar = UInt32(try hexQuad())
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate needs `\uDC00`…`\uDFFF` right after it; a lone one becomes U+FFFD.
            if try input.peek() == UInt8(ascii: "\\") {
                input.advance()
                guard try input.next() == UInt8(ascii: "u") else { throw failure("invalid escape after a surrogate") }
                let low = UInt32(try hexQuad())
                scalar = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00..<0xE000).contains(scalar) {
            scalar = 0xFFFD
        }
        if keep { scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8) }
    }

    private mutating func hexQuad() throws(TimelineError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = try input.next() else { throw failure("the trace ends inside a \\u escape") }
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape", at: input.offset - 1)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func skipWhitespace() throws(TimelineError) {
        while let byte = try input.peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            input.advance()
        }
    }

    // MARK: - Errors

    private func failure(_ reason: String, at offset: Int? = nil) -> TimelineError {
        .notJSON(source: source, reason: "\(reason) at byte \(offset ?? input.offset)")
    }

    private func unexpected(_ byte: UInt8, expecting: String) -> TimelineError {
        failure("unexpected \(Self.describe(byte)) where \(expecting) belongs")
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
