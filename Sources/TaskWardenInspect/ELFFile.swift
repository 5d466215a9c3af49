#if os(Linux)
import Glibc

/// A 64-bit little-endian ELF file mapped read-only: its sections, program headers and notes. Every offset
/// and size read from the file is checked against the file's length before it is used, so a truncated or
/// hostile file yields nil, never a fault.
///
/// ```swift
/// let file = try ELFFile(path: "/proc/4242/exe")
/// let symbols = file.section(named: ".symtab")
/// ```
final class ELFFile {
    struct Section {
        var name: String
        var type: UInt32
        var flags: UInt64
        var address: UInt64
        var offset: UInt64
        var size: UInt64
        var link: UInt32
        var entrySize: UInt64

        var isCompressed: Bool { flags & 0x800 != 0 }   // SHF_COMPRESSED
    }

    struct Segment {
        var type: UInt32
        var flags: UInt32
        var offset: UInt64
        var virtualAddress: UInt64
        var fileSize: UInt64
        var memorySize: UInt64
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    let bytes: UnsafeRawBufferPointer
    let machine: UInt16
    let type: UInt16
    private(set) var sections: [Section] = []
    private(set) var segments: [Segment] = []

    init(path: String) throws(Failure) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 64 else {
            throw Failure(description: "\(path): not a regular file of at least 64 bytes")
        }
        let length = Int(info.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw Failure(description: "\(path): cannot map: \(String(cString: strerror(errno)))")
        }
        bytes = UnsafeRawBufferPointer(start: mapped, count: length)
        guard bytes[0] == 0x7F, bytes[1] == UInt8(ascii: "E"), bytes[2] == UInt8(ascii: "L"), bytes[3] == UInt8(ascii: "F"),
              bytes[4] == 2, bytes[5] == 1 else {
            munmap(mapped, length)
            throw Failure(description: "\(path): not a 64-bit little-endian ELF file")
        }
        type = ELFFile.load(bytes, UInt16.self, at: 16) ?? 0
        machine = ELFFile.load(bytes, UInt16.self, at: 18) ?? 0
        readSections()
        readSegments()
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// A little-endian integer at `offset`, or nil past the end.
    static func load<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, _: T.Type, at offset: UInt64) -> T? {
        guard offset <= UInt64(bytes.count), UInt64(bytes.count) - offset >= UInt64(MemoryLayout<T>.size) else { return nil }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: Int(offset), as: T.self))
    }

    func load<T: FixedWidthInteger>(_: T.Type, at offset: UInt64) -> T? {
        Self.load(bytes, T.self, at: offset)
    }

    /// The bytes of a section, or nil when it lies outside the file (or occupies none, like `.bss`).
    func contents(of section: Section) -> UnsafeRawBufferPointer? {
        guard section.type != 8,   // SHT_NOBITS
              section.offset <= UInt64(bytes.count), UInt64(bytes.count) - section.offset >= section.size else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[Int(section.offset)..<Int(section.offset + section.size)])
    }

    func section(named name: String) -> Section? {
        sections.first { $0.name == name }
    }

    /// The GNU build id (`readelf -n`), as lowercase hex.
    var buildID: String? {
        for section in sections where section.type == 7 {   // SHT_NOTE
            guard let notes = contents(of: section) else { continue }
            var offset: UInt64 = 0
            while let nameSize = Self.load(notes, UInt32.self, at: offset),
                  let descriptionSize = Self.load(notes, UInt32.self, at: offset + 4),
                  let kind = Self.load(notes, UInt32.self, at: offset + 8) {
                let nameStart = offset + 12
                let descriptionStart = nameStart + (UInt64(nameSize) + 3) / 4 * 4
                let next = descriptionStart + (UInt64(descriptionSize) + 3) / 4 * 4
                guard next <= UInt64(notes.count) else { break }
                if kind == 3, nameSize == 4,
                   notes[Int(nameStart)] == UInt8(ascii: "G"), notes[Int(nameStart) + 1] == UInt8(ascii: "N"),
                   notes[Int(nameStart) + 2] == UInt8(ascii: "U") {
                    return notes[Int(descriptionStart)..<Int(descriptionStart + UInt64(descriptionSize))]
                        .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                }
                offset = next
            }
        }
        return nil
    }

    /// The strings of `.comment` (compiler identifications), empty when there is none.
    var comments: [String] {
        guard let section = section(named: ".comment"), let contents = contents(of: section) else { return [] }
        return contents.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What must be added to an address in this file to get the address in the process, given the process's
    /// mappings of the file: the first loadable segment is mapped at the region whose file offset is its own
    /// (page-aligned).
    func loadBias(in regions: [MemoryRegion]) -> UInt64? {
        guard let first = segments.filter({ $0.type == 1 }).min(by: { $0.virtualAddress < $1.virtualAddress }) else { return nil }
        let page: UInt64 = 4096
        let fileOffset = first.offset & ~(page - 1)
        guard let region = regions.filter({ $0.offset == fileOffset }).min(by: { $0.start < $1.start }) else { return nil }
        return region.start &- (first.virtualAddress & ~(page - 1))
    }

    private func readSections() {
        guard let tableOffset = load(UInt64.self, at: 40), let entrySize = load(UInt16.self, at: 58),
              let count = load(UInt16.self, at: 60), let namesIndex = load(UInt16.self, at: 62),
              entrySize >= 64, count > 0, count < 0xFF00 else { return }
        var raw: [Section] = []
        var nameOffsets: [UInt32] = []
        for index in 0..<UInt64(count) {
            let base = tableOffset &+ index * UInt64(entrySize)
            guard let name = load(UInt32.self, at: base), let type = load(UInt32.self, at: base + 4),
                  let flags = load(UInt64.self, at: base + 8), let address = load(UInt64.self, at: base + 16),
                  let offset = load(UInt64.self, at: base + 24), let size = load(UInt64.self, at: base + 32),
                  let link = load(UInt32.self, at: base + 40), let entry = load(UInt64.self, at: base + 56) else { return }
            raw.append(Section(name: "", type: type, flags: flags, address: address, offset: offset, size: size, link: link, entrySize: entry))
            nameOffsets.append(name)
        }
        if Int(namesIndex) < raw.count, let names = contents(of: raw[Int(namesIndex)]) {
            for index in raw.indices {
                raw[index].name = ELFStringTable.string(in: names, at: UInt64(nameOffsets[index])) ?? ""
            }
        }
        sections = raw
    }

    private func readSegments() {
        guard let tableOffset = load(UInt64.self, at: 32), let entrySize = load(UInt16.self, at: 54),
              let count = load(UInt16.self, at: 56), entrySize >= 56 else { return }
        for index in 0..<UInt64(count) {
            let base = tableOffset &+ index * UInt64(entrySize)
            guard let type = load(UInt32.self, at: base), let flags = load(UInt32.self, at: base + 4),
                  let offset = load(UInt64.self, at: base + 8), let address = load(UInt64.self, at: base + 16),
                  let fileSize = load(UInt64.self, at: base + 32), let memorySize = load(UInt64.self, at: base + 40) else { return }
            segments.append(Segment(type: type, flags: flags, offset: offset, virtualAddress: address, fileSize: fileSize, memorySize: memorySize))
        }
    }
}
#endif
