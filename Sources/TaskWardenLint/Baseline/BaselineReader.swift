/// Reads a baseline file — `{"version": 1, "findings": [{"file", "rule", "message", "line"}, …]}` — in one pass
/// over its bytes, handing over one entry at a time: memory holds one chunk of input and one entry, never the
/// document, so a baseline of any size is read in bounded memory and linear time.
///
/// Everything is checked as strict JSON to the last byte, and every problem names where it is and what is
/// wrong: `'version' is true; expected the whole number 1`, `findings[3].rule: expected a string, got a number`,
/// `arrays and objects nest deeper than 512 levels at byte 1,025 (line 1)`. Keys other than these are read and
/// ignored; a key written twice in one object is refused. An entry field longer than the caller's limit is
/// checked but not kept (it is handed over as nil): no finding can match it.
///
/// ```swift
/// var reader = try BaselineReader(path: "taskwarden-baseline.json")
/// let version = try reader.read(limit: nil) { fields in print(fields.rule ?? "…") }
/// ```
struct BaselineReader: ~Copyable {
    /// How deep arrays and objects may nest (as `JSONSerialization` allows): a hostile file cannot exhaust
    /// the stack. A baseline itself is three levels deep.
    static let maximumDepth = 512

    /// One entry's fields; nil where the field was longer than the limit.
    struct Fields {
        var file: String?
        var rule: String?
        var message: String?
        var line: String?
    }

    private var input: BaselineInput
    private let path: String
    /// The longest string kept so far, in UTF-8 bytes: with a limit, never more than it (what bounds memory).
    private(set) var longestKept = 0

    init(path: String) throws(Baseline.FileError) {
        input = try BaselineInput(path: path)
        self.path = path
    }

    /// Reads the file again from its start.
    mutating func rewind() throws(Baseline.FileError) { try input.rewind() }

    /// Reads the whole document, calling `entry` for each element of `findings` in order; returns `version`.
    /// `limit`: the longest field (in UTF-8 bytes) worth keeping; nil keeps every field.
    mutating func read(limit: Int?, entry: (Fields) throws(Baseline.FileError) -> Void) throws(Baseline.FileError) -> Int {
        try skipByteOrderMark()
        try skipWhitespace()
        guard let first = try input.peek() else { throw failure("is empty; expected \(Self.shape) as --write-baseline writes it") }
        guard first == UInt8(ascii: "{") else {
            throw failure("is not a JSON object (it starts with \(describe(first)) at \(input.location)); expected \(Self.shape) as --write-baseline writes it")
        }
        input.advance()
        var version: Int?
        var sawFindings = false
        try readMembers(depth: 1) { key, reader throws(Baseline.FileError) in
            switch key {
            case "version":
                version = try reader.readVersion()
            case "findings":
                sawFindings = true
                try reader.readFindings(limit: limit, entry: entry)
            default:
                try reader.skipValue(depth: 1)
            }
        }
        try skipWhitespace()
        if let extra = try input.peek() {
            throw failure("is not valid JSON: \(describe(extra)) after the object's closing '}' at \(input.location)")
        }
        guard let version else { throw failure("has no 'version'; expected \(Baseline.version)") }
        guard version == Baseline.version else {
            throw failure("has version \(version), this taskwarden reads version \(Baseline.version); write it again with --write-baseline")
        }
        guard sawFindings else { throw failure("has no 'findings' array; expected \(Self.shape)") }
        return version
    }

    static let shape = "{\"version\": \(Baseline.version), \"findings\": […]}"

    // MARK: The document's parts

    private mutating func readVersion() throws(Baseline.FileError) -> Int {
        try skipWhitespace()
        guard let byte = try input.peek() else { throw endOfFile("the value of 'version'") }
        let location = input.location
        if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            let text = try readNumber()
            guard let value = Double(text), value.rounded() == value, abs(value) < 1e15 else {
                throw failure("'version' is \(text) at \(location); expected the whole number \(Baseline.version)")
            }
            return Int(value)
        }
        let kind = try kindOfValue(startingWith: byte)
        try skipValue(depth: 1)
        throw failure("'version' is \(kind) at \(location); expected the whole number \(Baseline.version)")
    }

    private mutating func readFindings(limit: Int?, entry: (Fields) throws(Baseline.FileError) -> Void) throws(Baseline.FileError) {
        try skipWhitespace()
        guard let byte = try input.peek() else { throw endOfFile("the value of 'findings'") }
        guard byte == UInt8(ascii: "[") else {
            let (location, kind) = (input.location, try kindOfValue(startingWith: byte))
            try skipValue(depth: 1)
            throw failure("'findings' is \(kind) at \(location); expected an array of {\"file\", \"rule\", \"message\", \"line\"}")
        }
        input.advance()
        var index = 0
        try readElements(depth: 2) { reader throws(Baseline.FileError) in
            try reader.skipWhitespace()
            let location = reader.input.location
            guard let byte = try reader.input.peek() else { throw reader.endOfFile("findings[\(index)]") }
            guard byte == UInt8(ascii: "{") else {
                let kind = try reader.kindOfValue(startingWith: byte)
                throw reader.failure("findings[\(index)] is \(kind) at \(location); expected an object with \"file\", \"rule\", \"message\" and \"line\"")
            }
            reader.input.advance()
            var fields = Fields()
            var seen: Set<String> = []
            try reader.readMembers(depth: 3) { key, reader throws(Baseline.FileError) in
                guard ["file", "rule", "message", "line"].contains(key) else { return try reader.skipValue(depth: 3) }
                seen.insert(key)
                try reader.skipWhitespace()
                let location = reader.input.location
                guard let first = try reader.input.peek() else { throw reader.endOfFile("findings[\(index)].\(key)") }
                guard first == UInt8(ascii: "\"") else {
                    let kind = try reader.kindOfValue(startingWith: first)
                    throw reader.failure("findings[\(index)].\(key) is \(kind) at \(location); expected a string")
                }
                let value = try reader.readString(limit: limit)
                switch key {
                case "file": fields.file = value
                case "rule": fields.rule = value
                case "message": fields.message = value
                default: fields.line = value
                }
            }
            for key in ["file", "rule", "message", "line"] where !seen.contains(key) {
                throw reader.failure("findings[\(index)].\(key): missing (entry at \(location))")
            }
            try entry(fields)
            index += 1
        }
    }

    // MARK: JSON

    /// Reads `"key": value` pairs up to the closing `}` (the `{` already read); `member` reads each value.
    private mutating func readMembers(
        depth: Int, _ member: (String, inout BaselineReader) throws(Baseline.FileError) -> Void
    ) throws(Baseline.FileError) {
        var keys: Set<String> = []
        try skipWhitespace()
        if try input.peek() == UInt8(ascii: "}") {
            input.advance()
            return
        }
        while true {
            try skipWhitespace()
            guard let byte = try input.peek() else { throw endOfFile("an object") }
            guard byte == UInt8(ascii: "\"") else { throw unexpected(byte, expecting: "a key in double quotes") }
            // Keys are short; a long one is none of ours (kept only to its first 64 bytes, to compare).
            let key = try readString(limit: 64) ?? ""
            guard keys.insert(key).inserted || key.isEmpty else {
                throw failure("'\(key)' appears twice in one object (at \(input.location)); keep one")
            }
            try skipWhitespace()
            guard let colon = try input.peek() else { throw endOfFile("an object") }
            guard colon == UInt8(ascii: ":") else { throw unexpected(colon, expecting: "':' after a key") }
            input.advance()
            try member(key, &self)
            try skipWhitespace()
            guard let next = try input.peek() else { throw endOfFile("an object") }
            input.advance()
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw unexpected(next, expecting: "',' or '}' after a value in an object", consumed: true) }
        }
    }

    /// Reads array elements up to the closing `]` (the `[` already read); `element` reads each.
    private mutating func readElements(
        depth: Int, _ element: (inout BaselineReader) throws(Baseline.FileError) -> Void
    ) throws(Baseline.FileError) {
        try skipWhitespace()
        if try input.peek() == UInt8(ascii: "]") {
            input.advance()
            return
        }
        while true {
            try element(&self)
            try skipWhitespace()
            guard let next = try input.peek() else { throw endOfFile("an array") }
            input.advance()
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw unexpected(next, expecting: "',' or ']' after a value in an array", consumed: true) }
        }
    }

    /// Reads and checks one value of any kind, keeping nothing. `depth` is that of the object or array holding
    /// it. Iterative, with its own stack of open brackets: however deep a value nests, the thread's stack does not.
    private mutating func skipValue(depth: Int) throws(Baseline.FileError) {
        var open: [UInt8] = []
        while true {
            // A value.
            try skipWhitespace()
            guard let byte = try input.peek() else { throw endOfFile("a value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth + open.count < Self.maximumDepth else {
                    throw failure("is not a baseline: arrays and objects nest deeper than \(Self.maximumDepth) levels at \(input.location) (a baseline nests three)")
                }
                input.advance()
                open.append(byte)
                try skipWhitespace()
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if try input.peek() == close {
                    input.advance()
                    open.removeLast()
                } else if byte == UInt8(ascii: "{") {
                    try skipKey()
                    continue
                } else {
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try readString(limit: 0)
            case UInt8(ascii: "t"): try expectWord("true")
            case UInt8(ascii: "f"): try expectWord("false")
            case UInt8(ascii: "n"): try expectWord("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
            default: throw unexpected(byte, expecting: "a value")
            }
            // After a value: close what ends here, or go on to the next element or member.
            while true {
                guard let container = open.last else { return }
                try skipWhitespace()
                guard let next = try input.peek() else { throw endOfFile(container == UInt8(ascii: "{") ? "an object" : "an array") }
                input.advance()
                let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if next == close {
                    open.removeLast()
                    continue
                }
                guard next == UInt8(ascii: ",") else {
                    throw unexpected(next, expecting: container == UInt8(ascii: "{") ? "',' or '}' after a value in an object"
                        : "',' or ']' after a value in an array", consumed: true)
                }
                if container == UInt8(ascii: "{") { try skipKey() }
                break
            }
        }
    }

    /// `"key":` inside an object being skipped.
    private mutating func skipKey() throws(Baseline.FileError) {
        try skipWhitespace()
        guard let byte = try input.peek() else { throw endOfFile("an object") }
        guard byte == UInt8(ascii: "\"") else { throw unexpected(byte, expecting: "a key in double quotes") }
        _ = try readString(limit: 0)
        try skipWhitespace()
        guard let colon = try input.peek() else { throw endOfFile("an object") }
        guard colon == UInt8(ascii: ":") else { throw unexpected(colon, expecting: "':' after a key") }
        input.advance()
    }

    /// What a value starting with `byte` is, for a message ("true", "a string", "an array"…).
    private mutating func kindOfValue(startingWith byte: UInt8) throws(Baseline.FileError) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"): "true"
        case UInt8(ascii: "f"): "false"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: throw unexpected(byte, expecting: "a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(Baseline.FileError) {
        for expected in word.utf8 {
            guard let byte = try input.peek() else { throw endOfFile("'\(word)'") }
            guard byte == expected else { throw unexpected(byte, expecting: "'\(word)'") }
            input.advance()
        }
    }

    /// A JSON number's text (checked against JSON's grammar; at most 64 bytes are kept).
    private mutating func readNumber() throws(Baseline.FileError) -> String {
        var text: [UInt8] = []
        func take(_ reader: inout BaselineReader, _ byte: UInt8) {
            if text.count < 64 { text.append(byte) }
            reader.input.advance()
        }
        func digits(_ reader: inout BaselineReader) throws(Baseline.FileError) -> Int {
            var count = 0
            while let byte = try reader.input.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                take(&reader, byte)
                count += 1
            }
            return count
        }
        if try input.peek() == UInt8(ascii: "-") { take(&self, UInt8(ascii: "-")) }
        let leadingZero = try input.peek() == UInt8(ascii: "0")
        let integer = try digits(&self)
        guard integer > 0 else { throw unexpected(try input.peek(), expecting: "a digit") }
        if leadingZero, integer > 1 { throw failure("is not valid JSON: a number with a leading zero at \(input.location)") }
        if try input.peek() == UInt8(ascii: ".") {
            take(&self, UInt8(ascii: "."))
            guard try digits(&self) > 0 else { throw unexpected(try input.peek(), expecting: "a digit after '.'") }
        }
        if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            take(&self, byte)
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { take(&self, sign) }
            guard try digits(&self) > 0 else { throw unexpected(try input.peek(), expecting: "a digit in the exponent") }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads a string (the opening quote not yet read), checking its escapes and UTF-8. Returns nil when it is
    /// longer than `limit` UTF-8 bytes (nil keeps everything).
    private mutating func readString(limit: Int?) throws(Baseline.FileError) -> String? {
        input.advance()  // "
        var bytes: [UInt8] = []
        var length = 0
        var utf8 = UTF8Check()
        func keep(_ byte: UInt8) {
            length += 1
            if limit.map({ length <= $0 }) ?? true { bytes.append(byte) }
        }
        while true {
            // The plain bytes up to the next quote, backslash or control character, a run at a time.
            var invalid = false
            let more = try input.takeStringRun { run in
                for byte in run where byte >= 0x80 || utf8.isPending {
                    if !utf8.accept(byte) { invalid = true }
                }
                let kept = limit.map { max(0, min(run.count, $0 - length)) } ?? run.count
                if kept > 0 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<kept])) }
                length += run.count
            }
            guard !invalid else { throw failure("is not valid UTF-8 before \(input.location)") }
            guard more, let byte = try input.peek() else { throw endOfFile("a string") }
            // The run stopped at the end of a chunk: the string goes on in the next.
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { continue }
            if byte == UInt8(ascii: "\"") {
                input.advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                guard utf8.isComplete else { throw failure("is not valid UTF-8 before \(input.location)") }
                input.advance()
                guard let escaped = try input.peek() else { throw endOfFile("a string") }
                input.advance()
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): keep(escaped)
                case UInt8(ascii: "b"): keep(0x08)
                case UInt8(ascii: "f"): keep(0x0C)
                case UInt8(ascii: "n"): keep(0x0A)
                case UInt8(ascii: "r"): keep(0x0D)
                case UInt8(ascii: "t"): keep(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by `\u` and a low one.
                        guard try input.peek() == UInt8(ascii: "\\") else { throw failure("is not valid JSON: a lone surrogate \\u escape before \(input.location)") }
                        input.advance()
                        guard try input.peek() == UInt8(ascii: "u") else { throw failure("is not valid JSON: a lone surrogate \\u escape before \(input.location)") }
                        input.advance()
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("is not valid JSON: a lone surrogate \\u escape before \(input.location)") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw failure("is not valid JSON: a lone surrogate \\u escape before \(input.location)")
                    }
                    for unit in String(Character(Unicode.Scalar(scalar)!)).utf8 { keep(unit) }
                default:
                    throw failure("is not valid JSON: an unknown escape '\\\(describeRaw(escaped))' at \(input.location)")
                }
                continue
            }
            // Only a control character is left here.
            throw failure("is not valid JSON: a control character (\(byte)) inside a string at \(input.location); escape it")
        }
        guard utf8.isComplete else { throw failure("is not valid UTF-8 before \(input.location)") }
        guard limit.map({ length <= $0 }) ?? true else { return nil }
        longestKept = max(longestKept, bytes.count)
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func readHex4() throws(Baseline.FileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try input.peek() else { throw endOfFile("a \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected(byte, expecting: "a hexadecimal digit in a \\u escape")
            }
            value = value * 16 + UInt32(digit)
            input.advance()
        }
        return value
    }

    private mutating func skipWhitespace() throws(Baseline.FileError) {
        try input.skipWhitespace()
    }

    private mutating func skipByteOrderMark() throws(Baseline.FileError) {
        guard try input.peek() == 0xEF else { return }
        for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard try input.peek() == expected else { throw failure("is not valid UTF-8 at \(input.location)") }
            input.advance()
        }
    }

    // MARK: Messages

    private func failure(_ reason: String) -> Baseline.FileError { Baseline.FileError(path: path, reason: reason) }

    private func endOfFile(_ what: String) -> Baseline.FileError {
        failure("is not valid JSON: the file ends inside \(what) at \(input.location)")
    }

    private func unexpected(_ byte: UInt8?, expecting: String, consumed: Bool = false) -> Baseline.FileError {
        guard let byte else { return endOfFile("the document") }
        return failure("is not valid JSON: expected \(expecting), found \(describe(byte)) at \(consumed ? "the byte before " : "")\(input.location)")
    }

    private func describe(_ byte: UInt8) -> String { "'\(describeRaw(byte))'" }

    private func describeRaw(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16, uppercase: true))}"
    }
}

/// UTF-8 checked one byte at a time: lead bytes, continuation bytes, no overlong or surrogate forms.
private struct UTF8Check {
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    var isComplete: Bool { remaining == 0 }
    /// Inside a multi-byte sequence: the next byte must be checked even if it is below 0x80.
    var isPending: Bool { remaining > 0 }

    mutating func accept(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard byte >= lower, byte <= upper else { return false }
            (lower, upper) = (0x80, 0xBF)
            remaining -= 1
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0: (remaining, lower) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: (remaining, upper) = (2, 0x9F)
        case 0xF0: (remaining, lower) = (3, 0x90)
        case 0xF1...0xF3: remaining = 3
        case 0xF4: (remaining, upper) = (3, 0x8F)
        default: return false
        }
        return true
    }
}
