/// A NUL-terminated string inside a string table's bytes.
enum ELFStringTable {
    static func string(in table: UnsafeRawBufferPointer, at offset: UInt64) -> String? {
        guard offset < UInt64(table.count) else { return nil }
        let start = Int(offset)
        guard let end = table[start...].firstIndex(of: 0) else { return nil }
        return String(decoding: table[start..<end], as: UTF8.self)
    }
}
