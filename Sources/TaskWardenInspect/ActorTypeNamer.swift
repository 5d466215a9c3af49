/// The Swift type of an object, from its class metadata's nominal type descriptor: the name and the names
/// of the contexts around it (`PriceCheck.RateLimiter`). Used to say which actor a task is queued on.
/// Relative pointers are followed with bounds, and every string must be short, readable and UTF-8.
struct ActorTypeNamer {
    let memory: any RemoteMemory
    let map: MemoryMap
    let layout: RuntimeLayout.ClassMetadataLayout

    func typeName(ofObject object: UInt64) -> String? {
        guard object % 8 == 0, map.isReadable(object, count: 16), let metadata = memory.word(object),
              metadata % 8 == 0, map.isReadable(metadata &+ layout.description, count: 8),
              let descriptor = memory.word(metadata &+ layout.description), descriptor % 4 == 0,
              map.isReadable(descriptor, count: 16) else { return nil }
        var names: [String] = []
        var context = descriptor
        for _ in 0..<8 {
            // Kind 0 is a module, 1 an extension, 2 anonymous, 3 a protocol, 16+ types. Modules and types have
            // their name at the same place.
            guard let flags = memory.uint32(context) else { return nil }
            let kind = flags & 0x1F
            if kind == 0 || kind >= 16 {
                guard let name = relative(context &+ layout.name, indirectable: false).flatMap({ map.isReadable($0, count: 1) ? memory.cString($0, limit: 256) : nil }),
                      !name.isEmpty else { return nil }
                names.append(name)
            }
            if kind == 0 { break }
            guard let parent = relative(context &+ layout.parent, indirectable: true), parent != 0, map.isReadable(parent, count: 16) else { break }
            context = parent
        }
        return names.isEmpty ? nil : names.reversed().joined(separator: ".")
    }

    /// A 32-bit relative pointer at `address`. An indirectable one with bit 0 set points at the pointer to
    /// follow (names are direct: a string may start at an odd address).
    private func relative(_ address: UInt64, indirectable: Bool) -> UInt64? {
        guard let raw = memory.uint32(address) else { return nil }
        let offset = Int64(Int32(bitPattern: raw))
        guard offset != 0 else { return 0 }
        let target = UInt64(bitPattern: Int64(bitPattern: address) &+ (indirectable ? offset & ~1 : offset))
        if indirectable && offset & 1 != 0 {
            guard map.isReadable(target, count: 8) else { return nil }
            return memory.word(target)
        }
        return target
    }
}
