/// Decoding ``CacheCoding``'s binary form. Values are read in place: a container records where its entries
/// start and end, and a key is looked up from where the last one was found (the `Codable` code reads keys in
/// the order it wrote them, so this is nearly always the next entry).
final class NodeDecoder: Decoder {
    let data: [UInt8]
    /// Where this decoder's value (its tag) starts.
    let start: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(data: [UInt8], start: Int, codingPath: [any CodingKey]) {
        self.data = data
        self.start = start
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try KeyedReader<Key>(data: data, at: start, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedReader(data: data, at: start, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleReader(data: data, start: start, codingPath: codingPath)
    }
}

/// Where a value ends, without decoding it (to step over entries and check an entry is one whole value).
enum Skip {
    static func end(of data: [UInt8], at offset: Int) throws -> Int {
        guard offset < data.count, let tag = CacheCoding.Tag(rawValue: data[offset]) else {
            throw CacheCoding.corrupt([], "no value at \(offset)")
        }
        let body = offset + 1
        switch tag {
        case .null, .no, .yes: return body
        case .signed, .unsigned:
            guard let (_, next) = Varint.read(data, at: body) else { throw CacheCoding.corrupt([], "bad integer") }
            return next
        case .double: return try within(data, body, 8)
        case .float: return try within(data, body, 4)
        case .string, .keyed, .unkeyed:
            guard let (length, next) = Varint.read(data, at: body), length <= UInt64(data.count - next) else {
                throw CacheCoding.corrupt([], "a length past the end")
            }
            return next + Int(length)
        }
    }

    private static func within(_ data: [UInt8], _ offset: Int, _ count: Int) throws -> Int {
        guard count <= data.count - offset else { throw CacheCoding.corrupt([], "a value past the end") }
        return offset + count
    }
}

/// The primitive values, read at an offset.
struct Primitive {
    let data: [UInt8]
    let codingPath: [any CodingKey]

    func tag(at offset: Int) throws -> CacheCoding.Tag {
        guard offset < data.count, let tag = CacheCoding.Tag(rawValue: data[offset]) else {
            throw CacheCoding.corrupt(codingPath, "no value")
        }
        return tag
    }

    func isNil(at offset: Int) throws -> Bool { try tag(at: offset) == .null }

    func bool(at offset: Int) throws -> Bool {
        switch try tag(at: offset) {
        case .yes: return true
        case .no: return false
        default: throw CacheCoding.corrupt(codingPath, "expected a Bool")
        }
    }

    func string(at offset: Int) throws -> String {
        guard try tag(at: offset) == .string, let (length, next) = Varint.read(data, at: offset + 1),
              length <= UInt64(data.count - next) else { throw CacheCoding.corrupt(codingPath, "expected a string") }
        return String(decoding: data[next..<next + Int(length)], as: UTF8.self)
    }

    func signed(at offset: Int) throws -> Int64 {
        guard let (raw, _) = Varint.read(data, at: offset + 1) else { throw CacheCoding.corrupt(codingPath, "bad integer") }
        switch try tag(at: offset) {
        case .signed: return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        case .unsigned:
            guard raw <= UInt64(Int64.max) else { throw CacheCoding.corrupt(codingPath, "integer out of range") }
            return Int64(raw)
        default: throw CacheCoding.corrupt(codingPath, "expected an integer")
        }
    }

    func unsigned(at offset: Int) throws -> UInt64 {
        switch try tag(at: offset) {
        case .unsigned:
            guard let (raw, _) = Varint.read(data, at: offset + 1) else { throw CacheCoding.corrupt(codingPath, "bad integer") }
            return raw
        case .signed:
            let value = try signed(at: offset)
            guard value >= 0 else { throw CacheCoding.corrupt(codingPath, "integer out of range") }
            return UInt64(value)
        default: throw CacheCoding.corrupt(codingPath, "expected an integer")
        }
    }

    func integer<Value: FixedWidthInteger>(_ type: Value.Type, at offset: Int) throws -> Value {
        let converted: Value? = Value.isSigned ? Value(exactly: try signed(at: offset)) : Value(exactly: try unsigned(at: offset))
        guard let converted else { throw CacheCoding.corrupt(codingPath, "integer out of range") }
        return converted
    }

    func double(at offset: Int) throws -> Double {
        guard try tag(at: offset) == .double, 8 <= data.count - offset - 1 else { throw CacheCoding.corrupt(codingPath, "expected a Double") }
        var reader = ByteReader(data[(offset + 1)...])
        return Double(bitPattern: reader.integer(UInt64.self)!)
    }

    func float(at offset: Int) throws -> Float {
        guard try tag(at: offset) == .float, 4 <= data.count - offset - 1 else { throw CacheCoding.corrupt(codingPath, "expected a Float") }
        var reader = ByteReader(data[(offset + 1)...])
        return Float(bitPattern: reader.integer(UInt32.self)!)
    }

    /// A value of any `Decodable` type at `offset`: primitives directly, anything else through its `init(from:)`.
    func value<Value: Decodable>(_ type: Value.Type, at offset: Int) throws -> Value {
        // `Value` is the type just compared, so the bits are a `Value` as they are: `as!` would ask the runtime
        // to cast, which costs more than decoding the value.
        if Value.self == String.self { return unsafeBitCast(try string(at: offset), to: Value.self) }
        if Value.self == Int.self { return unsafeBitCast(try integer(Int.self, at: offset), to: Value.self) }
        if Value.self == Bool.self { return unsafeBitCast(try bool(at: offset), to: Value.self) }
        return try Value(from: NodeDecoder(data: data, start: offset, codingPath: codingPath))
    }
}

/// The start, count and end of a container's entries.
private func containerBody(_ data: [UInt8], at offset: Int, tag expected: CacheCoding.Tag, _ path: [any CodingKey]) throws
    -> (count: Int, start: Int, end: Int) {
    guard offset < data.count, data[offset] == expected.rawValue,
          let (length, bodyStart) = Varint.read(data, at: offset + 1), length <= UInt64(data.count - bodyStart),
          let (count, entriesStart) = Varint.read(data, at: bodyStart), count <= length
    else { throw CacheCoding.corrupt(path, expected == .keyed ? "expected a keyed container" : "expected an unkeyed container") }
    return (Int(count), entriesStart, bodyStart + Int(length))
}

/// A class: the protocol's methods are not mutating, and the cursor moves as keys are read.
final class KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let data: [UInt8]
    let codingPath: [any CodingKey]
    private let count: Int
    private let entriesStart: Int
    private let end: Int
    /// Where to look first for the next key (after the entry found last).
    private var cursor: Int

    init(data: [UInt8], at offset: Int, codingPath: [any CodingKey]) throws {
        self.data = data
        self.codingPath = codingPath
        (count, entriesStart, end) = try containerBody(data, at: offset, tag: .keyed, codingPath)
        cursor = entriesStart
    }

    /// The key at `offset`: its bytes' range and where its value starts.
    private func entryKey(at offset: Int) throws -> (range: Range<Int>, value: Int) {
        guard let (length, next) = Varint.read(data, at: offset), length <= UInt64(end - next) else {
            throw CacheCoding.corrupt(codingPath, "bad key")
        }
        return (next..<next + Int(length), next + Int(length))
    }

    /// Where the value of `key` starts, or nil when the container has none. Looks from the cursor to the end,
    /// then from the start to the cursor.
    private func find(_ key: Key) throws -> Int? {
        let wanted = key.stringValue.utf8
        var offset = cursor
        var wrapped = false
        var visited = 0
        while visited < count {
            if offset >= end {
                guard !wrapped else { return nil }
                wrapped = true
                offset = entriesStart
                continue
            }
            let (range, value) = try entryKey(at: offset)
            let next = try Skip.end(of: data, at: value)
            guard next <= end else { throw CacheCoding.corrupt(codingPath, "a value past its container") }
            visited += 1
            if data[range].elementsEqual(wanted) {
                cursor = next
                return value
            }
            offset = next
        }
        return nil
    }

    private func require(_ key: Key) throws -> Int {
        guard let offset = try find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "cache entry: no \(key.stringValue)"))
        }
        return offset
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        var offset = entriesStart
        for _ in 0..<count {
            guard let (range, value) = try? entryKey(at: offset), let next = try? Skip.end(of: data, at: value), next <= end,
                  let key = Key(stringValue: String(decoding: data[range], as: UTF8.self)) else { break }
            keys.append(key)
            offset = next
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        (try? find(key)) != nil
    }

    private var primitive: Primitive { Primitive(data: data, codingPath: codingPath) }

    func decodeNil(forKey key: Key) throws -> Bool { try primitive.isNil(at: try require(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try primitive.bool(at: try require(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try primitive.string(at: try require(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try primitive.double(at: try require(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try primitive.float(at: try require(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try primitive.integer(Int.self, at: try require(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try primitive.integer(Int8.self, at: try require(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try primitive.integer(Int16.self, at: try require(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try primitive.integer(Int32.self, at: try require(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try primitive.integer(Int64.self, at: try require(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try primitive.integer(UInt.self, at: try require(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try primitive.integer(UInt8.self, at: try require(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try primitive.integer(UInt16.self, at: try require(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try primitive.integer(UInt32.self, at: try require(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try primitive.integer(UInt64.self, at: try require(key)) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try Primitive(data: data, codingPath: codingPath + [key]).value(type, at: try require(key))
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let offset = try find(key), try !primitive.isNil(at: offset) else { return nil }
        return try Primitive(data: data, codingPath: codingPath + [key]).value(type, at: offset)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try KeyedReader<NestedKey>(data: data, at: try require(key), codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try UnkeyedReader(data: data, at: try require(key), codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(data: data, start: try require(Key(stringValue: "super")!), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(data: data, start: try require(key), codingPath: codingPath + [key])
    }
}

struct UnkeyedReader: UnkeyedDecodingContainer {
    let data: [UInt8]
    let codingPath: [any CodingKey]
    let count: Int?
    private(set) var currentIndex = 0
    private var offset: Int
    private let end: Int

    init(data: [UInt8], at start: Int, codingPath: [any CodingKey]) throws {
        self.data = data
        self.codingPath = codingPath
        let body = try containerBody(data, at: start, tag: .unkeyed, codingPath)
        (count, offset, end) = (body.count, body.start, body.end)
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The next value's offset, stepping over it.
    private mutating func next() throws -> Int {
        guard !isAtEnd, offset < end else { throw CacheCoding.corrupt(codingPath, "past the last element") }
        let start = offset
        offset = try Skip.end(of: data, at: start)
        guard offset <= end else { throw CacheCoding.corrupt(codingPath, "an element past its container") }
        currentIndex += 1
        return start
    }

    private var primitive: Primitive { Primitive(data: data, codingPath: codingPath) }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, try primitive.isNil(at: offset) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try primitive.bool(at: try next()) }
    mutating func decode(_ type: String.Type) throws -> String { try primitive.string(at: try next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try primitive.double(at: try next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try primitive.float(at: try next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try primitive.integer(Int.self, at: try next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try primitive.integer(Int8.self, at: try next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try primitive.integer(Int16.self, at: try next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try primitive.integer(Int32.self, at: try next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try primitive.integer(Int64.self, at: try next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try primitive.integer(UInt.self, at: try next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive.integer(UInt8.self, at: try next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive.integer(UInt16.self, at: try next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive.integer(UInt32.self, at: try next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive.integer(UInt64.self, at: try next()) }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try primitive.value(type, at: try next())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try KeyedReader<NestedKey>(data: data, at: try next(), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedReader(data: data, at: try next(), codingPath: codingPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        NodeDecoder(data: data, start: try next(), codingPath: codingPath)
    }
}

struct SingleReader: SingleValueDecodingContainer {
    let data: [UInt8]
    let start: Int
    let codingPath: [any CodingKey]

    private var primitive: Primitive { Primitive(data: data, codingPath: codingPath) }

    func decodeNil() -> Bool { (try? primitive.isNil(at: start)) ?? false }
    func decode(_ type: Bool.Type) throws -> Bool { try primitive.bool(at: start) }
    func decode(_ type: String.Type) throws -> String { try primitive.string(at: start) }
    func decode(_ type: Double.Type) throws -> Double { try primitive.double(at: start) }
    func decode(_ type: Float.Type) throws -> Float { try primitive.float(at: start) }
    func decode(_ type: Int.Type) throws -> Int { try primitive.integer(Int.self, at: start) }
    func decode(_ type: Int8.Type) throws -> Int8 { try primitive.integer(Int8.self, at: start) }
    func decode(_ type: Int16.Type) throws -> Int16 { try primitive.integer(Int16.self, at: start) }
    func decode(_ type: Int32.Type) throws -> Int32 { try primitive.integer(Int32.self, at: start) }
    func decode(_ type: Int64.Type) throws -> Int64 { try primitive.integer(Int64.self, at: start) }
    func decode(_ type: UInt.Type) throws -> UInt { try primitive.integer(UInt.self, at: start) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive.integer(UInt8.self, at: start) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive.integer(UInt16.self, at: start) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive.integer(UInt32.self, at: start) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive.integer(UInt64.self, at: start) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try primitive.value(type, at: start)
    }
}
