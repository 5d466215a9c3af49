/// The results cache's encoding of its entries: a compact binary form of any `Codable` value. A warm run
/// decodes every cached file's facts, and Foundation's `JSONDecoder` spent most of that run doing so; this
/// decodes the same values several times faster, and is written through the same `Codable` conformances, so
/// what an entry holds is still declared once, on the types.
///
/// Each value is a tag, then its payload: nil; false; true; a signed integer (zigzag varint); an unsigned one
/// (varint); a `Double` or `Float` (little-endian bits); a string (varint length, UTF-8); a keyed container
/// (varint byte length, varint count, then each key as a string and its value); an unkeyed container (varint
/// byte length, varint count, values). Every length and count is checked against what is left before it is
/// used, so a damaged or crafted entry fails to decode — it is a miss — and never makes the decoder allocate
/// more than the entry's own size.
///
/// ```swift
/// let bytes = try CacheCoding.encode(facts)
/// let back = try CacheCoding.decode(FileFacts.self, from: bytes[...])   // == facts
/// ```
enum CacheCoding {
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = NodeEncoder(codingPath: [])
        try value.encode(to: encoder)
        var bytes: [UInt8] = []
        encoder.node.write(into: &bytes)
        return bytes
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: ArraySlice<UInt8>) throws -> Value {
        let data = Array(bytes)
        let decoder = NodeDecoder(data: data, start: 0, codingPath: [])
        let value = try Value(from: decoder)
        // The whole entry must be the one value.
        guard try Skip.end(of: data, at: 0) == data.count else { throw CacheCoding.corrupt([], "bytes after the value") }
        return value
    }

    enum Tag: UInt8 {
        case null = 0, no, yes, signed, unsigned, double, float, string, keyed, unkeyed
    }

    static func corrupt(_ path: [any CodingKey], _ detail: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "cache entry: \(detail)"))
    }
}

// MARK: Encoding

/// A value being encoded; containers are filled in as the `Codable` code writes to them, then written out once.
final class EncodedNode {
    enum Content {
        case empty
        case null
        case bool(Bool)
        case signed(Int64)
        case unsigned(UInt64)
        case double(Double)
        case float(Float)
        case string(String)
        case keyed([(String, EncodedNode)])
        case unkeyed([EncodedNode])
    }

    var content: Content = .empty

    func write(into bytes: inout [UInt8]) {
        switch content {
        case .empty, .null: bytes.append(CacheCoding.Tag.null.rawValue)
        case .bool(let value): bytes.append((value ? CacheCoding.Tag.yes : .no).rawValue)
        case .signed(let value):
            bytes.append(CacheCoding.Tag.signed.rawValue)
            Varint.append(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
        case .unsigned(let value):
            bytes.append(CacheCoding.Tag.unsigned.rawValue)
            Varint.append(value, to: &bytes)
        case .double(let value):
            bytes.append(CacheCoding.Tag.double.rawValue)
            bytes.appendInteger(value.bitPattern)
        case .float(let value):
            bytes.append(CacheCoding.Tag.float.rawValue)
            bytes.appendInteger(value.bitPattern)
        case .string(let value):
            bytes.append(CacheCoding.Tag.string.rawValue)
            Varint.append(UInt64(value.utf8.count), to: &bytes)
            bytes += value.utf8
        case .keyed(let entries):
            var body: [UInt8] = []
            Varint.append(UInt64(entries.count), to: &body)
            for (key, node) in entries {
                Varint.append(UInt64(key.utf8.count), to: &body)
                body += key.utf8
                node.write(into: &body)
            }
            bytes.append(CacheCoding.Tag.keyed.rawValue)
            Varint.append(UInt64(body.count), to: &bytes)
            bytes += body
        case .unkeyed(let values):
            var body: [UInt8] = []
            Varint.append(UInt64(values.count), to: &body)
            for node in values { node.write(into: &body) }
            bytes.append(CacheCoding.Tag.unkeyed.rawValue)
            Varint.append(UInt64(body.count), to: &bytes)
            bytes += body
        }
    }
}

final class NodeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let node = EncodedNode()

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.content {} else { node.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedWriter<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return UnkeyedWriter(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(node: node, codingPath: codingPath) }

    /// A value's node: primitives directly, anything else through its own `encode(to:)`.
    static func node<Value: Encodable>(for value: Value, at path: [any CodingKey]) throws -> EncodedNode {
        var single = SingleWriter(node: EncodedNode(), codingPath: path)
        try single.encode(value)
        return single.node
    }
}

struct SingleWriter: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .null }
    mutating func encode(_ value: Bool) throws { node.content = .bool(value) }
    mutating func encode(_ value: String) throws { node.content = .string(value) }
    mutating func encode(_ value: Double) throws { node.content = .double(value) }
    mutating func encode(_ value: Float) throws { node.content = .float(value) }
    mutating func encode(_ value: Int) throws { node.content = .signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { node.content = .signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .signed(value) }
    mutating func encode(_ value: UInt) throws { node.content = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { node.content = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { node.content = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .unsigned(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        switch value {
        case let value as String: node.content = .string(value)
        case let value as Int: node.content = .signed(Int64(value))
        case let value as Bool: node.content = .bool(value)
        default:
            let encoder = NodeEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            node.content = encoder.node.content
        }
    }
}

struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func append(_ child: EncodedNode, _ key: Key) {
        guard case .keyed(var entries) = node.content else { return }
        node.content = .empty   // keeps `entries` uniquely referenced while it grows
        entries.append((key.stringValue, child))
        node.content = .keyed(entries)
    }

    mutating func encodeNil(forKey key: Key) throws {
        let child = EncodedNode()
        child.content = .null
        append(child, key)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        append(try NodeEncoder.node(for: value, at: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodedNode()
        child.content = .keyed([])
        append(child, key)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodedNode()
        child.content = .unkeyed([])
        append(child, key)
        return UnkeyedWriter(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = NodeEncoder(codingPath: codingPath + [key])
        append(encoder.node, key)
        return encoder
    }
}

struct UnkeyedWriter: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    var count: Int {
        if case .unkeyed(let values) = node.content { return values.count }
        return 0
    }

    private func append(_ child: EncodedNode) {
        guard case .unkeyed(var values) = node.content else { return }
        node.content = .empty
        values.append(child)
        node.content = .unkeyed(values)
    }

    mutating func encodeNil() throws {
        let child = EncodedNode()
        child.content = .null
        append(child)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        append(try NodeEncoder.node(for: value, at: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodedNode()
        child.content = .keyed([])
        append(child)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodedNode()
        child.content = .unkeyed([])
        append(child)
        return UnkeyedWriter(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = NodeEncoder(codingPath: codingPath)
        append(encoder.node)
        return encoder
    }
}

enum Varint {
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// The varint at `offset` and the offset after it; nil past the end or beyond ten bytes.
    static func read(_ bytes: [UInt8], at offset: Int) -> (value: UInt64, next: Int)? {
        var value: UInt64 = 0
        var position = offset
        for shift in stride(from: 0, to: 70, by: 7) {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return (value, position) }
        }
        return nil
    }
}
