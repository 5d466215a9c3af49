/// A release on the collector's wantlist. Only the id goes into task names (titles are user data).
struct WantedRelease: Sendable, Hashable {
    var releaseID: Int
    var maximumPrice: Int
}

/// A small deterministic generator (SplitMix64), so runs with the same seed see the same latencies and prices.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Wantlist {
    /// `count` releases with stable ids. Produced lazily: the fan-out pulls one per free slot.
    static func releases(count: Int, seed: UInt64) -> some Sequence<WantedRelease> {
        (0..<count).lazy.map { index in
            var generator = SeededGenerator(seed: seed &+ UInt64(index))
            return WantedRelease(releaseID: 40_000 + index * 7, maximumPrice: Int.random(in: 8...60, using: &generator))
        }
    }
}
