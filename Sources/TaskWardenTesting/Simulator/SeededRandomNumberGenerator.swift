/// A small, fast, seedable generator (SplitMix64): the same seed gives the same sequence on every platform.
///
/// The simulator draws its discretionary delays and budgets from one; tests use their own for latencies and
/// failures so that a failing seed can be replayed exactly.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// let latency = Duration.milliseconds(Int.random(in: 200...1500, using: &random))
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A duration drawn uniformly from `range`, to the millisecond.
    public mutating func duration(in range: ClosedRange<Duration>) -> Duration {
        let lower = range.lowerBound.milliseconds
        let upper = range.upperBound.milliseconds
        guard upper > lower else { return range.lowerBound }
        return .milliseconds(Int64.random(in: lower...upper, using: &self))
    }
}

extension Duration {
    /// Whole milliseconds, rounded toward zero.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
