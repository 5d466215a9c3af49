import TaskWardenTesting

/// A release on the collector's wantlist. Only the id goes into task names (titles are user data).
struct WantedRelease: Sendable, Hashable {
    var releaseID: Int
    var maximumPrice: Int
}

enum Wantlist {
    /// `count` releases with stable ids. Produced lazily: the fan-out pulls one per free slot.
    static func releases(count: Int, seed: UInt64) -> some Sequence<WantedRelease> {
        (0..<count).lazy.map { index in
            var generator = SeededRandomNumberGenerator(seed: seed &+ UInt64(index))
            return WantedRelease(releaseID: 40_000 + index * 7, maximumPrice: Int.random(in: 8...60, using: &generator))
        }
    }
}
