/// A set of word hashes (``SourceMask/SourceBytes/wordHash(_:_:)``), for the passes of sub-file parsing, which ask one or more of
/// them for every word it reads.
///
/// The hashes are FNV-1a values, already spread over 64 bits: one multiplication picks a slot of an
/// open-addressed table, where `Set<UInt64>` would hash each again with SipHash (about 190 instructions a
/// lookup, measured with callgrind on the six-app tree, against about 15 here).
///
/// ```swift
/// let keywords = WordSet(["if", "guard"].map(SourceMask.SourceBytes.wordHash))
/// keywords.contains(SourceMask.SourceBytes.wordHash("if"))   // true
/// ```
struct WordSet: Sendable, Equatable {
    /// Hashes in their slots; 0 marks an empty slot (a hash of 0 is kept in `containsZero`).
    private var slots: [UInt64]
    private var shift: UInt64
    private var count = 0
    private var containsZero = false

    init() {
        slots = Array(repeating: 0, count: 8)
        shift = 61
    }

    init(_ hashes: some Sequence<UInt64>) {
        self.init()
        for hash in hashes { insert(hash) }
    }

    var isEmpty: Bool { count == 0 && !containsZero }

    /// The same hashes, whatever slots they sit in.
    static func == (lhs: WordSet, rhs: WordSet) -> Bool {
        lhs.count == rhs.count && lhs.containsZero == rhs.containsZero && lhs.slots.allSatisfy { $0 == 0 || rhs.contains($0) }
    }

    /// The hashes of this set and of `other`.
    func union(_ other: WordSet) -> WordSet {
        var result = self
        for hash in other.slots where hash != 0 { result.insert(hash) }
        if other.containsZero { result.insert(0) }
        return result
    }

    func contains(_ hash: UInt64) -> Bool {
        if hash == 0 { return containsZero }
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, shift: shift)
        while true {
            let stored = slots[slot]
            if stored == hash { return true }
            if stored == 0 { return false }
            slot = (slot + 1) & mask
        }
    }

    mutating func insert(_ hash: UInt64) {
        if hash == 0 {
            containsZero = true
            return
        }
        guard !contains(hash) else { return }
        // At most half full: probes stay short.
        if (count + 1) * 2 > slots.count { grow() }
        place(hash)
        count += 1
    }

    private mutating func place(_ hash: UInt64) {
        let mask = slots.count - 1
        var slot = Self.slot(of: hash, shift: shift)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = hash
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        shift -= 1
        for hash in old where hash != 0 { place(hash) }
    }

    /// Fibonacci hashing: the high bits of the product depend on every bit of the hash.
    private static func slot(of hash: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
