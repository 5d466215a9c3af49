/// Source lines for code addresses, from a `.debug_line` section (DWARF 2–5). Built lazily: the first lookup
/// walks every line program once and keeps only where each sequence of addresses starts and ends; a lookup
/// then replays the one program that covers the address. Nothing is trusted: every read is bounds-checked,
/// and a malformed program ends that program's walk, not the reader.
///
/// ```swift
/// let lines = DWARFLineTable(lineSection: bytes, lineStrings: lineStr, strings: str)
/// lines.location(of: 0x4a_1230)   // ("/src/PriceCheck/PriceCheckRun.swift", 36)
/// ```
final class DWARFLineTable {
    struct Location: Equatable {
        var file: String
        var line: Int
    }

    private let section: UnsafeRawBufferPointer
    private let lineStrings: UnsafeRawBufferPointer?
    private let strings: UnsafeRawBufferPointer?
    /// (start, end, program offset) of every sequence, sorted by start; nil until first used.
    private var sequences: [(start: UInt64, end: UInt64, unit: Int)]?

    init(lineSection: UnsafeRawBufferPointer, lineStrings: UnsafeRawBufferPointer?, strings: UnsafeRawBufferPointer?) {
        section = lineSection
        self.lineStrings = lineStrings
        self.strings = strings
    }

    /// The file and line of the row covering `address` (a file address); a row of line 0 (code with no
    /// line, such as a resume point's prologue) gives the next row's line in the same sequence, if that row
    /// starts before `end` (the end of the function holding `address`). Past it the line belongs to other
    /// code: a function emitted into the client with no lines of its own (`@_alwaysEmitIntoClient`, such as
    /// `Clock.sleep(for:)`) would be shown at a line of whatever follows it.
    func location(of address: UInt64, before end: UInt64? = nil) -> Location? {
        if sequences == nil { sequences = indexSequences() }
        guard let sequences else { return nil }
        var low = 0, high = sequences.count
        while low < high {
            let middle = (low + high) / 2
            if sequences[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        // Sequences do not overlap in a linked file, except those of code the linker dropped (moved to
        // address 0): look at the few nearest starts.
        for index in stride(from: low - 1, through: max(low - 16, 0), by: -1)
        where address >= sequences[index].start && address < sequences[index].end {
            return find(address, before: end ?? .max, inUnitAt: sequences[index].unit)
        }
        return nil
    }

    // MARK: Walking programs

    private struct Row {
        var address: UInt64
        var file: UInt64
        var line: Int
        var endsSequence: Bool
    }

    private struct Header {
        var programStart: Int
        var unitEnd: Int
        var version: UInt16
        var minimumInstructionLength: UInt64
        var lineBase: Int
        var lineRange: UInt64
        var opcodeBase: UInt8
        var standardLengths: [UInt8]
        var directories: [String]
        var files: [(name: String, directory: UInt64)]
    }

    private func indexSequences() -> [(start: UInt64, end: UInt64, unit: Int)] {
        var result: [(start: UInt64, end: UInt64, unit: Int)] = []
        var offset = 0
        var units = 0
        while offset < section.count, units < 1_000_000 {
            units += 1
            guard let header = header(at: offset) else { break }
            var sequenceStart: UInt64?
            run(header) { row in
                if sequenceStart == nil { sequenceStart = row.address }
                if row.endsSequence {
                    if let start = sequenceStart, start < row.address { result.append((start, row.address, offset)) }
                    sequenceStart = nil
                }
                return true
            }
            offset = header.unitEnd
        }
        result.sort { $0.start < $1.start }
        return result
    }

    private func find(_ address: UInt64, before end: UInt64, inUnitAt offset: Int) -> Location? {
        guard let header = header(at: offset) else { return nil }
        var previous: Row?
        var found: Row?
        var lookingForLine = false
        run(header) { row in
            if lookingForLine {
                if row.endsSequence || row.address >= end { return false }
                if row.line > 0 { found = row; return false }
                return true
            }
            if let last = previous, !last.endsSequence, last.address <= address, address < row.address {
                if last.line > 0 { found = last; return false }
                lookingForLine = true
                if row.endsSequence || row.address >= end { return false }
                if row.line > 0 { found = row; return false }
            }
            previous = row.endsSequence ? nil : row
            return true
        }
        guard let found else { return nil }
        return Location(file: path(of: found.file, in: header), line: found.line)
    }

    private func path(of file: UInt64, in header: Header) -> String {
        // DWARF 5 numbers files from 0, earlier versions from 1.
        let index = header.version >= 5 ? Int(file) : Int(file) - 1
        guard index >= 0, index < header.files.count else { return "?" }
        let entry = header.files[index]
        if entry.name.hasPrefix("/") { return entry.name }
        let directoryIndex = header.version >= 5 ? Int(entry.directory) : Int(entry.directory) - 1
        guard directoryIndex >= 0, directoryIndex < header.directories.count else { return entry.name }
        let directory = header.directories[directoryIndex]
        return directory.isEmpty ? entry.name : directory + (directory.hasSuffix("/") ? "" : "/") + entry.name
    }

    /// Runs the program, calling `emit` for each row until it returns false or the program ends.
    private func run(_ header: Header, _ emit: (Row) -> Bool) {
        var cursor = ByteCursor(bytes: section, offset: header.programStart, end: header.unitEnd)
        var row = Row(address: 0, file: 1, line: 1, endsSequence: false)
        func reset() { row = Row(address: 0, file: 1, line: 1, endsSequence: false) }
        var steps = 0
        while cursor.offset < cursor.end, steps < 50_000_000 {
            steps += 1
            guard let opcode = cursor.byte() else { return }
            if opcode >= header.opcodeBase {
                let adjusted = UInt64(opcode - header.opcodeBase)
                row.address &+= (adjusted / header.lineRange) * header.minimumInstructionLength
                row.line += header.lineBase + Int(adjusted % header.lineRange)
                guard emit(row) else { return }
                continue
            }
            switch opcode {
            case 0:
                guard let length = cursor.uleb(), length > 0, length < UInt64(cursor.end - cursor.offset) + 1 else { return }
                let next = cursor.offset + Int(length)
                guard let sub = cursor.byte() else { return }
                switch sub {
                case 1:
                    row.endsSequence = true
                    guard emit(row) else { return }
                    reset()
                case 2:
                    guard length == 9, let address = cursor.u64() else { return }
                    row.address = address
                default: break
                }
                cursor.offset = next
            case 1: guard emit(row) else { return }
            case 2:
                guard let advance = cursor.uleb() else { return }
                row.address &+= advance &* header.minimumInstructionLength
            case 3:
                guard let advance = cursor.sleb() else { return }
                row.line += Int(truncatingIfNeeded: advance)
            case 4:
                guard let file = cursor.uleb() else { return }
                row.file = file
            case 5: guard cursor.uleb() != nil else { return }
            case 6, 7, 10, 11: break
            case 8:
                row.address &+= (UInt64(255 - header.opcodeBase) / header.lineRange) * header.minimumInstructionLength
            case 9:
                guard let advance = cursor.u16() else { return }
                row.address &+= UInt64(advance)
            default:
                // An opcode this reader does not know: skip its operands as the header describes them.
                let count = Int(opcode) - 1 < header.standardLengths.count ? header.standardLengths[Int(opcode) - 1] : 0
                for _ in 0..<count { guard cursor.uleb() != nil else { return } }
            }
        }
    }

    private func header(at offset: Int) -> Header? {
        var cursor = ByteCursor(bytes: section, offset: offset, end: section.count)
        guard var unitLength = cursor.u32().map(UInt64.init) else { return nil }
        var offsetSize = 4
        if unitLength == 0xFFFF_FFFF {
            guard let long = cursor.u64() else { return nil }
            unitLength = long
            offsetSize = 8
        }
        guard unitLength <= UInt64(section.count - cursor.offset) else { return nil }
        let unitEnd = cursor.offset + Int(unitLength)
        cursor.end = unitEnd
        guard let version = cursor.u16(), (2...5).contains(version) else { return nil }
        if version >= 5 { guard cursor.byte() != nil, cursor.byte() != nil else { return nil } }
        guard let headerLength = offsetSize == 8 ? cursor.u64() : cursor.u32().map(UInt64.init),
              headerLength <= UInt64(unitEnd - cursor.offset) else { return nil }
        let programStart = cursor.offset + Int(headerLength)
        guard let minimumLength = cursor.byte() else { return nil }
        if version >= 4 { guard cursor.byte() != nil else { return nil } }
        guard cursor.byte() != nil, let lineBase = cursor.byte(), let lineRange = cursor.byte(), lineRange > 0,
              let opcodeBase = cursor.byte(), opcodeBase > 0 else { return nil }
        var standardLengths: [UInt8] = []
        for _ in 1..<Int(opcodeBase) {
            guard let length = cursor.byte() else { return nil }
            standardLengths.append(length)
        }
        var header = Header(programStart: programStart, unitEnd: unitEnd, version: version,
                            minimumInstructionLength: UInt64(minimumLength), lineBase: Int(Int8(bitPattern: lineBase)),
                            lineRange: UInt64(lineRange), opcodeBase: opcodeBase, standardLengths: standardLengths,
                            directories: [], files: [])
        if version >= 5 {
            guard let directories = entries(&cursor, offsetSize: offsetSize) else { return nil }
            header.directories = directories.map(\.name)
            guard let files = entries(&cursor, offsetSize: offsetSize) else { return nil }
            header.files = files
        } else {
            while let directory = cursor.cString(), !directory.isEmpty { header.directories.append(directory) }
            while let name = cursor.cString(), !name.isEmpty {
                guard let directory = cursor.uleb(), cursor.uleb() != nil, cursor.uleb() != nil else { return nil }
                header.files.append((name, directory))
            }
        }
        return header
    }

    /// A DWARF 5 directory or file table: its entry format, then the entries (path and directory index).
    private func entries(_ cursor: inout ByteCursor, offsetSize: Int) -> [(name: String, directory: UInt64)]? {
        guard let formatCount = cursor.byte() else { return nil }
        var format: [(content: UInt64, form: UInt64)] = []
        for _ in 0..<formatCount {
            guard let content = cursor.uleb(), let form = cursor.uleb() else { return nil }
            format.append((content, form))
        }
        guard let count = cursor.uleb(), count < 1_000_000 else { return nil }
        var result: [(name: String, directory: UInt64)] = []
        for _ in 0..<count {
            var name = "", directory: UInt64 = 0
            for field in format {
                switch field.form {
                case 0x08:   // DW_FORM_string
                    guard let text = cursor.cString() else { return nil }
                    if field.content == 1 { name = text }
                case 0x1F, 0x0E:   // DW_FORM_line_strp, DW_FORM_strp
                    guard let offset = offsetSize == 8 ? cursor.u64() : cursor.u32().map(UInt64.init) else { return nil }
                    let table = field.form == 0x1F ? lineStrings : strings
                    if field.content == 1, let table { name = ELFStringTable.string(in: table, at: offset) ?? "" }
                case 0x0B:
                    guard let value = cursor.byte() else { return nil }
                    if field.content == 2 { directory = UInt64(value) }
                case 0x05:
                    guard let value = cursor.u16() else { return nil }
                    if field.content == 2 { directory = UInt64(value) }
                case 0x06: guard cursor.u32() != nil else { return nil }
                case 0x07: guard cursor.u64() != nil else { return nil }
                case 0x0F:
                    guard let value = cursor.uleb() else { return nil }
                    if field.content == 2 { directory = value }
                case 0x1E: guard cursor.skip(16) else { return nil }
                case 0x09:
                    guard let length = cursor.uleb(), cursor.skip(Int(clamping: length)) else { return nil }
                default: return nil
                }
            }
            result.append((name, directory))
        }
        return result
    }
}
