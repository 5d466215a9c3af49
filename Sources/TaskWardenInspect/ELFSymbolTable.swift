#if os(Linux)
/// An ELF file's symbols: looked up by name (the runtime's debug variables) and by address (the functions
/// an async backtrace passes through). Uses `.symtab` when the file has one — it also holds the local
/// symbols of async functions' resume points — and `.dynsym` otherwise. Addresses are the file's own; add
/// the load bias for the process's.
final class ELFSymbolTable {
    private let file: ELFFile
    private let symbols: UnsafeRawBufferPointer
    private let names: UnsafeRawBufferPointer
    /// Whether this is the full table (`.symtab`), not only the exported symbols.
    let isFull: Bool
    /// Functions sorted by address, built on the first address lookup.
    private var functions: [(start: UInt64, size: UInt64, name: UInt32)]?

    init?(file: ELFFile) {
        let table = file.section(named: ".symtab") ?? file.section(named: ".dynsym")
        guard let table, Int(table.link) < file.sections.count,
              let symbols = file.contents(of: table), let names = file.contents(of: file.sections[Int(table.link)]) else { return nil }
        self.file = file
        self.symbols = symbols
        self.names = names
        isFull = table.name == ".symtab"
    }

    private var count: Int { symbols.count / 24 }

    private func entry(_ index: Int) -> (name: UInt32, info: UInt8, section: UInt16, value: UInt64, size: UInt64) {
        let base = UInt64(index * 24)
        return (ELFFile.load(symbols, UInt32.self, at: base) ?? 0, symbols[index * 24 + 4],
                ELFFile.load(symbols, UInt16.self, at: base + 6) ?? 0,
                ELFFile.load(symbols, UInt64.self, at: base + 8) ?? 0, ELFFile.load(symbols, UInt64.self, at: base + 16) ?? 0)
    }

    /// The values of the defined symbols among `wanted`, in one pass over the table.
    func values(of wanted: Set<String>) -> [String: UInt64] {
        let byLength = Dictionary(grouping: wanted.map { Array($0.utf8) }, by: \.count)
        var found: [String: UInt64] = [:]
        for index in 0..<count where found.count < wanted.count {
            let symbol = entry(index)
            guard symbol.section != 0, symbol.name > 0, Int(symbol.name) < names.count else { continue }
            let start = Int(symbol.name)
            for (length, candidates) in byLength where start + length < names.count && names[start + length] == 0 {
                for candidate in candidates where names[start..<(start + length)].elementsEqual(candidate) {
                    found[String(decoding: candidate, as: UTF8.self)] = symbol.value
                }
            }
        }
        return found
    }

    /// The function holding `address` (a file address): its raw (mangled) name and its addresses.
    func function(containing address: UInt64) -> (name: String, start: UInt64, end: UInt64)? {
        if functions == nil { functions = buildFunctionIndex() }
        guard let functions, !functions.isEmpty else { return nil }
        var low = 0, high = functions.count
        while low < high {
            let middle = (low + high) / 2
            if functions[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = functions[low - 1]
        let end = candidate.size > 0 ? candidate.start + candidate.size : (low < functions.count ? functions[low].start : .max)
        guard address < end, let name = ELFStringTable.string(in: names, at: UInt64(candidate.name)) else { return nil }
        return (name, candidate.start, end)
    }

    private func buildFunctionIndex() -> [(start: UInt64, size: UInt64, name: UInt32)] {
        var result: [(start: UInt64, size: UInt64, name: UInt32)] = []
        for index in 0..<count {
            let symbol = entry(index)
            // STT_FUNC, defined, with an address.
            guard symbol.info & 0xF == 2, symbol.section != 0, symbol.value != 0 else { continue }
            result.append((symbol.value, symbol.size, symbol.name))
        }
        result.sort { $0.start < $1.start || ($0.start == $1.start && $0.size > $1.size) }
        return result
    }
}
#endif
